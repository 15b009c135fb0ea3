import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type LedgerSale, orderWithCommission } from '#tests/factories/ledger.ts'
import {
  accounts,
  commissionOf,
  DEFAULT_COMMISSION_BPS,
  findCommissionRule,
  fixCommission,
  getAccountBalances,
  getVendorBalances,
  LedgerError,
  listOrderEntries,
  listOrderTerms,
  listUnbalancedTransactions,
  postCashCollected,
  postCashDeliveryFee,
  postCashRefund,
  postPaymentReceived,
  postPaymentUnapplied,
  postRefund,
  recordDelivered,
  setCommissionRate,
} from './ledger.server.ts'
import { ledgerLines, ledgerTransactions } from './tables.server.ts'

// The ledger on its own (the workflows that post into it: app/workflows/ledger.server.test.ts). Orders, vendors and
// payments are only ids here: the ledger keeps no foreign key to them.

let t: TestDatabase
const admin = { userId: 'staff-1', role: 'admin' as const }
let ids = 1000
const id = () => ++ids
const placedAt = new Date('2026-06-01T10:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

/** The `i`th element, which the test knows is there. */
function one<T>(list: readonly (T | undefined)[], i: number): T {
  const item = list[i]
  if (item === undefined) throw new Error(`nothing at ${i}`)
  return item
}

/** Every line sums to zero, and so does each transaction's. */
async function expectBalanced() {
  const balances = await getAccountBalances(t.ctx)
  expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
  expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
}

/** One order with one vendor order per sale, its commission fixed at `at`. */
const order = (sales: LedgerSale[], at = placedAt) => orderWithCommission(t.ctx, id, sales, at)

describe('commission rules', () => {
  test('the migration seeds the platform default, 10%', async () => {
    const rule = await findCommissionRule(t.ctx, { vendorId: id(), categoryId: null, at: placedAt })
    expect(rule).toMatchObject({ scope: 'platform', rateBps: DEFAULT_COMMISSION_BPS })
    expect(DEFAULT_COMMISSION_BPS).toBe(1000)
  })

  test('store beats category beats platform; the latest effective date not after the order counts', async () => {
    const vendorId = id()
    const categoryId = id()
    const otherCategory = id()
    const day = (d: number) => new Date(Date.UTC(2026, 6, d))
    expect(
      (
        await setCommissionRate(
          { ...t.ctx, actor: admin },
          {
            scope: 'category',
            scopeId: categoryId,
            rateBps: 1500,
            effectiveFrom: day(1),
          },
        )
      ).ok,
    ).toBe(true)
    await setCommissionRate(
      { ...t.ctx, actor: admin },
      {
        scope: 'category',
        scopeId: categoryId,
        rateBps: 1200,
        effectiveFrom: day(10),
      },
    )
    await setCommissionRate(
      { ...t.ctx, actor: admin },
      {
        scope: 'store',
        scopeId: vendorId,
        rateBps: 500,
        effectiveFrom: day(20),
      },
    )
    const rate = async (at: Date, category: number | null = categoryId) =>
      (await findCommissionRule(t.ctx, { vendorId, categoryId: category, at }))?.rateBps
    expect(await rate(new Date(Date.UTC(2026, 5, 30)))).toBe(1000) // before any rule but the platform's
    expect(await rate(day(5))).toBe(1500)
    expect(await rate(day(10))).toBe(1200) // effective from that instant
    expect(await rate(day(15), otherCategory)).toBe(1000)
    expect(await rate(day(20))).toBe(500) // the store's rule beats the category's
    expect(await rate(day(25), otherCategory)).toBe(500)
  })

  test('an order keeps the rate it was placed at after the rate changes', async () => {
    const vendorId = id()
    const at = new Date('2026-08-01T00:00:00Z')
    const placed = await order([{ vendorId, amount: 20_000 }], at)
    await setCommissionRate(
      { ...t.ctx, actor: admin },
      {
        scope: 'store',
        scopeId: vendorId,
        rateBps: 2500,
        effectiveFrom: new Date('2026-07-01T00:00:00Z'),
      },
    )
    // Re-fixing (a retried checkout) does not move it either.
    await fixCommission(t.ctx, {
      orderId: placed.orderId,
      placedAt: at,
      vendorOrders: [
        { vendorOrderId: one(placed.vendorOrders, 0).id, vendorId, lines: [{ categoryId: null, amount: 20_000 }] },
      ],
    })
    const [terms] = await listOrderTerms(t.ctx, placed.orderId)
    expect(terms).toMatchObject({ subtotal: 20_000, commission: 2_000 })
    expect(terms?.parts).toEqual([{ categoryId: null, amount: 20_000, rateBps: 1000, ruleId: expect.any(Number) }])
    // A new order takes the new rule.
    const later = await order([{ vendorId, amount: 20_000 }], at)
    expect((await listOrderTerms(t.ctx, later.orderId))[0]).toMatchObject({ commission: 5_000 })
  })

  test('only staff set rates, within 0 to 100%, a store or category rule naming its store or category', async () => {
    const set = (
      actor: typeof admin | { userId: string; role: 'vendor' },
      input: Parameters<typeof setCommissionRate>[1],
    ) => setCommissionRate({ ...t.ctx, actor }, input)
    const when = new Date()
    expect(
      await set({ userId: 'v', role: 'vendor' }, { scope: 'platform', scopeId: null, rateBps: 0, effectiveFrom: when }),
    ).toEqual({ ok: false, code: 'forbidden' })
    expect(await set(admin, { scope: 'platform', scopeId: null, rateBps: 10_001, effectiveFrom: when })).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await set(admin, { scope: 'store', scopeId: null, rateBps: 100, effectiveFrom: when })).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await set(admin, { scope: 'platform', scopeId: 3, rateBps: 100, effectiveFrom: when })).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await set(admin, { scope: 'category', scopeId: 1.5, rateBps: 100, effectiveFrom: when })).toEqual({
      ok: false,
      code: 'invalid',
    })
  })

  test('a commission is rounded to the nearest franc', () => {
    expect(commissionOf(12_345, 1000)).toBe(1_235)
    expect(commissionOf(12_344, 1000)).toBe(1_234)
    expect(commissionOf(999, 0)).toBe(0)
    expect(commissionOf(999, 10_000)).toBe(999)
  })
})

describe('postings', () => {
  test('an online payment: cash in, each vendor payable, commission and the delivery fee', async () => {
    const [v1, v2] = [id(), id()]
    const { orderId, vendorOrders } = await order([
      { vendorId: v1, amount: 30_000 },
      { vendorId: v2, amount: 12_000 },
    ])
    const paymentId = id()
    const input = { paymentId, orderId, amount: 44_000, deliveryFee: 2_000, placedAt, vendorOrders }
    expect(await postPaymentReceived(t.ctx, input)).toBe(true)
    // The same callback again (or a second poller): posted once.
    expect(await postPaymentReceived(t.ctx, input)).toBe(false)
    const entries = await listOrderEntries(t.ctx, orderId)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ reason: 'payment_received', paymentId, sourceKey: `payment:${paymentId}` })
    const lines = one(entries, 0).lines.map((l) => [l.account, l.amount])
    expect(lines).toEqual([
      [accounts.platformCash, 44_000],
      [accounts.vendorPayable(v1), -27_000],
      [accounts.commissionRevenue, -3_000],
      [accounts.vendorPayable(v2), -10_800],
      [accounts.commissionRevenue, -1_200],
      [accounts.deliveryRevenue, -2_000],
    ])
    await expectBalanced()
  })

  test('the same payment posted by two transactions at once (two servers) is posted once', async () => {
    const v = id()
    const { orderId, vendorOrders } = await order([{ vendorId: v, amount: 7_000 }])
    const input = { paymentId: id(), orderId, amount: 7_000, deliveryFee: 0, placedAt, vendorOrders }
    const outcomes = await Promise.all(
      [1, 2].map(() => t.ctx.db.transaction((tx) => postPaymentReceived({ db: tx }, input))),
    )
    expect(outcomes.sort()).toEqual([false, true])
    expect(await listOrderEntries(t.ctx, orderId)).toHaveLength(1)
    await expectBalanced()
  })

  test('a payment whose order is gone is owed back; its refund clears it', async () => {
    const orderId = id()
    const paymentId = id()
    await postPaymentUnapplied(t.ctx, { paymentId, orderId, amount: 9_000 })
    await postRefund(t.ctx, { paymentId, refundKey: `r-${paymentId}`, amount: 9_000 })
    const entries = await listOrderEntries(t.ctx, orderId)
    expect(entries.map((e) => e.reason)).toEqual(['payment_unapplied', 'refund'])
    expect(one(entries, 1).lines.map((l) => [l.account, l.amount])).toEqual([
      [accounts.platformCash, -9_000],
      [accounts.customerRefundsDue, 9_000],
    ])
    await expectBalanced()
  })

  test('a refund reverses the payment in proportion, once per refund, never more than was paid', async () => {
    const v = id()
    const { orderId, vendorOrders } = await order([{ vendorId: v, amount: 10_001 }])
    const paymentId = id()
    await postPaymentReceived(t.ctx, { paymentId, orderId, amount: 10_001, deliveryFee: 0, placedAt, vendorOrders })
    expect(await postRefund(t.ctx, { paymentId, refundKey: 'part-1', amount: 3_333 })).toBe(true)
    expect(await postRefund(t.ctx, { paymentId, refundKey: 'part-1', amount: 3_333 })).toBe(false)
    const refund = one(await listOrderEntries(t.ctx, orderId), 1)
    const cash = refund.lines.find((l) => l.account === accounts.platformCash)
    expect(cash?.amount).toBe(-3_333)
    expect(refund.lines.reduce((s, l) => s + l.amount, 0)).toBe(0)
    await expect(postRefund(t.ctx, { paymentId, refundKey: 'too-much', amount: 6_669 })).rejects.toThrow(LedgerError)
    expect(await postRefund(t.ctx, { paymentId, refundKey: 'rest', amount: 6_668 })).toBe(true)
    // Everything the payment posted is back to zero.
    const balances = await getVendorBalances(t.ctx, v)
    expect(balances).toEqual({ available: 0, onHold: 0, owedOnCashSales: 0 })
    await expectBalanced()
  })

  test('cash on delivery: the vendor holds the cash and owes the commission, and the delivery fee', async () => {
    const v = id()
    const { orderId, vendorOrders } = await order([{ vendorId: v, amount: 25_000 }])
    const vendorOrder = one(vendorOrders, 0)
    expect(await postCashCollected(t.ctx, { orderId, placedAt, vendorOrder })).toBe(true)
    expect(await postCashCollected(t.ctx, { orderId, placedAt, vendorOrder })).toBe(false)
    expect(await postCashDeliveryFee(t.ctx, { orderId, vendorId: v, fee: 2_000 })).toBe(true)
    expect(await postCashDeliveryFee(t.ctx, { orderId, vendorId: v, fee: 2_000 })).toBe(false)
    const entries = await listOrderEntries(t.ctx, orderId)
    expect(entries.map((e) => [e.reason, e.lines.map((l) => [l.account, l.amount])])).toEqual([
      [
        'cod_collected',
        [
          [accounts.vendorCashHeld(v), 25_000],
          [accounts.vendorPayable(v), -22_500],
          [accounts.commissionRevenue, -2_500],
        ],
      ],
      [
        'cod_commission_owed',
        [
          [accounts.vendorPayable(v), 22_500],
          [accounts.vendorCashHeld(v), -25_000],
          [accounts.cashSalesOwed(v), 2_500],
        ],
      ],
      [
        'cod_delivery_fee',
        [
          [accounts.cashSalesOwed(v), 2_000],
          [accounts.deliveryRevenue, -2_000],
        ],
      ],
    ])
    expect(await getVendorBalances(t.ctx, v)).toEqual({ available: 0, onHold: 0, owedOnCashSales: 4_500 })
    await expectBalanced()
  })

  test('a cash refund reverses the cash sale in proportion, once per refund, never more than was sold', async () => {
    const v = id()
    const { orderId, vendorOrders } = await order([{ vendorId: v, amount: 25_000 }])
    const paymentId = id()
    // Nothing collected yet: nothing to reverse.
    expect(await postCashRefund(t.ctx, { orderId, paymentId, refundKey: 'cash-0', amount: 1_000 })).toBe(false)
    await postCashCollected(t.ctx, { orderId, placedAt, vendorOrder: one(vendorOrders, 0) })
    await postCashDeliveryFee(t.ctx, { orderId, vendorId: v, fee: 2_000 })
    // 2,700 of the 27,000 sold: a tenth of the payable, the commission and the delivery fee.
    expect(await postCashRefund(t.ctx, { orderId, paymentId, refundKey: 'cash-1', amount: 2_700 })).toBe(true)
    expect(await postCashRefund(t.ctx, { orderId, paymentId, refundKey: 'cash-1', amount: 2_700 })).toBe(false)
    const refund = (await listOrderEntries(t.ctx, orderId)).at(-1)
    expect(refund?.reason).toBe('cash_refund')
    expect(refund?.lines.map((l) => [l.account, l.amount])).toEqual([
      [accounts.vendorPayable(v), 2_250],
      [accounts.commissionRevenue, 250],
      [accounts.deliveryRevenue, 200],
      [accounts.platformCash, -2_700],
    ])
    // The vendor now owes its share of the refund: less is available to pay it.
    const balances = await getVendorBalances(t.ctx, v)
    expect(balances.available + balances.onHold).toBe(-2_250)
    await expect(postCashRefund(t.ctx, { orderId, paymentId, refundKey: 'cash-2', amount: 24_301 })).rejects.toThrow(
      LedgerError,
    )
    expect(await postCashRefund(t.ctx, { orderId, paymentId, refundKey: 'cash-3', amount: 24_300 })).toBe(true)
    await expectBalanced()
  })

  test('an order placed before commissions were fixed gets the rate in force when it was placed', async () => {
    const v = id()
    const orderId = id()
    const vendorOrders = [{ id: id(), vendorId: v, subtotal: 5_000 }]
    await postPaymentReceived(t.ctx, {
      paymentId: id(),
      orderId,
      amount: 5_000,
      deliveryFee: 0,
      placedAt,
      vendorOrders,
    })
    expect((await listOrderTerms(t.ctx, orderId))[0]).toMatchObject({ commission: 500 })
    await expectBalanced()
  })

  test('entries are never updated or deleted (the database refuses)', async () => {
    await expect(t.ctx.db.update(ledgerLines).set({ amount: 1 })).rejects.toThrow()
    await expect(t.ctx.db.delete(ledgerTransactions).where(eq(ledgerTransactions.reason, 'refund'))).rejects.toThrow()
    await expect(t.ctx.db.execute(sql`delete from ledger_lines`)).rejects.toThrow()
  })
})

describe('vendor balances', () => {
  test('a payable is on hold until the hold after delivery has passed, then available', async () => {
    const v = id()
    const first = await order([{ vendorId: v, amount: 10_000 }])
    const second = await order([{ vendorId: v, amount: 20_000 }])
    for (const o of [first, second]) {
      await postPaymentReceived(t.ctx, {
        paymentId: id(),
        orderId: o.orderId,
        amount: one(o.vendorOrders, 0).subtotal,
        deliveryFee: 0,
        placedAt,
        vendorOrders: o.vendorOrders,
      })
    }
    expect(await getVendorBalances(t.ctx, v)).toEqual({ available: 0, onHold: 27_000, owedOnCashSales: 0 })
    const delivered = new Date('2026-06-03T12:00:00Z')
    await recordDelivered(t.ctx, { vendorOrderId: one(first.vendorOrders, 0).id, at: delivered })
    // A second "delivered" does not restart the hold.
    await recordDelivered(t.ctx, { vendorOrderId: one(first.vendorOrders, 0).id, at: new Date('2026-06-09T00:00:00Z') })
    const at = (iso: string, holdDays?: number) => getVendorBalances(t.ctx, v, { now: new Date(iso), holdDays })
    expect(await at('2026-06-10T11:59:59Z')).toEqual({ available: 0, onHold: 27_000, owedOnCashSales: 0 })
    expect(await at('2026-06-10T12:00:00Z')).toEqual({ available: 9_000, onHold: 18_000, owedOnCashSales: 0 })
    expect(await at('2026-06-04T12:00:00Z', 1)).toEqual({ available: 9_000, onHold: 18_000, owedOnCashSales: 0 })
  })
})
