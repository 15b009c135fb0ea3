import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ProviderError, type StartPaymentInput } from '#app/modules/payments/provider.ts'
import { type SimulatorHarness, startSimulatorHarness } from '../simulator/harness.server.ts'
import { createCardProvider, verifHashVerifier } from './card.server.ts'

let h: SimulatorHarness
beforeAll(async () => {
  h = await startSimulatorHarness()
})
afterAll(() => h.close())

function input(amount = 12_000): StartPaymentInput {
  return {
    reference: randomUUID(),
    orderNumber: 'ISK-3003',
    amount,
    phone: '+250788123456',
    email: 'buyer@example.rw',
    name: 'Grace Ingabire',
    callbackUrl: `${h.base}/api/payments/card/webhook`,
    returnUrl: `${h.base}/checkout/return?order=ISK-3003`,
  }
}

/** What the buyer's browser does on the hosted page: opens it, then presses a button. Returns where it is sent. */
async function buyer(link: string, choice: 'pay' | 'decline') {
  const page = await fetch(link)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).not.toMatch(/<script|<link|src=/i)
  const action = html.match(new RegExp(`action="([^"]+/${choice})"`))?.[1]
  expect(action).toBeTruthy()
  const response = await fetch(new URL(action as string, link), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location') as string)
}

const webhooksFor = (reference: string) =>
  h.callbacks(
    '/api/payments/card/webhook',
    (c) => (c.body as { data?: { tx_ref?: string } }).data?.tx_ref === reference,
  )

describe('Flutterwave card client against the simulator', () => {
  test('pay on the hosted page: redirect back, one webhook with verif-hash, verified as succeeded', async () => {
    const card = h.providers.card
    const payment = input()
    const { redirectUrl } = await card.start(payment)
    expect(redirectUrl?.startsWith(`${h.simulatorUrl}/card/checkout/`)).toBe(true)
    // Before the buyer acts there is no transaction: still pending.
    expect(await card.status(payment.reference, undefined, 12_000)).toMatchObject({ state: 'pending' })

    const page = await (await fetch(redirectUrl as string)).text()
    expect(page).toContain('Pay RWF 12,000')
    expect(page).toContain('Decline')

    const back = await buyer(redirectUrl as string, 'pay')
    expect(back.pathname).toBe('/checkout/return')
    expect(back.searchParams.get('order')).toBe('ISK-3003')
    expect(back.searchParams.get('status')).toBe('successful')
    expect(back.searchParams.get('tx_ref')).toBe(payment.reference)
    const transactionId = back.searchParams.get('transaction_id') as string

    const webhooks = webhooksFor(payment.reference)
    expect(webhooks).toHaveLength(1)
    const verified = card.verifyCallback({ headers: webhooks[0].headers, body: webhooks[0].body })
    expect(verified).toMatchObject({ reference: payment.reference, providerTransactionId: transactionId })

    expect(await card.status(payment.reference, transactionId, 12_000)).toMatchObject({
      state: 'succeeded',
      providerTransactionId: transactionId,
      amount: 12_000,
    })
    expect(await card.status(payment.reference, undefined, 12_000)).toMatchObject({ state: 'succeeded' })
  })

  test('decline: redirect with status=cancelled, and the status is failed', async () => {
    const card = h.providers.card
    const payment = input()
    const { redirectUrl } = await card.start(payment)
    const back = await buyer(redirectUrl as string, 'decline')
    expect(back.searchParams.get('status')).toBe('cancelled')
    expect(
      await card.status(payment.reference, back.searchParams.get('transaction_id') ?? undefined, 12_000),
    ).toMatchObject({ state: 'failed' })
  })

  test('verify checks amount, currency and tx_ref', async () => {
    const card = h.providers.card
    const payment = input(5000)
    const { redirectUrl } = await card.start(payment)
    const transactionId = (await buyer(redirectUrl as string, 'pay')).searchParams.get('transaction_id') as string
    expect(await card.status(payment.reference, transactionId, 5001)).toMatchObject({
      state: 'failed',
      reason: 'AMOUNT_MISMATCH',
    })

    // Another payment's transaction id (an edited return URL) is not taken for ours.
    const other = input(5000)
    await card.start(other)
    expect(await card.status(other.reference, transactionId, 5000)).toMatchObject({ state: 'pending' })

    // A checkout in dollars, paid, is not an RWF payment.
    const created = await fetch(`${h.config.card.baseUrl}/v3/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.config.card.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tx_ref: randomUUID(),
        amount: 5000,
        currency: 'USD',
        redirect_url: `${h.base}/checkout/return`,
        customer: { email: 'buyer@example.rw' },
      }),
    })
    const link = ((await created.json()) as { data: { link: string } }).data.link
    const back = await buyer(link, 'pay')
    expect(
      await card.status(back.searchParams.get('tx_ref') as string, back.searchParams.get('transaction_id') ?? '', 5000),
    ).toMatchObject({ state: 'failed', reason: 'CURRENCY_MISMATCH' })
  })

  test('webhook verif-hash: good accepted, bad or missing refused; the verifier is pluggable', () => {
    const body = { event: 'charge.completed', data: { id: 42, tx_ref: 'ref-42', status: 'successful' } }
    const card = h.providers.card
    expect(card.verifyCallback({ headers: { 'verif-hash': h.config.card.webhookSecret }, body })).toMatchObject({
      reference: 'ref-42',
      providerTransactionId: '42',
    })
    expect(card.verifyCallback({ headers: { 'Verif-Hash': h.config.card.webhookSecret }, body })).not.toBeNull()
    expect(card.verifyCallback({ headers: { 'verif-hash': 'wrong' }, body })).toBeNull()
    expect(card.verifyCallback({ headers: {}, body })).toBeNull()
    expect(
      card.verifyCallback({
        headers: { 'verif-hash': h.config.card.webhookSecret },
        body: { ...body, event: 'transfer.completed' },
      }),
    ).toBeNull()

    const custom = createCardProvider({ ...h.config.card, verifyWebhook: (c) => c.headers['x-test'] === 'yes' })
    expect(custom.verifyCallback({ headers: { 'x-test': 'yes' }, body })).not.toBeNull()
    expect(custom.verifyCallback({ headers: { 'verif-hash': h.config.card.webhookSecret }, body })).toBeNull()
    expect(verifHashVerifier('')({ headers: { 'verif-hash': '' }, body })).toBe(false)
  })

  test('401 on a bad secret key', async () => {
    const bad = createCardProvider({ ...h.config.card, secretKey: 'FLWSECK-wrong' })
    const error = await bad.start(input()).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).status).toBe(401)
  })

  test('refund: partial then the rest, each completed and readable by its id; no more than was paid', async () => {
    const card = h.providers.card
    const payment = input(8000)
    const { redirectUrl } = await card.start(payment)
    const transactionId = (await buyer(redirectUrl as string, 'pay')).searchParams.get('transaction_id') as string

    const first = await card.refund({
      reference: payment.reference,
      providerTransactionId: transactionId,
      amount: 3000,
      refundReference: randomUUID(),
    })
    expect(first).toMatchObject({ state: 'succeeded', amount: 3000 })
    const refundReference = randomUUID()
    // Without the transaction id the client finds it by tx_ref.
    const second = await card.refund({ reference: payment.reference, amount: 5000, refundReference })
    expect(second).toMatchObject({ state: 'succeeded', amount: 5000 })
    expect(await card.refundStatus(refundReference, second.providerTransactionId)).toMatchObject({
      state: 'succeeded',
      amount: 5000,
    })
    await expect(
      card.refund({ reference: payment.reference, providerTransactionId: transactionId, amount: 1, refundReference }),
    ).rejects.toBeInstanceOf(ProviderError)
  })
})
