import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixCommission, postPaymentReceived, recordDelivered } from '#app/modules/ledger/ledger.server.ts'
import { getDeliveryFees } from '#app/modules/orders/delivery-fees.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import { addCommissionRule, changeDeliveryFees } from '../workflows/staff-money.server.ts'
import { getCommissionPage, getStoreBalances, monthOf, monthPeriod } from './staff-money.server.ts'

// The staff money screens' reads and forms: names beside the ledger's figures, sorting, a month's period, and the
// forms' refusals by field.

let t: TestDatabase
const admin = { userId: 'staff-1', role: 'admin' as const }
const now = new Date('2026-07-15T10:00:00Z')
let seq = 9000

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

const form = (values: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(values)) f.set(k, v)
  return f
}

describe('months', () => {
  test('a month is YYYY-MM, else the current one in Kigali; its period runs on Kigali time', () => {
    expect(monthOf('2026-02', now)).toBe('2026-02')
    expect(monthOf('2026-13', now)).toBe('2026-07')
    expect(monthOf(null, new Date('2026-07-31T22:30:00Z'))).toBe('2026-08') // already 1 August in Kigali
    expect(monthPeriod('2026-12')).toEqual({
      from: new Date('2026-11-30T22:00:00Z'),
      to: new Date('2026-12-31T22:00:00Z'),
    })
  })
})

describe('commission rules form', () => {
  test('refusals come back by field; a store rule is listed as scheduled with the store’s name', async () => {
    const store = await makeVendor(t.ctx, 'umucyo-fashion')
    const staff = { ...t.ctx, actor: admin }
    const refuse = async (values: Record<string, string>) => {
      const outcome = await addCommissionRule(staff, form(values), now)
      if (outcome.ok) throw new Error('accepted')
      return outcome.errors
    }
    expect(await refuse({ scope: 'store', rate: '7.5', effectiveFrom: '2026-08-01' })).toEqual({
      storeId: 'admin.commission.error.store',
    })
    expect(await refuse({ scope: 'store', storeId: '999999', rate: '7.5', effectiveFrom: '2026-08-01' })).toEqual({
      storeId: 'admin.commission.error.store',
    })
    expect(await refuse({ scope: 'platform', rate: '101', effectiveFrom: '2026-08-01' })).toEqual({
      rate: 'admin.commission.error.rate',
    })
    expect(await refuse({ scope: 'platform', rate: '7.555', effectiveFrom: '2026-08-01' })).toEqual({
      rate: 'admin.commission.error.rate',
    })
    expect(await refuse({ scope: 'platform', rate: '8', effectiveFrom: '2026-07-14' })).toEqual({
      effectiveFrom: 'admin.commission.error.past',
    })
    expect(await refuse({ scope: 'platform', rate: '8', effectiveFrom: '2026-02-31' })).toEqual({
      effectiveFrom: 'admin.commission.error.date',
    })
    expect(await refuse({ scope: 'everyone', rate: '8', effectiveFrom: '2026-08-01' })).toHaveProperty('scope')
    const vendor = { ...t.ctx, actor: { userId: 'v', role: 'vendor' as const } }
    expect(
      await addCommissionRule(vendor, form({ scope: 'platform', rate: '1', effectiveFrom: '2026-08-01' }), now),
    ).toMatchObject({ ok: false, status: 403 })

    const added = await addCommissionRule(
      staff,
      form({ scope: 'store', storeId: String(store.id), rate: '7,5 %', effectiveFrom: '2026-08-01' }),
      now,
    )
    expect(added).toMatchObject({ ok: true, value: { scope: 'store', scopeId: store.id, rateBps: 750 } })
    if (added.ok) expect(added.value.effectiveFrom).toEqual(new Date('2026-07-31T22:00:00Z'))
    // Dated today: in force from the moment it is saved, not from midnight.
    const today = await addCommissionRule(
      staff,
      form({ scope: 'platform', rate: '9', effectiveFrom: '2026-07-15' }),
      now,
    )
    if (today.ok) expect(today.value.effectiveFrom).toEqual(now)

    const page = await getCommissionPage(t.ctx, { now })
    expect(page.scheduled.map((r) => [r.scope, r.target, r.ratePercent])).toEqual([['store', 'umucyo-fashion', 7.5]])
    expect(page.inForce.map((r) => [r.scope, r.target, r.ratePercent])).toEqual([['platform', null, 9]])
    expect(page.stores.map((s) => s.name)).toContain('umucyo-fashion')
    expect(page).toMatchObject({ month: '2026-07', previousMonth: '2026-06', nextMonth: null, today: '2026-07-15' })
  })
})

describe('delivery fees form', () => {
  test('each field is checked on its own and keeps its name; commas are read as thousands', async () => {
    const staff = { ...t.ctx, actor: admin }
    const values = {
      kigaliStandard: '2,000',
      kigaliExpress: '4000',
      secondaryStandard: '',
      secondaryExpress: '-5',
      restStandard: '3.5',
      restExpress: '99999999',
      freeStandardAbove: '60 000',
    }
    const refused = await changeDeliveryFees(staff, form(values), now)
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        secondaryStandard: 'admin.fees.error.required',
        secondaryExpress: 'admin.fees.error.whole',
        restStandard: 'admin.fees.error.whole',
        restExpress: 'admin.fees.error.tooLarge',
      },
    })
    const saved = await changeDeliveryFees(
      staff,
      form({ ...values, secondaryStandard: '2500', secondaryExpress: '0', restStandard: '3500', restExpress: '6000' }),
      now,
    )
    expect(saved).toMatchObject({ ok: true })
    expect(await getDeliveryFees(t.ctx, now)).toMatchObject({
      fees: {
        kigali: { standard: 2_000, express: 4_000 },
        secondary: { standard: 2_500, express: 0 },
        rest: { standard: 3_500, express: 6_000 },
      },
      freeStandardAbove: 60_000,
    })
  })
})

describe('balances per store', () => {
  test('names beside balances, sortable by any column', async () => {
    const rich = await makeVendor(t.ctx, 'aaa-rich')
    const held = await makeVendor(t.ctx, 'zzz-held')
    const placedAt = new Date('2026-06-01T10:00:00Z')
    for (const [vendorId, amount] of [
      [rich.id, 50_000],
      [held.id, 20_000],
    ] as const) {
      const orderId = ++seq
      const vendorOrder = { id: ++seq, vendorId, subtotal: amount }
      await fixCommission(t.ctx, {
        orderId,
        placedAt,
        vendorOrders: [{ vendorOrderId: vendorOrder.id, vendorId, lines: [{ categoryId: null, amount }] }],
      })
      await postPaymentReceived(t.ctx, {
        paymentId: ++seq,
        orderId,
        amount,
        deliveryFee: 0,
        placedAt,
        vendorOrders: [vendorOrder],
      })
      if (vendorId === rich.id) await recordDelivered(t.ctx, { vendorOrderId: vendorOrder.id, at: placedAt })
    }
    const byName = await getStoreBalances(t.ctx, { now })
    expect(byName).toMatchObject({ sort: 'name', dir: 'asc' })
    expect(byName.rows[0]).toMatchObject({ name: 'aaa-rich', available: 45_000, onHold: 0 })
    expect(byName.rows.at(-1)).toMatchObject({ name: 'zzz-held', available: 0, onHold: 18_000 })
    expect(byName.totals).toMatchObject({ available: 45_000, onHold: 18_000 })
    const byHold = await getStoreBalances(t.ctx, { sort: 'onHold', now })
    expect(byHold).toMatchObject({ sort: 'onHold', dir: 'desc' })
    expect(byHold.rows[0]?.name).toBe('zzz-held')
    const byAvailableAsc = await getStoreBalances(t.ctx, { sort: 'available', dir: 'asc', now })
    expect(byAvailableAsc.rows.at(-1)?.name).toBe('aaa-rich')
    expect((await getStoreBalances(t.ctx, { sort: 'drop table', now })).sort).toBe('name')
  })
})
