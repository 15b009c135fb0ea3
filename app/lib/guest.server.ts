import { randomUUID } from 'node:crypto'
import { clearCookie, guestCookie } from '#app/lib/cookies.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { safeRedirect } from '#app/lib/redirects.server.ts'

export type Owner = { ownerKey: string; setCookie?: string }

const GUEST_ID = /^[0-9a-f-]{36}$/

/** The owner key of the visitor's own cart and favourites, from the signed guest cookie, if any. */
export async function findOwnerKey(request: Request): Promise<string | null> {
  const id: unknown = await guestCookie().parse(request.headers.get('Cookie'))
  return typeof id === 'string' && GUEST_ID.test(id) ? `guest:${id}` : null
}

/** The visitor's owner key, creating a guest identity (and the Set-Cookie header for it) on first write. */
export async function requireOwner(request: Request): Promise<Owner> {
  const existing = await findOwnerKey(request)
  if (existing) return { ownerKey: existing }
  const id = randomUUID()
  return { ownerKey: `guest:${id}`, setCookie: await guestCookie().serialize(id) }
}

/** The Set-Cookie header that forgets the guest identity (its cart moved to the account that signed in). */
export function clearGuestCookie(): Promise<string> {
  return clearCookie(guestCookie())
}

/** A same-site path to go back to after a form post, never another origin (see safeRedirect). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return safeRedirect(value, getEnv().PUBLIC_URL, fallback)
}
