import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getCart } from '#app/modules/cart/cart.server.ts'
import { orderLines, orders } from '#app/modules/orders/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeProduct, makeVendor, reviewCart, stockOf, type TestCustomer } from '#tests/shop.ts'
import { placeOrder } from './checkout.server.ts'

// The last unit, wanted by 200 customers at once. On PGlite the statements run one at a time, so this checks the
// logic under interleaving. On PostgreSQL (TEST_DATABASE_URL) it is real concurrency: connectDatabase opens a
// pg.Pool of 10 connections (app/lib/db.server.ts), so up to 10 placeOrder transactions run in the server at the
// same moment and race for the variant's row; only `reserveStock`'s conditional update (stock >= wanted, under the
// row lock) stands between them and a negative stock or a second order.

const CUSTOMERS = 200

let t: TestDatabase
let variantId: number
let customers: TestCustomer[]

beforeAll(async () => {
  t = await createTestDatabase()
  const shop = await makeVendor(t.ctx)
  const product = await makeProduct(t.ctx, shop.id, { price: 45_000, stocks: [1] })
  variantId = product.variantIds[0]
  customers = []
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await makeCustomer(t.ctx)
    await fillCart(t.ctx, c.ownerKey, [{ variantId, quantity: 1 }])
    customers.push(c)
  }
})
afterAll(() => t?.close())

test(`${CUSTOMERS} customers place an order for the last unit at once: one order, ${CUSTOMERS - 1} out of stock`, async () => {
  const seen = await reviewCart(t.ctx, customers[0].ownerKey)
  expect(seen).toEqual([{ variantId, quantity: 1, unitPrice: 45_000 }])

  const outcomes = await Promise.all(
    customers.map((c) =>
      placeOrder(t.ctx, {
        customerId: c.id,
        ownerKey: c.ownerKey,
        checkoutKey: crypto.randomUUID(),
        addressId: c.addressId,
        delivery: 'standard',
        method: 'momo',
        seen,
      }),
    ),
  )

  const won = outcomes.filter((o) => o.ok)
  const lost = outcomes.filter((o) => !o.ok)
  expect(won).toHaveLength(1)
  expect(lost).toHaveLength(CUSTOMERS - 1)
  for (const o of lost) {
    expect(o).toEqual({
      ok: false,
      code: 'out_of_stock',
      changes: [{ kind: 'removed', variantId, title: expect.any(String) }],
    })
  }
  expect(await stockOf(t.ctx, variantId)).toBe(0)
  const [orderRows] = await t.ctx.db.select({ n: count() }).from(orders)
  expect(orderRows.n).toBe(1)
  const [lineRows] = await t.ctx.db.select({ n: count() }).from(orderLines).where(eq(orderLines.variantId, variantId))
  expect(lineRows.n).toBe(1)

  // The winner's cart is empty; each loser's cart followed the stock (the line is gone).
  const winner = customers[outcomes.findIndex((o) => o.ok)]
  expect((await getCart(t.ctx, winner.ownerKey)).lines).toEqual([])
  const loser = customers[outcomes.findIndex((o) => !o.ok)]
  expect((await getCart(t.ctx, loser.ownerKey)).lines).toEqual([])
})

/** A customer with 2 of a 10-in-stock product in the cart, reviewed; `place` is Place order from a tab of its own. */
async function oneCartInTwoTabs() {
  const shop = await makeVendor(t.ctx)
  const product = await makeProduct(t.ctx, shop.id, { price: 12_000, stocks: [10] })
  const [variant] = product.variantIds
  const c = await makeCustomer(t.ctx)
  await fillCart(t.ctx, c.ownerKey, [{ variantId: variant, quantity: 2 }])
  const seen = await reviewCart(t.ctx, c.ownerKey)
  const place = (tab: string) =>
    placeOrder(t.ctx, {
      customerId: c.id,
      ownerKey: c.ownerKey,
      checkoutKey: `${tab}-${crypto.randomUUID()}`,
      addressId: c.addressId,
      delivery: 'standard',
      method: 'momo',
      seen,
    })
  return { customer: c, variant, place }
}

test('a second tab that places the cart after the first tab’s order is in is answered with that order', async () => {
  const { variant, place } = await oneCartInTwoTabs()
  const first = await place('tab-a')
  if (!first.ok) throw new Error('no order')
  // Tab B reads the cart only now: empty, and its own key has no order.
  expect(await place('tab-b')).toEqual({ ok: true, order: first.order, created: false })
  expect(await stockOf(t.ctx, variant)).toBe(8)
})

test('two tabs place the same cart at once with different checkout keys: one order, the other tab is answered with it', async () => {
  const { customer: c, variant, place } = await oneCartInTwoTabs()
  const [before] = await t.ctx.db.select({ n: count() }).from(orders).where(eq(orders.customerId, c.id))

  const outcomes = await Promise.all(['tab-a', 'tab-b'].map(place))

  const [after] = await t.ctx.db.select({ n: count() }).from(orders).where(eq(orders.customerId, c.id))
  expect(after.n - before.n).toBe(1)
  expect(outcomes.filter((o) => o.ok && o.created)).toHaveLength(1)
  const first = outcomes.find((o) => o.ok && o.created)
  const second = outcomes.find((o) => !(o.ok && o.created))
  if (!first?.ok) throw new Error('no order')
  expect(second).toEqual({ ok: true, order: first.order, created: false })
  expect(await stockOf(t.ctx, variant)).toBe(8)
})
