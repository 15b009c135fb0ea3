import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productVariants } from '#app/modules/catalog/tables.server.ts'
import { orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  cleanUp,
  leftovers,
  makeFixtureCustomer,
  makeFixtureOrder,
  makeFixtureVendor,
  newScope,
  sessionCookies,
} from '#tests/fixture-service/data.ts'
import type { OrderStatus } from '#tests/fixture-service/protocol.ts'

// The browser journeys' fixtures (tests/fixture-service): what they make is what a journey asked for, and
// cleaning up leaves none of it behind.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const EVERY_STATUS: OrderStatus[] = [
  'pending_payment',
  'paid',
  'confirmed',
  'partly_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
]

describe('the journeys’ fixtures', () => {
  test('a store with long names and many products, orders in every status, all removed afterwards', async () => {
    const accounts = createTestAccountsContext(t)
    const scope = newScope()
    const customer = await makeFixtureCustomer(accounts, scope, { longNames: true })
    expect(customer.name.length).toBeGreaterThan(50)
    expect(customer.addressId).not.toBeNull()
    const vendor = await makeFixtureVendor(accounts, scope, { products: 4, longNames: true, photos: 5 })
    expect(vendor.storeName.length).toBeGreaterThan(60)
    expect(vendor.products).toHaveLength(4)
    for (const p of vendor.products) {
      expect(p.title.length).toBeGreaterThan(80)
      expect(p.variantIds.length).toBeGreaterThan(0)
    }

    for (const status of EVERY_STATUS) {
      const order = await makeFixtureOrder(t.ctx, { customer, vendor, status, lines: 3, quantity: 2 })
      const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id))
      expect(row.status).toBe(status)
      expect(row.itemCount).toBe(6)
      expect(order.number).toMatch(/^ISK-\d+$/)
    }
    const order = await makeFixtureOrder(t.ctx, { customer, vendor, status: 'paid', vendorStatus: 'packed' })
    const [part] = await t.ctx.db.select().from(vendorOrders).where(eq(vendorOrders.id, order.vendorOrderId))
    expect(part.status).toBe('packed')
    expect(part.releasedAt).not.toBeNull()

    // The session cookie is one the server's auth accepts, and the password signs in through the form's path too.
    const [cookie] = await sessionCookies(accounts, vendor.email)
    const session = await accounts.auth.api.getSession({
      headers: new Headers({ cookie: `${cookie.name}=${cookie.value}` }),
    })
    expect(session?.user.id).toBe(vendor.userId)
    const signedIn = await accounts.auth.api.signInEmail({
      body: { email: customer.email, password: customer.password },
    })
    expect(signedIn.user.id).toBe(customer.userId)

    expect(await leftovers(t.ctx, scope)).toBeGreaterThan(0)
    await cleanUp(t.ctx, scope)
    expect(await leftovers(t.ctx, scope)).toBe(0)
  })

  test('a store with chosen stock on its first variants (low, out), the others at `stock`', async () => {
    const accounts = createTestAccountsContext(t)
    const scope = newScope()
    const vendor = await makeFixtureVendor(accounts, scope, { products: 2, stock: 12, stocks: [3, 0] })
    const ids = vendor.products.flatMap((p) => p.variantIds)
    const rows = await t.ctx.db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.id, ids))
    const stockOf = new Map(rows.map((r) => [r.id, r.stock]))
    const [first, second] = vendor.products[0].variantIds
    expect(stockOf.get(first)).toBe(3)
    expect(stockOf.get(second)).toBe(0)
    for (const id of ids.filter((id) => id !== first && id !== second)) expect(stockOf.get(id)).toBe(12)
    await cleanUp(t.ctx, scope)
    expect(await leftovers(t.ctx, scope)).toBe(0)
  })

  test('two scopes: cleaning one up leaves the other’s data', async () => {
    const accounts = createTestAccountsContext(t)
    const a = newScope()
    const b = newScope()
    await makeFixtureVendor(accounts, a, { products: 1 })
    const kept = await makeFixtureVendor(accounts, b, { products: 1 })
    await cleanUp(t.ctx, a)
    expect(await leftovers(t.ctx, a)).toBe(0)
    // b's account, store and product
    expect(await leftovers(t.ctx, b)).toBe(3)
    expect(kept.products[0].variantIds.length).toBeGreaterThan(0)
    await cleanUp(t.ctx, b)
  })
})
