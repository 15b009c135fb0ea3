import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatRwf } from '#app/lib/money.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import {
  accounts,
  getAccountBalances,
  listOrderEntries,
  listOrderTerms,
  listUnbalancedTransactions,
} from '#app/modules/ledger/ledger.server.ts'
import { findCustomerOrder, findOrder, findOrderDetail, listOrderNotes } from '#app/modules/orders/orders.server.ts'
import { listOrderRefunds } from '#app/modules/payments/payments.server.ts'
import type { DisbursementProvider, PaymentProvider } from '#app/modules/payments/provider.ts'
import { changeVendorStatus } from '#app/modules/vendors/vendor-status.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  fillCart,
  makeCustomer,
  makeProduct,
  makeVendor,
  messagesTo,
  placeCart,
  stockOf,
  type TestCustomer,
} from '#tests/shop.ts'
import { advanceVendorOrderStep } from './fulfilment.server.ts'
import { handlePaymentCallback, type PaymentsDeps, startOrderPayment, sweepPayments } from './payments.server.ts'
import {
  type StaffOrderContext,
  staffAddOrderNote,
  staffCancelOrder,
  staffMarkCashCollected,
  staffRefundOrder,
} from './staff-orders.server.ts'

// Staff acting on orders (issue 13): cancel all or one vendor's part, refund some or all, record cash collected,
// add a note. Each against a refusal a person can cause: not staff, an order that does not exist, more than is
// left, a double submit. After each money step the ledger still sums to zero. Providers are stand-ins that answer
// at once (the payments tests cover the real clients against the simulators).

function approvingProvider(method: 'momo' | 'airtel' | 'card', refunds: { amount: number }[]): PaymentProvider {
  return {
    method,
    start: async () => ({ raw: { accepted: true } }),
    status: async (reference) => ({ state: 'succeeded', providerTransactionId: `tx-${reference}`, raw: {} }),
    verifyCallback: (callback) => (callback.reference ? { reference: callback.reference, raw: callback.body } : null),
    refund: async (input) => {
      refunds.push({ amount: input.amount })
      return { state: 'succeeded', providerTransactionId: `rf-${input.refundReference}`, raw: {} }
    },
    refundStatus: async () => ({ state: 'succeeded', raw: {} }),
  }
}

/**
 * A transfer client that answers from `transfers`'s plan: each transfer's first answer is `answer` (pending,
 * succeeded, failed), and its status afterwards is `settlesAs`.
 */
function wallet(method: 'momo' | 'airtel', plan: TransferPlan): DisbursementProvider {
  return {
    method,
    transfer: async (input) => {
      plan.sent.push({ method, amount: input.amount, phone: input.phone, reference: input.reference })
      return { state: plan.answer, raw: {} }
    },
    transferStatus: async () => ({ state: plan.settlesAs, raw: {} }),
    verifyCallback: () => null,
  }
}
type TransferPlan = {
  answer: 'pending' | 'succeeded' | 'failed'
  settlesAs: 'pending' | 'succeeded' | 'failed'
  sent: { method: string; amount: number; phone: string; reference: string }[]
}
const transfers: TransferPlan = { answer: 'succeeded', settlesAs: 'succeeded', sent: [] }

const providerRefunds: { amount: number }[] = []
const deps: PaymentsDeps = {
  providers: {
    momo: approvingProvider('momo', providerRefunds),
    airtel: approvingProvider('airtel', providerRefunds),
    card: approvingProvider('card', providerRefunds),
  },
  disbursements: { momo: wallet('momo', transfers), airtel: wallet('airtel', transfers) },
}

let t: TestDatabase
let staff: StaffOrderContext
let notStaff: StaffOrderContext
let shopA: { id: number; email: string }
let shopB: { id: number; email: string }
let dress: number
let soap: number

beforeAll(async () => {
  t = await createTestDatabase()
  await t.ctx.db.insert(users).values({ id: 'staff-1', name: 'Staff', email: 'staff-1@example.rw', role: 'admin' })
  staff = { ...t.ctx, actor: { userId: 'staff-1', role: 'admin' } }
  notStaff = { ...t.ctx, actor: { userId: 'vendor-1', role: 'vendor' } }
  shopA = await makeVendor(t.ctx, 'staff-tailor')
  shopB = await makeVendor(t.ctx, 'staff-beauty')
  dress = (await makeProduct(t.ctx, shopA.id, { price: 20_000, stocks: [50] })).variantIds[0] as number
  soap = (await makeProduct(t.ctx, shopB.id, { price: 6_000, stocks: [50] })).variantIds[0] as number
})
afterAll(async () => {
  await t?.close()
})

async function expectLedgerBalanced() {
  const balances = await getAccountBalances(t.ctx)
  expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
  expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
  return balances
}

/** One dress (store A, 20,000) and two soaps (store B, 12,000): 32,000 francs. */
async function place(method: 'momo' | 'cod') {
  const c = await makeCustomer(t.ctx)
  await fillCart(t.ctx, c.ownerKey, [
    { variantId: dress, quantity: 1 },
    { variantId: soap, quantity: 2 },
  ])
  const order = await placeCart(t.ctx, c, method)
  if (method === 'momo') await payByMomo(c, order.number)
  const terms = await listOrderTerms(t.ctx, order.id)
  const a = terms.find((x) => x.vendorId === shopA.id)?.vendorOrderId as number
  const b = terms.find((x) => x.vendorId === shopB.id)?.vendorOrderId as number
  return { c, id: order.id, number: order.number, a, b }
}

async function payByMomo(c: TestCustomer, orderNumber: string) {
  const started = await startOrderPayment(
    t.ctx,
    {
      customerId: c.id,
      orderNumber,
      method: 'momo',
      phone: '+250788123456',
      email: c.email,
      name: 'Aline Uwase',
      returnUrl: 'http://localhost/return',
    },
    deps,
  )
  if (!started.ok) throw new Error(started.code)
  const callback = { reference: started.payment.reference, headers: {}, body: {} }
  expect(await handlePaymentCallback(t.ctx, 'momo', callback, deps)).toBe('accepted')
}

const cashOf = async (orderId: number) =>
  (await listOrderEntries(t.ctx, orderId))
    .flatMap((e) => e.lines)
    .filter((l) => l.account === accounts.platformCash)
    .reduce((s, l) => s + l.amount, 0)

describe('refund', () => {
  test('a part of a MoMo payment goes back through MoMo; more than is left is refused; a double submit refunds once', async () => {
    // 32,000 of items and 1,500 of standard delivery in Kigali.
    const o = await place('momo')
    const key = crypto.randomUUID()
    const input = { orderNumber: o.number, amount: 5_000, reason: 'Late delivery', key }
    const first = await staffRefundOrder(staff, input, deps)
    expect(first).toMatchObject({ ok: true, refund: { status: 'succeeded', amount: 5_000 } })
    // The same form sent again: the refund it made, nothing more.
    expect(await staffRefundOrder(staff, input, deps)).toMatchObject({ ok: true, duplicate: true })
    expect(await listOrderRefunds(t.ctx, o.id)).toHaveLength(1)
    expect(await cashOf(o.id)).toBe(28_500)
    await expectLedgerBalanced()

    const tooMuch = { ...input, amount: 28_501, key: crypto.randomUUID() }
    expect(await staffRefundOrder(staff, tooMuch, deps)).toEqual({ ok: false, code: 'too_much', left: 28_500 })
    expect(await staffRefundOrder(staff, { ...input, amount: 0, key: crypto.randomUUID() }, deps)).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await staffRefundOrder(staff, { ...input, reason: '  ', key: crypto.randomUUID() }, deps)).toEqual({
      ok: false,
      code: 'invalid',
    })

    // The customer is told, in francs, on both channels; the order goes on.
    const mail = await messagesTo(t.ctx, o.c.email)
    expect(mail.at(-1)?.subject).toContain('5,000')
    expect((await findOrder(t.ctx, o.id))?.status).toBe('paid')
    expect((await messagesTo(t.ctx, shopA.email)).at(-1)?.subject).toContain('refunded')

    // The rest, then nothing is left.
    const rest = { ...input, amount: 28_500, key: crypto.randomUUID() }
    expect(await staffRefundOrder(staff, rest, deps)).toMatchObject({ ok: true })
    expect(await cashOf(o.id)).toBe(0)
    const none = { ...input, amount: 1, key: crypto.randomUUID() }
    expect(await staffRefundOrder(staff, none, deps)).toEqual({ ok: false, code: 'too_much', left: 0 })
    await expectLedgerBalanced()
  })

  test('only staff refund, and only an order that exists and was paid', async () => {
    const o = await place('momo')
    const input = { orderNumber: o.number, amount: 1_000, reason: 'Goodwill', key: crypto.randomUUID() }
    expect(await staffRefundOrder(notStaff, input, deps)).toEqual({ ok: false, code: 'forbidden' })
    expect(await staffRefundOrder(staff, { ...input, orderNumber: 'ISK-NOPE' }, deps)).toEqual({
      ok: false,
      code: 'not_found',
    })
    const unpaid = await place('cod')
    expect(await staffRefundOrder(staff, { ...input, orderNumber: unpaid.number }, deps)).toEqual({
      ok: false,
      code: 'not_refundable',
    })
    expect(await listOrderRefunds(t.ctx, o.id)).toEqual([])
  })

  test('a cash-on-delivery refund goes by mobile money to the customer and comes out of the stores’ cash sale', async () => {
    const o = await place('cod')
    for (const [vendorId, vendorOrderId] of [
      [shopA.id, o.a],
      [shopB.id, o.b],
    ] as const) {
      for (const to of ['packed', 'dispatched', 'delivered'] as const) {
        await advanceVendorOrderStep(t.ctx, { vendorId, vendorOrderId, to })
      }
    }
    expect(await staffMarkCashCollected(staff, { orderNumber: o.number, vendorOrderId: o.a })).toEqual({ ok: true })
    expect(await staffMarkCashCollected(staff, { orderNumber: o.number, vendorOrderId: o.a })).toEqual({
      ok: false,
      code: 'already',
    })
    expect(await staffMarkCashCollected(notStaff, { orderNumber: o.number, vendorOrderId: o.b })).toEqual({
      ok: false,
      code: 'forbidden',
    })
    expect(await staffMarkCashCollected(staff, { orderNumber: o.number, vendorOrderId: 2_147_483_647 })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await staffMarkCashCollected(staff, { orderNumber: o.number, vendorOrderId: o.b })).toEqual({ ok: true })
    const before = await listOrderEntries(t.ctx, o.id)
    const payables = async () => {
      const lines = (await listOrderEntries(t.ctx, o.id)).flatMap((e) => e.lines)
      const of = (account: string) => lines.filter((l) => l.account === account).reduce((s, l) => s + l.amount, 0)
      return {
        a: of(accounts.vendorPayable(shopA.id)),
        b: of(accounts.vendorPayable(shopB.id)),
        cash: of(accounts.platformCash),
      }
    }
    expect(await payables()).toEqual({ a: 0, b: 0, cash: 0 })

    // Sent at once to the customer's own number, and settled: the stores bear it less the commission on it.
    transfers.answer = 'succeeded'
    const sentBefore = transfers.sent.length
    const refund = await staffRefundOrder(
      staff,
      { orderNumber: o.number, amount: 3_350, reason: 'Torn seam', key: crypto.randomUUID() },
      deps,
    )
    expect(refund).toMatchObject({ ok: true, refund: { status: 'succeeded', payeePhone: '+250788123456' } })
    // The order's phone is an MTN number: MoMo Disbursement.
    expect(transfers.sent.slice(sentBefore)).toEqual([
      expect.objectContaining({ method: 'momo', amount: 3_350, phone: '+250788123456' }),
    ])
    const entries = await listOrderEntries(t.ctx, o.id)
    expect(entries).toHaveLength(before.length + 1)
    expect(entries.at(-1)?.reason).toBe('cash_refund')
    // 3,350 of 33,500 (A 20,000 and B 12,000 at 10%, 1,500 of delivery): a tenth of each part.
    expect(await payables()).toEqual({ a: 1_800, b: 1_080, cash: -3_350 })
    const mail = await messagesTo(t.ctx, o.c.email)
    expect(mail.some((m) => m.body.includes('mobile money'))).toBe(true)
    expect(mail.at(-1)?.subject).toContain(formatRwf(3_350))
    await expectLedgerBalanced()

    // A transfer the wallet refuses: failed, nothing posted, the amount still left to refund.
    transfers.answer = 'failed'
    const failed = await staffRefundOrder(
      staff,
      { orderNumber: o.number, amount: 1_000, reason: 'Goodwill', key: crypto.randomUUID() },
      deps,
    )
    expect(failed).toMatchObject({ ok: true, refund: { status: 'failed' } })
    expect(await listOrderEntries(t.ctx, o.id)).toHaveLength(before.length + 1)

    // A transfer still on its way: pending, then the sweep asks its status and settles it.
    transfers.answer = 'pending'
    transfers.settlesAs = 'succeeded'
    const pending = await staffRefundOrder(
      staff,
      { orderNumber: o.number, amount: 1_000, reason: 'Goodwill', key: crypto.randomUUID() },
      deps,
    )
    expect(pending).toMatchObject({ ok: true, refund: { status: 'pending' } })
    await sweepPayments(t.ctx, { ...deps, pollAfterMs: -60_000 })
    expect((await listOrderRefunds(t.ctx, o.id)).map((r) => r.status)).toEqual(['succeeded', 'failed', 'succeeded'])
    expect((await payables()).cash).toBe(-4_350)
    // More than is left of the cash sale is refused.
    const tooMuch = { orderNumber: o.number, amount: 29_151, reason: 'All of it', key: crypto.randomUUID() }
    expect(await staffRefundOrder(staff, tooMuch, deps)).toEqual({ ok: false, code: 'too_much', left: 29_150 })
    transfers.answer = 'succeeded'
    await expectLedgerBalanced()
  })
})

describe('cancel', () => {
  test("one vendor's part of a paid order: its stock and its money back, its vendor told not to send", async () => {
    const o = await place('momo')
    const soapBefore = await stockOf(t.ctx, soap)
    const refundsBefore = providerRefunds.length
    const input = { orderNumber: o.number, vendorOrderId: o.b, reason: 'Out of stock at the shop' }
    expect(await staffCancelOrder(staff, input, deps)).toEqual({ ok: true, whole: false })
    expect(await staffCancelOrder(staff, input, deps)).toEqual({ ok: false, code: 'already' })
    expect(await stockOf(t.ctx, soap)).toBe(soapBefore + 2)
    expect(providerRefunds.slice(refundsBefore)).toEqual([{ amount: 12_000 }])
    const detail = await findOrderDetail(t.ctx, o.id)
    expect(detail?.status).toBe('paid')
    expect(detail?.vendorOrders.map((v) => v.status)).toEqual(['new', 'cancelled'])
    // Store B's payable for the part is gone, store A's untouched.
    const balances = await expectLedgerBalanced()
    const entries = await listOrderEntries(t.ctx, o.id)
    const payableOf = (vendorId: number) =>
      entries
        .flatMap((e) => e.lines)
        .filter((l) => l.account === accounts.vendorPayable(vendorId))
        .reduce((s, l) => s + l.amount, 0)
    expect(payableOf(shopB.id)).toBe(0)
    expect(payableOf(shopA.id)).toBe(-18_000)
    expect(await cashOf(o.id)).toBe(21_500)
    expect(balances.size).toBeGreaterThan(0)
    const [vendorMail, refundMail] = (await messagesTo(t.ctx, shopB.email)).slice(-2)
    expect(refundMail?.subject).toBe(`Isoko refunded ${formatRwf(12_000)} on order ${o.number}`)
    expect(vendorMail?.subject).toContain('do not send')
    expect(vendorMail?.body).toContain('Out of stock at the shop')

    // Then the rest: the whole order is cancelled and what is left of the money comes back.
    expect(await staffCancelOrder(staff, { orderNumber: o.number, reason: 'Customer asked by phone' }, deps)).toEqual({
      ok: true,
      whole: true,
    })
    expect((await findOrder(t.ctx, o.id))?.status).toBe('refunded')
    expect(await cashOf(o.id)).toBe(0)
    await expectLedgerBalanced()
  })

  test('a whole cash-on-delivery order: vendors told not to send it, and nothing about collecting cash', async () => {
    const o = await place('cod')
    const dressBefore = await stockOf(t.ctx, dress)
    const sentBefore = (await messagesTo(t.ctx, shopA.email)).length
    expect(await staffCancelOrder(staff, { orderNumber: o.number, reason: 'Fraud suspected' }, deps)).toEqual({
      ok: true,
      whole: true,
    })
    expect((await findOrder(t.ctx, o.id))?.status).toBe('cancelled')
    expect(await stockOf(t.ctx, dress)).toBe(dressBefore + 1)
    const mail = (await messagesTo(t.ctx, shopA.email)).slice(sentBefore)
    expect(mail.map((m) => m.subject)).toEqual([`Isoko cancelled order ${o.number}: do not send it`])
    expect(await listOrderEntries(t.ctx, o.id)).toEqual([])
  })

  test('refused: not staff, no reason, an unknown order or part, a part already on its way', async () => {
    const o = await place('momo')
    const input = { orderNumber: o.number, reason: 'Test' }
    expect(await staffCancelOrder(notStaff, input, deps)).toEqual({ ok: false, code: 'forbidden' })
    expect(await staffCancelOrder(staff, { ...input, reason: '' }, deps)).toEqual({ ok: false, code: 'invalid' })
    expect(await staffCancelOrder(staff, { ...input, orderNumber: 'ISK-NOPE' }, deps)).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await staffCancelOrder(staff, { ...input, vendorOrderId: 2_147_483_647 }, deps)).toEqual({
      ok: false,
      code: 'not_found',
    })
    for (const to of ['packed', 'dispatched'] as const) {
      await advanceVendorOrderStep(t.ctx, { vendorId: shopA.id, vendorOrderId: o.a, to })
    }
    expect(await staffCancelOrder(staff, { ...input, vendorOrderId: o.a }, deps)).toEqual({
      ok: false,
      code: 'illegal',
    })
    expect(await staffCancelOrder(staff, input, deps)).toEqual({ ok: false, code: 'illegal' })
    // Store B's part can still go: the order is then shipped (its only live part is on its way).
    expect(await staffCancelOrder(staff, { ...input, vendorOrderId: o.b }, deps)).toEqual({ ok: true, whole: false })
    expect((await findOrder(t.ctx, o.id))?.status).toBe('shipped')
    await expectLedgerBalanced()
  })
})

test("a suspended store's open order: its customer sees it, and staff cancel it, refunded and told", async () => {
  const o = await place('momo')
  expect(
    await changeVendorStatus(staff, { vendorId: shopB.id, action: 'suspend', reason: 'Counterfeit goods' }),
  ).toMatchObject({ ok: true })
  try {
    expect((await findCustomerOrder(t.ctx, o.c.id, o.number))?.vendorOrders).toHaveLength(2)
    expect(await staffCancelOrder(staff, { orderNumber: o.number, reason: 'Store suspended' }, deps)).toEqual({
      ok: true,
      whole: true,
    })
    expect((await findOrder(t.ctx, o.id))?.status).toBe('refunded')
    const subjects = (await messagesTo(t.ctx, o.c.email)).map((m) => m.subject)
    expect(subjects).toContain(`Order ${o.number} was cancelled`)
    expect(await cashOf(o.id)).toBe(0)
    await expectLedgerBalanced()
  } finally {
    await changeVendorStatus(staff, { vendorId: shopB.id, action: 'reinstate' })
  }
})

test('a note is for staff, and says something', async () => {
  const o = await place('cod')
  expect(await staffAddOrderNote(staff, { orderNumber: o.number, body: 'Customer called: gate code 4411' })).toEqual({
    ok: true,
  })
  // Sent twice (a double submit): kept once.
  expect(await staffAddOrderNote(staff, { orderNumber: o.number, body: 'Customer called: gate code 4411' })).toEqual({
    ok: true,
  })
  expect(await staffAddOrderNote(staff, { orderNumber: o.number, body: '   ' })).toEqual({
    ok: false,
    code: 'invalid',
  })
  expect(await staffAddOrderNote(notStaff, { orderNumber: o.number, body: 'x' })).toEqual({
    ok: false,
    code: 'forbidden',
  })
  expect(await staffAddOrderNote(staff, { orderNumber: 'ISK-NOPE', body: 'x' })).toEqual({
    ok: false,
    code: 'not_found',
  })
  expect((await listOrderNotes(t.ctx, o.id)).map((n) => [n.author, n.body])).toEqual([
    ['staff:staff-1', 'Customer called: gate code 4411'],
  ])
})
