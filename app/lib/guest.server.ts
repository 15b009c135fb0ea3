import { randomUUID } from 'node:crypto'
import signature from 'cookie-signature'
import { getEnv, secureCookieSuffix } from '#app/lib/env.server.ts'
import { safeRedirect } from '#app/lib/redirects.server.ts'

const COOKIE = 'isoko_guest'
const ONE_YEAR = 60 * 60 * 24 * 365

export type Owner = { ownerKey: string; setCookie?: string }

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie') ?? ''
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

/** The owner key of the visitor's own cart and favourites, from the signed guest cookie, if any. */
export function findOwnerKey(request: Request): string | null {
  const raw = readCookie(request, COOKIE)
  if (!raw) return null
  const id = signature.unsign(raw, getEnv().SESSION_SECRET)
  return id && /^[0-9a-f-]{36}$/.test(id) ? `guest:${id}` : null
}

/** The visitor's owner key, creating a guest identity (and the Set-Cookie header for it) on first write. */
export function requireOwner(request: Request): Owner {
  const existing = findOwnerKey(request)
  if (existing) return { ownerKey: existing }
  const id = randomUUID()
  const value = signature.sign(id, getEnv().SESSION_SECRET)
  const secure = secureCookieSuffix()
  return {
    ownerKey: `guest:${id}`,
    setCookie: `${COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR}; HttpOnly; SameSite=Lax${secure}`,
  }
}

/** A same-site path to go back to after a form post, never another origin (see safeRedirect). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return safeRedirect(value, getEnv().PUBLIC_URL, fallback)
}
