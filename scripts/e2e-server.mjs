#!/usr/bin/env node
// Starts Isoko for the browser journeys as `npm start` does (the built server, seeded with the demo when empty),
// on a fresh database: a new PostgreSQL database when TEST_DATABASE_URL is set (dropped when the server stops),
// otherwise PGlite in DATA_DIR. E-mail goes out through real SMTP to a local sink started here, which appends
// each message to DATA_DIR/sent-mail.jsonl for the journeys to read (tests/e2e/mail.ts).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startSmtpSink } from './smtp-sink.mjs'

const env = { ...process.env }
// No scheduled payout run in the middle of a journey: journeys pay stores on request (the schedule has its tests).
env.PAYOUT_SCHEDULE ??= 'manual'
const dataDir = path.resolve(env.DATA_DIR ?? './data/e2e')
mkdirSync(dataDir, { recursive: true })
// The encoded pictures are kept between runs: DATA_DIR/cache (the server's encode cache, named by content and
// encoder version) links to one lasting folder, so a fresh DATA_DIR seeds in seconds instead of re-encoding the
// demo's 220 pictures (20-35 s on two cores) before the first journey can start.
const lastingCache = path.resolve(env.E2E_IMAGE_CACHE ?? path.join(tmpdir(), 'isoko-e2e-image-cache'))
mkdirSync(lastingCache, { recursive: true })
if (!existsSync(path.join(dataDir, 'cache'))) symlinkSync(lastingCache, path.join(dataDir, 'cache'), 'dir')

const sink = await startSmtpSink((message) =>
  appendFileSync(path.join(dataDir, 'sent-mail.jsonl'), `${JSON.stringify(message)}\n`),
)
env.SMTP_URL = sink.url

let dropDatabase = async () => {}
if (process.env.TEST_DATABASE_URL) {
  const name = `isoko_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
  // A database server means several processes may share it: the secret is never generated per process.
  env.SESSION_SECRET ??= randomBytes(32).toString('hex')
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await a.connect()
    await a.query(`drop database if exists ${name} with (force)`)
    await a.end()
  }
}

// The demo, as `npm start` seeds it; then the built server, and beside it in the same process (it shares the
// server's database connection) the fixture service through which each journey makes and removes its own data,
// on the loopback port FIXTURES_PORT. It is a test file run through tsx: the build has no part of it.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'db/seed/index.ts', '--demo-if-empty'], {
  stdio: 'inherit',
  env,
})
if (seeded.status !== 0) {
  await dropDatabase().catch(() => {})
  process.exit(seeded.status ?? 1)
}
const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixture-service/main.ts'], { stdio: 'inherit', env })
const stop = (signal) => child.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
child.on('exit', async (code) => {
  await sink.close()
  await dropDatabase().catch(() => {})
  process.exit(code ?? 0)
})
