import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import express from 'express'
import { pino } from 'pino'
import { pinoHttp } from 'pino-http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KB, MB } from './body-limit.ts'
import { installRequestGuards, loggerOptions } from './index.ts'

// A tiny app behind the guards whose one route reads the body the way @react-router/express does (a web stream
// pumped from the request), counting what it was given, and echoes the Cookie header it saw.

type Seen = {
  bytes: number
  error: string | null
  cookie: string | undefined
  type: string | undefined
  reached: boolean
}
let seen: Seen
let server: http.Server
let base: string

const UPLOAD_MAX = 1 * MB
const PHOTOS = 8

beforeAll(async () => {
  const app = express()
  installRequestGuards(app, {
    publicOrigin: 'https://isoko.example',
    development: false,
    uploadMaxBytes: UPLOAD_MAX * PHOTOS,
  })
  app.all('/{*splat}', async (req, res) => {
    seen.reached = true
    seen.cookie = req.headers.cookie
    seen.type = req.headers['content-type']
    // Like React Router's loaders reading a cookie with decodeURIComponent: a malformed value would throw.
    for (const part of (req.headers.cookie ?? '').split(';')) decodeURIComponent(part)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const body = createReadableStreamFromReadable(req)
      try {
        for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) seen.bytes += chunk.byteLength
      } catch (error) {
        seen.error = error instanceof Response ? `Response ${error.status}` : (error as Error).name
        return
      }
    }
    if (!res.headersSent) res.status(200).send('ok')
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

function reset() {
  seen = { bytes: 0, error: null, cookie: undefined, type: undefined, reached: false }
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders }

/** One request with exactly these headers; `chunks` of `chunkSize` bytes are streamed (chunked) when given. */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunks?: number; chunkSize?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: options.headers ?? {} }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => {
        body += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    if (options.chunks) {
      const chunk = Buffer.alloc(options.chunkSize ?? 64 * KB, 'a')
      let left = options.chunks
      const pump = () => {
        while (left > 0) {
          left--
          if (!req.write(chunk)) return req.once('drain', pump)
        }
        req.end()
      }
      // Stop sending once the server has answered, as browsers and curl do.
      req.once('response', () => {
        left = 0
      })
      pump()
    } else req.end(options.body)
  })
}

describe('body limit', () => {
  it('refuses a 10 MB chunked POST to /api/cart with 413 after reading at most the limit and one chunk', async () => {
    reset()
    const before = process.memoryUsage()
    const answer = await send('POST', '/api/cart', { chunks: 160, chunkSize: 64 * KB })
    expect(answer.status).toBe(413)
    expect(answer.body).toMatch(/too large/i)
    expect(answer.body).not.toMatch(/at \w+ \(/) // no stack
    // The route got an error, never a cut body it could take for a whole one, and at most 64 KB plus one chunk.
    // The answer can reach the client before the route's read has failed: wait for the route to see it.
    await expect.poll(() => seen.error).toBe('Response 413')
    expect(seen.bytes).toBeLessThanOrEqual(64 * KB + 64 * KB)
    const after = process.memoryUsage()
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * MB)
  })

  it('refuses a Content-Length over the limit with 413 before the route reads anything', async () => {
    reset()
    const answer = await send('POST', '/api/cart', {
      headers: { 'Content-Length': String(100 * KB), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a'.repeat(100 * KB),
    })
    expect(answer.status).toBe(413)
    expect(seen.reached).toBe(false)
  })

  it('lets a small form through to the route whole', async () => {
    reset()
    const answer = await send('POST', '/api/cart', { body: 'intent=add&variantId=1' })
    expect(answer.status).toBe(200)
    expect(seen.bytes).toBe('intent=add&variantId=1'.length)
  })

  it('lets a photo-sized body through on the product editor, chunked or declared', async () => {
    reset()
    const chunked = await send('POST', '/vendor-dashboard/products/12', { chunks: 80, chunkSize: 64 * KB })
    expect(chunked.status).toBe(200)
    expect(seen.bytes).toBe(5 * MB)
    reset()
    const body = Buffer.alloc(5 * MB, 'a')
    const declared = await send('POST', '/vendor-dashboard/products/new.data', { body })
    expect(declared.status).toBe(200)
  })

  it('refuses more than the photos allowance on the product editor and the store settings', async () => {
    reset()
    const size = String(UPLOAD_MAX * PHOTOS + MB)
    const editor = await send('POST', '/vendor-dashboard/products/12', { headers: { 'Content-Length': size } })
    expect(editor.status).toBe(413)
    const settings = await send('POST', '/vendor-dashboard/settings', { headers: { 'Content-Length': size } })
    expect(settings.status).toBe(413)
  })

  it('refuses a photo-sized body anywhere else', async () => {
    reset()
    const answer = await send('POST', '/vendor-dashboard/orders/3', { chunks: 8, chunkSize: 64 * KB })
    expect(answer.status).toBe(413)
  })

  it('refuses a payment callback over 16 KB, and an SMS report, but takes a small one', async () => {
    reset()
    const big = { body: 'x'.repeat(17 * KB) }
    expect((await send('POST', '/api/payments/momo/callback/abc', big)).status).toBe(413)
    expect((await send('POST', '/api/sms/delivery', big)).status).toBe(413)
    expect((await send('POST', '/api/payments/airtel/callback', { body: '{"a":1}' })).status).toBe(200)
  })

  it('refuses a CSV body over 3 MB on the inventory page and takes a 2 MB one', async () => {
    reset()
    expect((await send('POST', '/vendor-dashboard/inventory', { body: Buffer.alloc(2 * MB, 'a') })).status).toBe(200)
    expect((await send('POST', '/vendor-dashboard/inventory', { chunks: 50, chunkSize: 64 * KB })).status).toBe(413)
  })
})

describe('NUL in forms', () => {
  it('refuses a URL-encoded form carrying NUL with 400 before the route sees it, even split across chunks', async () => {
    reset()
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' }
    expect((await send('POST', '/help', { headers, body: 'name=a%00b&email=x' })).status).toBe(400)
    expect(seen.error ?? (seen.reached ? 'reached' : null)).not.toBe('reached')
    const split = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/help`, { method: 'POST', headers }, (res) => resolve(res.statusCode ?? 0))
      req.on('error', reject)
      req.write('name=a%')
      // A slow client: the delay is what splits the body into two chunks on the server's side (nothing tells the
      // client that the server has read the first one), not a wait for an outcome.
      setTimeout(() => req.end('00b'), 20)
    })
    expect(split).toBe(400)
    // Raw NUL and other control characters, encoded or not, are refused the same way; tab and line ends are text.
    for (const body of [Buffer.from('name=a\u0000b'), 'name=a%01b', 'name=a%1Bb', 'name=a%7Fb', 'name=a\u0007b']) {
      reset()
      expect((await send('POST', '/help', { headers, body })).status, String(body)).toBe(400)
      expect(seen.error ?? (seen.reached ? 'reached' : null)).not.toBe('reached')
    }
    reset()
    expect((await send('POST', '/help', { headers, body: 'message=line%0D%0Atwo%09tab' })).status).toBe(200)
    reset()
    expect((await send('POST', '/help', { headers, body: 'name=100%25' })).status).toBe(200)
    expect(seen.bytes).toBe('name=100%25'.length)
  })
})

describe('body type', () => {
  const type = (t: string) => ({ 'Content-Type': t })

  it('refuses JSON, plain text and unknown bodies on page and /api forms with 415 before the route', async () => {
    for (const t of ['application/json', 'text/plain', 'application/xml', 'garbage']) {
      reset()
      const answer = await send('POST', '/api/cart', { headers: type(t), body: '{"intent":"add"}' })
      expect(answer.status, t).toBe(415)
      expect(seen.reached).toBe(false)
    }
    reset()
    expect((await send('PUT', '/help', { headers: type('application/json'), body: '{}' })).status).toBe(415)
  })

  it('refuses multipart where no page takes files, and takes it on the product editor, settings, inventory and a return', async () => {
    const multipart = type('multipart/form-data; boundary=zz')
    const body = '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\u0000\r\n--zz--\r\n'
    for (const path of ['/help', '/api/cart', '/customer-dashboard/profile', '/vendor-dashboard/orders/3']) {
      reset()
      expect((await send('POST', path, { headers: multipart, body })).status, path).toBe(415)
      expect(seen.reached).toBe(false)
    }
    for (const path of [
      '/vendor-dashboard/products/new',
      '/vendor-dashboard/settings.data',
      '/vendor-dashboard/inventory',
      '/customer-dashboard/orders/ISK-100001/return/12',
    ]) {
      reset()
      expect((await send('POST', path, { headers: multipart, body })).status, path).toBe(200)
      expect(seen.reached).toBe(true)
    }
  })

  it('reads a body without a Content-Type as a URL-encoded form, NUL check included', async () => {
    reset()
    expect((await send('POST', '/sign-out')).status).toBe(200)
    expect(seen.type).toBe('application/x-www-form-urlencoded')
    reset()
    expect((await send('POST', '/help', { body: 'name=a%00b' })).status).toBe(400)
  })

  it("takes URL-encoded forms with parameters, and leaves the callbacks' own formats alone", async () => {
    reset()
    const form = type('application/x-www-form-urlencoded; charset=UTF-8')
    expect((await send('POST', '/help', { headers: form, body: 'a=b' })).status).toBe(200)
    expect(
      (await send('POST', '/api/payments/momo/callback/x', { headers: type('application/json'), body: '{}' })).status,
    ).toBe(200)
    expect((await send('POST', '/api/sms/delivery', { headers: type('text/plain'), body: 'x' })).status).toBe(200)
  })
})

describe('origin check', () => {
  const form = { body: 'intent=clear' }
  it('refuses a foreign Origin on /api/cart and /sign-out with 403', async () => {
    reset()
    const foreign = { ...form, headers: { Origin: 'https://evil.example' } }
    expect((await send('POST', '/api/cart', foreign)).status).toBe(403)
    expect((await send('POST', '/sign-out', foreign)).status).toBe(403)
    expect((await send('DELETE', '/api/favorites', foreign)).status).toBe(403)
    expect(seen.reached).toBe(false)
  })

  it('refuses Origin: null', async () => {
    expect((await send('POST', '/help', { ...form, headers: { Origin: 'null' } })).status).toBe(403)
  })

  it('refuses a missing Origin from a browser that says the request is cross-site', async () => {
    const headers = { 'Sec-Fetch-Site': 'cross-site' }
    expect((await send('POST', '/api/cart', { ...form, headers })).status).toBe(403)
  })

  it('refuses the request’s own host when it is not the public origin (outside development)', async () => {
    expect((await send('POST', '/api/cart', { ...form, headers: { Origin: base } })).status).toBe(403)
  })

  it('accepts the public origin, a same-origin browser without Origin, and a client that is no browser', async () => {
    const ok = async (headers: Record<string, string>) => (await send('POST', '/api/cart', { ...form, headers })).status
    expect(await ok({ Origin: 'https://isoko.example' })).toBe(200)
    expect(await ok({ 'Sec-Fetch-Site': 'same-origin' })).toBe(200)
    expect(await ok({})).toBe(200)
  })

  it('leaves payment callbacks and SMS reports to their own signatures', async () => {
    const headers = { Origin: 'https://provider.example' }
    expect((await send('POST', '/api/payments/card/webhook', { ...form, headers })).status).toBe(200)
    expect((await send('POST', '/api/sms/delivery', { ...form, headers })).status).toBe(200)
  })

  it('does not check reading requests', async () => {
    expect((await send('GET', '/products', { headers: { Origin: 'https://evil.example' } })).status).toBe(200)
  })
})

describe('development origin', () => {
  it('accepts the request’s own host in development, and still refuses a foreign one', async () => {
    const app = express()
    installRequestGuards(app, {
      publicOrigin: 'http://localhost:3000',
      development: true,
      uploadMaxBytes: MB,
    })
    app.post('/api/cart', (_req, res) => {
      res.send('ok')
    })
    const dev = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => dev.once('listening', resolve))
    const origin = `http://127.0.0.1:${(dev.address() as AddressInfo).port}`
    try {
      const post = (o: string) =>
        fetch(`${origin}/api/cart`, { method: 'POST', headers: { Origin: o }, body: new URLSearchParams('a=1') })
      expect((await post(origin)).status).toBe(200)
      expect((await post('http://localhost:3000')).status).toBe(200)
      expect((await post('http://127.0.0.1:9')).status).toBe(403)
    } finally {
      await new Promise((resolve) => dev.close(resolve))
    }
  })
})

describe('methods and addresses', () => {
  it('answers TRACE (and any method the site does not serve) with 405; TRACK never reaches the app', async () => {
    reset()
    expect((await send('TRACE', '/')).status).toBe(405)
    expect((await send('PROPFIND', '/')).status).toBe(405)
    // Node's HTTP parser does not know TRACK and answers 400 itself; CONNECT goes to the server's 'connect' event.
    expect((await send('TRACK', '/')).status).toBe(400)
    expect(seen.reached).toBe(false)
  })

  it('refuses NUL and control characters in the path or query with 400, never reaching the route', async () => {
    reset()
    for (const target of [
      '/products?q=a%00b',
      '/products/%00',
      '/products?q=%0d%0aSet-Cookie:x',
      '/a%7f',
      '/%E0%A4%A',
    ]) {
      expect((await send('GET', target)).status, target).toBe(400)
    }
    // Dot segments, sent as written (a URL string would be resolved before it left): the router would resolve them
    // into another route than the one the guards read, wearing the callbacks' exemption.
    for (const path of ['/api/payments/../cart', '/api/payments/%2e%2e/cart', '/api/sms/./x']) {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(base)
        const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end('{}')
      })
      expect(status, path).toBe(400)
    }
    expect(seen.reached).toBe(false)
    expect((await send('GET', '/products?q=robe%20rouge&min=500')).status).toBe(200)
  })
})

describe('cookies', () => {
  it('ignores and clears a malformed cookie instead of failing, keeping the well-formed ones', async () => {
    reset()
    const answer = await send('GET', '/', {
      headers: { Cookie: 'isoko_flash=%E0%A4%A; isoko_locale=fr; isoko_guest="bad value"; junk' },
    })
    expect(answer.status).toBe(200)
    expect(seen.cookie).toBe('isoko_locale=fr')
    const cleared = answer.headers['set-cookie'] ?? []
    expect(cleared).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^isoko_flash=;.*Max-Age=0/),
        expect.stringMatching(/^isoko_guest=;/),
      ]),
    )
    expect(cleared.some((c) => c.startsWith('isoko_locale'))).toBe(false)
  })

  it('clears a malformed __Secure- session cookie with Secure, as browsers require', async () => {
    const answer = await send('GET', '/', { headers: { Cookie: '__Secure-better-auth.session_token=%zz' } })
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^__Secure-better-auth\.session_token=;.*; Secure$/)
  })
})

describe('logging', () => {
  it('never writes cookies, Set-Cookie, Authorization, query-string tokens or SQL parameters', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = pino(loggerOptions.base, stream)
    const app = express()
    app.use(pinoHttp({ logger, ...loggerOptions.http }))
    app.get('/reset-password', (req, res) => {
      const error = Object.assign(new Error('Failed query: select 1 where email = $1\nparams: victim@example.com'), {
        params: ['victim@example.com'],
      })
      req.log.error({ err: error }, 'query failed')
      res.setHeader('Set-Cookie', 'better-auth.session_token=SETCOOKIESECRET; HttpOnly')
      res.send('ok')
    })
    const logged = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => logged.once('listening', resolve))
    const port = (logged.address() as AddressInfo).port
    try {
      await fetch(`http://127.0.0.1:${port}/reset-password?token=RESETSECRET&key=KEYSECRET&lang=fr`, {
        headers: {
          Cookie: 'better-auth.session_token=COOKIESECRET',
          Authorization: 'Bearer AUTHSECRET',
          // The page a form was posted from: its URL carries the token too.
          Referer: `http://127.0.0.1:${port}/reset-password?token=REFERERSECRET`,
        },
      })
      // The request's own line (with the response's headers) is written when the response finishes, which the
      // client may see first: wait for it.
      await expect.poll(() => lines.some((line) => line.includes('request completed'))).toBe(true)
    } finally {
      await new Promise((resolve) => logged.close(resolve))
    }
    const log = lines.join('')
    expect(log).toContain('/reset-password?token=[redacted]&key=[redacted]&lang=fr')
    for (const secret of [
      'COOKIESECRET',
      'SETCOOKIESECRET',
      'AUTHSECRET',
      'RESETSECRET',
      'KEYSECRET',
      'REFERERSECRET',
      'victim@',
    ]) {
      expect(log).not.toContain(secret)
    }
  })
})
