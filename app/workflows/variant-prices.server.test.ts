import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getCart } from '#app/modules/cart/cart.server.ts'
import { getProductCards } from '#app/modules/catalog/catalog.server.ts'
import { productVariants } from '#app/modules/catalog/tables.server.ts'
import { findOrderDetail } from '#app/modules/orders/orders.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeProduct, makeVendor, placeCart, reviewCart, tryPlaceCart } from '#tests/shop.ts'

// A variant's own price (issue 17: an XL dearer than an S) is what the cart shows, what the checkout charges and
// what the order line records; a variant without one costs the product's price.

let t: TestDatabase
let shop: { id: number }
const MORNING = new Date('2026-06-09T08:00:00Z')

beforeAll(async () => {
  t = await createTestDatabase()
  shop = await makeVendor(t.ctx, 'variant-prices')
})
afterAll(() => t.close())

const setPrice = (variantId: number, price: number | null) =>
  t.ctx.db.update(productVariants).set({ price }).where(eq(productVariants.id, variantId))

describe('a variant’s own price', () => {
  test('is shown in the cart, charged at checkout and kept on the order line', async () => {
    const shirt = await makeProduct(t.ctx, shop.id, { price: 10_000, stocks: [5, 5] })
    const [small, xl] = shirt.variantIds
    await setPrice(xl, 12_500)
    const c = await makeCustomer(t.ctx)
    await fillCart(t.ctx, c.ownerKey, [
      { variantId: small, quantity: 1 },
      { variantId: xl, quantity: 2 },
    ])

    const cart = await getCart(t.ctx, c.ownerKey)
    expect(cart.lines.map((l) => [l.size, l.unitPrice, l.lineTotal])).toEqual([
      ['S', 10_000, 10_000],
      ['M', 12_500, 25_000],
    ])
    expect(cart.subtotal).toBe(35_000)

    const order = await placeCart(t.ctx, c, 'cod', { now: MORNING })
    const detail = await findOrderDetail(t.ctx, order.id)
    const lines = detail?.vendorOrders.flatMap((vo) => vo.lines.map((l) => [l.size, l.unitPrice, l.lineTotal]))
    expect(lines).toEqual([
      ['S', 10_000, 10_000],
      ['M', 12_500, 25_000],
    ])
    expect(detail?.vendorOrders[0]?.subtotal).toBe(35_000)
  })

  test('changed after the review: the checkout refuses with the change and writes nothing', async () => {
    const shirt = await makeProduct(t.ctx, shop.id, { price: 10_000, stocks: [5, 5] })
    const xl = shirt.variantIds[1]
    const c = await makeCustomer(t.ctx)
    await fillCart(t.ctx, c.ownerKey, [{ variantId: xl, quantity: 1 }])
    const seen = await reviewCart(t.ctx, c.ownerKey)
    await setPrice(xl, 11_000)
    const outcome = await tryPlaceCart(t.ctx, c, 'cod', { seen, now: MORNING })
    expect(outcome).toMatchObject({
      ok: false,
      code: 'cart_changed',
      changes: [{ kind: 'price', variantId: xl, before: 10_000, after: 11_000 }],
    })
  })

  test('makes a product card say “from” its lowest price', async () => {
    const shirt = await makeProduct(t.ctx, shop.id, { price: 8_000, stocks: [5, 5] })
    const [plain] = await getProductCards(t.ctx, [shirt.productId])
    expect([plain?.price, plain?.priceFrom]).toEqual([8_000, false])
    await setPrice(shirt.variantIds[1], 9_500)
    const [card] = await getProductCards(t.ctx, [shirt.productId])
    expect([card?.price, card?.priceFrom]).toEqual([8_000, true])
    // A variant cheaper than the product (a file import may write one): the card starts from it.
    await setPrice(shirt.variantIds[0], 7_000)
    const [cheaper] = await getProductCards(t.ctx, [shirt.productId])
    expect([cheaper?.price, cheaper?.priceFrom]).toEqual([7_000, true])
  })
})
