#!/usr/bin/env node
// Server rendering with React's production build against its development build: the built server twice on one
// PostgreSQL database (seeded with the demo), once as `npm start` runs it (server/start.js, which loads React's
// production build) and once importing the build directly with NODE_ENV unset (React's development build). The
// same pages are asked of both in turn, one request at a time, so that both meet the same machine load.
//
//   DATABASE_URL=postgres://…/isoko_bench SESSION_SECRET=… node scripts/bench-render.mjs [--rounds N]
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 10
if (!process.env.DATABASE_URL || !process.env.SESSION_SECRET) {
  console.error('Set DATABASE_URL (a PostgreSQL database seeded with the demo: npm run db:seed) and SESSION_SECRET.')
  process.exit(1)
}
const PAGES = ['/', '/products', '/products?category=women', '/vendors', '/vendor/1', '/help']

function start(port, args) {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'isoko-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

async function ready(port) {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the server on ${port} did not start`)
}

async function time(port, page) {
  const t = performance.now()
  const response = await fetch(`http://127.0.0.1:${port}${page}`, { headers: { 'accept-encoding': 'identity' } })
  await response.text()
  return performance.now() - t
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const servers = {
  production: { port: 3700, child: start(3700, ['server/start.js']) },
  development: {
    port: 3710,
    child: start(3710, [
      '--input-type=module',
      '-e',
      "const m = await import('./build/server/index.js'); await m.startServer()",
    ]),
  },
}
try {
  await Promise.all(Object.values(servers).map((s) => ready(s.port)))
  for (const s of Object.values(servers)) for (const p of PAGES) await time(s.port, p)
  const samples = { production: {}, development: {} }
  for (let r = 0; r < rounds; r++)
    for (const p of PAGES)
      for (const name of r % 2 ? ['production', 'development'] : ['development', 'production']) {
        samples[name][p] ??= []
        samples[name][p].push(await time(servers[name].port, p))
      }
  console.log(`| Page | React production build | React development build | ratio |`)
  console.log(`| --- | ---: | ---: | ---: |`)
  for (const p of PAGES) {
    const prod = median(samples.production[p])
    const dev = median(samples.development[p])
    console.log(`| ${p} | ${prod.toFixed(0)} ms | ${dev.toFixed(0)} ms | ${(dev / prod).toFixed(1)}× |`)
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill('SIGTERM')
}
