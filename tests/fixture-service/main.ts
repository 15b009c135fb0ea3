// The browser journeys' server (scripts/e2e-server.mjs starts this with tsx): the built Isoko server as
// `npm start` runs it, and in the same process a fixture service on a loopback port of its own, through which
// each journey makes its own customers, stores, products and orders with the test factories, gets signed-in
// cookies, and removes what it made. It shares the server's database connection (an embedded database opens in
// one process only). Never part of the build, never on the public listener, refused in production.
import '../../server/react-production.js'
import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Database } from '#app/lib/db.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'
import {
  cleanUp,
  makeFixtureCustomer,
  makeFixtureOrder,
  makeFixtureVendor,
  newScope,
  type Scope,
  sessionCookies,
} from './data.ts'
import type { CustomerOptions, OrderOptions, VendorOptions } from './protocol.ts'

if (process.env.NODE_ENV === 'production') {
  console.error('The fixture service is for the browser journeys only: refused with NODE_ENV=production.')
  process.exit(1)
}
const port = Number(process.env.FIXTURES_PORT)
if (!Number.isInteger(port) || port <= 0) {
  console.error('FIXTURES_PORT: the fixture service needs a port (the journeys use E2E_PORT + 2).')
  process.exit(1)
}

const entry = new URL('../../build/server/index.js', import.meta.url)
if (!existsSync(entry)) {
  console.error('No build found: run `npm run build` first.')
  process.exit(1)
}
type ServerBuild = { startServer(): Promise<{ stop(): Promise<void>; db: Database }>; errorForLog(e: unknown): string }
const build = (await import(entry.href)) as ServerBuild
let server: Awaited<ReturnType<ServerBuild['startServer']>>
try {
  server = await build.startServer()
} catch (error) {
  console.error(error instanceof Error && error.name === 'StartupRefused' ? error.message : build.errorForLog(error))
  process.exit(1)
}

const env = getEnv()
const accounts: AccountsContext = {
  db: server.db,
  // The server's own secret (the same configuration read the same way), so that its cookies are the server's.
  auth: createAuth({
    db: server.db,
    secret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    attemptsPerMinute: 1_000_000,
    sendPasswordReset: async () => {},
  }),
}

const scopes = new Map<string, Scope>()
function scopeOf(name: unknown): Scope {
  if (typeof name !== 'string' || name.length === 0) throw new Error('Every request names its scope (a test)')
  let scope = scopes.get(name)
  if (!scope) {
    scope = newScope()
    scopes.set(name, scope)
  }
  return scope
}

// The options come from tests/e2e/fixtures.ts, typed there by protocol.ts.
type Handler = (input: { scope: unknown; options: unknown }) => Promise<unknown>
const routes: Record<string, Handler> = {
  '/customer': ({ scope, options }) => makeFixtureCustomer(accounts, scopeOf(scope), options as CustomerOptions),
  '/vendor': ({ scope, options }) => makeFixtureVendor(accounts, scopeOf(scope), options as VendorOptions),
  '/order': ({ options }) => makeFixtureOrder(accounts, options as OrderOptions),
  '/sign-in': ({ options }) => sessionCookies(accounts, (options as { email: string }).email),
  '/clean-up': async ({ scope }) => {
    const found = scopes.get(String(scope))
    scopes.delete(String(scope))
    if (found) await cleanUp(accounts, found)
    return { ok: true }
  },
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const service = createServer(async (req, res) => {
  const route = req.method === 'POST' ? routes[req.url ?? ''] : undefined
  if (!route) return send(res, 404, { error: `No fixture at ${req.method} ${req.url}` })
  try {
    send(res, 200, await route((await readJson(req)) as { scope: unknown; options: unknown }))
  } catch (error) {
    console.error('fixture failed:', error)
    send(res, 500, { error: error instanceof Error ? error.message : String(error) })
  }
})
await new Promise<void>((resolve, reject) => {
  service.once('error', reject)
  // Loopback only: nothing outside this machine reaches it.
  service.listen(port, '127.0.0.1', () => resolve())
})

let signals = 0
const shutdown = () => {
  if (signals++ > 0) process.exit(1)
  service.close()
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
