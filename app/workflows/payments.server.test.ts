import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findOrderDetail, type OrderDetail } from '#app/modules/orders/orders.server.ts'
import { vendorOrders } from '#app/modules/orders/tables.server.ts'
import {
  claimPaymentsToPoll,
  findPayment,
  listOrderPayments,
  listPaymentEvents,
  type PaymentRow,
  releasePaymentClaim,
} from '#app/modules/payments/payments.server.ts'
import type { PaymentProvider, ProviderState } from '#app/modules/payments/provider.ts'
import { airtelCallbackHash } from '#app/modules/payments/providers/airtel.server.ts'
import {
  pollUntil,
  type ReceivedCallback,
  type SimulatorHarness,
  startSimulatorHarness,
} from '#app/modules/payments/simulator/harness.server.ts'
import { createManualClock, type ManualClock } from '#app/modules/payments/simulator/shared.server.ts'
import { advanceVendorOrderStep } from '#app/workflows/fulfilment.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  fillCart,
  makeCustomer,
  makeProduct,
  makeVendor,
  messagesTo,
  placeCart,
  reviewCart,
  stockOf,
  type TestCustomer,
} from '#tests/shop.ts'
import { placeOrder } from './checkout.server.ts'
import {
  cancelOrderForCustomer,
  handleCardReturn,
  handlePaymentCallback,
  type PaymentsDeps,
  refreshPayment,
  startOrderPayment,
  startPaymentsWorker,
  sweepPayments,
} from './payments.server.ts'

// The payments workflow against the provider simulators on a real port (simulator/harness.server.ts): the same
// HTTP clients as production, test numbers that approve, decline, expire or never answer. Callbacks the simulators
// send land in the harness's recorder; a test hands them to handlePaymentCallback as the API route would.

const APPROVAL_MS = 150
const EXPIRY_MS = 800
const MTN_APPROVE = '+250788123456'
const AIRTEL_APPROVE = '+250731234567'
const mtn = (suffix: string) => `+250788000${suffix}`
const airtel = (suffix: string) => `+250730000${suffix}`

let t: TestDatabase
let h: SimulatorHarness
let deps: PaymentsDeps
let shop: { id: number; email: string }

beforeAll(async () => {
  t = await createTestDatabase()
  h = await startSimulatorHarness({
    SIMULATOR_APPROVAL_MS: String(APPROVAL_MS),
    SIMULATOR_EXPIRY_MS: String(EXPIRY_MS),
  })
  // The MoMo callback URL is built from the app's own configuration (loopback on PORT): point it at the harness,
  // whose recorder serves /api/payments/..., before the configuration is first read.
  process.env.PORT = new URL(h.base).port
  deps = { providers: h.providers }
  shop = await makeVendor(t.ctx, 'kigali-fashion')
})
afterAll(async () => {
  await h?.close()
  await t?.close()
})

/**
 * Runs `run` against simulators of its own whose delays are on a manual clock: the test moves time on with
 * `clock.advance(ms)` instead of sleeping, so what it checks never depends on how busy the machine is.
 */
async function withManualClock(run: (clock: ManualClock) => Promise<void>, options: { ownRecorder?: boolean } = {}) {
  const saved = { h, deps }
  const clock = createManualClock()
  h = await startSimulatorHarness(
    {
      SIMULATOR_APPROVAL_MS: String(APPROVAL_MS),
      SIMULATOR_EXPIRY_MS: String(EXPIRY_MS),
      // MoMo's callback URL comes from the app's configuration, read once: the file's recorder (PORT, above).
      // Airtel's comes from the simulators': with `ownRecorder`, this harness's own, where callbacksOf looks.
      ...(options.ownRecorder ? {} : { PORT: new URL(saved.h.base).port }),
    },
    { clock },
  )
  deps = { providers: h.providers }
  try {
    await run(clock)
  } finally {
    await h.close()
    h = saved.h
    deps = saved.deps
  }
}

type Placed = { c: TestCustomer; variantId: number; number: string; orderId: number; total: number }

/** A customer's order of 2 units (stock 5, so 3 left) waiting for an online payment; Kigali standard delivery 1,500. */
async function pendingOrder(method: 'momo' | 'airtel' | 'card' = 'momo'): Promise<Placed> {
  const c = await makeCustomer(t.ctx)
  const product = await makeProduct(t.ctx, shop.id, { price: 8_000, stocks: [5] })
  const variantId = product.variantIds[0]
  await fillCart(t.ctx, c.ownerKey, [{ variantId, quantity: 2 }])
  const order = await placeCart(t.ctx, c, method)
  expect(order.status).toBe('pending_payment')
  return { c, variantId, number: order.number, orderId: order.id, total: 16_000 + 1_500 }
}

function pay(o: Placed, method: 'momo' | 'airtel' | 'card' | 'cod', phone = MTN_APPROVE, customerId = o.c.id) {
  return startOrderPayment(
    t.ctx,
    {
      customerId,
      orderNumber: o.number,
      method,
      phone,
      email: o.c.email,
      name: 'Aline Uwase',
      returnUrl: `${h.base}/checkout/${o.number}/return`,
    },
    deps,
  )
}

async function startOk(o: Placed, method: 'momo' | 'airtel' | 'card', phone?: string) {
  const started = await pay(o, method, phone)
  if (!started.ok) throw new Error(`payment not started: ${started.code}`)
  return started
}

const order = async (o: Placed): Promise<OrderDetail> => {
  const detail = await findOrderDetail(t.ctx, o.orderId)
  if (!detail) throw new Error('order gone')
  return detail
}
const payments = (o: Placed) => listOrderPayments(t.ctx, o.orderId)
const eventKinds = async (p: PaymentRow) => (await listPaymentEvents(t.ctx, [p.id])).map((e) => e.kind)
const transitionsTo = async (o: Placed, status: string) =>
  (await order(o)).events.filter((e) => e.vendorOrderId === null && e.toStatus === status).length
const mailSubjects = async (o: Placed) =>
  (await messagesTo(t.ctx, o.c.email)).filter((m) => m.channel === 'email').map((m) => m.subject)

/** The callbacks the simulator sent about this attempt, once at least `n` arrived. */
async function callbacksOf(p: PaymentRow, n = 1, timeoutMs = 3000): Promise<ReceivedCallback[]> {
  const about = (c: ReceivedCallback) => {
    const body = c.body as { transaction?: { id?: string }; data?: { tx_ref?: string } } | undefined
    if (p.method === 'momo') return c.path === `/api/payments/momo/callback/${p.reference}`
    if (p.method === 'airtel')
      return c.path === '/api/payments/airtel/callback' && body?.transaction?.id === p.reference
    return c.path === '/api/payments/card/webhook' && body?.data?.tx_ref === p.reference
  }
  return pollUntil(
    () => h.received.filter(about),
    (list) => list.length >= n,
    timeoutMs,
  )
}

/** Hands a recorded callback to the workflow, as the API route does. */
function deliver(method: 'momo' | 'airtel' | 'card', c: ReceivedCallback) {
  const reference = method === 'momo' ? c.path.split('/').pop() : undefined
  return handlePaymentCallback(t.ctx, method, { reference, headers: c.headers, body: c.body }, deps)
}

describe('mobile money', () => {
  test('MoMo approved: the callback is checked with the status call, the order is paid and goes to the vendor', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', MTN_APPROVE)
    expect(started.payment).toMatchObject({ method: 'momo', status: 'pending', amount: o.total })
    expect((await order(o)).vendorOrders.every((vo) => vo.releasedAt === null)).toBe(true)

    const [callback] = await callbacksOf(started.payment)
    expect(await deliver('momo', callback)).toBe('accepted')

    const detail = await order(o)
    expect(detail.status).toBe('paid')
    expect(detail.vendorOrders.every((vo) => vo.releasedAt !== null)).toBe(true)
    const [p] = await payments(o)
    expect(p).toMatchObject({ status: 'succeeded', failureReason: null })
    expect(p.providerTransactionId).toMatch(/^\d+$/)
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    expect(await mailSubjects(o)).toEqual([`Your Isoko order ${o.number}`, `Payment received for order ${o.number}`])
    const vendorMail = (await messagesTo(t.ctx, shop.email)).filter((m) => m.subject.includes(o.number))
    expect(vendorMail).toHaveLength(1)
    // Every exchange with the provider is kept.
    expect(await eventKinds(p)).toEqual(['request', 'callback', 'status'])
  })

  test('MoMo declined: the attempt fails with the reason and the units go back; a retry with Airtel takes them again and pays', async () => {
    const o = await pendingOrder()
    const first = await startOk(o, 'momo', mtn('001'))
    const [callback] = await callbacksOf(first.payment)
    expect(await deliver('momo', callback)).toBe('accepted')

    const [failed] = await payments(o)
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'APPROVAL_REJECTED' })
    expect(await eventKinds(failed)).toEqual(['request', 'callback', 'status'])
    let detail = await order(o)
    expect(detail).toMatchObject({ status: 'pending_payment', stockReserved: false })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)

    const retry = await startOk(o, 'airtel', AIRTEL_APPROVE)
    expect(retry.payment.id).not.toBe(first.payment.id)
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    expect((await order(o)).stockReserved).toBe(true)
    const [airtelCallback] = await callbacksOf(retry.payment)
    expect(await deliver('airtel', airtelCallback)).toBe('accepted')

    detail = await order(o)
    expect(detail).toMatchObject({ status: 'paid', paymentMethod: 'airtel', stockReserved: true })
    expect((await payments(o)).map((p) => [p.method, p.status])).toEqual([
      ['momo', 'failed'],
      ['airtel', 'succeeded'],
    ])
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    expect((await mailSubjects(o)).filter((s) => s.startsWith('Payment received'))).toHaveLength(1)
  })

  test('not enough funds (MoMo reason given as an object) fails the attempt with its code', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', mtn('002'))
    await deliver('momo', (await callbacksOf(started.payment))[0])
    const [p] = await payments(o)
    expect(p).toMatchObject({ status: 'failed', failureReason: 'NOT_ENOUGH_FUNDS' })
    expect(await order(o)).toMatchObject({ status: 'pending_payment', stockReserved: false })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
  })

  test('nobody approves (…003): the provider gives up at its expiry, the attempt fails and the units go back', async () => {
    const o = await pendingOrder('airtel')
    const started = await startOk(o, 'airtel', airtel('003'))
    await refreshPayment(t.ctx, started.payment.id, deps)
    expect((await payments(o))[0].status).toBe('pending')
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    const [callback] = await callbacksOf(started.payment, 1, EXPIRY_MS * 10)
    expect(await deliver('airtel', callback)).toBe('accepted')
    const [p] = await payments(o)
    expect(p.status).toBe('failed')
    expect(p.failureReason).toBeTruthy()
    expect(await order(o)).toMatchObject({ status: 'pending_payment', stockReserved: false })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
  })

  test('no answer at all (…004): past its expiresAt the attempt is expired after one last check, units back', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', mtn('004'))
    const later = () => new Date(started.payment.expiresAt.getTime() + 1000)
    // Before the expiry, a check leaves it waiting.
    await refreshPayment(t.ctx, started.payment.id, deps)
    expect((await payments(o))[0].status).toBe('pending')
    await refreshPayment(t.ctx, started.payment.id, { ...deps, now: later })
    const [p] = await payments(o)
    expect(p).toMatchObject({ status: 'expired', failureReason: 'EXPIRED' })
    expect(await eventKinds(p)).toEqual(['request', 'status', 'status'])
    expect(await order(o)).toMatchObject({ status: 'pending_payment', stockReserved: false })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
  })

  test('the sweeper cancels an unpaid order when its time is up: vendor orders cancelled, stock back once, customer told', async () => {
    const o = await pendingOrder()
    await startOk(o, 'momo', mtn('004'))
    const due = (await order(o)).paymentDueAt
    if (!due) throw new Error('no paymentDueAt')
    // Not yet due: nothing happens to it.
    await sweepPayments(t.ctx, { ...deps, now: () => new Date(due.getTime() - 60_000) })
    expect((await order(o)).status).toBe('pending_payment')

    const result = await sweepPayments(t.ctx, { ...deps, now: () => new Date(due.getTime() + 1000), pollAfterMs: 0 })
    expect(result.cancelled).toBeGreaterThanOrEqual(1)
    const detail = await order(o)
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'payment_expired', stockReserved: false })
    expect(detail.vendorOrders.map((vo) => vo.status)).toEqual(['cancelled'])
    expect((await payments(o)).map((p) => p.status)).toEqual(['expired'])
    // The expiry released the units; the cancel must not release them a second time.
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
    expect(await mailSubjects(o)).toContain(`Order ${o.number} was cancelled`)
  })

  test('a duplicate callback is applied once: one transition to paid, one paid e-mail', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', mtn('007'))
    const callbacks = await callbacksOf(started.payment, 2)
    expect(callbacks).toHaveLength(2)
    for (const c of [...callbacks, callbacks[0]]) expect(await deliver('momo', c)).toBe('accepted')
    expect((await order(o)).status).toBe('paid')
    expect(await transitionsTo(o, 'paid')).toBe(1)
    expect((await mailSubjects(o)).filter((s) => s.startsWith('Payment received'))).toHaveLength(1)
    const [p] = await payments(o)
    expect((await eventKinds(p)).filter((k) => k === 'callback')).toHaveLength(3)
  })

  test('two callbacks handled at once still pay the order once', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', MTN_APPROVE)
    const [callback] = await callbacksOf(started.payment)
    await Promise.all([deliver('momo', callback), deliver('momo', callback), deliver('momo', callback)])
    expect(await transitionsTo(o, 'paid')).toBe(1)
    expect((await mailSubjects(o)).filter((s) => s.startsWith('Payment received'))).toHaveLength(1)
  })

  test('a callback that comes before the status is final (Airtel …006 says TS, the enquiry still TIP) changes nothing; a later check pays', async () => {
    await withManualClock(
      async (clock) => {
        const o = await pendingOrder('airtel')
        const started = await startOk(o, 'airtel', airtel('006'))
        // Half the approval time: the early callback is sent, the payment is not approved yet.
        await clock.advance(APPROVAL_MS / 2)
        const [early] = await callbacksOf(started.payment)
        expect((early.body as { transaction: { status_code: string } }).transaction.status_code).toBe('TS')
        expect(await deliver('airtel', early)).toBe('accepted')
        expect((await payments(o))[0].status).toBe('pending')
        expect((await order(o)).status).toBe('pending_payment')

        await clock.advance(APPROVAL_MS / 2)
        await refreshPayment(t.ctx, started.payment.id, deps)
        expect((await payments(o))[0].status).toBe('succeeded')
        expect((await order(o)).status).toBe('paid')
      },
      { ownRecorder: true },
    )
  })

  test('a lost callback (…005): only polling finds the payment', async () => {
    await withManualClock(async (clock) => {
      const o = await pendingOrder()
      const started = await startOk(o, 'momo', mtn('005'))
      // Well past the approval: the payment is approved at MoMo, and no callback was sent.
      await clock.advance(APPROVAL_MS * 4)
      expect(clock.pending).toBe(0)
      expect(await callbacksOf(started.payment, 1, 100)).toEqual([])
      expect((await order(o)).status).toBe('pending_payment')
      await sweepPayments(t.ctx, { ...deps, pollAfterMs: 0 })
      expect((await order(o)).status).toBe('paid')
      expect((await payments(o))[0].status).toBe('succeeded')
    })
  })

  test('forged callbacks are rejected and change nothing', async () => {
    const o = await pendingOrder('airtel')
    const started = await startOk(o, 'airtel', airtel('004'))
    const reference = started.payment.reference
    const transaction = { id: reference, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP999' }
    const forgeries = [
      { transaction, hash: 'forged' },
      { transaction },
      { transaction, hash: airtelCallbackHash('not-the-secret', transaction) },
      // A genuine hash of another body: the status was changed after signing.
      {
        transaction,
        hash: airtelCallbackHash(h.config.airtel.callbackSecret ?? '', { ...transaction, status_code: 'TF' }),
      },
    ]
    for (const body of forgeries) {
      expect(await handlePaymentCallback(t.ctx, 'airtel', { headers: {}, body }, deps)).toBe('rejected')
    }
    const card = await pendingOrder('card')
    const cardStarted = await startOk(card, 'card')
    const webhook = {
      event: 'charge.completed',
      data: { id: 1, tx_ref: cardStarted.payment.reference, status: 'successful' },
    }
    for (const headers of [{ 'verif-hash': 'wrong' }, {}]) {
      expect(await handlePaymentCallback(t.ctx, 'card', { headers, body: webhook }, deps)).toBe('rejected')
    }
    for (const x of [o, card]) {
      expect((await payments(x))[0]).toMatchObject({ status: 'pending', providerTransactionId: null })
      expect((await order(x)).status).toBe('pending_payment')
      expect(await eventKinds((await payments(x))[0])).toEqual(['request'])
    }
  })

  test('a genuine callback for an unknown reference is unknown', async () => {
    const transaction = { id: crypto.randomUUID(), message: 'Paid', status_code: 'TS', airtel_money_id: 'MP1' }
    const hash = airtelCallbackHash(h.config.airtel.callbackSecret ?? '', transaction)
    expect(await handlePaymentCallback(t.ctx, 'airtel', { headers: {}, body: { transaction, hash } }, deps)).toBe(
      'unknown',
    )
  })
})

/** Plays the buyer on the simulator's hosted card page: loads it and submits the Pay (or Decline) form. */
async function payOnHostedPage(redirectUrl: string, choice: 'pay' | 'decline' = 'pay'): Promise<URL> {
  const page = await fetch(redirectUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  const actions = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1])
  const action = actions.find((a) => a.endsWith(`/${choice}`))
  if (!action) throw new Error(`No ${choice} form on the hosted page`)
  const submitted = await fetch(new URL(action, redirectUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  })
  expect(submitted.status).toBe(303)
  return new URL(submitted.headers.get('location') ?? '')
}

describe('card (hosted checkout)', () => {
  test('start gives the hosted page; paying there and coming back pays the order; the webhook changes nothing more', async () => {
    const o = await pendingOrder('card')
    const started = await startOk(o, 'card')
    expect(started.redirectUrl?.startsWith(`${h.simulatorUrl}/card/checkout/`)).toBe(true)
    expect((await payments(o))[0].redirectUrl).toBe(started.redirectUrl)

    const back = await payOnHostedPage(started.redirectUrl ?? '')
    expect(back.pathname).toBe(`/checkout/${o.number}/return`)
    const query = Object.fromEntries(back.searchParams)
    expect(query).toMatchObject({ status: 'successful', tx_ref: started.payment.reference })
    expect(await handleCardReturn(t.ctx, { customerId: o.c.id, orderNumber: o.number, query }, deps)).toBe('ok')
    expect((await order(o)).status).toBe('paid')
    const [p] = await payments(o)
    expect(p).toMatchObject({ status: 'succeeded', providerTransactionId: query.transaction_id })

    const [webhook] = await callbacksOf(p)
    expect(await deliver('card', webhook)).toBe('accepted')
    expect(await transitionsTo(o, 'paid')).toBe(1)
    expect(await eventKinds(p)).toEqual(['request', 'return', 'status', 'callback'])
  })

  test('a return that says "successful" for a declined payment is not believed', async () => {
    const o = await pendingOrder('card')
    const started = await startOk(o, 'card')
    const back = await payOnHostedPage(started.redirectUrl ?? '', 'decline')
    const query = { ...Object.fromEntries(back.searchParams), status: 'successful' }
    await handleCardReturn(t.ctx, { customerId: o.c.id, orderNumber: o.number, query }, deps)
    expect((await payments(o))[0].status).toBe('failed')
    expect(await order(o)).toMatchObject({ status: 'pending_payment', stockReserved: false })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
  })
})

describe('cancelling and refunds', () => {
  test('a card payment that succeeds after the customer cancelled is refunded, and the order ends refunded', async () => {
    const o = await pendingOrder('card')
    const started = await startOk(o, 'card')
    expect(
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: o.number, reason: 'changed_mind' }, deps),
    ).toEqual({
      ok: true,
    })
    expect((await order(o)).status).toBe('cancelled')
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)

    const back = await payOnHostedPage(started.redirectUrl ?? '')
    await handleCardReturn(
      t.ctx,
      { customerId: o.c.id, orderNumber: o.number, query: Object.fromEntries(back.searchParams) },
      deps,
    )
    const [p] = await payments(o)
    expect(p).toMatchObject({ status: 'succeeded', refundStatus: 'succeeded' })
    expect(p.refundProviderId).toBeTruthy()
    const detail = await order(o)
    expect(detail.status).toBe('refunded')
    expect(detail.vendorOrders.every((vo) => vo.releasedAt === null)).toBe(true)
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
    expect(await mailSubjects(o)).toContain(`Refund for order ${o.number}`)
    expect(await eventKinds(p)).toContain('refund')
  })

  test('a MoMo payment that lands after the cancel: refund pending at MoMo, the sweeper follows it to refunded', async () => {
    await withManualClock(async (clock) => {
      const o = await pendingOrder()
      const started = await startOk(o, 'momo', mtn('005'))
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: o.number, reason: 'changed_mind' }, deps)
      await clock.advance(APPROVAL_MS)
      await refreshPayment(t.ctx, started.payment.id, deps)
      expect((await payments(o))[0]).toMatchObject({ status: 'succeeded', refundStatus: 'pending' })
      expect((await order(o)).status).toBe('cancelled')
      // MoMo settles the refund after its approval time; the sweeper then finds it.
      await sweepPayments(t.ctx, { ...deps, pollAfterMs: 0 })
      expect((await order(o)).status).toBe('cancelled')
      await clock.advance(APPROVAL_MS)
      await sweepPayments(t.ctx, { ...deps, pollAfterMs: 0 })
      expect((await order(o)).status).toBe('refunded')
      expect((await payments(o))[0].refundStatus).toBe('succeeded')
      expect(await stockOf(t.ctx, o.variantId)).toBe(5)
    })
  })

  test('the customer cancels a paid order: vendor orders cancelled, stock back, money refunded', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', MTN_APPROVE)
    await deliver('momo', (await callbacksOf(started.payment))[0])
    expect((await order(o)).status).toBe('paid')
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)

    expect(
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: o.number, reason: 'changed_mind' }, deps),
    ).toEqual({
      ok: true,
    })
    let detail = await order(o)
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'customer', stockReserved: false })
    expect(detail.vendorOrders.map((vo) => vo.status)).toEqual(['cancelled'])
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
    expect((await payments(o))[0].refundStatus).toBe('pending')

    await pollUntil(
      async () => {
        await sweepPayments(t.ctx, { ...deps, pollAfterMs: 0 })
        return (await order(o)).status
      },
      (s) => s === 'refunded',
      3000,
    )
    detail = await order(o)
    expect(detail.status).toBe('refunded')
    expect(await mailSubjects(o)).toEqual([
      `Your Isoko order ${o.number}`,
      `Payment received for order ${o.number}`,
      `Order ${o.number} was cancelled`,
      `Refund for order ${o.number}`,
    ])
    // Cancelling again does nothing.
    expect(
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: o.number, reason: 'changed_mind' }, deps),
    ).toEqual({
      ok: false,
      code: 'not_cancellable',
    })
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
  })

  test('once a vendor dispatched, the customer can no longer cancel', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', MTN_APPROVE)
    await deliver('momo', (await callbacksOf(started.payment))[0])
    const [vo] = await t.ctx.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, o.orderId))
    for (const to of ['packed', 'dispatched'] as const) {
      expect(await advanceVendorOrderStep(t.ctx, { vendorId: shop.id, vendorOrderId: vo.id, to })).toEqual({
        ok: true,
        status: to,
      })
    }
    expect(
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: o.number, reason: 'changed_mind' }, deps),
    ).toEqual({
      ok: false,
      code: 'not_cancellable',
    })
    expect((await order(o)).status).toBe('shipped')
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    expect((await payments(o))[0].refundStatus).toBeNull()
  })

  test('someone else’s order number is not_found, for paying, cancelling and the card return', async () => {
    const o = await pendingOrder()
    const stranger = await makeCustomer(t.ctx)
    expect(await pay(o, 'momo', MTN_APPROVE, stranger.id)).toEqual({ ok: false, code: 'not_found' })
    expect(
      await cancelOrderForCustomer(
        t.ctx,
        { customerId: stranger.id, orderNumber: o.number, reason: 'changed_mind' },
        deps,
      ),
    ).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await handleCardReturn(t.ctx, { customerId: stranger.id, orderNumber: o.number, query: {} }, deps)).toBe(
      'not_found',
    )
    expect(
      await cancelOrderForCustomer(t.ctx, { customerId: o.c.id, orderNumber: 'ISK-0', reason: 'changed_mind' }, deps),
    ).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await payments(o)).toEqual([])
    expect((await order(o)).status).toBe('pending_payment')
  })
})

describe('starting a payment', () => {
  test('a double click on pay, one after the other, gets the same attempt: one request to the provider', async () => {
    const o = await pendingOrder()
    const a = await startOk(o, 'momo', mtn('004'))
    const b = await startOk(o, 'momo', mtn('004'))
    expect(b.payment.id).toBe(a.payment.id)
    expect(await payments(o)).toHaveLength(1)
    expect(await eventKinds(a.payment)).toEqual(['request'])
  })

  test('a double click on pay at the same moment: one attempt, and both clicks are answered with it', async () => {
    const o = await pendingOrder()
    const [a, b] = await Promise.all([pay(o, 'momo', mtn('004')), pay(o, 'momo', mtn('004'))])
    expect(await payments(o)).toHaveLength(1)
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(b.payment.id).toBe(a.payment.id)
    expect(await eventKinds(a.payment)).toEqual(['request'])
  })

  test('after a failed attempt the customer may switch to cash on delivery: confirmed and released to the vendor', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', mtn('001'))
    await deliver('momo', (await callbacksOf(started.payment))[0])
    expect(await stockOf(t.ctx, o.variantId)).toBe(5)
    const cod = await pay(o, 'cod')
    expect(cod.ok).toBe(true)
    const detail = await order(o)
    expect(detail).toMatchObject({ status: 'confirmed', paymentMethod: 'cod', stockReserved: true })
    expect(detail.vendorOrders.every((vo) => vo.releasedAt !== null)).toBe(true)
    expect(await stockOf(t.ctx, o.variantId)).toBe(3)
    expect((await messagesTo(t.ctx, shop.email)).filter((m) => m.subject.includes(o.number))).toHaveLength(1)
    // A confirmed order is not payable again.
    expect(await pay(o, 'momo')).toEqual({ ok: false, code: 'not_payable' })
  })

  test('a retry when the units were sold meanwhile is out_of_stock and starts nothing', async () => {
    const o = await pendingOrder()
    const started = await startOk(o, 'momo', mtn('001'))
    await deliver('momo', (await callbacksOf(started.payment))[0])
    const other = await makeCustomer(t.ctx)
    await fillCart(t.ctx, other.ownerKey, [{ variantId: o.variantId, quantity: 4 }])
    const sold = await placeOrder(t.ctx, {
      customerId: other.id,
      ownerKey: other.ownerKey,
      checkoutKey: crypto.randomUUID(),
      addressId: other.addressId,
      delivery: 'standard',
      method: 'cod',
      seen: await reviewCart(t.ctx, other.ownerKey),
    })
    expect(sold.ok).toBe(true)
    expect(await pay(o, 'momo')).toEqual({ ok: false, code: 'out_of_stock' })
    expect(await payments(o)).toHaveLength(1)
    expect(await stockOf(t.ctx, o.variantId)).toBe(1)
  })
})

describe('several servers sweeping at once', () => {
  // Two sweeps on one database, as two servers run them: a provider that counts its status calls per reference
  // shows whether a row was asked about twice. Each call waits until the other sweep is in a call too, so that the
  // sweeps really overlap (both hold claims at the same moment), as behind a slow provider.
  let s: TestDatabase
  let vendorId: number

  beforeAll(async () => {
    s = await createTestDatabase()
    vendorId = (await makeVendor(s.ctx, 'kigali-fashion')).id
  })
  afterAll(async () => {
    await s?.close()
  })

  function countingProviders() {
    const statusCalls = new Map<string, number>()
    const refundStatusCalls = new Map<string, number>()
    const answer: { state: ProviderState } = { state: 'pending' }
    const count = (calls: Map<string, number>, key: string) => calls.set(key, (calls.get(key) ?? 0) + 1)
    let meeting: { started: number; open: () => void; met: Promise<void> } | undefined
    let holding: { reach: () => void; released: Promise<void> } | undefined
    const wait = async () => {
      if (meeting && ++meeting.started >= 2) meeting.open()
      await meeting?.met
      holding?.reach()
      await holding?.released
    }
    const make = (method: 'momo' | 'airtel' | 'card'): PaymentProvider => ({
      method,
      start: async () => ({ raw: {} }),
      status: async (reference) => {
        count(statusCalls, reference)
        await wait()
        return { state: answer.state, providerTransactionId: `tx-${reference}`, raw: {} }
      },
      verifyCallback: () => null,
      refund: async (input) => ({ state: 'pending', providerTransactionId: `rf-${input.refundReference}`, raw: {} }),
      refundStatus: async (refundReference) => {
        count(refundStatusCalls, refundReference)
        await wait()
        return { state: 'pending', raw: {} }
      },
    })
    return {
      providers: { momo: make('momo'), airtel: make('airtel'), card: make('card') },
      statusCalls,
      refundStatusCalls,
      answer,
      /**
       * Runs two sweeps at once, whose provider calls each wait until the other sweep is in one too. A sweep that
       * ends lets the other go on, so that one that found nothing to claim cannot leave the other waiting.
       */
      async together<T>(a: () => Promise<T>, b: () => Promise<T>): Promise<T[]> {
        let open = () => {}
        const met = new Promise<void>((resolve) => {
          open = resolve
        })
        meeting = { started: 0, open, met }
        try {
          return await Promise.all([a().finally(open), b().finally(open)])
        } finally {
          meeting = undefined
        }
      },
      /** Until `release()`, each provider call waits; `reached` resolves once one has begun. */
      hold() {
        let reach = () => {}
        let release = () => {}
        const reached = new Promise<void>((resolve) => {
          reach = resolve
        })
        const released = new Promise<void>((resolve) => {
          release = resolve
        })
        holding = { reach, released }
        return {
          reached,
          release() {
            holding = undefined
            release()
          },
        }
      },
    }
  }

  /** `n` orders, each with a MoMo attempt waiting for its answer (more than one claim batch of 10). */
  async function waitingAttempts(n: number, fake: ReturnType<typeof countingProviders>) {
    const placed: { customerId: number; number: string; paymentId: number }[] = []
    for (let i = 0; i < n; i++) {
      const c = await makeCustomer(s.ctx)
      const product = await makeProduct(s.ctx, vendorId, { price: 5_000, stocks: [3] })
      await fillCart(s.ctx, c.ownerKey, [{ variantId: product.variantIds[0], quantity: 1 }])
      const outcome = await placeOrder(s.ctx, {
        customerId: c.id,
        ownerKey: c.ownerKey,
        checkoutKey: crypto.randomUUID(),
        addressId: c.addressId,
        delivery: 'standard',
        method: 'momo',
        seen: await reviewCart(s.ctx, c.ownerKey),
      })
      if (!outcome.ok) throw new Error(JSON.stringify(outcome))
      const started = await startOrderPayment(
        s.ctx,
        {
          customerId: c.id,
          orderNumber: outcome.order.number,
          method: 'momo',
          phone: MTN_APPROVE,
          email: c.email,
          name: 'Aline Uwase',
          returnUrl: 'https://isoko.test/return',
        },
        { providers: fake.providers },
      )
      if (!started.ok) throw new Error(started.code)
      placed.push({ customerId: c.id, number: outcome.order.number, paymentId: started.payment.id })
    }
    return placed
  }

  test('two sweeps at once never poll the same attempt: each due attempt is asked about exactly once', async () => {
    const fake = countingProviders()
    const placed = await waitingAttempts(12, fake)
    const references = await Promise.all(placed.map(async (p) => (await paymentOf(p.paymentId)).reference))
    const [a, b] = await fake.together(
      () => sweepPayments(s.ctx, { providers: fake.providers }),
      () => sweepPayments(s.ctx, { providers: fake.providers }),
    )
    expect(a.polled + b.polled).toBe(12)
    expect([...fake.statusCalls.keys()].sort()).toEqual([...references].sort())
    expect([...fake.statusCalls.values()].every((calls) => calls === 1)).toBe(true)
    // The claims are given back: the next round may poll them again once they are due.
    for (const p of placed) expect((await paymentOf(p.paymentId)).claimedUntil).toBeNull()
  })

  test('two sweeps at once never follow the same refund twice: each pending refund is asked about exactly once', async () => {
    const fake = countingProviders()
    const placed = await waitingAttempts(12, fake)
    // Each attempt succeeds (the order is paid), then the customer cancels: the refund is pending at the provider.
    fake.answer.state = 'succeeded'
    for (const p of placed) {
      await refreshPayment(s.ctx, p.paymentId, { providers: fake.providers })
      const cancelled = await cancelOrderForCustomer(
        s.ctx,
        { customerId: p.customerId, orderNumber: p.number, reason: 'changed_mind' },
        { providers: fake.providers },
      )
      expect(cancelled).toEqual({ ok: true })
    }
    const refundReferences = await Promise.all(
      placed.map(async (p) => {
        const row = await paymentOf(p.paymentId)
        expect(row.refundStatus).toBe('pending')
        return row.refundReference
      }),
    )
    // A minute on: every refund is due (the attempts' last check was just now).
    const later = new Date(Date.now() + 60_000)
    const [a, b] = await fake.together(
      () => sweepPayments(s.ctx, { providers: fake.providers, now: () => later }),
      () => sweepPayments(s.ctx, { providers: fake.providers, now: () => later }),
    )
    expect(a.refunds + b.refunds).toBe(12)
    expect([...fake.refundStatusCalls.keys()].sort()).toEqual([...refundReferences].sort())
    expect([...fake.refundStatusCalls.values()].every((calls) => calls === 1)).toBe(true)
  })

  test('a claim keeps other sweeps off the row until its lease ends; a late release leaves a newer claim alone', async () => {
    const fake = countingProviders()
    const [placed] = await waitingAttempts(1, fake)
    const now = new Date(Date.now() + 86_400_000)
    const claim = (at: Date) =>
      claimPaymentsToPoll(s.ctx, { now: at, checkedBefore: at, leaseMs: 60_000, limit: 1000 }).then((rows) =>
        rows.filter((r) => r.id === placed.paymentId),
      )
    const [first] = await claim(now)
    expect(first?.claimedUntil).toEqual(new Date(now.getTime() + 60_000))
    expect(await claim(new Date(now.getTime() + 59_000))).toEqual([])
    // The first sweep died: after the lease another takes the row over, and the first one's late release is ignored.
    const [second] = await claim(new Date(now.getTime() + 61_000))
    expect(second?.id).toBe(placed.paymentId)
    await releasePaymentClaim(s.ctx, first)
    expect((await paymentOf(placed.paymentId)).claimedUntil).toEqual(second.claimedUntil)
    await releasePaymentClaim(s.ctx, second)
    expect((await paymentOf(placed.paymentId)).claimedUntil).toBeNull()
  })

  test('stopping the worker waits for the round under way: its claims are given back, nothing runs after', async () => {
    const fake = countingProviders()
    const placed = await waitingAttempts(3, fake)
    const later = new Date(Date.now() + 3_600_000)
    const clock = createManualClock()
    const stop = startPaymentsWorker(() => s.ctx, {
      everyMs: 1,
      clock,
      deps: { providers: fake.providers, now: () => later },
      onError: (error) => {
        throw error
      },
    })
    // The first round starts and stays in its first status call until released.
    const held = fake.hold()
    const round = clock.advance(1)
    await held.reached
    let stopped = false
    const stopping = stop().then(() => {
      stopped = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    held.release()
    await stopping
    for (const p of placed) expect((await paymentOf(p.paymentId)).claimedUntil).toBeNull()
    await round
    const calls = [...fake.statusCalls.values()].reduce((a, b) => a + b, 0)
    expect(calls).toBeGreaterThanOrEqual(placed.length)
    // Nothing is scheduled after the stop: however long the clock runs on, no round comes.
    expect(clock.pending).toBe(0)
    await clock.advance(60_000)
    expect([...fake.statusCalls.values()].reduce((a, b) => a + b, 0)).toBe(calls)
  })

  async function paymentOf(paymentId: number): Promise<PaymentRow> {
    const row = await findPayment(s.ctx, paymentId)
    if (!row) throw new Error('payment gone')
    return row
  }
})
