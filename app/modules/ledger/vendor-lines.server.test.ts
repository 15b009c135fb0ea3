import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type LedgerSale, orderWithCommission } from '#tests/factories/ledger.ts'
import {
  accounts,
  getVendorBalances,
  listVendorLines,
  postCashCollected,
  postCashDeliveryFee,
  postPaymentReceived,
} from './ledger.server.ts'

// The lines of a vendor's own accounts, as its balance page lists them (issue 13): only that vendor's accounts,
// newest first, a page at a time, each with its transaction. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.

let t: TestDatabase
let ids = 5000
const id = () => ++ids
const placedAt = new Date('2026-06-01T10:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

const order = (sales: LedgerSale[]) => orderWithCommission(t.ctx, id, sales, placedAt)

describe('listVendorLines', () => {
  test("a vendor's own lines only, newest first, paged, each with its transaction", async () => {
    const a = id()
    const b = id()
    // Paid online: A sold 20,000 (payable 18,000 at 10%), B 12,000.
    const paid = await order([
      { vendorId: a, amount: 20_000 },
      { vendorId: b, amount: 12_000 },
    ])
    await postPaymentReceived(t.ctx, {
      paymentId: id(),
      orderId: paid.orderId,
      amount: 33_500,
      deliveryFee: 1_500,
      placedAt,
      vendorOrders: paid.vendorOrders,
    })
    // Cash on delivery: A collected 5,000 and the 1,500 delivery fee.
    const cash = await order([{ vendorId: a, amount: 5_000 }])
    const cashPart = cash.vendorOrders[0]
    if (!cashPart) throw new Error('no vendor order')
    await postCashCollected(t.ctx, { orderId: cash.orderId, placedAt, vendorOrder: cashPart })
    await postCashDeliveryFee(t.ctx, { orderId: cash.orderId, vendorId: a, fee: 1_500 })

    const all = await listVendorLines(t.ctx, a, { perPage: 100 })
    expect(all.total).toBe(7)
    expect(all.items).toHaveLength(7)
    // Only A's accounts: not B's, and not Isoko's commission lines that name A.
    const mine = [accounts.vendorPayable(a), accounts.vendorCashHeld(a), accounts.cashSalesOwed(a)]
    expect(all.items.every((l) => mine.includes(l.account))).toBe(true)
    // Newest first: the delivery fee, then the commission owed, the cash sale, and the online payment last.
    expect(all.items.map((l) => l.transaction.reason)).toEqual([
      'cod_delivery_fee',
      'cod_commission_owed',
      'cod_commission_owed',
      'cod_commission_owed',
      'cod_collected',
      'cod_collected',
      'payment_received',
    ])
    expect(all.items[0]).toMatchObject({
      account: accounts.cashSalesOwed(a),
      amount: 1_500,
      vendorOrderId: null,
      transaction: { orderId: cash.orderId, vendorOrderId: null },
    })
    expect(all.items[6]).toMatchObject({
      account: accounts.vendorPayable(a),
      amount: -18_000,
      transaction: { orderId: paid.orderId, reason: 'payment_received' },
    })
    expect(all.items.every((l) => l.transaction.postedAt instanceof Date)).toBe(true)
    // The lines add up to the balances: what Isoko owes A less what A owes.
    const balances = await getVendorBalances(t.ctx, a, { holdDays: 7 })
    expect(-all.items.reduce((s, l) => s + l.amount, 0)).toBe(
      balances.available + balances.onHold - balances.owedOnCashSales,
    )
    expect(balances.owedOnCashSales).toBe(2_000)

    // Pages of 3: the same lines in the same order, none twice; past the end, none.
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listVendorLines(t.ctx, a, { page, perPage: 3 })))
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1, 0])
    expect(pages.every((p) => p.total === 7)).toBe(true)
    expect(pages.flatMap((p) => p.items.map((l) => l.id))).toEqual(all.items.map((l) => l.id))

    // B sees only its own payable.
    const other = await listVendorLines(t.ctx, b)
    expect(other.total).toBe(1)
    expect(other.items[0]).toMatchObject({ account: accounts.vendorPayable(b), amount: -10_800 })
    // A vendor with no entries has none.
    expect(await listVendorLines(t.ctx, id())).toEqual({ items: [], total: 0 })
  })
})
