import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort, type RunningServer, startServer, tempDataDir } from './harness.ts'

// The built server as `npm run serve` runs it, with the anonymous page cache on: what a browser and a CDN are
// sent for the build's files and for pages (docs/caching.md).

const data = tempDataDir()
let server: RunningServer

type Got = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function get(pathname: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

const text = (r: Got) =>
  (r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body
  ).toString()

beforeAll(async () => {
  server = await startServer({
    DATA_DIR: data.dir,
    SIMULATOR_PORT: String(await freePort()),
    PAGE_CACHE_SECONDS: '30',
    LOG_LEVEL: 'warn',
  })
})

afterAll(async () => {
  await server?.stop()
  data.remove()
})

describe('the built server', () => {
  test('sends a script as the build compressed it, by Accept-Encoding', async () => {
    const page = text(await get('/products'))
    // The scripts the page loads once its first pictures are painted (module-preloads.server.ts).
    const script = page.match(/for\(const href of \["(\/assets\/[^"]+\.js)"/)?.[1]
    expect(script).toBeTruthy()
    const plain = await get(script as string, { 'Accept-Encoding': 'identity' })
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await get(script as string, { 'Accept-Encoding': accept })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(text(response)).toBe(plain.body.toString())
    }
  })

  test('sends a page compressed in one piece, with its length, its ETag and a 304 for it', async () => {
    const response = await get('/products', { 'Accept-Encoding': 'gzip' })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    const html = text(response)
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html.trimEnd().endsWith('</html>')).toBe(true)
    // The scripts are asked for once the page's first pictures are painted: no module preload, no static import.
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toMatch(/^import \* as \w+ from/m)
    expect(html).toMatch(/img\[fetchpriority=high\][\s\S]*await Promise\.all\(\[import\("\/assets\//)
    const etag = response.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await get('/products', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })
    expect(again.status).toBe(304)
  })

  test('shares an anonymous visitor’s catalogue page, never a personal one', async () => {
    const first = await get('/products?sort=newest', { 'Accept-Encoding': 'br' })
    const second = await get('/products?sort=newest', { 'Accept-Encoding': 'br' })
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30')
    expect(second.headers['x-page-cache']).toBe('hit')
    // Its nonce is the one its policy names.
    const nonce = text(second).match(/<script nonce="([^"]+)"/)?.[1]
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonce}'`)
    // Answered before helmet runs, it carries the security headers of the first answer, and a request id of its own.
    for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(second.headers[name], name).toBeTruthy()
      expect(second.headers[name], name).toBe(first.headers[name])
    }
    expect(second.headers['x-request-id']).toBeTruthy()
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id'])

    const signedIn = await get('/products?sort=newest', { Cookie: 'isoko.session_token=someone' })
    expect(signedIn.headers['cache-control']).toBe('private, no-store')
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    expect((await get('/cart')).headers['cache-control']).toBe('private, no-store')
    expect((await get('/customer-login')).headers['cache-control']).toBe('private, no-store')
  })
})
