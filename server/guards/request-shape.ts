import type { NextFunction, Request, Response } from 'express'

// Requests refused by their shape alone, before any route: methods the site never answers, and URLs carrying NUL
// or control characters (PostgreSQL refuses NUL in text, which used to surface as a 500).

/** The methods the site answers; TRACE, TRACK, CONNECT and anything else get 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

export function methodGuard() {
  const allowed = new Set<string>(ALLOWED_METHODS)
  return function methodGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    if (allowed.has(req.method)) return next()
    res.status(405).set('Allow', ALLOWED_METHODS.join(', ')).type('text/plain').send('Method not allowed.')
  }
}

// Raw C0 controls and DEL, or their percent-encoded forms (%00-%1F, %7F), tab, newline and CR included: no page
// of the site takes them in a URL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const RAW_CONTROL = /[\u0000-\u001f\u007f]/
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i

// A `.` or `..` path segment, plain or encoded. The router resolves them (`/api/payments/../cart` is /api/cart)
// while the guards read the path as sent: such a path would wear one route's exemption into another.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i

/**
 * Whether a request target (path and query) is free of control characters and dot segments, and decodes as
 * UTF-8 percent codes.
 */
export function isWellFormedTarget(target: string): boolean {
  if (RAW_CONTROL.test(target) || ENCODED_CONTROL.test(target)) return false
  const [pathname] = target.split('?')
  if (DOT_SEGMENT.test(pathname ?? '')) return false
  return decodesAsUtf8(pathname ?? '')
}

/**
 * Whether the text's percent codes decode (as UTF-8). The decoded text is used, not dropped: the server build takes
 * decodeURIComponent for a pure call and removed it, try and all, where its result was unused, so in the built
 * server this check (and the cookie guard's) let everything through.
 */
export function decodesAsUtf8(text: string): boolean {
  try {
    return decodeURIComponent(text) !== undefined
  } catch {
    return false
  }
}

export function urlGuard() {
  return function urlGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    if (isWellFormedTarget(req.originalUrl || req.url)) return next()
    res.status(400).type('text/plain').send('Bad request: the address contains characters it may not.')
  }
}
