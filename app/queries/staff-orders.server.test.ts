import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOrder } from '#app/modules/orders/orders.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  makeCustomer,
  makeProduct,
  makeVendor,
  orderAddress,
  resetShopHelpers,
  STANDARD_DELIVERY,
} from '#tests/shop.ts'
import { listOrdersForConsole } from './staff-orders.server.ts'

// The staff's list of every order: the search reads what staff typed literally.

let t: TestDatabase
let customerEmail: string

beforeAll(async () => {
  resetShopHelpers()
  t = await createTestDatabase()
  const store = (await makeVendor(t.ctx)).id
  const product = await makeProduct(t.ctx, store, { title: 'Basket', price: 20_000, stocks: [5] })
  for (const key of ['one', 'two']) {
    const customer = await makeCustomer(t.ctx)
    customerEmail = customer.email
    await createOrder(t.ctx, {
      customerId: customer.id,
      checkoutKey: key,
      paymentMethod: 'cod',
      delivery: STANDARD_DELIVERY,
      address: orderAddress({ recipient: 'Ann' }),
      lines: [
        {
          variantId: product.variantIds[0] as number,
          productId: product.productId,
          vendorId: store,
          title: product.title,
          slug: `slug-${product.productId}`,
          size: null,
          colour: null,
          sku: `SKU-${product.productId}`,
          unitPrice: product.price,
          quantity: 1,
        },
      ],
      paymentDueAt: null,
      vatAmount: 0,
    })
  }
})

afterAll(async () => {
  await t?.close()
})

describe('listOrdersForConsole', () => {
  test('finds an order by its customer e-mail', async () => {
    const listing = await listOrdersForConsole(t.ctx, { q: customerEmail, page: 1 })
    expect(listing.items.map((o) => o.customerEmail)).toEqual([customerEmail])
  })

  test('a % or _ typed in the search is a character, not a wildcard that matches every order', async () => {
    expect((await listOrdersForConsole(t.ctx, { page: 1 })).total).toBe(2)
    expect((await listOrdersForConsole(t.ctx, { q: '%', page: 1 })).total).toBe(0)
    expect((await listOrdersForConsole(t.ctx, { q: '_', page: 1 })).total).toBe(0)
  })
})
