import signature from 'cookie-signature'
import { getEnv, secureCookieSuffix } from '#app/lib/env.server.ts'

/** A toast to show on the next page: catalogue ids, with values for the body. */
export type Flash = { kind: 'success' | 'error'; title: string; body?: string; values?: Record<string, string> }

const COOKIE = 'isoko_flash'

/** The Set-Cookie header that carries a toast across a redirect (read once, by the root loader). */
export function flashCookie(flash: Flash): string {
  const value = signature.sign(Buffer.from(JSON.stringify(flash)).toString('base64url'), getEnv().SESSION_SECRET)
  return `${COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secureCookieSuffix()}`
}

/** The pending toast of a request, and the header that clears it; nothing when there is none. */
export function readFlash(request: Request): { flash: Flash; clear: string } | null {
  const raw = request.headers
    .get('Cookie')
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1)
  if (!raw) return null
  const clear = `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookieSuffix()}`
  const unsigned = signature.unsign(decodeURIComponent(raw), getEnv().SESSION_SECRET)
  if (!unsigned) return { flash: { kind: 'success', title: '' }, clear }
  try {
    return { flash: JSON.parse(Buffer.from(unsigned, 'base64url').toString('utf8')) as Flash, clear }
  } catch {
    return { flash: { kind: 'success', title: '' }, clear }
  }
}
