#!/usr/bin/env node
// Server rendering against serving the same bytes from a file: how many requests a second the built server answers
// for /, /products, a product page and /vendor/1, with the anonymous page cache off and on, next to a bare Node
// http server that sends the very bytes the app sent (brotli, as a browser asks) from memory, in the same run.
// The load is a loop of CONNECTIONS keep-alive connections, each sending its next request as soon as the answer
// is read (the server, the static server and this loop share the machine alike).
//
//   npm run bench:ssr                        builds, seeds the demo into data/bench (PGlite), measures
//   DATABASE_URL=postgres://…/isoko_bench npm run bench:ssr      the same on PostgreSQL (seeded: npm run db:seed)
//   options: --seconds 5 (per measurement), --connections 16, --no-build (use the current build)
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const SECONDS = option('seconds', 5)
const CONNECTIONS = option('connections', 16)
const PORT = Number(process.env.BENCH_PORT ?? 3690)
const STATIC_PORT = PORT + 5
const CACHE_SECONDS = 30

const env = { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', PAYOUT_SCHEDULE: 'manual' }
env.SIMULATOR_PORT = String(PORT + 1)
if (env.DATABASE_URL) env.SESSION_SECRET ??= randomBytes(32).toString('hex')
else {
  env.DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? 'data/bench')
  mkdirSync(env.DATA_DIR, { recursive: true })
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!process.argv.includes('--no-build') || !existsSync('build/server/index.js')) run('npm', ['run', 'build'])
// The demo, as `npm start` seeds it (nothing happens when the database has it already).
run(process.execPath, ['--import', 'tsx', 'db/seed/index.ts', '--demo-if-empty'])

async function startServer(cacheSeconds) {
  const child = spawn(process.execPath, ['server/start.js'], {
    env: { ...env, PAGE_CACHE_SECONDS: String(cacheSeconds) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return child
    if (child.exitCode !== null) throw new Error('the server stopped before it was ready')
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill()
  throw new Error('the server did not start')
}

async function stopServer(child) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Requests per second for `path` on `port`: CONNECTIONS loops for SECONDS, after a one-second warm-up. */
async function measure(port, pathname) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html' }
  let counting = false
  let done = 0
  let failed = 0
  let stop = false
  const one = () =>
    new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: pathname, agent, headers }, (res) => {
        res.on('data', () => {})
        res.on('end', () => {
          if (counting) {
            if (res.statusCode === 200) done++
            else failed++
          }
          resolve()
        })
      })
      req.on('error', () => {
        if (counting) failed++
        resolve()
      })
    })
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (!stop) await one()
  })
  await new Promise((r) => setTimeout(r, 1000))
  counting = true
  const started = performance.now()
  await new Promise((r) => setTimeout(r, SECONDS * 1000))
  counting = false
  const elapsed = (performance.now() - started) / 1000
  stop = true
  await Promise.all(loops)
  agent.destroy()
  if (failed > 0) console.warn(`  ${pathname} on ${port}: ${failed} failed requests`)
  return done / elapsed
}

/** What the app sends for each page (brotli, as a browser asks), served from memory by a bare Node server. */
async function startStaticServer(pages) {
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url)
    if (!page) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': page.encoding,
      'content-length': page.body.length,
    })
    res.end(page.body)
  })
  await new Promise((resolve) => server.listen(STATIC_PORT, '127.0.0.1', resolve))
  return server
}

function fetchRaw(pathname) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: pathname, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? 'identity',
            body: Buffer.concat(chunks),
          }),
        )
      })
      .on('error', reject)
  })
}

const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
console.log(`\nbench:ssr on ${database}: ${CONNECTIONS} connections, ${SECONDS} s per measurement\n`)
const results = []
let server = await startServer(0)
let staticServer
try {
  const listing = (await (await fetch(`http://127.0.0.1:${PORT}/products`)).text()).match(/href="(\/products\/[^"?]+)"/)
  if (!listing) throw new Error('no product link on /products')
  const paths = ['/', '/products', listing[1], '/vendor/1']
  const pages = new Map()
  for (const p of paths) {
    const page = await fetchRaw(p)
    if (page.status !== 200) throw new Error(`${p} answered ${page.status}`)
    pages.set(p, page)
  }
  staticServer = await startStaticServer(pages)
  for (const p of paths) {
    const staticRate = await measure(STATIC_PORT, p)
    const uncached = await measure(PORT, p)
    results.push({ path: p, bytes: pages.get(p).body.length, staticRate, uncached })
  }
  await stopServer(server)
  server = await startServer(CACHE_SECONDS)
  for (const r of results) r.cached = await measure(PORT, r.path)
} finally {
  await stopServer(server)
  staticServer?.close()
}

const pad = (s, n) => String(s).padStart(n)
console.log(
  `${'page'.padEnd(44)}${pad('bytes', 8)}${pad('static/s', 10)}${pad('ssr/s', 9)}${pad('ratio', 8)}${pad('cached/s', 10)}${pad('ratio', 8)}`,
)
for (const r of results) {
  console.log(
    `${r.path.slice(0, 43).padEnd(44)}${pad(r.bytes, 8)}${pad(r.staticRate.toFixed(0), 10)}${pad(r.uncached.toFixed(1), 9)}` +
      `${pad((r.uncached / r.staticRate).toFixed(3), 8)}${pad(r.cached.toFixed(0), 10)}${pad((r.cached / r.staticRate).toFixed(3), 8)}`,
  )
}
const products = results.find((r) => r.path === '/products')
if (products) {
  const uncached = products.uncached / products.staticRate
  const cached = products.cached / products.staticRate
  console.log(
    `\n/products: ${uncached.toFixed(3)} of static uncached (target 0.05), ${cached.toFixed(3)} through the cache (target 0.25)`,
  )
}
