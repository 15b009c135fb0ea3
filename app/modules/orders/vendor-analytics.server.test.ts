import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  makeCustomer,
  makeProduct,
  makeVendor,
  orderAddress,
  STANDARD_DELIVERY,
  type TestProduct,
} from '#tests/shop.ts'
import { cancelVendorOrders, createOrder, type NewOrderLine, releaseOrderToVendors } from './orders.server.ts'
import { orders, vendorOrders } from './tables.server.ts'
import { AnalyticsQuerySchema, changePercent } from './vendor-analytics.schemas.ts'
import { addDays, getVendorSales, kigaliDate, kigaliMidnight } from './vendor-analytics.server.ts'

// The analytics page's sales figures, on a fixed clock: "now" is Sunday 15 March 2026, 12:00 in Kigali (UTC+2).
// Orders are placed through the orders module, then moved in time by setting their timestamps.

const NOW = new Date('2026-03-15T10:00:00Z')
const standard = STANDARD_DELIVERY
const address = orderAddress()

let t: TestDatabase
let keys = 0

function lineOf(vendorId: number, p: TestProduct, quantity: number): NewOrderLine {
  return {
    variantId: p.variantIds[0] as number,
    productId: p.productId,
    vendorId,
    title: p.title,
    slug: `slug-${p.productId}`,
    size: 'S',
    colour: 'Blue',
    sku: `SKU-${p.productId}`,
    unitPrice: p.price,
    quantity,
  }
}

/**
 * An order of `lines` by `customerId`, released to its vendors at `at` (an ISO instant) unless `released` is
 * false (an online payment never paid).
 */
async function sale(customerId: number, lines: NewOrderLine[], at: string, options: { released?: boolean } = {}) {
  const released = options.released ?? true
  const { order } = await createOrder(t.ctx, {
    customerId,
    checkoutKey: `analytics-${++keys}`,
    paymentMethod: released ? 'cod' : 'momo',
    delivery: standard,
    address,
    lines,
    paymentDueAt: released ? null : new Date(Date.parse(at) + 3_600_000),
    vatAmount: 0,
  })
  await t.ctx.db
    .update(orders)
    .set({ placedAt: new Date(at) })
    .where(eq(orders.id, order.id))
  if (released) {
    await releaseOrderToVendors(t.ctx, order.id)
    await t.ctx.db
      .update(vendorOrders)
      .set({ releasedAt: new Date(at) })
      .where(eq(vendorOrders.orderId, order.id))
  }
  return order
}

beforeAll(async () => {
  t = await createTestDatabase()
})

afterAll(async () => {
  await t?.close()
})

describe('Kigali calendar days', () => {
  test('the day of an instant, midnight of a day, and adding days across months', () => {
    expect(kigaliDate(new Date('2026-03-08T21:30:00Z'))).toBe('2026-03-08') // 23:30 in Kigali
    expect(kigaliDate(new Date('2026-03-08T22:30:00Z'))).toBe('2026-03-09') // 00:30 the next day
    expect(kigaliMidnight('2026-03-09').toISOString()).toBe('2026-03-08T22:00:00.000Z')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  test('the period query: 7, 30 or 90 days, anything else 30', () => {
    const days = (v: unknown) => AnalyticsQuerySchema.parse(v === undefined ? {} : { days: v }).days
    expect(days('7')).toBe(7)
    expect(days('30')).toBe(30)
    expect(days('90')).toBe(90)
    expect(days(undefined)).toBe(30)
    for (const bad of ['', '14', '-7', 'abc', '7.5', '1e9']) expect(days(bad)).toBe(30)
  })

  test('change in percent; none when there was nothing before', () => {
    expect(changePercent(150, 100)).toBe(50)
    expect(changePercent(50, 100)).toBe(-50)
    expect(changePercent(0, 0)).toBe(0)
    expect(changePercent(10, 0)).toBeNull()
  })
})

describe('getVendorSales', () => {
  test('a store without sales: zeros, and every day of the period present', async () => {
    const vendor = await makeVendor(t.ctx)
    for (const days of [7, 30, 90] as const) {
      const sales = await getVendorSales(t.ctx, { vendorId: vendor.id, days, now: NOW })
      expect(sales.current).toEqual({ revenue: 0, orders: 0, units: 0, customers: 0, averageOrderValue: 0 })
      expect(sales.previous).toEqual(sales.current)
      expect(sales.bestSellers).toEqual([])
      expect(sales.daily).toHaveLength(days)
      expect(sales.daily.every((d) => d.revenue === 0 && d.orders === 0)).toBe(true)
      expect(sales.to).toBe('2026-03-15')
      expect(sales.daily.at(-1)?.date).toBe('2026-03-15')
      expect(sales.daily[0]?.date).toBe(sales.from)
      expect(sales.from).toBe(addDays('2026-03-15', -(days - 1)))
    }
  })

  test('figures for 7, 30 and 90 days, with the previous period, on Kigali days', async () => {
    const vendor = await makeVendor(t.ctx)
    const dress = await makeProduct(t.ctx, vendor.id, { price: 10_000, stocks: [100] })
    const ann = await makeCustomer(t.ctx)
    const ben = await makeCustomer(t.ctx)
    // Today, and 23:30 in Kigali on 9 March (the first day of the 7-day period): both in the last 7 days.
    await sale(ann.id, [lineOf(vendor.id, dress, 1)], '2026-03-15T08:00:00Z')
    await sale(ben.id, [lineOf(vendor.id, dress, 2)], '2026-03-09T21:30:00Z')
    // 23:30 in Kigali on 8 March: the day before the 7-day period (its previous period).
    await sale(ann.id, [lineOf(vendor.id, dress, 3)], '2026-03-08T21:30:00Z')
    // 00:00 in Kigali on 9 March exactly: the period's first instant.
    await sale(ben.id, [lineOf(vendor.id, dress, 1)], '2026-03-08T22:00:00Z')
    // 40 days ago: in the 90 days, and in the 30 days' previous period.
    await sale(ann.id, [lineOf(vendor.id, dress, 4)], '2026-02-03T10:00:00Z')
    // 100 days ago: in the 90 days' previous period only.
    await sale(ben.id, [lineOf(vendor.id, dress, 5)], '2025-12-05T10:00:00Z')
    // 200 days ago: in no period at all.
    await sale(ben.id, [lineOf(vendor.id, dress, 7)], '2025-08-27T10:00:00Z')

    const week = await getVendorSales(t.ctx, { vendorId: vendor.id, days: 7, now: NOW })
    expect(week.from).toBe('2026-03-09')
    expect(week.current).toEqual({ revenue: 40_000, orders: 3, units: 4, customers: 2, averageOrderValue: 13_333 })
    expect(week.previous).toEqual({ revenue: 30_000, orders: 1, units: 3, customers: 1, averageOrderValue: 30_000 })
    expect(week.daily.map((d) => [d.date, d.revenue, d.orders])).toEqual([
      ['2026-03-09', 30_000, 2],
      ['2026-03-10', 0, 0],
      ['2026-03-11', 0, 0],
      ['2026-03-12', 0, 0],
      ['2026-03-13', 0, 0],
      ['2026-03-14', 0, 0],
      ['2026-03-15', 10_000, 1],
    ])

    const month = await getVendorSales(t.ctx, { vendorId: vendor.id, days: 30, now: NOW })
    expect(month.from).toBe('2026-02-14')
    expect(month.current).toMatchObject({ revenue: 70_000, orders: 4, units: 7, customers: 2 })
    expect(month.previous).toMatchObject({ revenue: 40_000, orders: 1, units: 4, customers: 1 })
    expect(month.daily.find((d) => d.date === '2026-03-08')).toEqual({ date: '2026-03-08', revenue: 30_000, orders: 1 })
    expect(month.daily.reduce((s, d) => s + d.revenue, 0)).toBe(month.current.revenue)

    const quarter = await getVendorSales(t.ctx, { vendorId: vendor.id, days: 90, now: NOW })
    expect(quarter.current).toMatchObject({ revenue: 110_000, orders: 5, units: 11, customers: 2 })
    expect(quarter.previous).toMatchObject({ revenue: 50_000, orders: 1, units: 5, customers: 1 })
    expect(quarter.daily).toHaveLength(90)
    expect(new Set(quarter.daily.map((d) => d.date)).size).toBe(90)
    for (let i = 1; i < quarter.daily.length; i++) {
      expect(quarter.daily[i]?.date).toBe(addDays(quarter.daily[i - 1]?.date as string, 1))
    }
    expect(quarter.daily.reduce((s, d) => s + d.orders, 0)).toBe(5)

    // Late in the evening the period follows Kigali's calendar, not UTC's: at 23:30 on 15 March in Kigali
    // (21:30 UTC) today is still the 15th; at 00:30 on the 16th (22:30 UTC on the 15th) it is the 16th.
    const lateEvening = await getVendorSales(t.ctx, {
      vendorId: vendor.id,
      days: 7,
      now: new Date('2026-03-15T21:30:00Z'),
    })
    expect(lateEvening.to).toBe('2026-03-15')
    const afterMidnight = await getVendorSales(t.ctx, {
      vendorId: vendor.id,
      days: 7,
      now: new Date('2026-03-15T22:30:00Z'),
    })
    expect(afterMidnight.to).toBe('2026-03-16')
    expect(afterMidnight.from).toBe('2026-03-10')
    expect(afterMidnight.current.orders).toBe(1)
  })

  test('cancelled and unpaid orders are not sales', async () => {
    const vendor = await makeVendor(t.ctx)
    const bag = await makeProduct(t.ctx, vendor.id, { price: 8_000, stocks: [100] })
    const ann = await makeCustomer(t.ctx)
    await sale(ann.id, [lineOf(vendor.id, bag, 1)], '2026-03-14T10:00:00Z')
    const cancelled = await sale(ann.id, [lineOf(vendor.id, bag, 5)], '2026-03-14T11:00:00Z')
    await cancelVendorOrders(t.ctx, cancelled.id, 'customer')
    // An online payment never paid: never released to the vendor.
    await sale(ann.id, [lineOf(vendor.id, bag, 3)], '2026-03-14T12:00:00Z', { released: false })

    const sales = await getVendorSales(t.ctx, { vendorId: vendor.id, days: 7, now: NOW })
    expect(sales.current).toEqual({ revenue: 8_000, orders: 1, units: 1, customers: 1, averageOrderValue: 8_000 })
    expect(sales.bestSellers).toEqual([
      { productId: bag.productId, title: bag.title, slug: `slug-${bag.productId}`, units: 1, revenue: 8_000 },
    ])
    expect(sales.daily.find((d) => d.date === '2026-03-14')).toEqual({ date: '2026-03-14', revenue: 8_000, orders: 1 })
  })

  test("a vendor never sees another vendor's part of a shared order", async () => {
    const a = await makeVendor(t.ctx)
    const b = await makeVendor(t.ctx)
    const shirt = await makeProduct(t.ctx, a.id, { price: 5_000, stocks: [100] })
    const basket = await makeProduct(t.ctx, b.id, { price: 20_000, stocks: [100] })
    const ann = await makeCustomer(t.ctx)
    await sale(ann.id, [lineOf(a.id, shirt, 2), lineOf(b.id, basket, 3)], '2026-03-13T09:00:00Z')

    const salesA = await getVendorSales(t.ctx, { vendorId: a.id, days: 30, now: NOW })
    expect(salesA.current).toEqual({ revenue: 10_000, orders: 1, units: 2, customers: 1, averageOrderValue: 10_000 })
    expect(salesA.bestSellers.map((s) => s.productId)).toEqual([shirt.productId])
    expect(salesA.daily.reduce((s, d) => s + d.revenue, 0)).toBe(10_000)

    const salesB = await getVendorSales(t.ctx, { vendorId: b.id, days: 30, now: NOW })
    expect(salesB.current).toEqual({ revenue: 60_000, orders: 1, units: 3, customers: 1, averageOrderValue: 60_000 })
    expect(salesB.bestSellers.map((s) => s.productId)).toEqual([basket.productId])
  })

  test('best sellers: the top five by units, then by revenue, in the period only', async () => {
    const vendor = await makeVendor(t.ctx)
    const ann = await makeCustomer(t.ctx)
    const p = async (title: string, price: number) => makeProduct(t.ctx, vendor.id, { title, price, stocks: [100] })
    const cap = await p('Cap', 2_000)
    const scarf = await p('Scarf', 3_000)
    const shoes = await p('Shoes', 30_000)
    const belt = await p('Belt', 4_000)
    const socks = await p('Socks', 1_000)
    const tie = await p('Tie', 1_500)
    const old = await p('Old hat', 1_000)
    await sale(ann.id, [lineOf(vendor.id, cap, 4), lineOf(vendor.id, scarf, 2)], '2026-03-10T09:00:00Z')
    await sale(ann.id, [lineOf(vendor.id, scarf, 1), lineOf(vendor.id, shoes, 3)], '2026-03-11T09:00:00Z')
    await sale(ann.id, [lineOf(vendor.id, belt, 2), lineOf(vendor.id, socks, 6)], '2026-03-12T09:00:00Z')
    await sale(ann.id, [lineOf(vendor.id, tie, 1)], '2026-03-12T10:00:00Z')
    // Sold long before the period: not a best seller of these 7 days.
    await sale(ann.id, [lineOf(vendor.id, old, 50)], '2026-01-01T10:00:00Z')

    const sales = await getVendorSales(t.ctx, { vendorId: vendor.id, days: 7, now: NOW })
    expect(sales.bestSellers.map((s) => [s.title, s.units, s.revenue])).toEqual([
      ['Socks', 6, 6_000],
      ['Cap', 4, 8_000],
      ['Shoes', 3, 90_000],
      ['Scarf', 3, 9_000],
      ['Belt', 2, 8_000],
    ])
  })
})
