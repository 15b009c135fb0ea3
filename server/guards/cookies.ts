import type { NextFunction, Request, Response } from 'express'
import { decodesAsUtf8 } from './request-shape.ts'

// Malformed cookies are ignored and cleared, never a 500 (issue 11). Every reader of cookies downstream (the
// session library, the guest, flash and locale cookies) sees only well-formed pairs: a value outside RFC 6265's
// cookie-octets, or one whose percent codes do not decode, is taken out of the Cookie header before any route runs,
// and the browser is told to forget it.

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// cookie-octet: no controls, whitespace, DQUOTE, comma, semicolon or backslash; optionally in double quotes.
const COOKIE_VALUE = /^(?:"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*"|[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*)$/

export type CookieCheck = { header: string | undefined; refused: string[] }

/** Splits a Cookie header into the well-formed pairs (joined back) and the names of the refused ones. */
export function checkCookieHeader(header: string | undefined): CookieCheck {
  if (!header) return { header, refused: [] }
  const kept: string[] = []
  const refused: string[] = []
  for (const part of header.split(';')) {
    const pair = part.trim()
    if (!pair) continue
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq).trim()
    const value = eq === -1 ? '' : pair.slice(eq + 1).trim()
    if (eq !== -1 && TOKEN.test(name) && COOKIE_VALUE.test(value) && decodesAsUtf8(value)) kept.push(`${name}=${value}`)
    else refused.push(name)
  }
  return { header: kept.length ? kept.join('; ') : undefined, refused }
}

export function cookieGuard() {
  return function cookieGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    const { header, refused } = checkCookieHeader(req.headers.cookie)
    if (refused.length === 0) return next()
    if (header === undefined) delete req.headers.cookie
    else req.headers.cookie = header
    for (const name of refused) {
      // A name that is not a token cannot be named in Set-Cookie; the browser keeps it, and it stays ignored.
      if (!TOKEN.test(name)) continue
      // Browsers accept a __Secure- or __Host- cookie (better-auth's in production) only with Secure.
      const secure = /^__(Secure|Host)-/i.test(name) ? '; Secure' : ''
      res.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`)
    }
    next()
  }
}
