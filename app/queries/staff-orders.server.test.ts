import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { customers } from '#app/modules/customers/tables.server.ts'
import { createOrder } from '#app/modules/orders/orders.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeCustomer, makeProduct, makeVendor, orderAddress, STANDARD_DELIVERY } from '#tests/shop.ts'
import { exportOrdersCsv, listOrdersForConsole } from './staff-orders.server.ts'

// The staff's list of every order: the search reads what staff typed literally.

let t: TestDatabase
let customerEmail: string
let secondNumber: string
let secondStore: number

beforeAll(async () => {
  t = await createTestDatabase()
  const first = (await makeVendor(t.ctx)).id
  secondStore = (await makeVendor(t.ctx, 'nyamirambo-crafts')).id
  for (const key of ['one', 'two']) {
    const store = key === 'one' ? first : secondStore
    const product = await makeProduct(t.ctx, store, { title: 'Basket', price: 20_000, stocks: [5] })
    const customer = await makeCustomer(t.ctx)
    customerEmail = customer.email
    if (key === 'two') {
      // A name a spreadsheet would run as a formula: the CSV must defuse it.
      await t.ctx.db.update(customers).set({ firstName: '=HYPERLINK("http://x")' }).where(eq(customers.id, customer.id))
    }
    const order = await createOrder(t.ctx, {
      customerId: customer.id,
      checkoutKey: key,
      paymentMethod: key === 'one' ? 'cod' : 'momo',
      delivery: STANDARD_DELIVERY,
      address: orderAddress({ recipient: 'Ann', phone: key === 'one' ? '+250788123456' : '+250722555111' }),
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
    if (key === 'two') secondNumber = order.order.number
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

  test("finds a customer's phone however it is typed, and a store by its name", async () => {
    for (const q of ['0722555111', '+250722555111', '250722555111', '0722 555 111', '722555111']) {
      const listing = await listOrdersForConsole(t.ctx, { q, page: 1 })
      expect(
        listing.items.map((o) => o.number),
        q,
      ).toEqual([secondNumber])
    }
    expect((await listOrdersForConsole(t.ctx, { q: 'nyamirambo', page: 1 })).items.map((o) => o.number)).toEqual([
      secondNumber,
    ])
  })

  test('filters by store, payment method and the days it was placed (Kigali)', async () => {
    const byStore = await listOrdersForConsole(t.ctx, { store: secondStore, page: 1 })
    expect(byStore.items.map((o) => o.number)).toEqual([secondNumber])
    expect((await listOrdersForConsole(t.ctx, { method: 'momo', page: 1 })).total).toBe(1)
    expect((await listOrdersForConsole(t.ctx, { method: 'card', page: 1 })).total).toBe(0)
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10)
    expect((await listOrdersForConsole(t.ctx, { from: today, to: today, page: 1 })).total).toBe(2)
    expect((await listOrdersForConsole(t.ctx, { from: '2020-01-01', to: '2020-01-31', page: 1 })).total).toBe(0)
  })

  test('the CSV has a header row, whole francs, and a formula in a name defused', async () => {
    const csv = await exportOrdersCsv(t.ctx, { method: 'momo' })
    const [header, row, end] = csv.split('\r\n')
    expect(header).toBe('number,placed_at,status,payment_method,customer,email,phone,items,total_rwf')
    expect(row?.startsWith(`${secondNumber},`)).toBe(true)
    expect(row?.endsWith(',1,20000')).toBe(true)
    expect(row).toContain(`"'=HYPERLINK(""http://x"")`)
    expect(end).toBe('')
  })
})
