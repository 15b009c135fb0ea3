import { type Cookie, createCookie } from 'react-router'
import { getEnv, secureCookies } from '#app/lib/env.server.ts'

// Isoko's own cookies, all through React Router's createCookie: HttpOnly (no script reads them), SameSite=Lax,
// on the whole site, signed with the session secret (HMAC-SHA256: a changed or forged value reads as absent), and
// Secure wherever the site is reached over HTTPS. The session cookie is better-auth's own.

function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  return createCookie(name, {
    secrets: [getEnv().SESSION_SECRET],
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    maxAge: maxAgeSeconds,
  })
}

/** The guest's identity (their cart and favourites), for a year. */
export const guestCookie = () => signedCookie('isoko_guest', 60 * 60 * 24 * 365)

/** Where the visitor is in checkout (not in the URL, which would carry the phone number), for a day. */
export const checkoutCookie = () => signedCookie('isoko_checkout', 60 * 60 * 24)

/** A toast carried across a redirect, read once by the root loader, for a minute at most. */
export const flashCookieJar = () => signedCookie('isoko_flash', 60)

/** The Set-Cookie header that makes the browser forget `cookie`. */
export function clearCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize('', { maxAge: 0 })
}
