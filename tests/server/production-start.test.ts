import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type SinkMessage, startSmtpSink } from '../../scripts/smtp-sink.mjs'
import { freePort, type RunningServer, runUntilExit, startServer, tempDataDir } from './harness.ts'

// A production start on an empty embedded database, configured as docs/deploy.md says (the payment simulator
// allowed, as on a staging site): it never seeds, keeps the simulators off its public listener, sets Secure
// cookies, and builds every e-mailed link from PUBLIC_URL whatever Host a request claims.

const PUBLIC_URL = 'https://isoko.test'
const STAFF = { email: 'staff@isoko.test', password: 'Umurimo-w-Isoko-2026' }
const data = tempDataDir()
const mail: SinkMessage[] = []
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let server: RunningServer
let env: Record<string, string>

beforeAll(async () => {
  sink = await startSmtpSink((m) => mail.push(m))
  env = {
    NODE_ENV: 'production',
    DATA_DIR: data.dir,
    PUBLIC_URL,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYMENTS_MODE: 'simulator',
    ALLOW_PAYMENT_SIMULATOR: '1',
    SIMULATOR_PORT: String(await freePort()),
    SMTP_URL: sink.url,
    AT_USERNAME: 'isoko',
    AT_API_KEY: 'at-api-key-for-the-test',
    AT_CALLBACK_SECRET: 'a-delivery-report-secret',
    LOG_LEVEL: 'info',
  }
  // The first staff account, made as docs/deploy.md says: the built command, before the server holds the database.
  const created = spawnSync(
    process.execPath,
    ['server/create-admin.js', '--email', STAFF.email, '--name', 'First Staff', '--password', STAFF.password],
    { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
  )
  expect(created.status, created.stderr).toBe(0)
  server = await startServer(env)
})

afterAll(async () => {
  await server?.stop()
  await sink?.close()
  data.remove()
})

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

describe('a production start', () => {
  test('never seeds the demo: no store, no product, no demo account', async () => {
    expect((await fetch(`${server.url}/vendor/1`)).status).toBe(404)
    const vendors = await (await fetch(`${server.url}/vendors`)).text()
    expect(vendors).not.toContain('Kigali Fashion House')
    const signIn = await fetch(`${server.url}/customer-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ email: 'admin@isoko.rw', password: 'Isoko-Demo-2026' }),
    })
    expect(signIn.status).not.toBe(302)
  })

  test('logs the simulator banner, and serves no simulator on its public listener', async () => {
    expect(server.output()).toContain('PAYMENTS_MODE=simulator')
    expect(server.output()).toContain('STAGING')
    for (const path of ['/__simulator/momo', '/__simulator/card/pay/x', '/momo', '/card']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404)
    }
    const posted = await fetch(`${server.url}/__simulator/card/pay/x`, {
      method: 'POST',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ outcome: 'approve' }),
    })
    // No route of the app takes that post: the catch-all page answers it has no action.
    expect([404, 405]).toContain(posted.status)
  })

  test('has no development mailbox, even for staff', async () => {
    const signedIn = await fetch(`${server.url}/customer-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ email: STAFF.email, password: STAFF.password }),
    })
    expect(signedIn.status).toBe(302)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect((await fetch(`${server.url}/admin`, { headers: { Cookie: cookie } })).status).toBe(200)
    const mailbox = await fetch(`${server.url}/admin/mailbox`, { headers: { Cookie: cookie } })
    expect(mailbox.status).toBe(404)
  })

  test('sets the session cookie Secure, HttpOnly and SameSite', async () => {
    const email = `secure-${randomBytes(4).toString('hex')}@example.rw`
    const signedUp = await fetch(`${server.url}/customer-signup`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({
        firstName: 'Aline',
        lastName: 'Secure',
        email,
        password: 'Kigali-Market-2026',
        confirmPassword: 'Kigali-Market-2026',
      }),
    })
    expect(signedUp.status).toBe(302)
    const cookies = signedUp.headers.getSetCookie()
    const session = cookies.find((c) => c.includes('session_token'))
    expect(session).toBeDefined()
    expect(session).toMatch(/;\s*Secure/i)
    expect(session).toMatch(/;\s*HttpOnly/i)
    expect(session).toMatch(/;\s*SameSite=Lax/i)
  })

  test('e-mails a reset link on PUBLIC_URL, whatever host the request names', async () => {
    const email = `reset-${randomBytes(4).toString('hex')}@example.rw`
    await fetch(`${server.url}/customer-signup`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({
        firstName: 'Grace',
        lastName: 'Reset',
        email,
        password: 'Kigali-Market-2026',
        confirmPassword: 'Kigali-Market-2026',
      }),
    })
    const asked = await fetch(`${server.url}/forgot-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Origin: PUBLIC_URL,
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'http',
      },
      body: form({ email }),
    })
    expect(asked.status).toBeLessThan(400)
    await expect.poll(() => mail.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(1)
    const text = mail.find((m) => m.to.includes(email))?.text ?? ''
    expect(text).toMatch(/https:\/\/isoko\.test\/reset-password\?token=/)
    expect(text).not.toContain('evil.example')
  })

  test('refuses a form posted from another origin', async () => {
    const posted = await fetch(`${server.url}/customer-signup`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ firstName: 'E', lastName: 'Vil', email: 'e@example.rw', password: 'x', confirmPassword: 'x' }),
    })
    expect(posted.status).toBe(403)
  })

  test('the log holds no cookie, token or password', async () => {
    const log = server.output()
    expect(log).not.toMatch(/session_token=/)
    expect(log).not.toMatch(/token=[A-Za-z0-9]{10,}/)
    expect(log).not.toContain('Kigali-Market-2026')
  })
})

test('a production start refuses a database whose accounts still have the demo password', async () => {
  const demo = tempDataDir()
  try {
    // The demo, seeded as `npm start` does on a developer's machine (no NODE_ENV), with few products.
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'db/seed/index.ts', '--products', '12', '--no-pictures'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: demo.dir },
        encoding: 'utf8',
      },
    )
    expect(seeded.status, seeded.stderr).toBe(0)
    const { code, output } = await runUntilExit({ ...env, DATA_DIR: demo.dir, PORT: String(await freePort()) })
    expect(code).toBe(1)
    expect(output).toContain('demo password')
    expect(output).toContain('admin@isoko.rw')
  } finally {
    demo.remove()
  }
})
