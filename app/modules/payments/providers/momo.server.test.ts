import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ProviderError, type StartPaymentInput } from '#app/modules/payments/provider.ts'
import { pollUntil, type SimulatorHarness, startSimulatorHarness } from '../simulator/harness.server.ts'
import { createManualClock } from '../simulator/shared.server.ts'
import { createMomoProvider, momoMessage, parseMomoReason } from './momo.server.ts'

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

function input(phone: string, overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  const reference = overrides.reference ?? randomUUID()
  return {
    reference,
    orderNumber: 'ISK-1001',
    amount: 1500,
    phone,
    email: 'buyer@example.rw',
    name: 'Aline Uwase',
    callbackUrl: `${h.base}/api/payments/momo/callback/${reference}`,
    returnUrl: `${h.base}/checkout/return`,
    ...overrides,
  }
}

const callbacksFor = (reference: string) => h.callbacks(`/api/payments/momo/callback/${reference}`)
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

async function collectionToken(): Promise<string> {
  const { subscriptionKey, apiUser, apiKey } = h.config.momo.collection
  const response = await fetch(`${h.config.momo.baseUrl}/collection/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key': subscriptionKey,
    },
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

describe('MTN MoMo client against the simulator', () => {
  test('an approved payment: pending, then succeeded, with one callback that does not carry the reference', async () => {
    const momo = h.providers.momo
    const payment = input('+250788123456')
    await momo.start(payment)
    expect((await momo.status(payment.reference)).state).toBe('pending')

    const status = await settle(() => momo.status(payment.reference))
    expect(status).toMatchObject({ state: 'succeeded', amount: 1500 })
    expect(status.providerTransactionId).toMatch(/^\d+$/)
    // MoMo reports the amount as a string.
    expect((status.raw as { amount: unknown }).amount).toBe('1500')
    expect(status.raw).toMatchObject({ currency: 'RWF', externalId: 'ISK-1001', payer: { partyId: '250788123456' } })

    const callbacks = await pollUntil(
      () => callbacksFor(payment.reference),
      (c) => c.length > 0,
    )
    expect(callbacks).toHaveLength(1)
    expect(callbacks[0].method).toBe('PUT')
    expect(callbacks[0].body).toMatchObject({ status: 'SUCCESSFUL', amount: '1500' })
    expect(JSON.stringify(callbacks[0].body)).not.toContain(payment.reference)
  })

  test('verifyCallback accepts only a UUID reference from the URL path', () => {
    const reference = randomUUID()
    expect(h.providers.momo.verifyCallback({ reference, headers: {}, body: {} })).toMatchObject({ reference })
    expect(h.providers.momo.verifyCallback({ reference: 'ISK-1001', headers: {}, body: {} })).toBeNull()
    expect(h.providers.momo.verifyCallback({ headers: {}, body: { status: 'SUCCESSFUL' } })).toBeNull()
  })

  test('declined (…001): FAILED with the reason as a string', async () => {
    const payment = input('+250788000001')
    await h.providers.momo.start(payment)
    const status = await settle(() => h.providers.momo.status(payment.reference))
    expect(status).toMatchObject({ state: 'failed', reason: 'APPROVAL_REJECTED' })
    expect((status.raw as { reason: unknown }).reason).toBe('APPROVAL_REJECTED')
  })

  test('not enough funds (…002): FAILED with the reason as an object', async () => {
    const payment = input('+250798000002')
    await h.providers.momo.start(payment)
    const status = await settle(() => h.providers.momo.status(payment.reference))
    expect(status).toMatchObject({ state: 'failed', reason: 'NOT_ENOUGH_FUNDS' })
    expect((status.raw as { reason: unknown }).reason).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' })
  })

  test('expires (…003): pending past the approval delay, failed after the expiry, with a callback', async () => {
    const payment = input('+250788000003')
    await h.providers.momo.start(payment)
    await clock.advance(APPROVAL_MS * 2)
    expect((await h.providers.momo.status(payment.reference)).state).toBe('pending')
    expect(callbacksFor(payment.reference)).toHaveLength(0)
    const status = await settle(() => h.providers.momo.status(payment.reference))
    expect(status).toMatchObject({ state: 'failed', reason: 'COULD_NOT_PERFORM_TRANSACTION' })
    const callbacks = await pollUntil(
      () => callbacksFor(payment.reference),
      (c) => c.length > 0,
    )
    expect(callbacks[0].body).toMatchObject({ status: 'FAILED', reason: 'COULD_NOT_PERFORM_TRANSACTION' })
  })

  test('never answers (…004): pending, no callback', async () => {
    const payment = input('+250788000004')
    await h.providers.momo.start(payment)
    await clock.advance(EXPIRY_MS * 2)
    expect((await h.providers.momo.status(payment.reference)).state).toBe('pending')
    expect(callbacksFor(payment.reference)).toHaveLength(0)
  })

  test('callback lost (…005): the status says succeeded, no callback arrives', async () => {
    const payment = input('+250788000005')
    await h.providers.momo.start(payment)
    const status = await settle(() => h.providers.momo.status(payment.reference))
    expect(status.state).toBe('succeeded')
    await clock.advance(EXPIRY_MS)
    expect(callbacksFor(payment.reference)).toHaveLength(0)
  })

  test('callback before the status is final (…006): a PENDING callback, then the SUCCESSFUL one', async () => {
    const payment = input('+250788000006')
    await h.providers.momo.start(payment)
    await clock.advance(APPROVAL_MS / 2)
    expect((await h.providers.momo.status(payment.reference)).state).toBe('pending')
    await clock.advance(APPROVAL_MS / 2)
    const callbacks = await pollUntil(
      () => callbacksFor(payment.reference),
      (c) => c.length >= 2,
    )
    expect(callbacks.map((c) => (c.body as { status: string }).status)).toEqual(['PENDING', 'SUCCESSFUL'])
  })

  test('duplicate callback (…007): two callbacks (PUT then POST) for one payment', async () => {
    const payment = input('+250788000007')
    await h.providers.momo.start(payment)
    await clock.advance(APPROVAL_MS)
    const callbacks = await pollUntil(
      () => callbacksFor(payment.reference),
      (c) => c.length >= 2,
    )
    expect(callbacks.map((c) => c.method)).toEqual(['PUT', 'POST'])
    expect(callbacks.every((c) => (c.body as { status: string }).status === 'SUCCESSFUL')).toBe(true)
    await clock.advance(EXPIRY_MS)
    expect(callbacksFor(payment.reference)).toHaveLength(2)
  })

  test('a paid amount below the expected one is failed (AMOUNT_MISMATCH)', async () => {
    const payment = input('+250788000005')
    await h.providers.momo.start(payment)
    await settle(() => h.providers.momo.status(payment.reference))
    expect(await h.providers.momo.status(payment.reference, undefined, 1500)).toMatchObject({ state: 'succeeded' })
    expect(await h.providers.momo.status(payment.reference, undefined, 1501)).toMatchObject({
      state: 'failed',
      reason: 'AMOUNT_MISMATCH',
    })
  })

  test('400 for an X-Reference-Id that is not a UUIDv4, 202 with an empty body for a good one', async () => {
    const token = await collectionToken()
    const send = (reference: string) =>
      fetch(`${h.config.momo.baseUrl}/collection/v1_0/requesttopay`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Reference-Id': reference,
          'X-Target-Environment': h.config.momo.targetEnvironment,
          'Ocp-Apim-Subscription-Key': h.config.momo.collection.subscriptionKey,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          amount: '100',
          currency: 'RWF',
          externalId: 'ISK-1',
          payer: { partyIdType: 'MSISDN', partyId: '250788123456' },
          payerMessage: 'Isoko',
          payeeNote: 'Isoko',
        }),
      })
    const bad = await send('6ba7b810-9dad-11d1-80b4-00c04fd430c8') // a UUID, but version 1
    expect(bad.status).toBe(400)
    const good = await send(randomUUID())
    expect(good.status).toBe(202)
    expect(await good.text()).toBe('')
  })

  test('409 RESOURCE_ALREADY_EXIST for a reused reference, 404 RESOURCE_NOT_FOUND for an unknown one', async () => {
    const payment = input('+250788123456')
    await h.providers.momo.start(payment)
    const reused = await errorOf(h.providers.momo.start(payment))
    expect(reused.status).toBe(409)
    expect(reused.body).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' })
    const unknown = await errorOf(h.providers.momo.status(randomUUID()))
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'RESOURCE_NOT_FOUND' })
  })

  test('401 on a bad subscription key or API key', async () => {
    const badKey = createMomoProvider({
      ...h.config.momo,
      collection: { ...h.config.momo.collection, subscriptionKey: 'wrong' },
    })
    expect((await errorOf(badKey.start(input('+250788123456')))).status).toBe(401)
    const badApiKey = createMomoProvider({ ...h.config.momo, collection: { ...h.config.momo.collection, apiKey: 'x' } })
    expect((await errorOf(badApiKey.status(randomUUID()))).status).toBe(401)
  })

  test('the token call is refused (400) when it has a body, and the client caches its token', async () => {
    const { subscriptionKey, apiUser, apiKey } = h.config.momo.collection
    const withBody = await fetch(`${h.config.momo.baseUrl}/collection/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': subscriptionKey,
        'Content-Type': 'application/json',
      },
      body: '{}',
    })
    expect(withBody.status).toBe(400)

    const tokenCalls: string[] = []
    const counting: typeof fetch = (url, init) => {
      if (String(url).endsWith('/token/')) tokenCalls.push(String(url))
      return fetch(url, init)
    }
    const momo = createMomoProvider({ ...h.config.momo, fetch: counting })
    const payment = input('+250788123456')
    await momo.start(payment)
    await momo.status(payment.reference)
    await momo.status(payment.reference)
    expect(tokenCalls).toHaveLength(1)
  })

  test('refund through Disbursement: pending, then succeeded; a failed payment cannot be refunded', async () => {
    const momo = h.providers.momo
    const paid = input('+250788000005')
    await momo.start(paid)
    await settle(() => momo.status(paid.reference))
    const refundReference = randomUUID()
    const started = await momo.refund({ reference: paid.reference, amount: 1500, refundReference })
    expect(started.state).toBe('pending')
    const refunded = await settle(() => momo.refundStatus(refundReference))
    expect(refunded).toMatchObject({ state: 'succeeded', amount: 1500 })
    expect(refunded.providerTransactionId).toBeTruthy()
    // Refunding more than is left fails.
    const again = randomUUID()
    await momo.refund({ reference: paid.reference, amount: 1, refundReference: again })
    expect(await settle(() => momo.refundStatus(again))).toMatchObject({
      state: 'failed',
      reason: 'NOT_ALLOWED',
    })

    const declined = input('+250788000001')
    await momo.start(declined)
    await settle(() => momo.status(declined.reference))
    const refusedReference = randomUUID()
    await momo.refund({ reference: declined.reference, amount: 1500, refundReference: refusedReference })
    expect(await settle(() => momo.refundStatus(refusedReference))).toMatchObject({
      state: 'failed',
      reason: 'NOT_ALLOWED',
    })
    expect((await errorOf(momo.refund({ reference: paid.reference, amount: 1, refundReference }))).status).toBe(409)
  })

  test('helpers: reason in both shapes, messages without apostrophes and at most 160 characters', () => {
    expect(parseMomoReason('APPROVAL_REJECTED')).toBe('APPROVAL_REJECTED')
    expect(parseMomoReason({ code: 'NOT_ENOUGH_FUNDS', message: 'x' })).toBe('NOT_ENOUGH_FUNDS')
    expect(parseMomoReason(undefined)).toBeUndefined()
    expect(momoMessage("Isoko's order")).toBe('Isokos order')
    expect(momoMessage('x'.repeat(200))).toHaveLength(160)
  })
})
