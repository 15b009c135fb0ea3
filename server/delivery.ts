// How React Router's responses reach the client (docs/caching.md). A page, its data for a client-side navigation
// (`.data`) or a JSON answer is held whole once rendered, then sent once: compressed in one piece (brotli or
// gzip, by Accept-Encoding), with a strong ETag (a 304 when the client has it already) and a Cache-Control
// fit for whom it shows. Anything else (pictures, CSV downloads) streams as React Router gives it.
// Pages of the public catalogue rendered for a visitor without a session may be kept for a few seconds in the
// process (server/page-cache.ts) and sent again to the next such visitor.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction, RequestHandler } from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { isLocale, negotiateLocale } from '#app/lib/i18n.server.ts'
import type { PageCache, RenderedPage } from './page-cache.ts'
import { chooseEncoding, type Encoding } from './static-assets.ts'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/**
 * Brotli quality for responses compressed as they are sent. Measured on /products (274 KB of HTML): quality 4 gives
 * 28.6 KB, 5 gives 26.0 KB in about 1.4 times gzip 6's time (30.8 KB), 6 gives 25.7 KB for 30% more time, 11 gives
 * 22.5 KB in a hundred times as long (docs/benchmarks.md).
 */
export const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6
/** Below this a response is sent as it is: compressing it saves less than the headers it adds cost. */
const MIN_COMPRESS_BYTES = 1024

/** Held whole and compressed once: documents, navigation data (turbo-stream), JSON and text. */
const WHOLE = /^(text\/html|text\/x-script|application\/json|text\/plain)\b/i
/** Responses that show what the catalogue shows, the same to everyone: Vary lists what they depend on. */
const DOCUMENT = /^(text\/html|text\/x-script)\b/i

/** The catalogue's public pages, the same for every visitor without a session (in one language). */
const PUBLIC_PAGE =
  /^\/(?:|products|products\/[^/]+|vendors|vendor(?:\/[^/]+)?|help|privacy-policy|terms|returns|refund-policy|about)$/

/** Cookies that change nothing personal on a public page: the language (which is part of the cache key). */
const IMPERSONAL_COOKIES = new Set(['lang'])

/** How long shared caches (a CDN, a proxy) may keep a public page; browsers always ask again (max-age=0). */
export const SHARED_MAX_AGE = 30
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}`
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** Headers of the response that are its own, never kept with a page: it gets them anew, or from the page itself. */
const PER_RESPONSE = new Set([
  'x-request-id',
  'x-page-cache',
  'set-cookie',
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'vary',
  'cache-control',
])

/** A public page's path: its navigation data (`/products.data`, `/_root.data` for the home page) counts as it. */
export function isPublicPage(pathname: string): boolean {
  let path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  if (path === '/_root') path = '/'
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  return PUBLIC_PAGE.test(path)
}

/** A visitor with nothing of their own: no cookie but the language, no credentials. */
export function isAnonymous(headers: { cookie?: string; authorization?: string }): boolean {
  if (headers.authorization) return false
  if (!headers.cookie) return true
  for (const part of headers.cookie.split(';')) {
    const name = part.split('=', 1)[0]?.trim()
    if (name && !IMPERSONAL_COOKIES.has(name)) return false
  }
  return true
}

/** The quoted hashes an If-None-Match names (weak or strong, either content coding of the same body). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const hash = etag.replace(/^W\//, '').slice(1, -1)
  for (let tag of ifNoneMatch.split(',')) {
    tag = tag.trim()
    if (tag === '*') return true
    if (tag.startsWith('W/')) tag = tag.slice(2)
    tag = tag.replace(/^"|"$/g, '').replace(/-(br|gz)$/, '')
    if (tag === hash) return true
  }
  return false
}

/**
 * The page's ETag: the hash of its body. A document carries its CSP nonce, new at every render, so its hash is taken
 * without it, and the tag is weak (the same page but for the nonce). The client keeps the page and the header
 * it came with: a 304 sends no new Content-Security-Policy (`send`), so its copy's nonce still matches.
 */
export function entityTag(body: Buffer, nonce: string | undefined): string {
  const hash = createHash('sha1')
  const needle = nonce ? Buffer.from(nonce) : undefined
  let from = 0
  let found = needle ? body.indexOf(needle) : -1
  if (found === -1) return `"${hash.update(body).digest('base64url')}"`
  while (found !== -1 && needle) {
    hash.update(body.subarray(from, found))
    from = found + needle.length
    found = body.indexOf(needle, from)
  }
  return `W/"${hash.update(body.subarray(from)).digest('base64url')}"`
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gz(body, { level: GZIP_LEVEL })
}

/** The same conversion as @react-router/express: the Fetch API request React Router handles. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : []
  const [, hostPort] = req.get('host')?.split(':') ?? []
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? '', 10)).find((p) => Number.isSafeInteger(p))
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => {
    controller = null
  })
  res.on('close', () => controller?.abort())
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new Request(url.href, init)
}

/** React Router's request handler: a Fetch API request and the request's context in, a response out. */
export type FetchHandler = (request: Request, context: RouterContextProvider) => Promise<Response>

export type DeliveryOptions = {
  /** The server build, or (for tests) any handler standing in for React Router's. */
  build: ServerBuild | (() => Promise<ServerBuild>) | { handle: FetchHandler }
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider
  /** The anonymous page cache; none: every request renders. */
  cache?: PageCache
}

/**
 * The Express handler in front of React Router (see the file's head), and `fromCache`: the same cache's answer, for
 * mounting before the security headers, nonce and files of every request are worked out (server/app.ts). A kept page
 * carries the headers it was first sent with, so its answer needs none of that; anything else goes on.
 */
export type DeliveryHandler = RequestHandler & { fromCache: RequestHandler }

/** The Express handler in front of React Router: see the file's head. */
export function createDeliveryHandler(options: DeliveryOptions): DeliveryHandler {
  // React Router derives its route table and handler again at every request when given the build as a function
  // (for a development server's reloads): the server's build never changes, so it is loaded and derived once.
  const { build } = options
  let handler: Promise<FetchHandler> | undefined
  const handle: FetchHandler = async (request, context) => {
    handler ??= (async () => {
      if ('handle' in build) return build.handle
      return createRequestHandler(typeof build === 'function' ? await build() : build, process.env.NODE_ENV)
    })()
    return (await handler)(request, context)
  }
  const { cache } = options
  const rendering = new Map<string, Promise<RenderedPage | undefined>>()
  async function deliver(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      const shareable = isShareable(req)
      const key = shareable && cache ? pageKey(req) : undefined
      if (key && cache) {
        // A page being rendered for the same key is waited for rather than rendered again: when an entry expires
        // under load, one request renders it and the others get it.
        const hit = cache.get(key) ?? (await rendering.get(key))
        if (hit) {
          res.setHeader('X-Page-Cache', 'hit')
          return await send(req, res, hit, { shareable, kept: true })
        }
      }
      let rendered: (page: RenderedPage | undefined) => void = () => {}
      if (key && req.method === 'GET') {
        const renderingKey = key
        rendering.set(
          key,
          new Promise((resolve) => {
            rendered = (page) => {
              rendering.delete(renderingKey)
              resolve(page)
            }
          }),
        )
      }
      try {
        await render(req, res, shareable, key)
      } finally {
        rendered(key ? cache?.get(key) : undefined)
      }
    } catch (error) {
      next(error)
    }
  }

  /** A kept page, answered at once; on a miss (or a page being rendered) the request goes on to `deliver`. */
  function fromCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const page = cache && isShareable(req) ? cache.get(pageKey(req)) : undefined
    if (!page) return next()
    res.setHeader('X-Page-Cache', 'hit')
    send(req, res, page, { shareable: true, kept: true }).catch(next)
  }

  return Object.assign(deliver, { fromCache })

  /** Renders a request through React Router and sends it; a page fit for the anonymous cache goes into it. */
  async function render(req: ExpressRequest, res: ExpressResponse, shareable: boolean, key: string | undefined) {
    const response = await handle(toFetchRequest(req, res), options.getLoadContext(req, res))
    const type = response.headers.get('Content-Type') ?? ''
    if (!response.body || !WHOLE.test(type) || response.headers.has('Content-Encoding')) {
      return await stream(res, response)
    }
    const body = Buffer.from(await response.arrayBuffer())
    const sentWith: [string, string][] = []
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined && !PER_RESPONSE.has(name)) sentWith.push([name, String(value)])
    }
    const page: RenderedPage = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers].filter(([name]) => name.toLowerCase() !== 'content-length'),
      body,
      etag: entityTag(body, res.locals.cspNonce as string | undefined),
      sentWith,
      encoded: new Map(),
    }
    const storable =
      key !== undefined &&
      !res.hasHeader('Set-Cookie') &&
      req.method === 'GET' &&
      page.status === 200 &&
      DOCUMENT.test(type) &&
      !response.headers.has('Set-Cookie') &&
      !response.headers.has('Cache-Control')
    if (storable && cache && key) {
      cache.set(key, page)
      res.setHeader('X-Page-Cache', 'miss')
    }
    await send(req, res, page, { shareable, kept: false })
  }
}

/** GET or HEAD of a public page by a visitor without a session: what the anonymous cache may answer. */
function isShareable(req: ExpressRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && isAnonymous(req.headers) && isPublicPage(req.path)
}

/**
 * A page's key in the anonymous cache: the language (`?lang=`, else the cookie or Accept-Language), the host and the
 * address. Each content coding is kept inside the entry, compressed the first time it is asked for.
 */
function pageKey(req: ExpressRequest): string {
  const query = req.originalUrl.indexOf('?')
  const lang = query === -1 ? null : new URLSearchParams(req.originalUrl.slice(query)).get('lang')
  const locale = isLocale(lang)
    ? lang
    : negotiateLocale(req.headers.cookie ?? null, req.headers['accept-language'] ?? null)
  return `${locale} ${req.headers.host ?? ''} ${req.originalUrl}`
}

/** Sends a page held whole: 304 when the client's copy matches, otherwise the body compressed once. */
async function send(
  req: ExpressRequest,
  res: ExpressResponse,
  page: RenderedPage,
  { shareable, kept }: { shareable: boolean; kept: boolean },
) {
  if (res.destroyed || res.writableEnded) return
  res.statusMessage = page.statusText
  res.status(page.status)
  // A kept page goes with the headers it was first sent with, its policy naming the nonce its scripts carry.
  if (kept) for (const [name, value] of page.sentWith) res.setHeader(name, value)
  let cacheControl: string | undefined
  let setsCookie = false
  let type = ''
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase()
    if (lower === 'cache-control') cacheControl = value
    if (lower === 'set-cookie') setsCookie = true
    if (lower === 'content-type') type = value
    res.append(name, value)
  }
  const document = DOCUMENT.test(type)
  if (document) {
    res.vary('Accept-Encoding, Cookie, Accept-Language')
    // A page for a visitor without a session, of the public catalogue, that sets no cookie: any cache may keep it
    // for a few seconds. Every other page (an account, the cart, checkout, a dashboard, a signed-in visitor's
    // catalogue showing their cart) is kept by no cache at all.
    if (!cacheControl) {
      const open = shareable && page.status === 200 && !setsCookie && !res.hasHeader('Set-Cookie')
      res.setHeader('Cache-Control', open ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
    }
  }
  const validated = page.status === 200 && (req.method === 'GET' || req.method === 'HEAD') && page.body.length > 0
  const compressible = page.body.length >= MIN_COMPRESS_BYTES
  if (compressible && !document) res.vary('Accept-Encoding')
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined
  if (validated) {
    res.setHeader('ETag', encoding ? `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : page.etag)
    if (matchesEtag(req.headers['if-none-match'], page.etag)) {
      res.status(304)
      res.removeHeader('Content-Type')
      // The client's copy keeps the policy it came with, whose nonce its scripts carry.
      res.removeHeader('Content-Security-Policy')
      res.end()
      return
    }
  }
  let body = page.body
  if (encoding) {
    let encoded = page.encoded.get(encoding)
    if (!encoded) {
      const compressing = compress(page.body, encoding)
      page.encoded.set(encoding, compressing)
      // Once made, the compressed body is kept as it is: a kept page's later answers wait for nothing.
      compressing.then((done) => page.encoded.set(encoding, done)).catch(() => page.encoded.delete(encoding))
      encoded = compressing
    }
    body = Buffer.isBuffer(encoded) ? encoded : await encoded
    res.setHeader('Content-Encoding', encoding)
  }
  res.setHeader('Content-Length', body.length)
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}

/** A response that is not held whole (a picture, a download): as @react-router/express sends it. */
async function stream(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) res.append(name, value)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  try {
    await writeReadableStreamToWritable(response.body, res)
  } catch (error) {
    if (res.destroyed || res.writableEnded) return
    throw error
  }
}
