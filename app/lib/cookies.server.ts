import { type Cookie, createCookie } from 'react-router'
import { getEnv, secureCookies } from '#app/lib/env.server.ts'
import { LOCALE_COOKIE } from '#app/lib/i18n.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'

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

/** The number a phone sign-in (or a number being added) sent its code to, for the code step: an hour. */
export const phoneCookie = () => signedCookie('isoko_phone', 60 * 60)

/** A toast carried across a redirect, read once by the root loader, for a minute at most. */
export const flashCookieJar = () => signedCookie('isoko_flash', 60)

/** The Set-Cookie header that makes the browser forget `cookie`. */
export function clearCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize('', { maxAge: 0 })
}

/**
 * The language cookie (`lang=rw`), for a year: a plain preference, not signed (the server reads it only as one of
 * its three languages), sent to the server with every page so the page comes in that language.
 */
export function localeCookie(locale: Locale): string {
  const secure = secureCookies() ? '; Secure' : ''
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure}`
}
