import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type LedgerSale, orderWithCommission } from '#tests/factories/ledger.ts'
import {
  postCashCollected,
  postCashDeliveryFee,
  postPaymentReceived,
  postPayoutFailed,
  postPayoutSent,
  postPayoutStarted,
  postRefund,
} from './ledger.server.ts'
import { getVendorStatement } from './statement.server.ts'

// A vendor's statement for a period (issue 13): the balance at its start, one entry per movement with its sale,
// commission and effect, and a closing balance that is the opening plus the movements. PGlite and, with
// TEST_DATABASE_URL, PostgreSQL.

let t: TestDatabase
let ids = 7000
const id = () => ++ids
const placedAt = new Date('2026-06-01T10:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

const order = (sales: LedgerSale[]) => orderWithCommission(t.ctx, id, sales, placedAt)

describe('getVendorStatement', () => {
  test('sales, commission and effect per movement; opening and closing balances; other vendors left out', async () => {
    const a = id()
    const b = id()
    const before = new Date(Date.now() - 1000)
    // Paid online: A sold 20,000 (commission 2,000 at 10%), B 12,000; delivery 1,500 to Isoko.
    const paid = await order([
      { vendorId: a, amount: 20_000 },
      { vendorId: b, amount: 12_000 },
    ])
    const paymentId = id()
    await postPaymentReceived(t.ctx, {
      paymentId,
      orderId: paid.orderId,
      amount: 33_500,
      deliveryFee: 1_500,
      placedAt,
      vendorOrders: paid.vendorOrders,
    })
    // Half the payment refunded: A's part of it is 10,000 of sale, 1,000 of commission given back.
    await postRefund(t.ctx, { paymentId, refundKey: `refund:${id()}`, amount: 16_750 })
    // Cash on delivery: A collected 5,000 (commission 500 owed) and the 1,500 delivery fee (owed).
    const cash = await order([{ vendorId: a, amount: 5_000 }])
    const cashPart = cash.vendorOrders[0]
    if (!cashPart) throw new Error('no vendor order')
    await postCashCollected(t.ctx, { orderId: cash.orderId, placedAt, vendorOrder: cashPart })
    await postCashDeliveryFee(t.ctx, { orderId: cash.orderId, vendorId: a, fee: 1_500 })
    const after = new Date(Date.now() + 60_000)

    const statement = await getVendorStatement(t.ctx, { vendorId: a, from: before, to: after })
    expect(statement.opening).toBe(0)
    expect(
      statement.entries.map((e) => ({ reason: e.reason, sales: e.sales, commission: e.commission, net: e.net })),
    ).toEqual([
      { reason: 'payment_received', sales: 20_000, commission: 2_000, net: 18_000 },
      { reason: 'refund', sales: -10_000, commission: -1_000, net: -9_000 },
      // The cash is the vendor's: what moves is the commission it owes (its share kept is no movement).
      { reason: 'cod_collected', sales: 5_000, commission: 500, net: -500 },
      { reason: 'cod_delivery_fee', sales: 0, commission: 0, net: -1_500 },
    ])
    expect(statement.entries[0]?.orderId).toBe(paid.orderId)
    expect(statement.totals).toEqual({ sales: 15_000, commission: 1_500, net: 7_000 })
    expect(statement.closing).toBe(7_000)

    // A later period opens where this one closed, and has no entries.
    const later = await getVendorStatement(t.ctx, { vendorId: a, from: after, to: new Date(after.getTime() + 1000) })
    expect(later).toMatchObject({ opening: 7_000, closing: 7_000, entries: [] })
    // An earlier period has neither.
    const earlier = await getVendorStatement(t.ctx, { vendorId: a, from: new Date(0), to: before })
    expect(earlier).toMatchObject({ opening: 0, closing: 0, entries: [] })

    // B sees only its own sale and refund.
    const other = await getVendorStatement(t.ctx, { vendorId: b, from: before, to: after })
    expect(other.entries.map((e) => [e.reason, e.sales, e.commission, e.net])).toEqual([
      ['payment_received', 12_000, 1_200, 10_800],
      ['refund', -6_000, -600, -5_400],
    ])
    expect(other.closing).toBe(5_400)
  })

  test('a payout: the netting shown with what it settled (no change to the position), the payout as money out', async () => {
    const v = id()
    const before = new Date(Date.now() - 1000)
    const sold = await order([{ vendorId: v, amount: 30_000 }])
    await postPaymentReceived(t.ctx, {
      paymentId: id(),
      orderId: sold.orderId,
      amount: 30_000,
      deliveryFee: 0,
      placedAt,
      vendorOrders: sold.vendorOrders,
    })
    const cash = await order([{ vendorId: v, amount: 8_000 }])
    const cashPart = cash.vendorOrders[0]
    if (!cashPart) throw new Error('no vendor order')
    await postCashCollected(t.ctx, { orderId: cash.orderId, placedAt, vendorOrder: cashPart })
    // Owed 800 on the cash sale; 27,000 payable: a payout of 26,200 nets the 800. A first one failed.
    const failed = id()
    await postPayoutStarted(t.ctx, { payoutId: failed, vendorId: v, amount: 26_200, netted: 800 })
    await postPayoutFailed(t.ctx, { payoutId: failed, vendorId: v, amount: 26_200 })
    const paid = id()
    await postPayoutStarted(t.ctx, { payoutId: paid, vendorId: v, amount: 26_200, netted: 0 })
    await postPayoutSent(t.ctx, { payoutId: paid, vendorId: v, amount: 26_200 })

    const statement = await getVendorStatement(t.ctx, { vendorId: v, from: before, to: new Date(Date.now() + 60_000) })
    expect(statement.entries.map((e) => [e.reason, e.sales, e.commission, e.net, e.settled])).toEqual([
      ['payment_received', 30_000, 3_000, 27_000, 0],
      ['cod_collected', 8_000, 800, -800, 0],
      ['payout_netting', 0, 0, 0, 800],
      ['payout_started', 0, 0, -26_200, 0],
      ['payout_failed', 0, 0, 26_200, 0],
      ['payout_started', 0, 0, -26_200, 0],
      // The confirmation moves nothing for the vendor: the money left its balance when the payout was made.
    ])
    expect(statement.closing).toBe(0)
  })
})
