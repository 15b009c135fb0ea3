import type { NextFunction, Request, Response } from 'express'

// Bodies of a kind the routes can read (issue 11). Page and /api actions read their body with request.formData(),
// which throws on anything but a well-formed URL-encoded or multipart form: a JSON, plain-text or cut multipart body
// used to surface as a 500. So a state-changing request carries a URL-encoded form, or a multipart one where a page
// takes files (read there by readBoundedForm, which bounds the files and cleans the text of NUL and other control
// characters); any other type is refused with 415. A body sent without a Content-Type is read as URL-encoded (a
// JavaScript-less sign-out posts nothing at all), so the NUL check of the body limit applies to it too.
// Server-to-server callers (payment callbacks, SMS reports) read their own formats and are left alone.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const URL_ENCODED = 'application/x-www-form-urlencoded'

export type BodyTypeOptions = {
  /** Pages whose forms carry files: the only ones that take multipart/form-data. */
  multipartPaths: readonly RegExp[]
  /** Path prefixes never checked here (server-to-server callers with their own formats). */
  exempt: readonly string[]
}

export type BodyTypeVerdict = 'accept' | 'assume-form' | 'refuse'

/** What to do with a state-changing request's body, from its Content-Type and path alone. */
export function judgeBodyType(contentType: string | undefined, pathname: string, options: BodyTypeOptions) {
  if (options.exempt.some((prefix) => pathname.startsWith(prefix))) return 'accept'
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === '') return 'assume-form'
  if (type === URL_ENCODED) return 'accept'
  if (type === 'multipart/form-data' && options.multipartPaths.some((p) => p.test(pathname))) return 'accept'
  return 'refuse'
}

export function bodyTypeGuard(options: BodyTypeOptions) {
  return function bodyTypeGuardMiddleware(req: Request, res: Response, next: NextFunction) {
    if (!STATE_CHANGING.has(req.method)) return next()
    const pathname = (req.originalUrl || req.url).split('?')[0] ?? '/'
    const verdict = judgeBodyType(req.headers['content-type'], pathname, options)
    if (verdict === 'accept') return next()
    if (verdict === 'assume-form') {
      req.headers['content-type'] = URL_ENCODED
      return next()
    }
    res
      .status(415)
      .type('text/plain')
      .set('Connection', 'close')
      .send('Unsupported body: this page takes a form (application/x-www-form-urlencoded).')
  }
}
