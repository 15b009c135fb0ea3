import type { CancellationStatus, OrderStatus, VendorOrderStatus } from './tables.server.ts'

export type { CancellationStatus, OrderStatus, VendorOrderStatus }

/**
 * The order state machine (STYLE.md point 6): the one table every change of an order's status goes through.
 * An online payment's order starts `pending_payment`; cash on delivery starts `confirmed`. Shipping states follow
 * the vendor orders (see `orderStatusFromVendorOrders`). A paid order that is cancelled becomes `refunded` when
 * the money is back.
 */
export const ORDER_TRANSITIONS: readonly (readonly [from: OrderStatus, to: OrderStatus])[] = [
  ['pending_payment', 'paid'],
  ['pending_payment', 'cancelled'],
  // After a failed online payment the customer may choose cash on delivery instead.
  ['pending_payment', 'confirmed'],
  ['paid', 'partly_shipped'],
  ['paid', 'shipped'],
  ['paid', 'cancelled'],
  ['confirmed', 'partly_shipped'],
  ['confirmed', 'shipped'],
  ['confirmed', 'cancelled'],
  ['partly_shipped', 'shipped'],
  ['shipped', 'delivered'],
  ['cancelled', 'refunded'],
]

/** The vendor order machine: packed, dispatched, delivered, in that order; cancelled only before dispatch. */
export const VENDOR_ORDER_TRANSITIONS: readonly (readonly [from: VendorOrderStatus, to: VendorOrderStatus])[] = [
  ['new', 'packed'],
  ['packed', 'dispatched'],
  ['dispatched', 'delivered'],
  ['new', 'cancelled'],
  ['packed', 'cancelled'],
]

/** A cancellation request (after packing) is answered once: accepted or refused by the vendor. */
export const CANCELLATION_TRANSITIONS: readonly (readonly [from: CancellationStatus, to: CancellationStatus])[] = [
  ['requested', 'accepted'],
  ['requested', 'refused'],
]

export function canTransitionCancellation(from: CancellationStatus, to: CancellationStatus): boolean {
  return CANCELLATION_TRANSITIONS.some(([f, t]) => f === from && t === to)
}

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS.some(([f, t]) => f === from && t === to)
}

export function canTransitionVendorOrder(from: VendorOrderStatus, to: VendorOrderStatus): boolean {
  return VENDOR_ORDER_TRANSITIONS.some(([f, t]) => f === from && t === to)
}

/** An illegal transition asked for by code (not by a person: people are only offered legal ones). */
export class IllegalTransitionError extends Error {
  constructor(
    readonly machine: 'order' | 'vendor_order',
    readonly from: string,
    readonly to: string,
  ) {
    super(`Illegal ${machine} transition: ${from} → ${to}`)
    this.name = 'IllegalTransitionError'
  }
}

/**
 * The shipping status an order takes from its vendor orders (cancelled ones left out): all delivered →
 * delivered; all dispatched or delivered → shipped; some → partly shipped; none yet → null (it stays paid or
 * confirmed).
 */
export function orderStatusFromVendorOrders(statuses: VendorOrderStatus[]): OrderStatus | null {
  const live = statuses.filter((s) => s !== 'cancelled')
  if (live.length === 0) return null
  if (live.every((s) => s === 'delivered')) return 'delivered'
  const sent = live.filter((s) => s === 'dispatched' || s === 'delivered').length
  if (sent === live.length) return 'shipped'
  if (sent > 0) return 'partly_shipped'
  return null
}

/** Statuses in which the customer can still cancel: nothing has left a vendor yet. */
export const CANCELLABLE_ORDER_STATUSES: readonly OrderStatus[] = ['pending_payment', 'paid', 'confirmed']

/** Why a customer cancels; `other` needs a note in their own words. */
export const CANCEL_REASONS = ['changed_mind', 'mistake', 'cheaper', 'too_slow', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/**
 * What the customer's Cancel does to an order: `now` while nothing is packed (it is cancelled at once),
 * `request` once a part is packed (each packed part's vendor is asked), `null` once anything left a vendor, the
 * order is over, or a request was already made (one answer per part: no asking again after a refusal).
 */
export function cancelPath(
  status: OrderStatus,
  parts: readonly { status: VendorOrderStatus; cancellation: CancellationStatus | null }[],
): 'now' | 'request' | null {
  if (!CANCELLABLE_ORDER_STATUSES.includes(status)) return null
  const live = parts.filter((p) => p.status !== 'cancelled')
  if (live.some((p) => p.cancellation !== null)) return null
  if (live.some((p) => p.status !== 'new' && p.status !== 'packed')) return null
  return live.some((p) => p.status === 'packed') ? 'request' : 'now'
}

/** What a vendor can do next to their part of an order, in the order of the machine. */
export function nextVendorOrderStatus(from: VendorOrderStatus): VendorOrderStatus | null {
  if (from === 'new') return 'packed'
  if (from === 'packed') return 'dispatched'
  if (from === 'dispatched') return 'delivered'
  return null
}
