import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { createOrder, releaseOrderToVendors } from '#app/modules/orders/orders.server.ts'
import { followVendor, setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  makeCustomer,
  makeProduct,
  makeVendor,
  orderAddress,
  STANDARD_DELIVERY,
  type TestProduct,
} from '#tests/shop.ts'
import { findStoreAnalytics } from './vendor-analytics.server.ts'

// The analytics page's workflow: the store comes from the signed-in account, followers old and new, what is
// running out, and nothing of another store.

const NOW = new Date('2026-03-15T10:00:00Z')
let t: TestDatabase
let storeA: number
let storeB: number
let shirt: TestProduct
let basket: TestProduct

async function owner(id: string, vendorId: number) {
  await t.ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
  await setVendorOwner(t.ctx, vendorId, id)
}

beforeAll(async () => {
  t = await createTestDatabase()
  storeA = (await makeVendor(t.ctx)).id
  storeB = (await makeVendor(t.ctx)).id
  await owner('owner-a', storeA)
  await owner('owner-b', storeB)
  await t.ctx.db.insert(users).values({ id: 'no-store', name: 'x', email: 'no-store@example.rw', role: 'vendor' })
  shirt = await makeProduct(t.ctx, storeA, { title: 'Shirt', price: 5_000, stocks: [0, 3, 5, 6, 40] })
  basket = await makeProduct(t.ctx, storeB, { title: 'Basket', price: 20_000, stocks: [1, 2] })
  // A shared order: both stores sell in it (released now, so it falls on today, whatever the clock).
  const ann = await makeCustomer(t.ctx)
  const line = (vendorId: number, p: TestProduct, quantity: number) => ({
    variantId: p.variantIds.at(-1) as number,
    productId: p.productId,
    vendorId,
    title: p.title,
    slug: `slug-${p.productId}`,
    size: null,
    colour: null,
    sku: `SKU-${p.productId}`,
    unitPrice: p.price,
    quantity,
  })
  const { order } = await createOrder(t.ctx, {
    customerId: ann.id,
    checkoutKey: 'shared',
    paymentMethod: 'cod',
    delivery: STANDARD_DELIVERY,
    address: orderAddress({ recipient: 'Ann' }),
    lines: [line(storeA, shirt, 2), line(storeB, basket, 1)],
    paymentDueAt: null,
    vatAmount: 0,
  })
  await releaseOrderToVendors(t.ctx, order.id)
  // Followers of store A: one 3 days ago, one 20 days ago, one 200 days ago; store B: one today.
  for (const [vendorId, daysAgo] of [
    [storeA, 3],
    [storeA, 20],
    [storeA, 200],
    [storeB, 0],
  ] as const) {
    const c = await makeCustomer(t.ctx)
    await followVendor(t.ctx, { vendorId, customerId: c.id, createdAt: new Date(NOW.getTime() - daysAgo * 86_400_000) })
  }
})

afterAll(async () => {
  await t?.close()
})

describe('findStoreAnalytics', () => {
  test('an account without a store gets nothing', async () => {
    expect(await findStoreAnalytics(t.ctx, { ownerUserId: 'no-store', days: 30, now: NOW })).toBeNull()
    expect(await findStoreAnalytics(t.ctx, { ownerUserId: 'nobody', days: 30, now: NOW })).toBeNull()
  })

  test("the owner's store only: its sales, its followers, its low stock", async () => {
    const a = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-a', days: 30 })
    expect(a?.store.id).toBe(storeA)
    expect(a?.sales.current).toEqual({ revenue: 10_000, orders: 1, units: 2, customers: 1, averageOrderValue: 10_000 })
    expect(a?.sales.bestSellers.map((s) => s.title)).toEqual(['Shirt'])
    expect(a?.lowStock.map((v) => [v.title, v.stock, v.level])).toEqual([
      ['Shirt', 0, 'out'],
      ['Shirt', 3, 'low'],
      ['Shirt', 5, 'low'],
    ])

    const b = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-b', days: 30 })
    expect(b?.store.id).toBe(storeB)
    expect(b?.sales.current.revenue).toBe(20_000)
    expect(b?.lowStock.map((v) => v.variantId)).toEqual(basket.variantIds)
    expect(b?.followers.total).toBe(1)
  })

  test('followers: all of them, and those new in the period', async () => {
    const week = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-a', days: 7, now: NOW })
    expect(week?.followers).toEqual({ total: 3, newSince: 1 })
    const month = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-a', days: 30, now: NOW })
    expect(month?.followers).toEqual({ total: 3, newSince: 2 })
    const quarter = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-a', days: 90, now: NOW })
    expect(quarter?.followers).toEqual({ total: 3, newSince: 2 })
  })

  test('low stock: at most ten, the lowest first, archived products left out', async () => {
    const vendorId = (await makeVendor(t.ctx)).id
    await owner('owner-c', vendorId)
    await makeProduct(t.ctx, vendorId, { title: 'Many', stocks: [5, 4, 3, 2, 1, 0] })
    await makeProduct(t.ctx, vendorId, { title: 'More', stocks: [5, 4, 3, 2, 1, 100] })
    const category = await createCategory(t.ctx, { slug: 'archive-test', name: 'Archive', level: 0 })
    await createProduct(t.ctx, {
      vendorId,
      categoryId: category.id,
      title: 'Archived',
      slug: 'archived-product',
      description: 'Gone',
      price: 1_000,
      status: 'archived',
      variants: [{ size: 'M', colour: 'Red', sku: 'ARCHIVED-M', stock: 0 }],
      images: [],
    })
    const c = await findStoreAnalytics(t.ctx, { ownerUserId: 'owner-c', days: 7, now: NOW })
    expect(c?.lowStock.map((v) => v.stock)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5])
    expect(c?.lowStock.map((v) => v.title)).not.toContain('Archived')
    expect(c?.sales.current.orders).toBe(0)
    expect(c?.sales.daily).toHaveLength(7)
  })
})
