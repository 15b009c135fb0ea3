import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'

// One body limit in front of every route (issue 11). The limit is counted on the bytes as they arrive, so a
// chunked body (no Content-Length) is bounded too, and nothing here buffers the body: the route downstream
// reads the same request stream, which simply never delivers more than the limit.

export const KB = 1024
export const MB = 1024 * KB

export type BodyLimitRule = {
  /** Matched against the request's path (no query). A string matches that prefix. */
  path: string | RegExp
  /** Methods the rule is for; every method when absent. */
  methods?: readonly string[]
  maxBytes: number
}

export type BodyLimitOptions = { rules?: readonly BodyLimitRule[]; defaultMaxBytes?: number }

export const DEFAULT_BODY_LIMIT = 64 * KB

/** The limit for one request: the first rule that matches, else the default. */
export function bodyLimitFor(method: string, pathname: string, options: BodyLimitOptions = {}): number {
  for (const rule of options.rules ?? []) {
    if (rule.methods && !rule.methods.includes(method)) continue
    const matches = typeof rule.path === 'string' ? pathname.startsWith(rule.path) : rule.path.test(pathname)
    if (matches) return rule.maxBytes
  }
  return options.defaultMaxBytes ?? DEFAULT_BODY_LIMIT
}

function tooLargeMessage(limit: number): string {
  const size = limit >= MB ? `${Math.round((limit / MB) * 10) / 10} MB` : `${Math.round(limit / KB)} KB`
  return `Request too large: this page accepts at most ${size}.`
}

/** Answers 413 with a short text and closes the connection afterwards (the rest of the body is not wanted). */
export function sendTooLarge(res: ServerResponse, limit: number): void {
  sendRefusal(res, 413, tooLargeMessage(limit))
}

function sendRefusal(res: ServerResponse, status: number, body: string): void {
  if (res.headersSent || res.writableEnded) return
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  })
  res.end(body)
}

/**
 * What the route's body reader fails with once the guard has answered: a Response, not an Error. The body readers
 * (request.formData() and the like) reject with it as it is, so an action that lets it through throws a Response,
 * which React Router takes for a refusal (its error page, unsent since the answer is already out) rather than a
 * server failure logged with its stack and the error boundary's "Unexpected Server Error".
 */
function answered(status: 400 | 413): globalThis.Response {
  return new globalThis.Response(null, { status })
}

/**
 * Counts the body's bytes where Node hands them to the request stream (`push`, used for both flowing and paused
 * reading). Past the limit: 413, the route's reader gets an error (so a cut body is never parsed as if it were
 * whole), and the rest of the body is dropped as it arrives.
 */
export function limitRequestStream(req: IncomingMessage, res: ServerResponse, limit: number): void {
  let seen = 0
  let refused = false
  // A URL-encoded form carrying NUL or another control character (encoded or raw; tab and line ends are text) is
  // refused here, in one place: PostgreSQL refuses NUL in text, which used to surface as a 500, and no field of a
  // form takes the others. The last two bytes are kept so that a code split across chunks is seen too. A body
  // without a type is read as URL-encoded, so it is checked the same way.
  const type = req.headers['content-type']
  const urlEncoded = !type || /^application\/x-www-form-urlencoded/i.test(type)
  let tail = ''
  const push = req.push.bind(req)
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (refused) return true
    if (chunk !== null && chunk !== undefined) {
      seen += typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength
      if (seen > limit) {
        refused = true
        sendTooLarge(res, limit)
        // A manual 'error' (not destroy()): destroying would close the socket before the 413 reaches the client.
        if (req.listenerCount('error') > 0) req.emit('error', answered(413))
        return true
      }
      if (urlEncoded) {
        const text = tail + (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('latin1'))
        if (CONTROL_IN_FORM.test(text)) {
          refused = true
          sendRefusal(res, 400, 'Bad request: the form contains a control character.')
          if (req.listenerCount('error') > 0) req.emit('error', answered(400))
          return true
        }
        tail = text.slice(-2)
      }
    }
    return push(chunk, encoding)
  }
}

// %00-%08, %0B, %0C, %0E-%1F, %7F, and the same bytes raw.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL_IN_FORM = /%(?:0[0-8bcef]|1[0-9a-f]|7f)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/i

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function bodyLimit(options: BodyLimitOptions = {}) {
  return function bodyLimitMiddleware(req: Request, res: Response, next: NextFunction) {
    if (BODYLESS.has(req.method) && !req.headers['content-length'] && !req.headers['transfer-encoding']) {
      return next()
    }
    const pathname = (req.originalUrl || req.url).split('?')[0] ?? '/'
    const limit = bodyLimitFor(req.method, pathname, options)
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > limit) return sendTooLarge(res, limit)
    limitRequestStream(req, res, limit)
    next()
  }
}
