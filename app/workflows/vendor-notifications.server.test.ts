import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import type { PaymentProvider } from '#app/modules/payments/provider.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeProduct, makeVendor, messagesTo, placeCart } from '#tests/shop.ts'
import { type PaymentsDeps, refreshPayment, startOrderPayment } from './payments.server.ts'
import { notifyApplicationReceived, notifyVendorOfReview } from './vendor-notifications.server.ts'

// The messages issue 13 found missing: a store told of low stock (once per crossing), of a new review and of its
// application received, staff told of the application; a customer whose payment failed told so in words (never a
// provider's code), and not thanked for an order that is not paid.

/** A MoMo stand-in that declines every payment with MTN's own code for a rejected approval. */
const declining: PaymentProvider = {
  method: 'momo',
  start: async () => ({ raw: { accepted: true } }),
  status: async () => ({ state: 'failed', reason: 'DP00800001008', raw: {} }),
  verifyCallback: () => null,
  refund: async () => ({ state: 'succeeded', raw: {} }),
  refundStatus: async () => ({ state: 'succeeded', raw: {} }),
}
const deps: PaymentsDeps = { providers: { momo: declining, airtel: declining, card: declining } }

let t: TestDatabase
let shop: { id: number; email: string }

beforeAll(async () => {
  t = await createTestDatabase()
  shop = await makeVendor(t.ctx, 'notice-tailor')
})
afterAll(async () => {
  await t?.close()
})

test('a sale that takes a variant to its low-stock level tells the store once, by e-mail and SMS', async () => {
  const product = await makeProduct(t.ctx, shop.id, { price: 5_000, stocks: [7] })
  const variantId = product.variantIds[0] as number
  const low = async () => (await messagesTo(t.ctx, shop.email)).filter((m) => m.subject.includes('low on stock'))
  const buy = async (quantity: number) => {
    const c = await makeCustomer(t.ctx)
    await fillCart(t.ctx, c.ownerKey, [{ variantId, quantity }])
    return placeCart(t.ctx, c, 'cod')
  }
  await buy(1) // 7 → 6: still fine
  expect(await low()).toEqual([])
  await buy(2) // 6 → 4: crossed
  const [mail] = await low()
  expect(mail?.body).toContain(`${product.title}`)
  expect(mail?.body).toContain('4 left')
  await buy(1) // 4 → 3: already low, not told again
  expect(await low()).toHaveLength(1)
  const sms = (await messagesTo(t.ctx, '+250788123456')).filter((m) => m.body.includes('low stock'))
  expect(sms.length).toBeGreaterThanOrEqual(1)
})

test('an online order is not thanked before it is paid; a declined payment says so in words, not codes', async () => {
  const product = await makeProduct(t.ctx, shop.id, { price: 9_000, stocks: [50] })
  const c = await makeCustomer(t.ctx)
  await fillCart(t.ctx, c.ownerKey, [{ variantId: product.variantIds[0] as number, quantity: 1 }])
  const order = await placeCart(t.ctx, c, 'momo')
  const placed = await messagesTo(t.ctx, c.email)
  expect(placed.map((m) => m.body).join('\n')).not.toContain('Thank you for your order')
  expect(placed.at(-1)?.body).toContain('waiting for your payment')

  const started = await startOrderPayment(
    t.ctx,
    {
      customerId: c.id,
      orderNumber: order.number,
      method: 'momo',
      phone: '+250788000111',
      email: c.email,
      name: 'Aline',
      returnUrl: 'http://localhost/return',
    },
    deps,
  )
  if (!started.ok) throw new Error(started.code)
  await refreshPayment(t.ctx, started.payment.id, deps)
  const failed = (await messagesTo(t.ctx, c.email)).at(-1)
  expect(failed?.subject).toBe(`Your payment for order ${order.number} did not go through`)
  expect(failed?.body).toContain('The payment was declined')
  const everything = (await messagesTo(t.ctx, c.email)).map((m) => `${m.subject} ${m.body}`).join('\n')
  expect(everything).not.toMatch(/DP\d+/)
})

test('a new review tells its store; an application tells the applicant and every staff account', async () => {
  const product = await makeProduct(t.ctx, shop.id, { title: 'Imigongo frame' })
  await notifyVendorOfReview(t.ctx, { productId: product.productId, rating: 4 })
  expect((await messagesTo(t.ctx, shop.email)).at(-1)?.subject).toBe('A new review of Imigongo frame')

  await t.ctx.db.insert(users).values([
    { id: 'staff-a', name: 'Staff A', email: 'staff-a@isoko.rw', role: 'admin' },
    { id: 'staff-b', name: 'Staff B', email: 'staff-b@isoko.rw', role: 'admin' },
  ])
  const applicant = await makeVendor(t.ctx, 'new-applicant')
  await notifyApplicationReceived(t.ctx, applicant.id)
  expect((await messagesTo(t.ctx, applicant.email)).at(-1)?.subject).toBe(
    'We received your application for new-applicant',
  )
  for (const staff of ['staff-a@isoko.rw', 'staff-b@isoko.rw']) {
    expect((await messagesTo(t.ctx, staff)).at(-1)?.subject).toBe('New store application: new-applicant')
  }
})
