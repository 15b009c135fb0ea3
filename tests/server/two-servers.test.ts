import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SinkMessage, startSmtpSink } from '../../scripts/smtp-sink.mjs'
import { freePort, type RunningServer, startServer, tempDataDir } from './harness.ts'

// Two production servers on one PostgreSQL, started at the same moment, as behind a load balancer: the
// migrations run once, sessions and carts made on one are valid on the other, and the outbox workers of both
// send each e-mail exactly once. Needs TEST_DATABASE_URL (CI sets it); PGlite is one process by design.

const adminUrl = process.env.TEST_DATABASE_URL
const PUBLIC_URL = 'https://isoko.test'
const name = `isoko_two_${randomUUID().replaceAll('-', '').slice(0, 12)}`
const mail: SinkMessage[] = []
const dirs = [tempDataDir(), tempDataDir()]
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let servers: RunningServer[] = []
let databaseUrl = ''

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const post = (url: string, fields: Record<string, string>, cookie = '') =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: form(fields),
  })
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

describe.runIf(adminUrl)('two servers on one PostgreSQL', () => {
  beforeAll(async () => {
    await query(adminUrl as string, `create database ${name}`)
    const url = new URL(adminUrl as string)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    sink = await startSmtpSink((m) => mail.push(m))
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_MODE: 'simulator',
      ALLOW_PAYMENT_SIMULATOR: '1',
      SMTP_URL: sink.url,
      AT_USERNAME: 'isoko',
      AT_API_KEY: 'at-api-key-for-the-test',
      AT_CALLBACK_SECRET: 'a-delivery-report-secret',
    }
    // Both at once, on an empty database: their migrations race for the advisory lock.
    servers = await Promise.all(
      dirs.map(async (d) =>
        startServer({ ...shared, DATA_DIR: d.dir, SIMULATOR_PORT: String(await freePort()) }, 90_000),
      ),
    )
    // A catalogue to buy from: production never seeds by itself, so the seed is forced, as an operator could.
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'db/seed/index.ts', '--force', '--products', '6', '--no-pictures'],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: 'x'.repeat(40),
          PUBLIC_URL,
          DATA_DIR: (dirs[0] as { dir: string }).dir,
        },
        encoding: 'utf8',
      },
    )
    if (seeded.status !== 0) throw new Error(`the forced seed failed:\n${seeded.stdout}${seeded.stderr}`)
  })

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await sink?.close()
    for (const d of dirs) d.remove()
    if (adminUrl) await query(adminUrl, `drop database if exists ${name} with (force)`)
  })

  test('the migrations ran once', async () => {
    const files = readdirSync('db/migrations').filter((f) => f.endsWith('.sql'))
    const rows = await query<{ n: string }>(databaseUrl, 'select count(*) as n from drizzle.__drizzle_migrations')
    expect(Number(rows[0]?.n)).toBe(files.length)
  })

  test('a session made on one server is valid on the other', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    const email = `two-${randomBytes(4).toString('hex')}@example.rw`
    const signedUp = await post(`${a.url}/customer-signup`, {
      firstName: 'Aline',
      lastName: 'Twice',
      email,
      password: 'Kigali-Market-2026',
      confirmPassword: 'Kigali-Market-2026',
    })
    expect(signedUp.status).toBe(302)
    const dashboard = await fetch(`${b.url}/customer-dashboard`, {
      redirect: 'manual',
      headers: { Cookie: cookiesOf(signedUp) },
    })
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('Aline Twice')
  })

  test("a guest's cart filled on one server is the same cart on the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    const [variant] = await query<{ id: number; title: string }>(
      databaseUrl,
      `select v.id, p.title from product_variants v join products p on p.id = v.product_id
       where v.stock > 0 and p.status = 'active' order by v.id limit 1`,
    )
    expect(variant).toBeDefined()
    const added = await post(`${a.url}/api/cart`, { intent: 'add', variantId: String(variant?.id), quantity: '2' })
    expect(added.status).toBe(302)
    const cart = await fetch(`${b.url}/cart`, { headers: { Cookie: cookiesOf(added) } })
    expect(await cart.text()).toContain(variant?.title as string)
  })

  test('both outbox workers together send each e-mail once', async () => {
    const [a, b] = servers as [RunningServer, RunningServer]
    const emails = Array.from({ length: 6 }, (_, i) => `once-${i}-${randomBytes(3).toString('hex')}@example.rw`)
    for (const [i, email] of emails.entries()) {
      const server = i % 2 === 0 ? a : b
      await post(`${server.url}/customer-signup`, {
        firstName: 'Once',
        lastName: `Only ${i}`,
        email,
        password: 'Kigali-Market-2026',
        confirmPassword: 'Kigali-Market-2026',
      })
      await post(`${server.url}/forgot-password`, { email })
    }
    const resets = (email: string) => mail.filter((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text))
    await expect.poll(() => emails.every((e) => resets(e).length > 0), { timeout: 20_000 }).toBe(true)
    // A worker sends only a message it claimed, and each claim counts an attempt. Once every message to these
    // addresses is sent and no longer claimed, one claimed once went out once, and no worker can send it again:
    // nothing is left to wait for.
    const list = emails.map((e) => `'${e}'`).join(', ')
    const rows = () =>
      query<{ status: string; claimed: boolean; attempts: number }>(
        databaseUrl,
        `select status, claim_token is not null as claimed, attempts from outbox_messages where recipient in (${list})`,
      )
    await expect
      .poll(async () => (await rows()).every((r) => r.status === 'sent' && !r.claimed), { timeout: 20_000 })
      .toBe(true)
    const settled = await rows()
    expect(settled.length).toBeGreaterThanOrEqual(emails.length)
    expect(settled.filter((r) => r.attempts !== 1)).toEqual([])
    for (const email of emails) expect(resets(email).length).toBe(1)
  })
})
