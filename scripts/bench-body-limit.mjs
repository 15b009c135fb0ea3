#!/usr/bin/env node
// `npm run bench:body-limit`: what one oversized request costs the server. Starts the built server (`npm run build`
// first) on an empty embedded database, then sends a chunked POST of SIZE_MB (default 1024) to /api/cart and a
// declared one of the same size, and reports each answer, how many bytes were sent before the server closed the
// request, the time, and the server's resident memory before and at its peak (Linux /proc).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

const sizeMb = Number(process.env.SIZE_MB ?? 1024)
const port = Number(process.env.PORT ?? 3390)
const dataDir = mkdtempSync(path.join(tmpdir(), 'isoko-bench-body-'))
const server = spawn(process.execPath, ['server/start.js'], {
  env: {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    PORT: String(port),
    SIMULATOR_PORT: String(port + 1),
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
})

const memory = (field) => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024)
}

async function ready() {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the server did not start')
}

/** Sends `sizeMb` of form data, chunked or with Content-Length; resolves with the status and the bytes written. */
function send(chunked) {
  return new Promise((resolve) => {
    const started = performance.now()
    const total = sizeMb * 1024 * 1024
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://127.0.0.1:${port}` }
    if (!chunked) headers['Content-Length'] = String(total)
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/cart', headers })
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let written = 0
    let status = 0
    let done = false
    const finish = () => {
      if (done) return
      done = true
      resolve({ status, writtenMb: +(written / 1024 / 1024).toFixed(2), ms: Math.round(performance.now() - started) })
    }
    req.on('response', (res) => {
      status = res.statusCode ?? 0
      res.resume()
      res.on('end', finish)
    })
    req.on('error', finish)
    const pump = () => {
      while (!done && written < total) {
        written += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!done) req.end()
    }
    pump()
  })
}

try {
  await ready()
  const before = memory('VmRSS:')
  const chunked = await send(true)
  const declared = await send(false)
  console.log(`body limit: a ${sizeMb} MB POST to /api/cart`)
  const answer = (r) => (r.status ? `status ${r.status}` : 'connection closed by the server')
  console.log(`  chunked:  ${answer(chunked)}, ${chunked.writtenMb} MB sent before it, ${chunked.ms} ms`)
  console.log(`  declared: ${answer(declared)}, ${declared.writtenMb} MB sent before it, ${declared.ms} ms`)
  console.log(`  server memory: ${before} MB resident before, ${memory('VmHWM:')} MB at its peak`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.on('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
