import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCustomer, setSmsUpdates } from '#app/modules/customers/customers.server.ts'
import { createOrder, releaseOrderToVendors } from '#app/modules/orders/orders.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeProduct, makeVendor, orderAddress, STANDARD_DELIVERY } from '#tests/shop.ts'
import { notifyCustomer, notifyVendorsOfNewOrder } from './order-notifications.server.ts'

// Messages about an order reach each person in their language (issue 14), and its news by SMS reaches those who
// chose it, and everyone without an e-mail address, whose receipt it is.

let t: TestDatabase
let vendorId: number
let productId: number
let variantId: number
let keys = 0

async function person(id: string, locale: string | null, email: string | null, phone: string) {
  await t.ctx.db.insert(users).values({ id, name: id, email: email ?? `${id}@phone.isoko.invalid`, locale })
  const { id: customerId } = await createCustomer(t.ctx, { firstName: id, lastName: 'Test', email, phone, userId: id })
  return customerId
}

async function order(customerId: number, phone: string) {
  const { order } = await createOrder(t.ctx, {
    customerId,
    checkoutKey: `notify-${++keys}`,
    paymentMethod: 'cod',
    delivery: STANDARD_DELIVERY,
    address: orderAddress({ phone }),
    lines: [
      {
        variantId,
        productId,
        vendorId,
        title: 'Kitenge dress',
        slug: 'kitenge-dress',
        size: 'S',
        colour: 'Blue',
        sku: 'KD-S',
        unitPrice: 1_250_000,
        quantity: 1,
      },
    ],
    paymentDueAt: null,
    vatAmount: 0,
  })
  return order
}

beforeAll(async () => {
  t = await createTestDatabase()
  const store = await makeVendor(t.ctx, 'umutako')
  vendorId = store.id
  await t.ctx.db.insert(users).values({ id: 'claudine', name: 'Claudine', email: 'claudine@example.rw', locale: 'fr' })
  await setVendorOwner(t.ctx, vendorId, 'claudine')
  const product = await makeProduct(t.ctx, vendorId, { price: 1_250_000, title: 'Kitenge dress' })
  productId = product.productId
  variantId = product.variantIds[0] as number
})
afterAll(() => t.close())

describe("an order's messages", () => {
  test('reach a Kinyarwanda reader in Kinyarwanda, amounts as Kinyarwanda writes them', async () => {
    const customerId = await person('aline', 'rw', 'aline@example.rw', '+250788200001')
    const placed = await order(customerId, '+250788200001')
    await notifyCustomer(t.ctx, placed.id, 'placed')
    const [mail] = await listMessages(t.ctx, { recipient: 'aline@example.rw', limit: 1 })
    expect(mail?.subject).toContain(placed.number)
    expect(mail?.body).toContain('Muraho aline')
    expect(mail?.body).toMatch(/RF\s1\.250\.000/)
    const [sms] = await listMessages(t.ctx, { recipient: '+250788200001', limit: 1 })
    expect(sms?.body).toBe(
      `Isoko: twakiriye komande yawe ${placed.number} (RF 1.250.000). Tuzakumenyesha igihe izaba iri mu nzira.`,
    )
  })

  test("send the order's news by SMS only to those who chose it; money and cancellations always", async () => {
    const customerId = await person('grace', 'en', 'grace@example.rw', '+250788200002')
    await setSmsUpdates(t.ctx, customerId, false)
    const placed = await order(customerId, '+250788200002')
    await notifyCustomer(t.ctx, placed.id, 'placed')
    await notifyCustomer(t.ctx, placed.id, 'dispatched', { vendorName: 'Boutique Umutako' })
    expect(await listMessages(t.ctx, { recipient: '+250788200002' })).toEqual([])
    expect(await listMessages(t.ctx, { recipient: 'grace@example.rw' })).toHaveLength(2)
    await notifyCustomer(t.ctx, placed.id, 'cancelled')
    const sms = await listMessages(t.ctx, { recipient: '+250788200002' })
    expect(sms.map((m) => m.body)).toEqual([expect.stringContaining('cancelled')])
  })

  test('reach a customer without an e-mail address by SMS, whatever they chose: it is their receipt', async () => {
    const customerId = await person('jeanne', 'fr', null, '+250788200003')
    await setSmsUpdates(t.ctx, customerId, false)
    const placed = await order(customerId, '+250788200003')
    await notifyCustomer(t.ctx, placed.id, 'placed')
    const [sms] = await listMessages(t.ctx, { recipient: '+250788200003', limit: 1 })
    expect(sms?.body).toContain(placed.number)
    expect(sms?.body).toContain('Isoko : commande')
    // Nothing is ever queued for the placeholder address better-auth keeps.
    expect(await listMessages(t.ctx, { recipient: 'jeanne@phone.isoko.invalid' })).toEqual([])
  })

  test("reach the store in its owner's language", async () => {
    const customerId = await person('eric', 'en', 'eric@example.rw', '+250788200004')
    const placed = await order(customerId, '+250788200004')
    const released = await releaseOrderToVendors(t.ctx, placed.id)
    await notifyVendorsOfNewOrder(t.ctx, placed.id, released)
    const [mail] = await listMessages(t.ctx, { recipient: 'umutako@example.rw', limit: 1 })
    expect(mail?.body).toMatch(/Bonjour|Nouvelle commande|commande/)
    expect(mail?.body).toMatch(/1\s250\s000\sRF/)
  })
})
