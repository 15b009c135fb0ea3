#!/usr/bin/env node
// Starts the production server for the browser journeys on a fresh database: a new PostgreSQL database
// when TEST_DATABASE_URL is set (dropped when the server stops), otherwise PGlite in DATA_DIR.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import pg from 'pg'

const env = { ...process.env }
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
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await a.connect()
    await a.query(`drop database if exists ${name} with (force)`)
    await a.end()
  }
}
// node itself with tsx as its loader (not npx, which runs it behind a shell): a stop signal reaches the server.
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit', env })
const stop = (signal) => child.kill(signal)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
child.on('exit', async (code) => {
  await dropDatabase().catch(() => {})
  process.exit(code ?? 0)
})
