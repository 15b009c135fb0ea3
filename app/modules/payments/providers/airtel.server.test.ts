import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ProviderError, type StartPaymentInput } from '#app/modules/payments/provider.ts'
import { pollUntil, type SimulatorHarness, startSimulatorHarness } from '../simulator/harness.server.ts'
import { createManualClock } from '../simulator/shared.server.ts'
import { airtelCallbackHash, airtelMsisdn, createAirtelProvider } from './airtel.server.ts'

// The simulator's delays are on a clock the tests move (`clock.advance`): nothing is approved, expired or called
// back until a test says time has passed, however busy the machine.
const APPROVAL_MS = 200
const EXPIRY_MS = 1500
const clock = createManualClock()
let h: SimulatorHarness
beforeAll(async () => {
  h = await startSimulatorHarness(
    { SIMULATOR_APPROVAL_MS: String(APPROVAL_MS), SIMULATOR_EXPIRY_MS: String(EXPIRY_MS) },
    { clock },
  )
})
afterAll(() => h.close())

function input(phone: string): StartPaymentInput {
  return {
    reference: randomUUID(),
    orderNumber: 'ISK-2002',
    amount: 2500,
    phone,
    email: 'buyer@example.rw',
    name: 'Eric Mugisha',
    callbackUrl: `${h.base}/api/payments/airtel/callback`,
    returnUrl: `${h.base}/checkout/return`,
  }
}

const callbacksFor = (reference: string) =>
  h.callbacks(
    '/api/payments/airtel/callback',
    (c) => (c.body as { transaction?: { id?: string } }).transaction?.id === reference,
  )
/** Past the approval and the expiry: what the provider says once everything scheduled has happened. */
async function settle<T>(read: () => Promise<T>): Promise<T> {
  await clock.advance(EXPIRY_MS)
  return read()
}

async function errorOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}

describe('Airtel Money client against the simulator', () => {
  test('an approved payment: accepted "in process" (not paid), then TS, with one signed callback', async () => {
    const airtel = h.providers.airtel
    const payment = input('+250731234567')
    const started = await airtel.start(payment)
    expect(started.raw).toMatchObject({ status: { response_code: 'DP00800001006', success: true } })
    expect(await airtel.status(payment.reference)).toMatchObject({ state: 'pending', reason: 'TIP' })

    const status = await settle(() => airtel.status(payment.reference))
    expect(status.state).toBe('succeeded')
    expect(status.providerTransactionId).toMatch(/^MP\d+$/)

    const callbacks = await pollUntil(
      () => callbacksFor(payment.reference),
      (c) => c.length > 0,
    )
    expect(callbacks).toHaveLength(1)
    const verified = airtel.verifyCallback({ headers: callbacks[0].headers, body: callbacks[0].body })
    expect(verified).toMatchObject({
      reference: payment.reference,
      providerTransactionId: status.providerTransactionId,
    })
  })

  test('declined (…001) and not enough funds (…002): TF, with the response code as the reason', async () => {
    const airtel = h.providers.airtel
    const declined = input('+250730000001')
    const poor = input('+250720000002')
    await airtel.start(declined)
    await airtel.start(poor)
    expect(await settle(() => airtel.status(declined.reference))).toMatchObject({
      state: 'failed',
      reason: 'DP00800001008',
    })
    expect(await settle(() => airtel.status(poor.reference))).toMatchObject({
      state: 'failed',
      reason: 'DP00800001007',
    })
    const callbacks = await pollUntil(
      () => callbacksFor(poor.reference),
      (c) => c.length > 0,
    )
    expect(callbacks[0].body).toMatchObject({ transaction: { status_code: 'TF' } })
  })

  test('expires (…003): pending past the approval delay, then TF expired, with a callback', async () => {
    const airtel = h.providers.airtel
    const payment = input('+250730000003')
    await airtel.start(payment)
    await clock.advance(APPROVAL_MS * 2)
    expect((await airtel.status(payment.reference)).state).toBe('pending')
    expect(await settle(() => airtel.status(payment.reference))).toMatchObject({
      state: 'failed',
      reason: 'DP00800001029',
    })
    expect(
      await pollUntil(
        () => callbacksFor(payment.reference),
        (c) => c.length > 0,
      ),
    ).toHaveLength(1)
  })

  test('never answers (…004) stays pending with no callback; lost callback (…005) succeeds silently', async () => {
    const airtel = h.providers.airtel
    const silent = input('+250730000004')
    const lost = input('+250730000005')
    await airtel.start(silent)
    await airtel.start(lost)
    await clock.advance(EXPIRY_MS * 2)
    expect((await airtel.status(silent.reference)).state).toBe('pending')
    expect((await airtel.status(lost.reference)).state).toBe('succeeded')
    expect(callbacksFor(silent.reference)).toHaveLength(0)
    expect(callbacksFor(lost.reference)).toHaveLength(0)
  })

  test('callback before the status is final (…006), and a duplicate callback (…007)', async () => {
    const airtel = h.providers.airtel
    const early = input('+250730000006')
    await airtel.start(early)
    await clock.advance(APPROVAL_MS / 2)
    const first = await pollUntil(
      () => callbacksFor(early.reference),
      (c) => c.length > 0,
    )
    // The callback says TS while the enquiry still says in progress: the body is never trusted.
    expect(first[0].body).toMatchObject({ transaction: { status_code: 'TS' } })
    expect((await airtel.status(early.reference)).state).toBe('pending')
    await clock.advance(APPROVAL_MS / 2)
    expect(
      await pollUntil(
        () => callbacksFor(early.reference),
        (c) => c.length >= 2,
      ),
    ).toHaveLength(2)

    const twice = input('+250730000007')
    await airtel.start(twice)
    await clock.advance(APPROVAL_MS)
    const callbacks = await pollUntil(
      () => callbacksFor(twice.reference),
      (c) => c.length >= 2,
    )
    expect(callbacks).toHaveLength(2)
    expect(callbacks.every((c) => airtel.verifyCallback({ headers: c.headers, body: c.body }) !== null)).toBe(true)
  })

  test('a reused transaction id is refused with ESB000041', async () => {
    const payment = input('+250731234567')
    await h.providers.airtel.start(payment)
    const error = await errorOf(h.providers.airtel.start(payment))
    expect(error.body).toMatchObject({ status: { result_code: 'ESB000041', success: false } })
  })

  test('401 on bad client credentials', async () => {
    const bad = createAirtelProvider({ ...h.config.airtel, clientSecret: 'wrong' })
    expect((await errorOf(bad.start(input('+250731234567')))).status).toBe(401)
  })

  test('callback hash: good accepted, bad and missing refused; without a secret no hash is needed', () => {
    const secret = h.config.airtel.callbackSecret as string
    const transaction = { id: 'ref-1', message: 'ok', status_code: 'TS', airtel_money_id: 'MP1' }
    const withSecret = createAirtelProvider({ ...h.config.airtel, callbackSecret: secret })
    const good = { transaction, hash: airtelCallbackHash(secret, transaction) }
    expect(withSecret.verifyCallback({ headers: {}, body: good })).toMatchObject({
      reference: 'ref-1',
      providerTransactionId: 'MP1',
    })
    expect(
      withSecret.verifyCallback({ headers: {}, body: { transaction, hash: airtelCallbackHash('other', transaction) } }),
    ).toBeNull()
    expect(
      withSecret.verifyCallback({
        headers: {},
        body: { transaction: { ...transaction, id: 'ref-2' }, hash: good.hash },
      }),
    ).toBeNull()
    expect(withSecret.verifyCallback({ headers: {}, body: { transaction } })).toBeNull()

    const withoutSecret = createAirtelProvider({ ...h.config.airtel, callbackSecret: undefined })
    expect(withoutSecret.verifyCallback({ headers: {}, body: { transaction } })).toMatchObject({ reference: 'ref-1' })
    expect(withoutSecret.verifyCallback({ headers: {}, body: { hash: 'x' } })).toBeNull()
  })

  test('refund: succeeded at once for a paid transaction, failed for a failed one; no refund enquiry', async () => {
    const airtel = h.providers.airtel
    const paid = input('+250730000005')
    await airtel.start(paid)
    const status = await settle(() => airtel.status(paid.reference))
    const refund = await airtel.refund({
      reference: paid.reference,
      providerTransactionId: status.providerTransactionId,
      amount: 2500,
      refundReference: randomUUID(),
    })
    expect(refund).toMatchObject({ state: 'succeeded', providerTransactionId: status.providerTransactionId })
    // Without the airtel_money_id the client looks it up by our reference.
    expect(
      await airtel.refund({ reference: paid.reference, amount: 2500, refundReference: randomUUID() }),
    ).toMatchObject({
      state: 'succeeded',
    })

    const declined = input('+250730000001')
    await airtel.start(declined)
    await settle(() => airtel.status(declined.reference))
    expect(
      await airtel.refund({ reference: declined.reference, amount: 2500, refundReference: randomUUID() }),
    ).toMatchObject({ state: 'failed' })
    await expect(airtel.refundStatus(randomUUID())).rejects.toBeInstanceOf(ProviderError)
  })

  test('msisdn without the country code: the last 9 digits', () => {
    expect(airtelMsisdn('+250731234567')).toBe('731234567')
    expect(() => airtelMsisdn('+254712345678')).toThrow()
  })
})
