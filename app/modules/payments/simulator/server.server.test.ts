import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces } from 'node:os'
import { Router } from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  parsePaymentsConfig,
  SIMULATOR_CREDENTIALS,
  startPaymentSimulatorServer,
} from '#app/modules/payments/config.server.ts'
import { ProviderError, type StartPaymentInput } from '#app/modules/payments/provider.ts'
import { type SimulatorHarness, startSimulatorHarness } from './harness.server.ts'
import { createManualClock, type ManualClock } from './shared.server.ts'

// The simulators' own listener: loopback only, callbacks only to the app's callback routes, bounded memory.
// The harness runs them as the app does (startPaymentSimulatorServer), with 200 ms approvals and 1500 ms expiry;
// where a test waits for what the simulator would do later, it runs on a manual clock and moves it past that.

/** Past the harness's approval and expiry delays: everything a simulator had scheduled has happened. */
const PAST_EVERYTHING_MS = 1500

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** A server standing for an address the simulator must never call: it records whatever reaches it. */
async function startTrap() {
  const hits: { method?: string; url?: string }[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    hits.push({ method: req.method, url: req.url })
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    hits,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function momoInput(h: SimulatorHarness, phone: string, callbackUrl?: string): StartPaymentInput {
  const reference = randomUUID()
  return {
    reference,
    orderNumber: 'ISK-1001',
    amount: 1500,
    phone,
    email: 'buyer@example.rw',
    name: 'Aline Uwase',
    callbackUrl: callbackUrl ?? `${h.base}/api/payments/momo/callback/${reference}`,
    returnUrl: `${h.base}/checkout/return`,
  }
}

async function errorOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

async function momoToken(h: SimulatorHarness, product: 'collection' | 'disbursement'): Promise<string> {
  const { subscriptionKey, apiUser, apiKey } = h.config.momo[product]
  const response = await fetch(`${h.config.momo.baseUrl}/${product}/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key': subscriptionKey,
    },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

describe('the simulators’ listener', () => {
  test('listens on 127.0.0.1 only: another loopback address or a network interface is refused', async () => {
    const config = parsePaymentsConfig({ PORT: '3000', SIMULATOR_PORT: '0' })
    const server = await startPaymentSimulatorServer({ config, port: 0 })
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      expect(server.browserOrigin).toBe(server.url)
      expect(await connects('127.0.0.1', server.port)).toBe(true)
      // On Linux every 127.x address reaches the loopback device: a listener on 0.0.0.0 would accept 127.0.0.2.
      const others = ['127.0.0.2']
      for (const addresses of Object.values(networkInterfaces())) {
        for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) others.push(a.address)
      }
      for (const host of others) expect(await connects(host, server.port), host).toBe(false)
    } finally {
      await server.close()
    }
  })

  test('serves MoMo, Airtel and card at /momo, /airtel, /card, and extra simulators beside them', async () => {
    const config = parsePaymentsConfig({ PORT: '3000', SIMULATOR_PORT: '0' })
    const sms = Router().get('/ping', (_req, res) => {
      res.send('pong')
    })
    const server = await startPaymentSimulatorServer({ config, port: 0, extraRouters: { '/africastalking': sms } })
    try {
      expect(await (await fetch(`${server.url}/africastalking/ping`)).text()).toBe('pong')
      const airtel = await fetch(`${server.url}/airtel/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: SIMULATOR_CREDENTIALS.airtelClientId,
          client_secret: SIMULATOR_CREDENTIALS.airtelClientSecret,
        }),
      })
      expect(airtel.status).toBe(200)
      const card = await fetch(`${server.url}/card/v3/transactions/1/verify`)
      expect(card.status).toBe(401)
      expect((await fetch(`${server.url}/__simulator/card/v3/transactions/1/verify`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  test('refuses to start outside simulator mode', async () => {
    const config = { ...parsePaymentsConfig({ PORT: '3000' }), mode: 'production' as const }
    await expect(startPaymentSimulatorServer({ config, port: 0 })).rejects.toThrow(/PAYMENTS_MODE=simulator/)
  })

  test('a body over 16 KB is refused with 413', async () => {
    const config = parsePaymentsConfig({ PORT: '3000', SIMULATOR_PORT: '0' })
    const server = await startPaymentSimulatorServer({ config, port: 0 })
    try {
      const response = await fetch(`${server.url}/airtel/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'x'.repeat(17 * 1024) }),
      })
      expect(response.status).toBe(413)
    } finally {
      await server.close()
    }
  })
})

describe('MoMo callbacks go only to the callback base', () => {
  let h: SimulatorHarness
  let trap: Awaited<ReturnType<typeof startTrap>>
  let clock: ManualClock
  beforeAll(async () => {
    clock = createManualClock()
    h = await startSimulatorHarness({}, { clock })
    trap = await startTrap()
  })
  afterAll(async () => {
    await h?.close()
    await trap?.close()
  })

  test('a request to pay whose X-Callback-Url is outside the base is refused (400) and nothing is ever called', async () => {
    const outside = [
      'http://169.254.169.254/latest/meta-data/',
      'http://evil.example/api/payments/momo/callback/x',
      // The same host as the app, another port: the trap.
      `${trap.url}/api/payments/momo/callback/x`,
      // The app's origin, but not its callback routes, or tricks around a string prefix.
      `${h.base}/admin`,
      `${h.base}/api/payments/../../admin`,
      `${h.base}@${trap.url.slice('http://'.length)}/api/payments/momo/callback/x`,
      `${h.base}.evil.example/api/payments/momo/callback/x`,
    ]
    const refused: string[] = []
    for (const url of outside) {
      const payment = momoInput(h, '+250788123456', url)
      const error = await errorOf(h.providers.momo.start(payment))
      expect(error.status, url).toBe(400)
      expect(error.body, url).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' })
      // Refused before anything was stored: the reference is unknown.
      expect((await errorOf(h.providers.momo.status(payment.reference))).status).toBe(404)
      refused.push(payment.reference)
    }
    expect(refused).toHaveLength(outside.length)
    // Nothing was scheduled; and once past the approval and expiry delays, nothing was called.
    expect(clock.pending).toBe(0)
    await clock.advance(PAST_EVERYTHING_MS)
    expect(trap.hits).toEqual([])
    expect(h.received).toEqual([])
  })

  test('a callback URL under the base is called', async () => {
    const payment = momoInput(h, '+250788123456')
    await h.providers.momo.start(payment)
    // The clock waits for each callback's answer: by then the recorder has it.
    await clock.advance(PAST_EVERYTHING_MS)
    const callbacks = h.callbacks(`/api/payments/momo/callback/${payment.reference}`)
    expect(callbacks).toHaveLength(1)
    expect(callbacks[0]).toMatchObject({ method: 'PUT', body: { status: 'SUCCESSFUL' } })
  })

  test('a refund whose X-Callback-Url is outside the base is refused (400) and nothing is called', async () => {
    const payment = momoInput(h, '+250788000005') // approved, no callback
    await h.providers.momo.start(payment)
    await clock.advance(PAST_EVERYTHING_MS)
    expect((await h.providers.momo.status(payment.reference)).state).toBe('succeeded')
    const token = await momoToken(h, 'disbursement')
    const refund = (callbackUrl: string) =>
      fetch(`${h.config.momo.baseUrl}/disbursement/v2_0/refund`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Reference-Id': randomUUID(),
          'X-Callback-Url': callbackUrl,
          'X-Target-Environment': h.config.momo.targetEnvironment,
          'Ocp-Apim-Subscription-Key': h.config.momo.disbursement.subscriptionKey,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          amount: '100',
          currency: 'RWF',
          externalId: 'ISK-1',
          payerMessage: 'Isoko',
          payeeNote: 'Isoko',
          referenceIdToRefund: payment.reference,
        }),
      })
    const bad = await refund(`${trap.url}/api/payments/momo/refund`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' })
    const good = await refund(`${h.base}/api/payments/momo/refund/1`)
    expect(good.status).toBe(202)
    await clock.advance(PAST_EVERYTHING_MS)
    expect(h.callbacks('/api/payments/momo/refund/1')).toHaveLength(1)
    expect(trap.hits).toEqual([])
  })
})

describe('bounded state', () => {
  let h: SimulatorHarness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  test('MoMo keeps at most N payments, dropping the oldest settled one first, then the oldest', async () => {
    const clock = createManualClock()
    h = await startSimulatorHarness({}, { maxRecords: 3, clock })
    const momo = h.providers.momo
    const known = async (p: StartPaymentInput) =>
      momo.status(p.reference).then(
        () => true,
        (e: unknown) => (e instanceof ProviderError && e.status === 404 ? false : Promise.reject(e)),
      )
    const a = momoInput(h, '+250788000004') // never answers: pending for ever
    const b = momoInput(h, '+250788000004')
    const c = momoInput(h, '+250788000005') // approved, settles after 200 ms
    for (const p of [a, b, c]) await momo.start(p)
    await clock.advance(PAST_EVERYTHING_MS)
    expect((await momo.status(c.reference)).state).toBe('succeeded')
    const d = momoInput(h, '+250788000004')
    await momo.start(d)
    // Full (3): the settled one goes, though it is the newest of the three.
    expect(await known(c)).toBe(false)
    expect(await Promise.all([a, b, d].map(known))).toEqual([true, true, true])
    const e = momoInput(h, '+250788000004')
    await momo.start(e)
    // None settled: the oldest goes.
    expect(await known(a)).toBe(false)
    expect(await Promise.all([b, d, e].map(known))).toEqual([true, true, true])
  })

  test('a dropped MoMo payment’s timers are cancelled: its callback never goes out', async () => {
    const clock = createManualClock()
    h = await startSimulatorHarness({}, { maxRecords: 1, clock })
    const first = momoInput(h, '+250788123456') // approved after 200 ms, with a callback
    await h.providers.momo.start(first)
    expect(clock.pending).toBe(1)
    await h.providers.momo.start(momoInput(h, '+250788000004')) // never answers: schedules nothing
    expect(clock.pending).toBe(0)
    await clock.advance(PAST_EVERYTHING_MS)
    expect(h.callbacks(`/api/payments/momo/callback/${first.reference}`)).toEqual([])
  })

  test('Airtel keeps at most N transactions', async () => {
    h = await startSimulatorHarness({}, { maxRecords: 2 })
    const harness = h
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    for (const reference of ids) {
      await harness.providers.airtel.start({ ...momoInput(harness, '+250730000004'), reference })
    }
    const token = await fetch(`${harness.config.airtel.baseUrl}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: harness.config.airtel.clientId,
        client_secret: harness.config.airtel.clientSecret,
      }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token)
    const enquiry = async (id: string) => {
      const response = await fetch(`${harness.config.airtel.baseUrl}/standard/v1/payments/${id}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Country': 'RW', 'X-Currency': 'RWF' },
      })
      return ((await response.json()) as { status: { result_code: string } }).status.result_code
    }
    expect(await Promise.all(ids.map(enquiry))).toEqual(['ESB000045', 'ESB000010', 'ESB000010'])
  })

  test('the card simulator keeps at most N checkouts: the oldest hosted page is gone', async () => {
    h = await startSimulatorHarness({}, { maxRecords: 2 })
    const links: string[] = []
    for (let i = 0; i < 3; i++) {
      const started = await h.providers.card.start({ ...momoInput(h, '+250788123456'), reference: randomUUID() })
      links.push(started.redirectUrl ?? '')
    }
    expect(await Promise.all(links.map(async (link) => (await fetch(link)).status))).toEqual([404, 200, 200])
  })
})
