import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deferModuleScripts, FIRST_PICTURES_WAIT_MS } from '#app/lib/module-preloads.server.ts'
import {
  createDeliveryHandler,
  entityTag,
  isAnonymous,
  isPublicPage,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from './delivery.ts'
import { PageCache, pageCacheProblem, pageCacheSeconds } from './page-cache.ts'
import { chooseEncoding, precompressedAssets, staticHeaders } from './static-assets.ts'

// The delivery handler in front of a stand-in for React Router that renders a page naming who asked (the Cookie
// header) and the CSP nonce it was given, as the real document does in its script elements.

type Get = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

function get(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Get> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

function decoded(response: Get): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.body).toString()
  if (encoding === 'gzip') return gunzipSync(response.body).toString()
  return response.body.toString()
}

let renders = 0
/** Requests that reached the middleware between the cache's early answer and the handler (the app's helmet). */
let workedOut = 0
let server: http.Server
let base: string
const cache = new PageCache({ ttlSeconds: 30 })

beforeAll(async () => {
  const app = express()
  const delivery = createDeliveryHandler({
    cache,
    getLoadContext: (_req, res) => {
      const context = new RouterContextProvider()
      ;(context as unknown as { nonce: string }).nonce = res.locals.cspNonce
      return context
    },
    build: {
      async handle(request, context) {
        renders++
        const url = new URL(request.url)
        if (url.searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, 50))
        const nonce = (context as unknown as { nonce: string }).nonce
        const who = request.headers.get('Cookie') ?? 'anonymous'
        const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' })
        if (url.searchParams.has('set-cookie')) headers.append('Set-Cookie', 'isoko_guest=new; Path=/')
        if (url.pathname === '/missing') return new Response('<p>not found</p>', { status: 404, headers })
        if (url.pathname === '/api/data') {
          return Response.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) })
        }
        const filler = '<p>Rwanda’s online mall, a line of the catalogue.</p>'.repeat(200)
        const html = `<!DOCTYPE html><html><head></head><body><h1>${url.pathname} for ${who}</h1>${filler}<script nonce="${nonce}">1</script></body></html>`
        return new Response(html, { headers })
      },
    },
  })
  let requests = 0
  app.use((_req, res, next) => {
    res.setHeader('X-Request-Id', String(++requests))
    next()
  })
  app.use(delivery.fromCache)
  app.use((_req, res, next) => {
    workedOut++
    res.locals.cspNonce = `nonce${Math.random().toString(36).slice(2)}`
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce}'`)
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    next()
  })
  app.all('/{*splat}', delivery)
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  cache.clear()
  renders = 0
  workedOut = 0
})

describe('a page held whole and compressed once', () => {
  it('sends brotli or gzip by Accept-Encoding, with the length of the whole compressed body', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=0, br;q=0', undefined],
    ] as const) {
      const response = await get(base, '/products', { 'Accept-Encoding': accept, Cookie: 'isoko_guest=a' })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(Number(response.headers['content-length'])).toBe(response.body.length)
      const html = decoded(response)
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
      expect(html.endsWith('</body></html>')).toBe(true)
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language')
    }
  })

  it('compresses JSON too, and leaves a small body as it is', async () => {
    const json = await get(base, '/api/data', { 'Accept-Encoding': 'gzip' })
    expect(json.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decoded(json)).items).toHaveLength(200)
    const small = await get(base, '/missing', { 'Accept-Encoding': 'br' })
    expect(small.status).toBe(404)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.headers.etag).toBeUndefined()
  })

  it('answers 304 to the ETag it gave, without a new Content-Security-Policy for the copy the client keeps', async () => {
    const guest = { Cookie: 'isoko_guest=a', 'Accept-Encoding': 'br' }
    const first = await get(base, '/products', guest)
    const etag = first.headers.etag as string
    // Weak: the body differs from render to render only by its nonce, which the hash leaves out.
    expect(etag).toMatch(/^W\/"[\w-]+-br"$/)
    const again = await get(base, '/products', { ...guest, 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers['content-security-policy']).toBeUndefined()
    // The same body in gzip matches too; another body does not.
    expect((await get(base, '/products', { ...guest, 'If-None-Match': etag.replace('-br', '-gz') })).status).toBe(304)
    expect((await get(base, '/products', { ...guest, 'If-None-Match': '"other"' })).status).toBe(200)
  })

  it('hashes a body without its nonce', () => {
    const a = Buffer.from('<script nonce="AAA">x</script><script nonce="AAA">y</script>')
    const b = Buffer.from('<script nonce="BBB">x</script><script nonce="BBB">y</script>')
    expect(entityTag(a, 'AAA')).toBe(entityTag(b, 'BBB'))
    expect(entityTag(a, 'AAA')).toMatch(/^W\//)
    expect(entityTag(Buffer.from('{"a":1}'), 'AAA')).toMatch(/^"/)
    expect(entityTag(Buffer.from('{"a":1}'), undefined)).not.toBe(entityTag(Buffer.from('{"a":2}'), undefined))
  })
})

describe('Cache-Control', () => {
  it('lets shared caches keep an anonymous visitor’s catalogue page a few seconds', async () => {
    for (const page of ['/', '/products', '/products/a-shirt', '/vendor/1', '/products.data', '/_root.data']) {
      const response = await get(base, page, { Cookie: 'lang=rw' })
      expect(response.headers['cache-control'], page).toBe(PUBLIC_CACHE_CONTROL)
    }
  })

  it('lets no cache keep a personal page, a signed-in visitor’s page, or a page that sets a cookie', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/cart', {}],
      ['/checkout', {}],
      ['/customer-dashboard', {}],
      ['/vendor-dashboard', {}],
      ['/admin', {}],
      ['/products', { Cookie: 'isoko.session_token=abc' }],
      ['/products', { Cookie: 'lang=en; isoko_guest=abc' }],
      ['/products', { Authorization: 'Bearer x' }],
      ['/products?set-cookie=1', {}],
      ['/missing', {}],
    ]
    for (const [page, headers] of cases) {
      const response = await get(base, page, headers)
      expect(response.headers['cache-control'], `${page} ${JSON.stringify(headers)}`).toBe(PRIVATE_CACHE_CONTROL)
    }
  })
})

describe('the anonymous page cache', () => {
  it('renders a public page once for anonymous visitors, with the nonce its policy names', async () => {
    const first = await get(base, '/products', { 'Accept-Encoding': 'br' })
    const second = await get(base, '/products', { 'Accept-Encoding': 'gzip' })
    expect(renders).toBe(1)
    expect(first.headers['x-page-cache']).toBe('miss')
    expect(second.headers['x-page-cache']).toBe('hit')
    const nonce = decoded(second).match(/nonce="([^"]+)"/)?.[1]
    expect(second.headers['content-security-policy']).toBe(`script-src 'nonce-${nonce}'`)
    expect(decoded(second)).toBe(decoded(first))
    // Answered before the headers and nonce of a request are worked out: the kept page has the ones it was sent with.
    expect(workedOut).toBe(1)
    expect(second.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(Number(second.headers['x-request-id'])).toBe(Number(first.headers['x-request-id']) + 1)
    // Another language or address is another page.
    await get(base, '/products', { 'Accept-Language': 'fr' })
    await get(base, '/products?page=2')
    expect(renders).toBe(3)
  })

  it('renders a page once when many anonymous visitors ask for it at the same moment', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(base, '/help?slow=1')))
    expect(renders).toBe(1)
    expect(new Set(responses.map((r) => decoded(r))).size).toBe(1)
    // A signed-in visitor meanwhile is not made to wait for, nor given, the anonymous page.
    cache.clear()
    const [anonymous, signedIn] = await Promise.all([
      get(base, '/help?slow=1'),
      get(base, '/help?slow=1', { Cookie: 'isoko.session_token=mine' }),
    ])
    expect(decoded(anonymous)).toContain('for anonymous')
    expect(decoded(signedIn)).toContain('for isoko.session_token=mine')
  })

  it('never serves one visitor’s page to another', async () => {
    const signedIn = await get(base, '/products', { Cookie: 'isoko.session_token=mine' })
    expect(decoded(signedIn)).toContain('for isoko.session_token=mine')
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    const anonymous = await get(base, '/products')
    expect(decoded(anonymous)).toContain('for anonymous')
    // A signed-in visitor after an anonymous one: rendered for them, not the cached anonymous page.
    const again = await get(base, '/products', { Cookie: 'isoko.session_token=mine' })
    expect(decoded(again)).toContain('for isoko.session_token=mine')
    expect(renders).toBe(3)
    expect(cache.size).toBe(1)
  })

  it('keeps no response that sets a cookie, no page outside the catalogue, no error, nothing but GET', async () => {
    await get(base, '/products?set-cookie=1')
    await get(base, '/products?set-cookie=1')
    await get(base, '/cart')
    await get(base, '/cart')
    await get(base, '/missing')
    await get(base, '/missing')
    expect(renders).toBe(6)
    expect(cache.size).toBe(0)
  })

  it('forgets a page after its time to live, and keeps a bounded number', () => {
    let now = 0
    const small = new PageCache({ ttlSeconds: 10, maxEntries: 2, now: () => now })
    const page = (body: string) => ({
      status: 200,
      statusText: 'OK',
      headers: [],
      body: Buffer.from(body),
      etag: '"x"',
      sentWith: [],
      encoded: new Map(),
    })
    small.set('a', page('a'))
    small.set('b', page('b'))
    small.set('c', page('c'))
    expect(small.get('a')).toBeUndefined()
    expect(small.get('c')?.body.toString()).toBe('c')
    now = 10_000
    expect(small.get('c')).toBeUndefined()
  })

  it('is configured by PAGE_CACHE_SECONDS: off outside production unless asked, 10 s in production', () => {
    expect(pageCacheSeconds({})).toBe(0)
    expect(pageCacheSeconds({ NODE_ENV: 'production' })).toBe(10)
    expect(pageCacheSeconds({ NODE_ENV: 'production', PAGE_CACHE_SECONDS: '0' })).toBe(0)
    expect(pageCacheSeconds({ PAGE_CACHE_SECONDS: '30' })).toBe(30)
    expect(pageCacheProblem({ PAGE_CACHE_SECONDS: 'ten' })).toContain('PAGE_CACHE_SECONDS')
    expect(pageCacheProblem({ PAGE_CACHE_SECONDS: '3600' })).toContain('PAGE_CACHE_SECONDS')
    expect(pageCacheProblem({ PAGE_CACHE_SECONDS: '15' })).toBeUndefined()
  })
})

describe('who is anonymous, and which pages are public', () => {
  it('reads a visitor with no cookie but the language, and no credentials, as anonymous', () => {
    expect(isAnonymous({})).toBe(true)
    expect(isAnonymous({ cookie: 'lang=rw' })).toBe(true)
    expect(isAnonymous({ cookie: 'lang=rw; isoko_guest=x' })).toBe(false)
    expect(isAnonymous({ cookie: 'isoko.session_token=x' })).toBe(false)
    expect(isAnonymous({ cookie: 'isoko_flash=x' })).toBe(false)
    expect(isAnonymous({ authorization: 'Basic x' })).toBe(false)
  })

  it('lists the catalogue’s pages and their navigation data, nothing else', () => {
    for (const p of ['/', '/products', '/products/', '/products/x', '/vendors', '/vendor/3', '/help', '/about']) {
      expect(isPublicPage(p), p).toBe(true)
    }
    for (const p of [
      '/cart',
      '/checkout',
      '/favorites',
      '/customer-dashboard',
      '/admin',
      '/vendor-dashboard',
      '/api/cart',
    ]) {
      expect(isPublicPage(p), p).toBe(false)
    }
    expect(isPublicPage('/_root.data')).toBe(true)
    expect(isPublicPage('/products/x.data')).toBe(true)
    expect(isPublicPage('/cart.data')).toBe(false)
  })

  it('chooses brotli, then gzip, by what the client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
  })
})

describe('the build’s files, compressed at build time', () => {
  let dir: string
  let assets: http.Server
  let assetBase: string
  const script = `export const text = ${JSON.stringify('Isoko '.repeat(800))}\n`

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'isoko-assets-'))
    writeFileSync(path.join(dir, 'app.js'), script)
    writeFileSync(path.join(dir, 'app.js.br'), brotliCompressSync(script))
    writeFileSync(path.join(dir, 'app.js.gz'), gzipSync(script))
    writeFileSync(path.join(dir, 'plain.js'), script)
    const app = express()
    app.use(precompressedAssets(dir).middleware)
    app.use('/', express.static(dir, { immutable: true, maxAge: '1y', setHeaders: staticHeaders }))
    assets = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => assets.once('listening', resolve))
    assetBase = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`
  })

  afterAll(() => {
    assets.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('sends the .br or .gz file with its Content-Encoding, the script’s type and the year-long caching', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get(assetBase, '/app.js', { 'Accept-Encoding': accept })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(decoded(response)).toBe(script)
    }
  })

  it('sends a file without a compressed twin as it is', async () => {
    const response = await get(assetBase, '/plain.js', { 'Accept-Encoding': 'br' })
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body.toString()).toBe(script)
  })
})

describe('module scripts after the first pictures', () => {
  const routeModules =
    ';\nimport * as route0 from "/assets/root.js";\nimport * as route1 from "/assets/page.js";\n' +
    '  window.__reactRouterManifest = {\n  "entry": {\n    "module": "/assets/entry.js"\n  }\n};\n' +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};\n\nimport("/assets/entry.js");'
  const page = Buffer.from(
    '<html><head><title>t</title><link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
      '<link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/></head>' +
      `<body><img src="/i.webp" fetchpriority="high"/><script nonce="n" type="module" async="">${routeModules}</script></body></html>`,
  )

  it('leave no module preload in the document and import nothing statically', () => {
    const html = deferModuleScripts(page).toString()
    expect(html).not.toContain('modulepreload"')
    expect(html).toContain('<link rel="stylesheet" href="/s.css"/></head>')
    expect(html).not.toMatch(/^import \* as/m)
    expect(html).toContain('<script nonce="n" type="module" async="">')
  })

  it('wait for the first pictures, then preload every module at once and import the routes', () => {
    const script = /<script nonce="n" type="module" async="">([\s\S]*)<\/script>/.exec(
      deferModuleScripts(page).toString(),
    )?.[1] as string
    const wait = script.indexOf('img[fetchpriority=high]')
    const preload = script.indexOf('["/assets/entry.js"]')
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/page.js")]);',
    )
    const manifest = script.indexOf('window.__reactRouterManifest')
    expect(wait).toBeGreaterThan(-1)
    expect(preload).toBeGreaterThan(wait)
    expect(imports).toBeGreaterThan(preload)
    expect(manifest).toBeGreaterThan(imports)
    // React Router's indented manifest, in one line.
    expect(script).toContain('window.__reactRouterManifest = {"entry":{"module":"/assets/entry.js"}};')
    expect(script.trimEnd().endsWith('import("/assets/entry.js");')).toBe(true)
    // The wait never lasts longer than its cap.
    expect(script).toContain(`setTimeout(go,${FIRST_PICTURES_WAIT_MS})`)
  })

  it('run the rewritten script as a module would: routes imported, then the entry', async () => {
    const script = /<script nonce="n" type="module" async="">([\s\S]*)<\/script>/.exec(
      deferModuleScripts(page).toString(),
    )?.[1] as string
    const imported: string[] = []
    const appended: string[] = []
    const picture = { decode: () => Promise.resolve() }
    const document = {
      visibilityState: 'visible',
      querySelectorAll: () => [picture],
      createElement: () => ({}),
      head: { append: (link: { href: string; rel: string }) => appended.push(`${link.rel} ${link.href}`) },
    }
    const window: Record<string, unknown> = {}
    const run = new Function(
      'document',
      'window',
      'requestAnimationFrame',
      'importModule',
      `return (async () => {${script.replaceAll('import(', 'importModule(')}})()`,
    )
    await run(
      document,
      window,
      (callback: () => void) => setTimeout(callback, 0),
      async (url: string) => {
        imported.push(url)
        return { url }
      },
    )
    // root.js is imported at once: only what it and the entry import is preloaded.
    expect(appended).toEqual(['modulepreload /assets/entry.js'])
    expect(imported).toEqual(['/assets/root.js', '/assets/page.js', '/assets/entry.js'])
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root.js' },
      'routes/page': { url: '/assets/page.js' },
    })
  })

  it('leave a document without React Router’s scripts as it is', () => {
    const none = Buffer.from('<html><head></head><body></body></html>')
    expect(deferModuleScripts(none)).toBe(none)
  })
})
