import type { IncomingMessage, ServerResponse } from 'node:http'
import { type LoggerOptions, stdSerializers } from 'pino'
import { REDACTED, scrubError } from '#app/lib/error-log.server.ts'

// The log never holds cookies, Set-Cookie, Authorization, tokens in query strings or SQL parameters (issue 11).
// `loggerOptions.base` goes to pino(); `loggerOptions.http` to pino-http (it replaces the logger's own req, res
// and err serializers with its wrapped ones, so both are needed).

export { REDACTED, scrubError }

/** Query parameter names whose values are secrets (reset tokens, API keys, OAuth codes…), matched in any case. */
const SECRET_PARAM = /token|key|code|password|passwd|secret|signature|sig|session|auth|otp/i

/** The URL with the value of every secret-looking query parameter replaced. Keeps everything else readable. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url
  const q = url.indexOf('?')
  if (q === -1) return url
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash === -1 ? undefined : hash)
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=')
    const name = eq === -1 ? part : part.slice(0, eq)
    let decoded = name
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '))
    } catch {}
    return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : part
  })
  return `${url.slice(0, q)}?${parts.join('&')}`
}

function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([k, v]) => [k, SECRET_PARAM.test(k) ? REDACTED : v]),
  )
}

type Serialized = Record<string, unknown>

/** A page's Referer is its full URL: a request sent from /reset-password?token=… carries the token there too. */
function redactReferer(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object') return headers
  const { referer } = headers as { referer?: unknown }
  return typeof referer === 'string' ? { ...headers, referer: redactUrl(referer) } : headers
}

const errSerializer = (err: Error) => scrubError(stdSerializers.err(err) as unknown as Serialized)

/** For pino-http's `serializers` option: the request's url and query without secrets, errors without SQL values. */
export const httpLoggerSerializers = {
  req: (req: Serialized) => ({
    ...req,
    url: redactUrl(req.url as string | undefined),
    query: redactQuery(req.query),
    headers: redactReferer(req.headers),
  }),
  res: (res: Serialized) => res,
  err: errSerializer,
}

/** Header paths redacted wherever a request or response is logged (as pino-std-serializers shape them). */
const HEADER_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'req.headers.apikey',
  'req.headers["verif-hash"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
]

/**
 * `base` for pino() (redaction paths and serializers for every logger of the process), `http` to spread into
 * pinoHttp()'s options (its own serializers, which replace the logger's).
 */
export const loggerOptions = {
  base: {
    redact: { paths: HEADER_PATHS, censor: REDACTED },
    serializers: {
      err: errSerializer,
      req: (req: IncomingMessage) => httpLoggerSerializers.req(stdSerializers.req(req) as unknown as Serialized),
      res: (res: ServerResponse) => stdSerializers.res(res),
    },
  } satisfies LoggerOptions,
  http: { serializers: httpLoggerSerializers },
}
