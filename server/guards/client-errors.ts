import type { NextFunction, Request, Response } from 'express'

// The last middleware of the app: errors that carry a client status (express.static's 404 for a missing picture
// under /images, its 403 for a path that tries to leave the folder, a body parser's 400) are answered with that
// status and a short text, and not logged. Express's own final handler would print each one's stack trace, so
// anyone asking for /images/anything could fill the log. Server failures (5xx, or no status) go on to be logged.

const TEXTS: Record<number, string> = {
  400: 'Bad request.',
  403: 'Forbidden.',
  404: 'Not found.',
  405: 'Method not allowed.',
}

function clientStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  return typeof value === 'number' && value >= 400 && value < 500 ? value : null
}

export function clientErrorHandler() {
  return function clientErrorMiddleware(error: unknown, _req: Request, res: Response, next: NextFunction) {
    const status = clientStatus(error)
    if (status === null || res.headersSent) return next(error)
    res
      .status(status)
      .type('text/plain')
      .send(TEXTS[status] ?? 'Request refused.')
  }
}
