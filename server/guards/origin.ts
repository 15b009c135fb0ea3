import type { NextFunction, Request, Response } from 'express'

// Every state-changing request refuses a foreign or null Origin (issue 11), resource routes included: React Router
// checks its page actions, but /sign-out and /api/* are resource routes, and one check here covers all alike.

export type OriginGuardOptions = {
  /** The configured public origin (PUBLIC_URL), e.g. https://isoko.rw. */
  publicOrigin: string
  /** Development also trusts the request's own host (http://127.0.0.1:3100, http://localhost:3000). */
  development?: boolean
  /** Server-to-server callers, verified by their own signatures: path prefixes never checked here. */
  exempt?: readonly string[]
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Payment-provider callbacks and SMS delivery reports. */
export const SERVER_TO_SERVER_PATHS = ['/api/payments/', '/api/sms/'] as const

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/** Whether a request may change state, judged by its Origin (and Sec-Fetch-Site when Origin is missing). */
export function isAllowedOrigin(
  headers: { origin?: string; 'sec-fetch-site'?: string; host?: string },
  protocol: string,
  options: OriginGuardOptions,
): boolean {
  const origin = headers.origin
  if (origin === undefined) {
    // Browsers send Origin on every cross-site POST; a request without one is a browser's same-origin request or
    // not a browser at all (curl, a test). Any other Sec-Fetch-Site means a browser that hid where it came from.
    const site = headers['sec-fetch-site']
    return site === undefined || site === 'same-origin'
  }
  const given = originOf(origin)
  // `Origin: null` (sandboxed frames, some redirects, file: pages) parses to the string 'null': refused.
  if (!given || given === 'null') return false
  if (given === originOf(options.publicOrigin)) return true
  return Boolean(options.development && headers.host && given === originOf(`${protocol}://${headers.host}`))
}

export function originGuard(options: OriginGuardOptions) {
  const exempt = options.exempt ?? SERVER_TO_SERVER_PATHS
  return function originGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    if (!STATE_CHANGING.has(req.method)) return next()
    const pathname = (req.originalUrl || req.url).split('?')[0] ?? '/'
    if (exempt.some((prefix) => pathname.startsWith(prefix))) return next()
    const headers = {
      origin: req.headers.origin,
      'sec-fetch-site': req.headers['sec-fetch-site'] as string | undefined,
      host: req.headers.host,
    }
    if (isAllowedOrigin(headers, req.protocol, options)) return next()
    res
      .status(403)
      .type('text/plain')
      .set('Connection', 'close')
      .send('Forbidden: this request came from another site.')
  }
}
