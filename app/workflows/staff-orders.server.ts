import type { ServiceContext } from '#app/lib/context.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { releaseStock } from '#app/modules/catalog/stock.server.ts'
import {
  addOrderNote,
  cancelVendorOrder,
  findOrder,
  findOrderByNumber,
  getOrderStockLines,
  listOrderNotes,
  lockVendorOrdersOf,
  ORDER_NOTE_MAX,
} from '#app/modules/orders/orders.server.ts'
import { listOrderPayments, type PaymentRow, refundedSoFar } from '#app/modules/payments/payments.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { recordCashCollected } from './fulfilment.server.ts'
import {
  notifyCustomer,
  notifyVendorsOfCancellation,
  notifyVendorsOfStaffAction,
} from './order-notifications.server.ts'
import {
  cancelOrderInTransaction,
  type PaymentsDeps,
  type RefundOutcome,
  refundOrderPayments,
  startRefund,
} from './payments.server.ts'

// Staff act on an order from the admin console: cancel it (all of it or one vendor's part), refund some or all
// of its payment, record a cash-on-delivery payment collected, add a note. Each checks the admin role first, writes
// the order's history, the ledger through the existing postings, and tells the customer and the vendors. Refusals
// come back as values (STYLE.md point 10).

export type StaffOrderContext = ServiceContext & { actor: { userId: string; role: AccountRole } }

export type StaffRefusal =
  | { ok: false; code: 'forbidden' | 'not_found' | 'illegal' | 'already' | 'invalid' | 'not_refundable' }
  | { ok: false; code: 'too_much'; left: number }

/** The longest reason staff can give for a cancel or a refund (it is sent to the vendor). */
export const STAFF_REASON_MAX = 500

const staffActor = (ctx: StaffOrderContext) => `staff:${ctx.actor.userId}`

function cleanReason(reason: string): string | null {
  const r = reason.trim()
  return r.length > 0 && r.length <= STAFF_REASON_MAX ? r : null
}

/** A serial id as the database can hold it: anything else is no row at all. */
function isId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
}

/**
 * Cancels an order, or one vendor's part of it (`vendorOrderId`), before it leaves the vendors. Stock goes back;
 * a paid order's money is refunded (for a part: that part's subtotal, through the payment's own provider); the
 * customer and the vendors concerned are told. A part that is the last one left cancels the whole order.
 * `already` when it is cancelled (a double submit), `illegal` once it has been dispatched.
 */
export async function staffCancelOrder(
  ctx: StaffOrderContext,
  input: { orderNumber: string; vendorOrderId?: number | null; reason: string },
  deps: PaymentsDeps = {},
): Promise<{ ok: true; whole: boolean } | StaffRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const reason = cleanReason(input.reason)
  if (!reason) return { ok: false, code: 'invalid' }
  const found = await findOrderByNumber(ctx, input.orderNumber)
  if (!found) return { ok: false, code: 'not_found' }
  if (input.vendorOrderId != null && !isId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  const actor = staffActor(ctx)
  const outcome = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const order = await findOrder(t, found.id, true)
    if (!order) return { ok: false as const, code: 'not_found' as const }
    if (order.status === 'cancelled' || order.status === 'refunded')
      return { ok: false as const, code: 'already' as const }
    const parts = await lockVendorOrdersOf(t, order.id)
    const live = parts.filter((p) => p.status !== 'cancelled')
    const part = input.vendorOrderId != null ? parts.find((p) => p.id === input.vendorOrderId) : undefined
    if (input.vendorOrderId != null && !part) return { ok: false as const, code: 'not_found' as const }
    if (part?.status === 'cancelled') return { ok: false as const, code: 'already' as const }
    const targets = part && live.length > 1 ? [part] : live
    if (targets.some((p) => p.status === 'dispatched' || p.status === 'delivered')) {
      return { ok: false as const, code: 'illegal' as const }
    }
    if (!part || live.length === 1) {
      await cancelOrderInTransaction(t, order, { actor, reason: 'staff', note: reason })
      return { ok: true as const, whole: true, part: null }
    }
    const cancelled = await cancelVendorOrder(t, { orderId: order.id, vendorOrderId: part.id, actor, note: reason })
    if (!cancelled.ok) return cancelled
    if (order.stockReserved) {
      await releaseStock(t, await getOrderStockLines(t, order.id, { vendorOrderId: part.id }))
    }
    if (part.releasedAt) {
      await notifyVendorsOfCancellation(t, order.id, { vendorOrderIds: [part.id], by: 'staff', reason })
    }
    const vendorName = (await findVendorContact(t, part.vendorId))?.name ?? ''
    await notifyCustomer(t, order.id, 'partCancelled', { vendorName })
    return { ok: true as const, whole: false, part }
  })
  if (!outcome.ok) return outcome
  if (outcome.whole) {
    await refundOrderPayments(ctx, found.id, deps)
  } else if (outcome.part) {
    // The part's money back, through the payment it was paid with (cash on delivery: nothing was taken yet).
    const payment = await paidOnline(ctx, found.id)
    if (payment) {
      const left = payment.amount - (await refundedSoFar(ctx, payment))
      const amount = Math.min(outcome.part.subtotal, left)
      if (amount > 0) {
        await startRefund(ctx, payment.id, deps, {
          amount,
          reference: crypto.randomUUID(),
          reason,
          actor,
          vendorOrderId: outcome.part.id,
        })
      }
    }
  }
  return { ok: true, whole: outcome.whole }
}

/** The order's payment that took money online (the one a refund goes back through), if any. */
async function paidOnline(ctx: ServiceContext, orderId: number): Promise<PaymentRow | null> {
  return (
    (await listOrderPayments(ctx, orderId)).filter((p) => p.status === 'succeeded' && p.method !== 'cod').at(-1) ?? null
  )
}

/**
 * Refunds `amount` francs of an order's payment, through its own provider (MoMo, Airtel, card). Cash on delivery
 * (collected): recorded to be sent as a mobile-money disbursement to the customer's number. More than is left of
 * the payment is refused (`too_much`, with what is left). `key` is the form's UUIDv4: the same form sent twice
 * makes one refund.
 */
export async function staffRefundOrder(
  ctx: StaffOrderContext,
  input: { orderNumber: string; amount: number; reason: string; key: string },
  deps: PaymentsDeps = {},
): Promise<Extract<RefundOutcome, { ok: true }> | StaffRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const reason = cleanReason(input.reason)
  if (!reason || !Number.isSafeInteger(input.amount) || input.amount <= 0) return { ok: false, code: 'invalid' }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(input.key)) {
    return { ok: false, code: 'invalid' }
  }
  const order = await findOrderByNumber(ctx, input.orderNumber)
  if (!order) return { ok: false, code: 'not_found' }
  const payment = (await listOrderPayments(ctx, order.id)).filter((p) => p.status === 'succeeded').at(-1)
  if (!payment) return { ok: false, code: 'not_refundable' }
  const outcome = await startRefund(ctx, payment.id, deps, {
    amount: input.amount,
    reference: input.key.toLowerCase(),
    reason,
    actor: staffActor(ctx),
  })
  if (!outcome.ok) return outcome.code === 'not_found' ? { ok: false, code: 'not_found' } : outcome
  return outcome
}

/**
 * Cash on delivery: staff record a vendor's part as paid in cash (the vendor told Isoko but cannot do it
 * themselves), as the vendor's own button does. `already` when it was recorded (a double submit).
 */
export async function staffMarkCashCollected(
  ctx: StaffOrderContext,
  input: { orderNumber: string; vendorOrderId: number },
): Promise<{ ok: true } | StaffRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  if (!isId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  const order = await findOrderByNumber(ctx, input.orderNumber)
  if (!order) return { ok: false, code: 'not_found' }
  const parts = await ctx.db.transaction((tx) => lockVendorOrdersOf({ db: tx }, order.id))
  const part = parts.find((p) => p.id === input.vendorOrderId)
  if (!part) return { ok: false, code: 'not_found' }
  const outcome = await recordCashCollected(ctx, {
    vendorId: part.vendorId,
    vendorOrderId: part.id,
    actor: staffActor(ctx),
  })
  if (!outcome.ok) {
    if (outcome.code === 'not_found') return outcome
    const again = await ctx.db.transaction((tx) => lockVendorOrdersOf({ db: tx }, order.id))
    return { ok: false, code: again.find((p) => p.id === part.id)?.cashCollectedAt ? 'already' : 'illegal' }
  }
  await notifyVendorsOfStaffAction(ctx, order.id, { vendorOrderIds: [part.id], action: 'cashCollected' })
  return { ok: true }
}

/** A note on the order for staff alone (1 to ORDER_NOTE_MAX characters). */
export async function staffAddOrderNote(
  ctx: StaffOrderContext,
  input: { orderNumber: string; body: string },
): Promise<{ ok: true } | StaffRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const body = input.body.trim()
  if (body.length === 0 || body.length > ORDER_NOTE_MAX) return { ok: false, code: 'invalid' }
  const order = await findOrderByNumber(ctx, input.orderNumber)
  if (!order) return { ok: false, code: 'not_found' }
  // The same note by the same person again (a double submit, a reload that posts again) is kept once.
  const last = (await listOrderNotes(ctx, order.id)).at(-1)
  if (last?.author === staffActor(ctx) && last.body === body) return { ok: true }
  await addOrderNote(ctx, { orderId: order.id, author: staffActor(ctx), body })
  return { ok: true }
}
