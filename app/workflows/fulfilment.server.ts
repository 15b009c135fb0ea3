import type { ServiceContext } from '#app/lib/context.server.ts'
import { postCashCollected, postCashDeliveryFee, recordDelivered } from '#app/modules/ledger/ledger.server.ts'
import type { CancelReason, VendorOrderStatus } from '#app/modules/orders/order-status.ts'
import type { FulfilmentIntent } from '#app/modules/orders/orders.schemas.ts'
import {
  advanceVendorOrder,
  answerCancellation,
  findOrder,
  findVendorOrder,
  hasOpenCancellation,
  listCancellations,
  listVendorOrderAmounts,
  listVendorOrders,
  markCashCollected,
  ORDERS_PAGE_SIZE,
  type VendorOrderListItem,
} from '#app/modules/orders/orders.server.ts'
import { findPendingCashPayment, recordPaymentEvent, settlePayment } from '#app/modules/payments/payments.server.ts'
import { storeHasOrders } from '#app/modules/vendors/vendor-status.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { notifyCustomer } from './order-notifications.server.ts'
import { cancelOrderInTransaction, type PaymentsDeps, refundOrderPayments } from './payments.server.ts'

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
    // The customer asked to cancel this part: the vendor answers first (it does not leave meanwhile).
    if (input.to === 'dispatched' && (await hasOpenCancellation(t, input.vendorOrderId))) {
      return { ok: false, code: 'illegal' }
    }
    const outcome = await advanceVendorOrder(t, { ...input, actor: `vendor:${input.vendorId}` })
    if (!outcome.ok) return { ok: false, code: outcome.code }
    if (input.to === 'delivered') {
      // The vendor's payable for this part starts its hold (docs/ledger.md).
      await recordDelivered(t, {
        vendorOrderId: outcome.vendorOrder.id,
        at: outcome.vendorOrder.deliveredAt ?? new Date(),
      })
    }
    const vendorName = (await findVendorContact(t, outcome.vendorOrder.vendorId))?.name ?? ''
    if (input.to === 'dispatched') await notifyCustomer(t, outcome.order.id, 'dispatched', { vendorName })
    if (outcome.orderChangedTo === 'delivered') await notifyCustomer(t, outcome.order.id, 'delivered')
    return { ok: true, status: outcome.vendorOrder.status }
  })
}

/** Cash on delivery: the vendor's courier collected the money; once every vendor has, the payment is settled. */
export async function recordCashCollected(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number; actor?: string },
): Promise<{ ok: true } | { ok: false; code: 'not_found' | 'illegal' }> {
  if (!isVendorOrderId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const outcome = await markCashCollected(t, {
      vendorId: input.vendorId,
      vendorOrderId: input.vendorOrderId,
      // Staff record it too (`staff:<user id>`), for a vendor who cannot.
      actor: input.actor ?? `vendor:${input.vendorId}`,
    })
    if (!outcome.ok) return outcome
    const order = await findOrder(t, outcome.orderId)
    const vendorOrder = (await listVendorOrderAmounts(t, outcome.orderId)).find((vo) => vo.id === input.vendorOrderId)
    if (order && vendorOrder) {
      // The vendor holds the cash; Isoko's commission on it becomes owed by the vendor (docs/ledger.md).
      await postCashCollected(t, { orderId: order.id, placedAt: order.placedAt, vendorOrder })
    }
    if (outcome.allCollected) {
      const payment = await findPendingCashPayment(t, outcome.orderId)
      if (payment && order) {
        await postCashDeliveryFee(t, { orderId: order.id, vendorId: input.vendorId, fee: order.deliveryFee })
        await settlePayment(t, payment.id, { status: 'succeeded' })
        await recordPaymentEvent(t, payment.id, 'cash_collected', { vendorId: input.vendorId, actor: input.actor })
      }
    }
    return { ok: true }
  })
}

// ---------------------------------------------------------------------------------------------------------------
// The vendor dashboard's order pages. The store is always the one the signed-in account runs (no store id comes
// from the browser). An approved store has orders; so has a suspended one: its new sales stop (the catalogue
// hides it), but the orders placed before the suspension are still its to see and fulfil (or for staff to
// cancel). A pending or rejected store never sold anything.

/** The id of the store `ownerUserId` runs, when it has orders (approved or suspended); null otherwise. */
export async function tradingStoreOf(ctx: ServiceContext, ownerUserId: string): Promise<number | null> {
  const store = await findVendorByOwner(ctx, ownerUserId)
  return store && storeHasOrders(store.status) ? store.id : null
}

const NO_COUNTS: Record<VendorOrderStatus, number> = { new: 0, packed: 0, dispatched: 0, delivered: 0, cancelled: 0 }

export type StoreOrderListing = {
  items: VendorOrderListItem[]
  total: number
  counts: Record<VendorOrderStatus, number>
  page: number
  pageCount: number
}

/** The store's released orders, newest first, optionally by status, one page at a time. */
export async function listStoreOrders(
  ctx: ServiceContext,
  input: { ownerUserId: string; status?: VendorOrderStatus; q?: string; page: number },
): Promise<StoreOrderListing> {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null) return { items: [], total: 0, counts: { ...NO_COUNTS }, page: 1, pageCount: 1 }
  const listing = await listVendorOrders(ctx, vendorId, { status: input.status, q: input.q, page: input.page })
  return {
    ...listing,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(listing.total / ORDERS_PAGE_SIZE)),
  }
}

/** One of the store's orders with only the store's part of it; null when it is not this store's (or not released). */
export async function getStoreOrder(ctx: ServiceContext, input: { ownerUserId: string; vendorOrderId: number }) {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  return findVendorOrder(ctx, vendorId, input.vendorOrderId)
}

export type StoreOrderDetail = NonNullable<Awaited<ReturnType<typeof getStoreOrder>>>

/**
 * The owner of a store takes one step on one of its orders: the next status, or the cash collected. Refusals
 * come back as values: `not_found` (not this store's order), `illegal` (the order has moved on).
 */
export async function fulfilStoreOrder(
  ctx: ServiceContext,
  input: { ownerUserId: string; vendorOrderId: number; intent: FulfilmentIntent },
): Promise<{ ok: true; orderNumber: string } | { ok: false; code: 'not_found' | 'illegal' }> {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null) return { ok: false, code: 'not_found' }
  const order = await findVendorOrder(ctx, vendorId, input.vendorOrderId)
  if (!order) return { ok: false, code: 'not_found' }
  const step = { vendorId, vendorOrderId: input.vendorOrderId }
  const outcome =
    input.intent === 'cash'
      ? await recordCashCollected(ctx, step)
      : await advanceVendorOrderStep(ctx, { ...step, to: input.intent })
  return outcome.ok ? { ok: true, orderNumber: order.number } : outcome
}

export type CancellationAnswer = { answer: 'accept' } | { answer: 'refuse'; refusal: string }

/**
 * The owner of a store answers the customer's request to cancel the store's (packed) part of an order. Refused:
 * the customer is told why, and the order goes on. Accepted: once every store asked has accepted, the order is
 * cancelled as the customer's own cancel does (stock back, the customer told, a paid order refunded).
 * `not_found` for another store's order (or no request), `illegal` once answered (a double submit).
 */
export async function answerCancellationRequest(
  ctx: ServiceContext,
  input: { ownerUserId: string; vendorOrderId: number } & CancellationAnswer,
  deps: PaymentsDeps = {},
): Promise<{ ok: true; orderNumber: string; cancelled: boolean } | { ok: false; code: 'not_found' | 'illegal' }> {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null || !isVendorOrderId(input.vendorOrderId)) return { ok: false, code: 'not_found' }
  const found = await findVendorOrder(ctx, vendorId, input.vendorOrderId)
  if (!found) return { ok: false, code: 'not_found' }
  const outcome = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    // The order first (as the customer's cancel does), so a cancel and an answer at once queue up.
    const order = await findOrder(t, found.id, true)
    if (!order) return { ok: false as const, code: 'not_found' as const }
    const answered = await answerCancellation(t, {
      vendorId,
      vendorOrderId: input.vendorOrderId,
      to: input.answer === 'accept' ? 'accepted' : 'refused',
      refusal: input.answer === 'refuse' ? input.refusal : undefined,
    })
    if (!answered.ok) return answered
    const vendorName = (await findVendorContact(t, vendorId))?.name ?? ''
    if (input.answer === 'refuse') {
      await notifyCustomer(t, order.id, 'cancelRefused', { vendorName, refusal: input.refusal })
      return { ok: true as const, cancelled: false }
    }
    const all = await listCancellations(t, order.id, true)
    if (!all.every((c) => c.status === 'accepted')) return { ok: true as const, cancelled: false }
    const request = answered.request
    await cancelOrderInTransaction(t, order, {
      actor: `vendor:${vendorId}`,
      reason: 'customer',
      why: { reason: request.reason as CancelReason, note: request.note },
    })
    return { ok: true as const, cancelled: true }
  })
  if (!outcome.ok) return outcome
  if (outcome.cancelled) await refundOrderPayments(ctx, found.id, deps)
  return { ok: true, orderNumber: found.number, cancelled: outcome.cancelled }
}
