import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { categories, products } from '#app/modules/catalog/tables.server.ts'
import {
  accounts,
  getAccountBalances,
  listOrderTerms,
  listUnbalancedTransactions,
} from '#app/modules/ledger/ledger.server.ts'
import { findOrder, findOrderDetail } from '#app/modules/orders/orders.server.ts'
import { listOrderRefunds } from '#app/modules/payments/payments.server.ts'
import type { DisbursementProvider, PaymentProvider } from '#app/modules/payments/provider.ts'
import { findReturn, findReturnView } from '#app/modules/returns/returns.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { countOpenDisputes, listDisputeQueue } from '#app/queries/staff-disputes.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeProduct, makeVendor, messagesTo, placeCart, stockOf } from '#tests/shop.ts'
import { advanceVendorOrderStep, recordCashCollected } from './fulfilment.server.ts'
import { handlePaymentCallback, type PaymentsDeps, startOrderPayment, sweepPayments } from './payments.server.ts'
import {
  answerReturn,
  cancelReturn,
  decideDispute,
  escalateOverdueReturns,
  getReturnOptions,
  openDispute,
  type ReturnRequestInput,
  receiveReturn,
  requestReturn,
  requestReturnWithPhotos,
  type StaffContext,
} from './returns.server.ts'

// Returns and disputes end to end through the modules (issue 15): a customer asks, the store answers and receives,
// the money goes back through the payment's provider (stand-ins that answer at once), stock comes back, the
// ledger stays balanced; every refusal a person can cause; escalation on an injected clock.

const providerRefunds: { amount: number; reference: string }[] = []
function provider(method: 'momo' | 'airtel' | 'card'): PaymentProvider {
  return {
    method,
    start: async () => ({ raw: {} }),
    status: async (reference) => ({ state: 'succeeded', providerTransactionId: `tx-${reference}`, raw: {} }),
    verifyCallback: (callback) => (callback.reference ? { reference: callback.reference, raw: callback.body } : null),
    refund: async (input) => {
      providerRefunds.push({ amount: input.amount, reference: input.refundReference })
      return { state: 'succeeded', providerTransactionId: `rf-${input.refundReference}`, raw: {} }
    },
    refundStatus: async () => ({ state: 'succeeded', raw: {} }),
  }
}
const transfers: { amount: number; phone: string }[] = []
function wallet(method: 'momo' | 'airtel'): DisbursementProvider {
  return {
    method,
    transfer: async (input) => {
      transfers.push({ amount: input.amount, phone: input.phone })
      return { state: 'succeeded', raw: {} }
    },
    transferStatus: async () => ({ state: 'succeeded', raw: {} }),
    verifyCallback: () => null,
  }
}
const deps: PaymentsDeps = {
  providers: { momo: provider('momo'), airtel: provider('airtel'), card: provider('card') },
  disbursements: { momo: wallet('momo'), airtel: wallet('airtel') },
}

let t: TestDatabase
let staff: StaffContext
let shop: { id: number; email: string; owner: string }
let other: { id: number; email: string; owner: string }
let dress: { productId: number; variantIds: number[] }
let cream: { productId: number; variantIds: number[] }

async function storeWithOwner(slug: string) {
  const store = await makeVendor(t.ctx, slug)
  const owner = `owner-${slug}`
  await t.ctx.db.insert(users).values({ id: owner, name: slug, email: `${owner}@example.rw`, role: 'vendor' })
  await t.ctx.db.update(vendors).set({ ownerUserId: owner }).where(eq(vendors.id, store.id))
  return { ...store, owner }
}

beforeAll(async () => {
  t = await createTestDatabase()
  await t.ctx.db.insert(users).values({ id: 'staff-r', name: 'Staff', email: 'staff-r@example.rw', role: 'admin' })
  staff = { ...t.ctx, actor: { userId: 'staff-r', role: 'admin' } }
  shop = await storeWithOwner('returns-tailor')
  other = await storeWithOwner('returns-other')
  // Sizes S, M, L of one dress at 20,000 (100, 10 and 10 in stock).
  dress = await makeProduct(t.ctx, shop.id, { price: 20_000, stocks: [100, 10, 10] })
  // A face cream in a category that takes no returns (hygiene).
  cream = await makeProduct(t.ctx, shop.id, { price: 8_000, stocks: [10] })
  const [beauty] = await t.ctx.db
    .insert(categories)
    .values({ slug: 'beauty-test', name: 'Beauty', level: 0, returnDays: 0 })
    .returning()
  await t.ctx.db
    .update(products)
    .set({ categoryId: beauty?.id as number })
    .where(eq(products.id, cream.productId))
})
afterAll(async () => {
  await t?.close()
})

const S = () => dress.variantIds[0] as number
const M = () => dress.variantIds[1] as number

async function expectLedgerBalanced() {
  const balances = await getAccountBalances(t.ctx)
  expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
  expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
  return balances
}

/** A delivered order of `quantity` dresses in size S (and a cream if asked), paid by MoMo or in cash. */
async function deliveredOrder(method: 'momo' | 'cod', quantity = 2, withCream = false) {
  const c = await makeCustomer(t.ctx)
  await fillCart(t.ctx, c.ownerKey, [
    { variantId: S(), quantity },
    ...(withCream ? [{ variantId: cream.variantIds[0] as number, quantity: 1 }] : []),
  ])
  const order = await placeCart(t.ctx, c, method)
  if (method === 'momo') {
    const started = await startOrderPayment(
      t.ctx,
      {
        customerId: c.id,
        orderNumber: order.number,
        method: 'momo',
        phone: '+250788123456',
        email: c.email,
        name: 'Aline',
        returnUrl: 'http://localhost/return',
      },
      deps,
    )
    if (!started.ok) throw new Error(started.code)
    await handlePaymentCallback(t.ctx, 'momo', { reference: started.payment.reference, headers: {}, body: {} }, deps)
  }
  const [terms] = await listOrderTerms(t.ctx, order.id)
  const vendorOrderId = terms?.vendorOrderId as number
  for (const to of ['packed', 'dispatched', 'delivered'] as const) {
    const step = await advanceVendorOrderStep(t.ctx, { vendorId: shop.id, vendorOrderId, to })
    expect(step.ok).toBe(true)
  }
  if (method === 'cod') await recordCashCollected(t.ctx, { vendorId: shop.id, vendorOrderId, actor: 'test' })
  const detail = await findOrderDetail(t.ctx, order.id)
  const lines = detail?.vendorOrders[0]?.lines ?? []
  const line = lines.find((l) => l.variantId === S())
  return {
    c,
    order: detail ?? order,
    number: order.number,
    orderId: order.id,
    vendorOrderId,
    lineId: line?.id as number,
    lines,
  }
}

function ask(
  o: Awaited<ReturnType<typeof deliveredOrder>>,
  over: Partial<ReturnRequestInput> = {},
): ReturnRequestInput {
  return {
    customerId: o.c.id,
    orderNumber: o.number,
    lineId: o.lineId,
    quantity: 1,
    reason: 'wrong_size',
    note: null,
    resolution: 'refund',
    replacementVariantId: null,
    refundPhone: null,
    photos: [],
    ...over,
  }
}

const accept = { answer: 'accept' as const, method: 'dropoff' as const, instructions: 'KN 4 Ave shop, 9-17h' }

describe('a MoMo-paid return', () => {
  test('is asked, accepted, received: the units back in stock, refunded through MoMo, the ledger balanced', async () => {
    const o = await deliveredOrder('momo', 2)
    const stockBefore = await stockOf(t.ctx, S())
    const before = await expectLedgerBalanced()
    const payableBefore = before.get(accounts.vendorPayable(shop.id)) ?? 0

    const asked = await requestReturn(t.ctx, ask(o, { note: 'Too small' }))
    expect(asked.ok).toBe(true)
    const returnId = asked.ok ? asked.returnId : 0
    // The store is told by e-mail, the customer gets an acknowledgement.
    expect((await messagesTo(t.ctx, shop.email)).at(-1)?.body).toContain(o.number)

    expect(await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })).toMatchObject({ ok: true })
    // A second answer (a double submit) changes nothing.
    expect(await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })).toEqual({
      ok: false,
      code: 'already',
    })
    const received = await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps)
    expect(received).toMatchObject({ ok: true, outcome: 'refund' })

    const row = await findReturnView(t.ctx, returnId)
    expect(row?.status).toBe('refunded')
    // One unit of 20,000; the order is not all back and the size was the customer's choice: no delivery fee.
    expect(row?.refundAmount).toBe(20_000)
    expect(row?.events.map((e) => e.toStatus)).toEqual(['requested', 'accepted', 'received', 'refunded'])
    expect(providerRefunds.at(-1)?.amount).toBe(20_000)
    expect(await stockOf(t.ctx, S())).toBe(stockBefore + 1)
    const after = await expectLedgerBalanced()
    // The store bears its share (price less the 10% commission given back): 18,000.
    expect((after.get(accounts.vendorPayable(shop.id)) ?? 0) - payableBefore).toBe(18_000)
  })

  test('the whole order back returns the delivery fee too, borne by the platform; never more than was paid', async () => {
    const o = await deliveredOrder('momo', 1)
    const asked = await requestReturn(t.ctx, ask(o))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps)
    const row = await findReturn(t.ctx, returnId)
    const order = await findOrder(t.ctx, o.orderId)
    expect(row?.deliveryRefund).toBe(order?.deliveryFee)
    expect(row?.refundAmount).toBe(order?.total)
    expect(row?.status).toBe('refunded')
    await expectLedgerBalanced()
    // Nothing is left of the line: no second return.
    expect(await requestReturn(t.ctx, ask(o))).toEqual({ ok: false, code: 'nothing_left' })
  })

  test("an unsellable item is not put back in stock; damaged is the store's fault: it bears the delivery fee", async () => {
    const o = await deliveredOrder('momo', 2)
    const asked = await requestReturn(t.ctx, ask(o, { reason: 'damaged' }))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    const stock = await stockOf(t.ctx, S())
    await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: true }, deps)
    expect(await stockOf(t.ctx, S())).toBe(stock)
    const order = await findOrder(t.ctx, o.orderId)
    const row = await findReturn(t.ctx, returnId)
    expect(row?.deliveryRefund).toBe(order?.deliveryFee)
    expect(row?.unsellable).toBe(true)
    await expectLedgerBalanced()
    const refund = (await listOrderRefunds(t.ctx, o.orderId)).at(-1)
    expect(refund?.deliveryBorneBy).toBe('vendor')
  })
})

describe('a refund cut off after the step committed', () => {
  test('is recorded with the received step and sent by the sweep with its own reference, once', async () => {
    const o = await deliveredOrder('momo', 1)
    const asked = await requestReturn(t.ctx, ask(o))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    // The provider cannot be reached when the store marks the parcel received (as if the server stopped there).
    const down: PaymentsDeps = {
      ...deps,
      providers: {
        airtel: provider('airtel'),
        card: provider('card'),
        momo: {
          ...provider('momo'),
          refund: async () => {
            throw new Error('connection reset')
          },
        },
      },
    }
    expect(await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, down)).toMatchObject({
      ok: true,
      outcome: 'refund',
    })
    const recorded = (await listOrderRefunds(t.ctx, o.orderId)).at(-1)
    expect(recorded).toMatchObject({ status: 'pending', checkedAt: null })
    expect((await findReturn(t.ctx, returnId))?.status).toBe('received')
    // Within the minute the sweep leaves it alone (it may still be on its way); after it, it is sent.
    const sentBefore = providerRefunds.length
    await sweepPayments(t.ctx, { ...deps, now: () => new Date(Date.now() + 120_000) })
    expect(providerRefunds.slice(sentBefore)).toEqual([{ amount: recorded?.amount, reference: recorded?.reference }])
    expect((await findReturn(t.ctx, returnId))?.status).toBe('refunded')
    // A second sweep sends nothing more.
    await sweepPayments(t.ctx, { ...deps, now: () => new Date(Date.now() + 240_000) })
    expect(providerRefunds.length).toBe(sentBefore + 1)
    await expectLedgerBalanced()
  })
})

describe('a cash-on-delivery return', () => {
  test('is refunded by a mobile-money transfer to the number the customer gave', async () => {
    const o = await deliveredOrder('cod', 1)
    // A number that is not MTN or Airtel cannot receive it.
    expect(await requestReturn(t.ctx, ask(o, { refundPhone: '+250700000000' }))).toEqual({
      ok: false,
      code: 'no_wallet',
    })
    const asked = await requestReturn(t.ctx, ask(o, { refundPhone: '+250731234567' }))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps)
    const order = await findOrder(t.ctx, o.orderId)
    expect(transfers.at(-1)).toEqual({ amount: order?.total, phone: '+250731234567' })
    expect((await findReturn(t.ctx, returnId))?.status).toBe('refunded')
    await expectLedgerBalanced()
  })
})

describe('a replacement', () => {
  test('takes the other size from stock and puts the returned one back; sold out, it refunds instead', async () => {
    const o = await deliveredOrder('momo', 2)
    const asked = await requestReturn(t.ctx, ask(o, { resolution: 'replace', replacementVariantId: M() }))
    const returnId = asked.ok ? asked.returnId : 0
    expect(asked.ok).toBe(true)
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    const [s, m] = [await stockOf(t.ctx, S()), await stockOf(t.ctx, M())]
    expect(await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps)).toMatchObject({
      ok: true,
      outcome: 'replaced',
    })
    expect([await stockOf(t.ctx, S()), await stockOf(t.ctx, M())]).toEqual([s + 1, m - 1])
    expect((await findReturn(t.ctx, returnId))?.status).toBe('replaced')

    // The other unit, for size M, which then sells out before the parcel arrives.
    const again = await requestReturn(t.ctx, ask(o, { resolution: 'replace', replacementVariantId: M() }))
    const second = again.ok ? again.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId: second, ...accept })
    const { setStock } = await import('#tests/shop.ts')
    await setStock(t.ctx, M(), 0)
    expect(
      await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId: second, unsellable: false }, deps),
    ).toMatchObject({
      ok: true,
      outcome: 'refund',
    })
    expect((await findReturn(t.ctx, second))?.status).toBe('refunded')
    await setStock(t.ctx, M(), 10)
    await expectLedgerBalanced()
  })

  test('a size out of stock cannot be asked for', async () => {
    const o = await deliveredOrder('momo', 1)
    const { setStock } = await import('#tests/shop.ts')
    await setStock(t.ctx, M(), 0)
    expect(await requestReturn(t.ctx, ask(o, { resolution: 'replace', replacementVariantId: M() }))).toEqual({
      ok: false,
      code: 'replacement_unavailable',
    })
    await setStock(t.ctx, M(), 10)
  })
})

describe('what a return refuses', () => {
  test("someone else's order, an order not delivered, a closed window, a no-returns category, too many units", async () => {
    const o = await deliveredOrder('momo', 2, true)
    const stranger = await makeCustomer(t.ctx)
    expect(await requestReturn(t.ctx, { ...ask(o), customerId: stranger.id })).toEqual({ ok: false, code: 'not_found' })
    expect(await requestReturn(t.ctx, ask(o, { lineId: 999_999 }))).toEqual({ ok: false, code: 'not_found' })
    expect(await requestReturn(t.ctx, ask(o, { quantity: 3 }))).toEqual({ ok: false, code: 'too_much', left: 2 })
    const creamLine = o.lines.find((l) => l.productId === cream.productId)
    expect(await requestReturn(t.ctx, ask(o, { lineId: creamLine?.id as number }))).toEqual({
      ok: false,
      code: 'no_returns',
    })
    const late = new Date(Date.now() + 8 * 86_400_000)
    expect(await requestReturn(t.ctx, ask(o), { now: late })).toEqual({ ok: false, code: 'window_closed' })
    const options = await getReturnOptions(t.ctx, { customerId: o.c.id, orderNumber: o.number, lineId: o.lineId })
    expect(options.ok && options.options.windowDays).toBe(7)

    // Not delivered yet.
    const c = await makeCustomer(t.ctx)
    await fillCart(t.ctx, c.ownerKey, [{ variantId: S(), quantity: 1 }])
    const fresh = await placeCart(t.ctx, c, 'cod')
    const line = (await findOrderDetail(t.ctx, fresh.id))?.vendorOrders[0]?.lines[0]
    expect(
      await requestReturn(t.ctx, {
        ...ask(o),
        customerId: c.id,
        orderNumber: fresh.number,
        lineId: line?.id as number,
      }),
    ).toEqual({ ok: false, code: 'not_delivered' })
  })

  test('two requests at once for the last unit: one is made, the other refused', async () => {
    const o = await deliveredOrder('momo', 1)
    const both = await Promise.all([requestReturn(t.ctx, ask(o)), requestReturn(t.ctx, ask(o))])
    expect(both.filter((r) => r.ok)).toHaveLength(1)
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'nothing_left' })
  })

  test('another store cannot answer; received before accepted is illegal; the customer cancels until received', async () => {
    const o = await deliveredOrder('momo', 2)
    const asked = await requestReturn(t.ctx, ask(o))
    const returnId = asked.ok ? asked.returnId : 0
    expect(await answerReturn(t.ctx, { ownerUserId: other.owner, returnId, ...accept })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps)).toEqual({
      ok: false,
      code: 'illegal',
    })
    const stranger = await makeCustomer(t.ctx)
    expect(await cancelReturn(t.ctx, { customerId: stranger.id, returnId })).toEqual({ ok: false, code: 'not_found' })
    expect(await cancelReturn(t.ctx, { customerId: o.c.id, returnId })).toMatchObject({ ok: true })
    expect(await cancelReturn(t.ctx, { customerId: o.c.id, returnId })).toEqual({ ok: false, code: 'already' })
    // A cancelled request frees its units.
    expect((await requestReturn(t.ctx, ask(o, { quantity: 2 }))).ok).toBe(true)
  })
})

describe('escalation and disputes', () => {
  test('a request the store leaves unanswered for 2 business days goes to staff by itself', async () => {
    const o = await deliveredOrder('momo', 1)
    // Asked on a Friday morning in Kigali: due on Tuesday morning.
    const friday = new Date('2026-11-27T08:00:00Z')
    const asked = await requestReturn(t.ctx, ask(o), { now: friday })
    const returnId = asked.ok ? asked.returnId : 0
    expect((await findReturn(t.ctx, returnId))?.answerDueAt.toISOString()).toBe('2026-12-01T08:00:00.000Z')
    expect(await escalateOverdueReturns(t.ctx, new Date('2026-11-30T20:00:00Z'))).toBe(0)
    const escalated = await escalateOverdueReturns(t.ctx, new Date('2026-12-01T08:00:01Z'))
    expect(escalated).toBeGreaterThanOrEqual(1)
    expect(await escalateOverdueReturns(t.ctx, new Date('2026-12-01T08:00:02Z'))).toBe(0)
    const row = await findReturnView(t.ctx, returnId)
    expect(row?.escalatedAt).not.toBeNull()
    expect(row?.dispute).toMatchObject({ kind: 'no_answer', openedBy: 'system', status: 'open' })
    // Staff decide it: a full refund the store bears.
    const decided = await decideDispute(
      staff,
      {
        disputeId: row?.dispute?.id as number,
        decision: 'refund',
        amount: 20_000,
        bearer: 'vendor',
        note: 'No answer from the store',
        key: crypto.randomUUID(),
      },
      deps,
    )
    expect(decided).toMatchObject({ ok: true })
    expect((await findReturn(t.ctx, returnId))?.status).toBe('refunded')
    await expectLedgerBalanced()
  })

  test('a refused return, escalated by the customer, decided by staff as a goodwill refund', async () => {
    const o = await deliveredOrder('momo', 1)
    const asked = await requestReturn(t.ctx, ask(o, { reason: 'not_as_described' }))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, answer: 'refuse', refusal: 'Worn and washed' })
    expect((await findReturn(t.ctx, returnId))?.status).toBe('refused')
    const party = { side: 'customer' as const, customerId: o.c.id }
    const opened = await openDispute(t.ctx, party, {
      vendorOrderId: o.vendorOrderId,
      returnId,
      kind: 'return_refused',
      statement: 'It was never worn; the colour is not the one pictured.',
    })
    expect(opened).toMatchObject({ ok: true })
    const disputeId = opened.ok ? opened.disputeId : 0
    // One open case at a time; a stranger cannot open one.
    expect(
      await openDispute(t.ctx, party, {
        vendorOrderId: o.vendorOrderId,
        returnId,
        kind: 'return_refused',
        statement: 'x',
      }),
    ).toEqual({ ok: false, code: 'already' })
    const stranger = await makeCustomer(t.ctx)
    expect(
      await openDispute(
        t.ctx,
        { side: 'customer', customerId: stranger.id },
        { vendorOrderId: o.vendorOrderId, returnId, kind: 'return_refused', statement: 'x' },
      ),
    ).toEqual({ ok: false, code: 'not_found' })
    const queue = await listDisputeQueue(t.ctx, { status: 'open' })
    expect(queue.find((d) => d.id === disputeId)).toMatchObject({
      orderNumber: o.number,
      store: shop.id ? 'returns-tailor' : '',
    })
    // A day later it counts as past the 24-hour promise.
    const counts = await countOpenDisputes(t.ctx, new Date(Date.now() + 25 * 3_600_000))
    expect(counts.late).toBeGreaterThanOrEqual(1)

    const before = await expectLedgerBalanced()
    const decision = {
      disputeId,
      decision: 'refund' as const,
      amount: 10_000,
      bearer: 'platform' as const,
      note: 'Half back as goodwill',
      key: crypto.randomUUID(),
    }
    const notStaff = { ...t.ctx, actor: { userId: shop.owner, role: 'vendor' as const } }
    expect(await decideDispute(notStaff, decision, deps)).toEqual({ ok: false, code: 'forbidden' })
    expect(await decideDispute(staff, { ...decision, amount: 1_000_000 }, deps)).toMatchObject({
      ok: false,
      code: 'too_much',
    })
    expect(await decideDispute(staff, decision, deps)).toMatchObject({ ok: true })
    expect(await decideDispute(staff, decision, deps)).toEqual({ ok: false, code: 'already' })
    const after = await expectLedgerBalanced()
    // Isoko bears it: the store's payable does not move.
    expect(after.get(accounts.vendorPayable(shop.id))).toBe(before.get(accounts.vendorPayable(shop.id)))
    expect(after.get(accounts.goodwillExpense) ?? 0).toBeGreaterThanOrEqual(10_000)
    expect((await findReturn(t.ctx, returnId))?.status).toBe('refunded')
    expect((await messagesTo(t.ctx, o.c.email)).at(-1)?.body).toContain('10,000')
  })

  test('staff close a case without a refund; the return is closed', async () => {
    const o = await deliveredOrder('momo', 1)
    const asked = await requestReturn(t.ctx, ask(o))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, answer: 'refuse', refusal: 'Outside policy' })
    const opened = await openDispute(
      t.ctx,
      { side: 'vendor', ownerUserId: shop.owner },
      { vendorOrderId: o.vendorOrderId, returnId, kind: 'return_refused', statement: 'Customer insists' },
    )
    const disputeId = opened.ok ? opened.disputeId : 0
    expect(
      await decideDispute(staff, { disputeId, decision: 'close', note: 'The store is right' }, deps),
    ).toMatchObject({
      ok: true,
    })
    expect((await findReturn(t.ctx, returnId))?.status).toBe('closed')
  })
})

describe('photos', () => {
  test('up to four stored with the request; a file that is not a picture refuses it and leaves nothing', async () => {
    const { mkdtempSync, readdirSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const path = await import('node:path')
    const sharp = (await import('sharp')).default
    const dir = mkdtempSync(path.join(tmpdir(), 'isoko-return-photos-'))
    const picture = async (colour: string) =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
              .png()
              .toBuffer(),
          ),
        ],
        'stain.png',
        { type: 'image/png' },
      )
    const o = await deliveredOrder('momo', 2)
    const { photos: _none, ...input } = ask(o, { reason: 'damaged' })
    const text = new File(['not a picture'], 'note.txt', { type: 'text/plain' })
    expect(
      await requestReturnWithPhotos(t.ctx, input, [await picture('#aa2222'), text], { imageOptions: { dir } }),
    ).toEqual({ ok: false, code: 'photo', photo: 'not_image' })
    // The picture stored before the refusal is not left behind, and no request was made.
    expect(readdirSync(dir).filter((f) => f.endsWith('.webp'))).toEqual([])
    const five = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555'].map(picture))
    expect(await requestReturnWithPhotos(t.ctx, input, five, { imageOptions: { dir } })).toEqual({
      ok: false,
      code: 'photo',
      photo: 'too_many',
    })
    const made = await requestReturnWithPhotos(t.ctx, input, five.slice(0, 2), { imageOptions: { dir } })
    expect(made.ok).toBe(true)
    const view = await findReturnView(t.ctx, made.ok ? made.returnId : 0)
    expect(view?.photos).toHaveLength(2)
    expect(readdirSync(dir).some((f) => f.startsWith(view?.photos[0]?.imageKey ?? '?'))).toBe(true)
  })
})

describe('concurrent steps', () => {
  test('the store marks one return received twice at once (two tabs): one refund, one stock return', async () => {
    const o = await deliveredOrder('momo', 2)
    const asked = await requestReturn(t.ctx, ask(o))
    const returnId = asked.ok ? asked.returnId : 0
    await answerReturn(t.ctx, { ownerUserId: shop.owner, returnId, ...accept })
    const stock = await stockOf(t.ctx, S())
    const before = providerRefunds.length
    const both = await Promise.all([
      receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps),
      receiveReturn(t.ctx, { ownerUserId: shop.owner, returnId, unsellable: false }, deps),
    ])
    expect(both.filter((r) => r.ok)).toHaveLength(1)
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'already' })
    expect(providerRefunds.length - before).toBe(1)
    expect(await stockOf(t.ctx, S())).toBe(stock + 1)
    expect((await listOrderRefunds(t.ctx, o.orderId)).filter((r) => r.status === 'succeeded')).toHaveLength(1)
    await expectLedgerBalanced()
  })
})
