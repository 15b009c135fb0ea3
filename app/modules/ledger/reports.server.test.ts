import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  fixCommission,
  getVendorBalances,
  postCashCollected,
  postPaymentReceived,
  recordDelivered,
  setCommissionRate,
} from './ledger.server.ts'
import { listAllVendorBalances, listCommissionRules, sumCommissionEarned } from './reports.server.ts'

// What staff read of the ledger: rules in force and scheduled, commission per period, every store's balances in
// one query (which must agree with each store's own `getVendorBalances`).

let t: TestDatabase
const admin = { userId: 'staff-1', role: 'admin' as const }
let ids = 5000
const id = () => ++ids
const placedAt = new Date('2026-06-01T10:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

/** One vendor order of `amount` for the vendor, its commission fixed (10%, the seeded platform rate). */
async function sale(vendorId: number, amount: number) {
  const orderId = id()
  const vendorOrder = { id: id(), vendorId, subtotal: amount }
  await fixCommission(t.ctx, {
    orderId,
    placedAt,
    vendorOrders: [{ vendorOrderId: vendorOrder.id, vendorId, lines: [{ categoryId: null, amount }] }],
  })
  return { orderId, vendorOrder }
}

describe('commission rules', () => {
  test('in force: the latest of each target that has taken effect; scheduled: the ones to come', async () => {
    const now = new Date('2026-07-01T00:00:00Z')
    const staff = { ...t.ctx, actor: admin }
    const store = id()
    const early = new Date('2026-03-01T00:00:00Z')
    await setCommissionRate(staff, { scope: 'store', scopeId: store, rateBps: 500, effectiveFrom: early })
    const later = new Date('2026-06-01T00:00:00Z')
    const current = await setCommissionRate(staff, {
      scope: 'store',
      scopeId: store,
      rateBps: 700,
      effectiveFrom: later,
    })
    const future = new Date('2026-09-01T00:00:00Z')
    const next = await setCommissionRate(staff, {
      scope: 'platform',
      scopeId: null,
      rateBps: 1200,
      effectiveFrom: future,
    })
    if (!current.ok || !next.ok) throw new Error('rules refused')
    const rules = await listCommissionRules(t.ctx, now)
    expect(rules.inForce.map((r) => [r.scope, r.scopeId, r.rateBps])).toEqual([
      ['platform', null, 1000],
      ['store', store, 700],
    ])
    expect(rules.scheduled.map((r) => r.id)).toEqual([next.rule.id])
    // Once its date has come, the scheduled rule is the one in force.
    const after = await listCommissionRules(t.ctx, new Date('2026-09-02T00:00:00Z'))
    expect(after.inForce.find((r) => r.scope === 'platform')?.rateBps).toBe(1200)
    expect(after.scheduled).toEqual([])
  })
})

describe('commission earned and balances', () => {
  test('the commission posted in a period, by vendor; every store’s balances agree with its own', async () => {
    const [a, b, c] = [id(), id(), id()]
    // a: paid online and delivered long ago (available); b: paid, not delivered (on hold); c: cash collected.
    const sa = await sale(a, 30_000)
    const sb = await sale(b, 12_000)
    const sc = await sale(c, 5_000)
    await postPaymentReceived(t.ctx, {
      paymentId: id(),
      orderId: sa.orderId,
      amount: 31_500,
      deliveryFee: 1_500,
      placedAt,
      vendorOrders: [sa.vendorOrder],
    })
    await postPaymentReceived(t.ctx, {
      paymentId: id(),
      orderId: sb.orderId,
      amount: 12_000,
      deliveryFee: 0,
      placedAt,
      vendorOrders: [sb.vendorOrder],
    })
    await postCashCollected(t.ctx, { orderId: sc.orderId, placedAt, vendorOrder: sc.vendorOrder })
    const now = new Date()
    await recordDelivered(t.ctx, { vendorOrderId: sa.vendorOrder.id, at: new Date(now.getTime() - 10 * 86_400_000) })

    const all = await listAllVendorBalances(t.ctx, { now, holdDays: 7 })
    expect(all.get(a)).toEqual({ available: 27_000, onHold: 0, owedOnCashSales: 0 })
    expect(all.get(b)).toEqual({ available: 0, onHold: 10_800, owedOnCashSales: 0 })
    expect(all.get(c)).toEqual({ available: 0, onHold: 0, owedOnCashSales: 500 })
    for (const v of [a, b, c]) expect(all.get(v)).toEqual(await getVendorBalances(t.ctx, v, { now, holdDays: 7 }))
    expect(all.has(id())).toBe(false)

    // The lines were posted now: this month has them, the month before has none.
    const from = new Date(now.getTime() - 60_000)
    const to = new Date(now.getTime() + 60_000)
    const earned = await sumCommissionEarned(t.ctx, { from, to })
    expect(earned.byVendor).toEqual([
      { vendorId: a, amount: 3_000, vendorOrders: 1 },
      { vendorId: b, amount: 1_200, vendorOrders: 1 },
      { vendorId: c, amount: 500, vendorOrders: 1 },
    ])
    expect(earned.total).toBe(4_700)
    expect(await sumCommissionEarned(t.ctx, { from: new Date('2020-01-01'), to: from })).toEqual({
      total: 0,
      byVendor: [],
    })
  })
})
