import { addBusinessDays } from '#app/modules/orders/delivery.ts'
import type { DisputeKind, ReturnMethod, ReturnReason, ReturnResolution, ReturnStatus } from './tables.server.ts'

export type { DisputeKind, ReturnMethod, ReturnReason, ReturnResolution, ReturnStatus }

/** Who takes a step of a return. */
export type ReturnActor = 'customer' | 'vendor' | 'staff' | 'system'

/**
 * The return state machine (STYLE.md point 6), the one table every step goes through: which step, from which
 * state, by whom. The store accepts (and says how the parcel comes back) or refuses with a reason; it marks the
 * parcel received, and the refund (or the replacement) follows. The customer may cancel until the parcel is
 * received. Staff decide a dispute: a refund from any open state, or close the return.
 */
export const RETURN_TRANSITIONS: readonly (readonly [from: ReturnStatus, to: ReturnStatus, by: ReturnActor])[] = [
  ['requested', 'accepted', 'vendor'],
  ['requested', 'refused', 'vendor'],
  ['requested', 'cancelled', 'customer'],
  ['accepted', 'cancelled', 'customer'],
  ['accepted', 'received', 'vendor'],
  ['received', 'refunded', 'system'],
  ['received', 'replaced', 'vendor'],
  // Staff acting on a dispute (a refused return, one the store never answered or never received).
  ['requested', 'accepted', 'staff'],
  ['requested', 'refunded', 'staff'],
  ['accepted', 'refunded', 'staff'],
  ['refused', 'refunded', 'staff'],
  ['received', 'refunded', 'staff'],
  ['requested', 'closed', 'staff'],
  ['accepted', 'closed', 'staff'],
  ['refused', 'closed', 'staff'],
  ['received', 'closed', 'staff'],
]

export function canTransitionReturn(from: ReturnStatus, to: ReturnStatus, by: ReturnActor): boolean {
  return RETURN_TRANSITIONS.some(([f, t, a]) => f === from && t === to && a === by)
}

/** States in which the return is over: nothing more happens to it. */
export const FINAL_RETURN_STATUSES: readonly ReturnStatus[] = ['refunded', 'replaced', 'cancelled', 'closed']

/** States whose units count as on their way back (they cannot be asked for again). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'accepted', 'refused', 'received']

export const RETURN_REASONS: readonly ReturnReason[] = ['wrong_size', 'not_as_described', 'damaged', 'changed_mind']

/** Reasons that are the store's fault: the delivery fee comes back to the customer and the store bears it. */
export const VENDOR_FAULT_REASONS: readonly ReturnReason[] = ['not_as_described', 'damaged']

export const RETURN_METHODS: readonly ReturnMethod[] = ['pickup', 'dropoff']

/** What a customer or a store may ask staff to decide about a vendor order. */
export const DISPUTE_KINDS_BY: { customer: readonly DisputeKind[]; vendor: readonly DisputeKind[] } = {
  customer: ['return_refused', 'not_received', 'not_shipped', 'other'],
  vendor: ['return_refused', 'other'],
}

/** How many photos a return may carry. */
export const RETURN_PHOTOS_MAX = 4
export const RETURN_NOTE_MAX = 1000

/** The store has this many business days (Monday to Friday, Kigali) to answer a request. */
export const ANSWER_BUSINESS_DAYS = 2

/** Business days (Monday to Friday, Kigali), as delivery promises count them. */
export { addBusinessDays }

/**
 * The francs a return refunds: the units' price, and the delivery fee when the whole order comes back with it or the
 * store is at fault (once per order: `deliveryAlreadyRefunded`). Never more than is left of what was paid.
 */
export function returnRefundAmounts(input: {
  unitPrice: number
  quantity: number
  reason: ReturnReason
  deliveryFee: number
  wholeOrderBack: boolean
  deliveryAlreadyRefunded: boolean
  leftToRefund: number
}): { goods: number; delivery: number; bearer: 'platform' | 'vendor' } {
  const vendorFault = VENDOR_FAULT_REASONS.includes(input.reason)
  const goods = Math.min(input.unitPrice * input.quantity, Math.max(0, input.leftToRefund))
  const deliveryDue =
    !input.deliveryAlreadyRefunded && input.deliveryFee > 0 && (input.wholeOrderBack || vendorFault)
      ? input.deliveryFee
      : 0
  const delivery = Math.min(deliveryDue, Math.max(0, input.leftToRefund - goods))
  return { goods, delivery, bearer: vendorFault ? 'vendor' : 'platform' }
}
