import type { ServiceContext } from '#app/lib/context.server.ts'
import type { VendorOrderStatus } from '#app/modules/orders/order-status.ts'
import { advanceVendorOrder, findOrder, markCashCollected } from '#app/modules/orders/orders.server.ts'
import { findPendingCashPayment, recordPaymentEvent, settlePayment } from '#app/modules/payments/payments.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { notifyCustomer } from './order-notifications.server.ts'

// A vendor fulfils their part of an order: packed, dispatched, delivered, and for cash on delivery the money
// collected. Each step is one transaction with the customer's e-mail and SMS, so a message never tells of a
// change that did not happen.

/** A vendor order id as the database can hold it (a serial): anything else is no vendor order at all. */
function isVendorOrderId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
}

export type FulfilmentOutcome = { ok: true; status: VendorOrderStatus } | { ok: false; code: 'not_found' | 'illegal' }

export async function advanceVendorOrderStep(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number; to: VendorOrderStatus },
): Promise<FulfilmentOutcome> {
  if (!isVendorOrderId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const outcome = await advanceVendorOrder(t, { ...input, actor: `vendor:${input.vendorId}` })
    if (!outcome.ok) return { ok: false, code: outcome.code }
    const vendorName = (await findVendorContact(t, outcome.vendorOrder.vendorId))?.name ?? ''
    if (input.to === 'dispatched') await notifyCustomer(t, outcome.order.id, 'dispatched', { vendorName })
    if (outcome.orderChangedTo === 'delivered') await notifyCustomer(t, outcome.order.id, 'delivered')
    return { ok: true, status: outcome.vendorOrder.status }
  })
}

/** Cash on delivery: the vendor's courier collected the money; once every vendor has, the payment is settled. */
export async function recordCashCollected(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number },
): Promise<{ ok: true } | { ok: false; code: 'not_found' | 'illegal' }> {
  if (!isVendorOrderId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const outcome = await markCashCollected(t, { ...input, actor: `vendor:${input.vendorId}` })
    if (!outcome.ok) return outcome
    if (outcome.allCollected) {
      const payment = await findPendingCashPayment(t, outcome.orderId)
      const order = await findOrder(t, outcome.orderId)
      if (payment && order) {
        await settlePayment(t, payment.id, { status: 'succeeded' })
        await recordPaymentEvent(t, payment.id, 'cash_collected', { vendorId: input.vendorId })
      }
    }
    return { ok: true }
  })
}
