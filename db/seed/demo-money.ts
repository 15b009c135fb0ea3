import type { Faker } from '@faker-js/faker'
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import {
  postCashCollected,
  postCashDeliveryFee,
  postPaymentReceived,
  recordDelivered,
} from '#app/modules/ledger/ledger.server.ts'
import {
  advanceVendorOrder,
  createOrder,
  listVendorOrderAmounts,
  markCashCollected,
  type NewOrderLine,
  releaseOrderToVendors,
  transitionOrder,
} from '#app/modules/orders/orders.server.ts'
import { orderEvents, orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { createPayment, settlePayment } from '#app/modules/payments/payments.server.ts'
import { setStorePayoutMethod } from '#app/modules/vendors/vendors-admin.server.ts'

// Demo money (issue 13): every approved demo store has a MoMo payout number (simulator numbers that are paid), and
// the first stores have sales whose money went through the ledger's own postings, so that the demo vendor's
// balance and statement and the staff's Balances, Commission and Payouts pages show real figures:
//   - a MoMo sale delivered long ago (available to pay out),
//   - a MoMo sale paid and on its way (held until delivered and past the return window),
//   - a cash-on-delivery sale whose cash the vendor collected (the commission it owes, netted at its next payout).
// Orders go through the orders, payments and ledger modules as checkout and fulfilment do, without the e-mails.

export type DemoSaleProduct = Omit<NewOrderLine, 'quantity'>

const DAY = 86_400_000
const FEE = 1_500

/** The dates of an order the seed placed and delivered in the past: placed, paid and released, packed the next day, dispatched the day after, delivered. */
async function backdateDelivered(
  ctx: ServiceContext,
  input: { orderId: number; vendorOrderId: number; placedAt: Date; deliveredAt: Date },
) {
  const { placedAt, deliveredAt } = input
  const packedAt = new Date(placedAt.getTime() + DAY)
  const dispatchedAt = new Date(placedAt.getTime() + 2 * DAY)
  await ctx.db.update(orders).set({ placedAt, updatedAt: deliveredAt }).where(eq(orders.id, input.orderId))
  await ctx.db
    .update(vendorOrders)
    .set({ releasedAt: placedAt, packedAt, dispatchedAt, deliveredAt, updatedAt: deliveredAt })
    .where(eq(vendorOrders.id, input.vendorOrderId))
  const at: Record<string, Date> = { packed: packedAt, dispatched: dispatchedAt, delivered: deliveredAt }
  for (const event of await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, input.orderId))) {
    await ctx.db
      .update(orderEvents)
      .set({ createdAt: at[event.toStatus] ?? placedAt })
      .where(eq(orderEvents.id, event.id))
  }
}

/** An MTN number the simulators pay (its last three digits are none of the failing test numbers). */
export function demoPayoutPhone(index: number): string {
  return `+25078812${String(3400 + index).padStart(4, '0')}`
}

export async function seedDemoMoney(
  ctx: ServiceContext,
  input: {
    faker: Faker
    now: Date
    approvedStoreIds: number[]
    /** Products of the stores that get sales (the first approved stores), by store. */
    sales: { vendorId: number; products: DemoSaleProduct[] }[]
    customers: { id: number; firstName: string; lastName: string; phone: string | null }[]
  },
): Promise<{ orders: number }> {
  for (const [i, vendorId] of input.approvedStoreIds.entries()) {
    await setStorePayoutMethod(ctx, vendorId, { provider: 'momo', phone: demoPayoutPhone(i), setAt: input.now })
  }
  let orders = 0
  let key = 0
  for (const store of input.sales) {
    if (store.products.length === 0) continue
    const pick = () => input.faker.helpers.arrayElement(store.products)
    const kinds = ['delivered', 'shipped', 'cash'] as const
    for (const kind of kinds) {
      const customer = input.faker.helpers.arrayElement(input.customers)
      const product = pick()
      const quantity = input.faker.number.int({ min: 1, max: 2 })
      const subtotal = product.unitPrice * quantity
      const cash = kind === 'cash'
      // The sale delivered long ago was placed 24 days before the seed's "now"; the others today.
      const placedAt = kind === 'delivered' ? new Date(input.now.getTime() - 24 * DAY) : input.now
      const { order } = await createOrder(ctx, {
        customerId: customer.id,
        checkoutKey: `demo-${store.vendorId}-${++key}`,
        paymentMethod: cash ? 'cod' : 'momo',
        delivery: { option: 'standard', fee: FEE, daysMin: 1, daysMax: 2, available: true },
        address: {
          recipient: `${customer.firstName} ${customer.lastName}`,
          phone: customer.phone ?? '+250788123456',
          province: 'Kigali',
          district: 'Gasabo',
          sector: 'Kimironko',
          cell: 'Bibare',
          landmark: 'Near the market, green gate',
        },
        lines: [{ ...product, quantity }],
        paymentDueAt: cash ? null : new Date(input.now.getTime() + 15 * 60_000),
        vatAmount: Math.round(((subtotal + FEE) * 18) / 118),
      })
      orders++
      const payment = await createPayment(ctx, {
        orderId: order.id,
        method: cash ? 'cod' : 'momo',
        reference: input.faker.string.uuid(),
        amount: subtotal + FEE,
        payerPhone: cash ? null : (customer.phone ?? '+250788123456'),
        expiresAt: new Date(input.now.getTime() + 30 * DAY),
      })
      if (!cash) {
        await settlePayment(ctx, payment.id, { status: 'succeeded', providerTransactionId: `demo-${payment.id}` })
        await transitionOrder(ctx, order.id, 'paid', { actor: 'system' })
      }
      const [part] = await releaseOrderToVendors(ctx, order.id)
      if (!part) continue
      if (!cash) {
        await postPaymentReceived(ctx, {
          paymentId: payment.id,
          orderId: order.id,
          amount: subtotal + FEE,
          deliveryFee: FEE,
          placedAt,
          vendorOrders: await listVendorOrderAmounts(ctx, order.id),
        })
      }
      const actor = `vendor:${store.vendorId}`
      for (const to of ['packed', 'dispatched'] as const) {
        await advanceVendorOrder(ctx, { vendorId: store.vendorId, vendorOrderId: part.id, to, actor })
      }
      if (kind === 'delivered') {
        await advanceVendorOrder(ctx, { vendorId: store.vendorId, vendorOrderId: part.id, to: 'delivered', actor })
        // Delivered three weeks before the seed's "now": past the hold, available to pay out. The order's own dates
        // and history say so too (the workflows above wrote today's), so no page shows it paid out on the day it
        // was delivered.
        const deliveredAt = new Date(input.now.getTime() - 21 * DAY)
        await recordDelivered(ctx, { vendorOrderId: part.id, at: deliveredAt })
        await backdateDelivered(ctx, { orderId: order.id, vendorOrderId: part.id, placedAt, deliveredAt })
      }
      if (cash) {
        // As the fulfilment workflow's recordCashCollected does (the seed runs without the message catalogues
        // that workflow's notices need): the vendor holds the cash and owes the commission; the fee is owed too.
        const collected = await markCashCollected(ctx, { vendorId: store.vendorId, vendorOrderId: part.id, actor })
        const [amounts] = await listVendorOrderAmounts(ctx, order.id)
        if (!collected.ok || !amounts) continue
        await postCashCollected(ctx, { orderId: order.id, placedAt: input.now, vendorOrder: amounts })
        await postCashDeliveryFee(ctx, { orderId: order.id, vendorId: store.vendorId, fee: FEE })
        await settlePayment(ctx, payment.id, { status: 'succeeded' })
      }
    }
  }
  return { orders }
}
