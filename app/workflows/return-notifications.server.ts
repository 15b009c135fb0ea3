import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { messageId } from '#app/lib/i18n.tsx'
import { listStaffRecipients } from '#app/modules/accounts/accounts.server.ts'
import { findOrderDetail } from '#app/modules/orders/orders.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { findDispute, findOpenDispute, findReturn } from '#app/modules/returns/returns.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { voiceIn, voiceOf } from './recipients.server.ts'

// Each step of a return or a dispute told to the people it concerns, by e-mail (when they have an address) and by
// SMS, in each one's language, through the outbox: call it in the transaction that took the step.

export type ReturnStep =
  | 'requested'
  | 'cancelled'
  | 'accepted'
  | 'refused'
  | 'received'
  | 'replaced'
  | 'escalated'
  | 'disputeOpened'
  | 'decidedRefund'
  | 'decidedClosed'

const CUSTOMER_STEPS = new Set<ReturnStep>([
  'requested',
  'accepted',
  'refused',
  'received',
  'replaced',
  'escalated',
  'disputeOpened',
  'decidedRefund',
  'decidedClosed',
])
const VENDOR_STEPS = new Set<ReturnStep>([
  'requested',
  'cancelled',
  'escalated',
  'disputeOpened',
  'decidedRefund',
  'decidedClosed',
])

/**
 * Tells the customer and the store about a step of a return (`returnId`) or of a dispute (`extra.disputeId`, whose
 * return, if any, gives the item). A dispute's opening is told to the side that did not open it.
 */
export async function notifyReturn(
  ctx: ServiceContext,
  returnId: number | null,
  step: ReturnStep,
  extra: { amount?: number; disputeId?: number } = {},
): Promise<void> {
  const dispute = extra.disputeId ? await findDispute(ctx, extra.disputeId) : null
  const row = await findReturn(ctx, returnId ?? dispute?.returnId ?? 0)
  const orderId = row?.orderId ?? dispute?.orderId
  const vendorOrderId = row?.vendorOrderId ?? dispute?.vendorOrderId
  if (!orderId || !vendorOrderId) return
  const order = await findOrderDetail(ctx, orderId)
  const part = order?.vendorOrders.find((v) => v.id === vendorOrderId)
  if (!order || !part) return
  const line = row ? part.lines.find((l) => l.id === row.orderLineId) : undefined
  const store = await findVendorContact(ctx, part.vendorId)
  const base = getEnv().PUBLIC_URL
  const common = {
    number: order.number,
    product: line?.title ?? part.lines.map((l) => l.title).join(', '),
    count: row?.quantity ?? part.itemCount,
    store: store?.name ?? part.vendorName,
    replacement: row?.replacementLabel ?? '',
    instructions: row?.instructions ?? '',
    refusal: row?.refusal ?? '',
  }
  const toCustomer = CUSTOMER_STEPS.has(step) && !(step === 'disputeOpened' && dispute?.openedBy === 'customer')
  const toVendor = VENDOR_STEPS.has(step) && !(step === 'disputeOpened' && dispute?.openedBy === 'vendor')
  if (toCustomer) {
    const { i18n, money } = await voiceOf(ctx, order.customer.userId)
    const values = {
      ...common,
      name: order.customer.firstName || order.recipient,
      amount: money(extra.amount ?? row?.refundAmount ?? 0),
      method: row?.method ? i18n._(`returns.method.${row.method}`) : '',
      link: `${base}/customer-dashboard/orders/${order.number}`,
    }
    if (order.customer.email) {
      await enqueueMessage(ctx, {
        channel: 'email',
        recipient: order.customer.email,
        subject: i18n._('returns.email.subject', values),
        body: i18n._(messageId(`returns.email.customer.${step}`), values),
      })
    }
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: order.phone,
      subject: i18n._('returns.email.subject', values),
      body: i18n._(messageId(`returns.sms.customer.${step}`), values),
    })
  }
  if (toVendor && store) {
    const { i18n, money } = await voiceOf(ctx, store.ownerUserId)
    const values = {
      ...common,
      name: store.name,
      amount: money(extra.amount ?? row?.refundAmount ?? 0),
      method: '',
      link: `${base}/vendor-dashboard/orders/${part.id}`,
    }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: store.email,
      subject: i18n._('returns.email.subject', values),
      body: i18n._(messageId(`returns.email.vendor.${step}`), values),
    })
    if (store.phone) {
      await enqueueMessage(ctx, {
        channel: 'sms',
        recipient: store.phone,
        subject: i18n._('returns.email.subject', values),
        body: i18n._(messageId(`returns.sms.vendor.${step}`), values),
      })
    }
  }
  // A new case for staff (escalated by the clock, or asked for by a side): every staff member hears of it.
  if (step === 'escalated' || step === 'disputeOpened') {
    const open = dispute ?? (await findOpenDispute(ctx, { vendorOrderId: part.id, returnId: row?.id ?? null }))
    if (!open) return
    for (const staff of await listStaffRecipients(ctx)) {
      const { i18n } = voiceIn(staff.locale)
      const values = { id: open.id, number: order.number, link: `${base}/admin/disputes/${open.id}` }
      await enqueueMessage(ctx, {
        channel: 'email',
        recipient: staff.email,
        subject: i18n._('returns.email.staff.subject', values),
        body: i18n._('returns.email.staff.body', values),
      })
    }
  }
}
