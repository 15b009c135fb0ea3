import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { messageId } from '#app/lib/i18n.tsx'
import { describeVariants } from '#app/modules/catalog/stock.server.ts'
import { findOrderDetail, type OrderDetail } from '#app/modules/orders/orders.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import type { FailureKind } from '#app/modules/payments/failure-reasons.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { voiceOf } from './recipients.server.ts'

export type OrderNotice =
  | 'placed'
  | 'paid'
  | 'dispatched'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'cancelRefused'
  | 'partCancelled'
  | 'refundedPart'
  | 'cashRefund'
  | 'awaitingPayment'
  | 'paymentFailed'

/**
 * Tells the customer about their order by e-mail and SMS, and each vendor about a new order, through the outbox:
 * call it with the transaction that made the change, so the message goes if and only if the change happened.
 * Texts come from the `orders` catalogue, in the language the customer's account keeps.
 */
export async function notifyCustomer(
  ctx: ServiceContext,
  orderId: number,
  notice: OrderNotice,
  extra: { vendorName?: string; refusal?: string; amount?: number; failure?: FailureKind } = {},
): Promise<void> {
  const order = await findOrderDetail(ctx, orderId)
  if (!order) return
  const { i18n, money } = await voiceOf(ctx, order.customer.userId)
  const values = {
    name: order.customer.firstName || order.recipient,
    number: order.number,
    total: money(order.total),
    vendor: extra.vendorName ?? '',
    refusal: extra.refusal ?? '',
    amount: money(extra.amount ?? 0),
    // What went wrong in words (failure-reasons.ts): a provider's own code never reaches the customer.
    why: extra.failure ? i18n._(`pay.failed.${extra.failure}`) : '',
    payLink: `${getEnv().PUBLIC_URL}/checkout/pay/${order.number}`,
    link: `${getEnv().PUBLIC_URL}/customer-dashboard/orders/${order.number}`,
    items: itemsText(order),
    method: i18n._(`orders.method.${order.paymentMethod}`),
  }
  if (order.customer.email) {
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: order.customer.email,
      subject: i18n._(`orders.email.${notice}.subject`, values),
      body: i18n._(`orders.email.${notice}.body`, values),
    })
  }
  // The order's progress goes by SMS to those who chose it, and to everyone without an e-mail address (the SMS is
  // their receipt); what concerns their money or a cancellation goes to everyone.
  const progress = STATUS_NOTICES.has(notice)
  if (progress && !order.customer.smsUpdates && order.customer.email) return
  await enqueueMessage(ctx, {
    channel: 'sms',
    recipient: order.phone,
    subject: i18n._('orders.sms.subject', values),
    body: i18n._(`orders.sms.${notice}`, values),
  })
}

/** The notices that tell an order's progress (placed, paid, on its way, delivered): by SMS only when chosen. */
const STATUS_NOTICES = new Set<OrderNotice>(['placed', 'paid', 'dispatched', 'delivered'])

/** Tells each vendor whose part was just released (paid or confirmed) that they have an order to pack. */
export async function notifyVendorsOfNewOrder(
  ctx: ServiceContext,
  orderId: number,
  released: { id: number; vendorId: number }[],
): Promise<void> {
  if (released.length === 0) return
  const order = await findOrderDetail(ctx, orderId)
  if (!order) return
  for (const part of released) {
    const contact = await findVendorContact(ctx, part.vendorId)
    const vendorOrder = order.vendorOrders.find((v) => v.id === part.id)
    if (!contact || !vendorOrder) continue
    const { i18n, money } = await voiceOf(ctx, contact.ownerUserId)
    const values = {
      store: contact.name,
      number: order.number,
      total: money(vendorOrder.subtotal),
      count: vendorOrder.itemCount,
      district: order.district,
      method: i18n._(`orders.method.${order.paymentMethod}`),
      link: `${getEnv().PUBLIC_URL}/vendor-dashboard/orders/${vendorOrder.id}`,
    }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: contact.email,
      subject: i18n._('orders.email.vendorNew.subject', values),
      body: i18n._('orders.email.vendorNew.body', values),
    })
  }
}

/**
 * Tells each vendor asked to cancel their packed part of an order (by e-mail, as of a new order): the customer's
 * reason, and the link to answer. Vendors get no SMS from Isoko yet.
 */
export async function notifyVendorsOfCancelRequest(
  ctx: ServiceContext,
  orderId: number,
  vendorOrderIds: number[],
): Promise<void> {
  if (vendorOrderIds.length === 0) return
  const order = await findOrderDetail(ctx, orderId)
  if (!order) return
  for (const vendorOrder of order.vendorOrders.filter((v) => vendorOrderIds.includes(v.id))) {
    const contact = await findVendorContact(ctx, vendorOrder.vendorId)
    const request = order.cancellations.find((c) => c.vendorOrderId === vendorOrder.id)
    if (!contact || !request) continue
    const { i18n } = await voiceOf(ctx, contact.ownerUserId)
    const values = {
      store: contact.name,
      number: order.number,
      reason: i18n._(messageId(`orders.cancel.reason.${request.reason}`)),
      note: request.note ?? '',
      link: `${getEnv().PUBLIC_URL}/vendor-dashboard/orders/${vendorOrder.id}`,
    }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: contact.email,
      subject: i18n._('orders.email.vendorCancelRequest.subject', values),
      body: i18n._('orders.email.vendorCancelRequest.body', values),
    })
  }
}

function itemsText(order: OrderDetail): string {
  return order.vendorOrders
    .flatMap((vo) =>
      vo.lines.map(
        (l) => `${l.quantity} × ${l.title}${l.size ? ` (${[l.size, l.colour].filter(Boolean).join(', ')})` : ''}`,
      ),
    )
    .join('\n')
}

/**
 * Tells each vendor whose part of an order was cancelled (by the customer, or by staff) not to send it, by e-mail
 * and SMS. Cash on delivery: there is no cash to collect for it any more.
 */
export async function notifyVendorsOfCancellation(
  ctx: ServiceContext,
  orderId: number,
  input: { vendorOrderIds: number[]; by: 'customer' | 'staff'; reason?: string | null },
): Promise<void> {
  if (input.vendorOrderIds.length === 0) return
  const order = await findOrderDetail(ctx, orderId)
  if (!order) return
  for (const vendorOrder of order.vendorOrders.filter((v) => input.vendorOrderIds.includes(v.id))) {
    const contact = await findVendorContact(ctx, vendorOrder.vendorId)
    if (!contact) continue
    const { i18n } = await voiceOf(ctx, contact.ownerUserId)
    const values = {
      store: contact.name,
      number: order.number,
      reason: input.reason ?? '',
      link: `${getEnv().PUBLIC_URL}/vendor-dashboard/orders/${vendorOrder.id}`,
    }
    const kind = input.by === 'staff' ? 'vendorCancelledByStaff' : 'vendorCancelled'
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: contact.email,
      subject: i18n._(`orders.email.${kind}.subject`, values),
      body: i18n._(`orders.email.${kind}.body`, values),
    })
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: contact.phone,
      subject: i18n._('orders.sms.subject', values),
      body: i18n._('orders.sms.vendorCancelled', values),
    })
  }
}

/**
 * Tells vendors (by e-mail) what staff did to their part of an order: a refund to the customer (`amount`), or
 * the cash recorded as collected. With no `vendorOrderIds`, every vendor shown the order.
 */
export async function notifyVendorsOfStaffAction(
  ctx: ServiceContext,
  orderId: number,
  input: { vendorOrderIds?: number[]; action: 'refunded' | 'cashCollected'; amount?: number },
): Promise<void> {
  const order = await findOrderDetail(ctx, orderId)
  if (!order) return
  const parts = order.vendorOrders.filter((v) =>
    input.vendorOrderIds ? input.vendorOrderIds.includes(v.id) : v.releasedAt !== null,
  )
  for (const vendorOrder of parts) {
    const contact = await findVendorContact(ctx, vendorOrder.vendorId)
    if (!contact) continue
    const { i18n, money } = await voiceOf(ctx, contact.ownerUserId)
    const values = {
      store: contact.name,
      number: order.number,
      amount: money(input.amount ?? 0),
      link: `${getEnv().PUBLIC_URL}/vendor-dashboard/orders/${vendorOrder.id}`,
    }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: contact.email,
      subject: i18n._(`orders.email.vendorStaff.${input.action}.subject`, values),
      body: i18n._(`orders.email.vendorStaff.${input.action}.body`, values),
    })
  }
}

/**
 * Tells each vendor (e-mail and SMS) which of their variants a sale just took to LOW_STOCK_AT or below: once per
 * crossing (the reservation that crossed it reports it; stock put back and sold down again crosses anew).
 */
export async function notifyVendorsOfLowStock(ctx: ServiceContext, variantIds: number[]): Promise<void> {
  const variants = await describeVariants(ctx, variantIds)
  for (const vendorId of new Set(variants.map((v) => v.vendorId))) {
    const contact = await findVendorContact(ctx, vendorId)
    if (!contact) continue
    const { i18n } = await voiceOf(ctx, contact.ownerUserId)
    const mine = variants.filter((v) => v.vendorId === vendorId)
    const values = {
      store: contact.name,
      count: mine.length,
      list: mine.map((v) => i18n._('orders.lowStock.line', { title: v.title, sku: v.sku, stock: v.stock })).join('\n'),
      link: `${getEnv().PUBLIC_URL}/vendor-dashboard/inventory`,
    }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: contact.email,
      subject: i18n._('orders.email.lowStock.subject', values),
      body: i18n._('orders.email.lowStock.body', values),
    })
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: contact.phone,
      subject: i18n._('orders.email.lowStock.subject', values),
      body: i18n._('orders.sms.lowStock', values),
    })
  }
}
