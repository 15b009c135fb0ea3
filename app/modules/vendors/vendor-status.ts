import type { VendorStatus } from './tables.server.ts'

export type { VendorStatus }

export const vendorStatuses = [
  'pending',
  'approved',
  'rejected',
  'suspended',
] as const satisfies readonly VendorStatus[]

/** What staff can do to a store's status. */
export const vendorStatusActions = ['approve', 'reject', 'suspend', 'reinstate'] as const
export type VendorStatusAction = (typeof vendorStatusActions)[number]

export type VendorStatusTransition = {
  action: VendorStatusAction
  from: VendorStatus
  to: VendorStatus
  /** Staff must say why: the vendor reads it on their dashboard and in the e-mail. */
  reasonRequired: boolean
}

/**
 * The vendor status machine (DESIGN.md section 3, point 10), the one table every change goes through:
 * an application is approved or rejected; an approved store can be suspended and reinstated. Anything else
 * (approving a rejected application, suspending a pending one, reinstating an approved store) is illegal.
 */
export const VENDOR_STATUS_TRANSITIONS: readonly VendorStatusTransition[] = [
  { action: 'approve', from: 'pending', to: 'approved', reasonRequired: false },
  { action: 'reject', from: 'pending', to: 'rejected', reasonRequired: true },
  { action: 'suspend', from: 'approved', to: 'suspended', reasonRequired: true },
  { action: 'reinstate', from: 'suspended', to: 'approved', reasonRequired: false },
]

/** The transition an action makes from a status, or null when the action is not allowed from it. */
export function findTransition(action: VendorStatusAction, from: VendorStatus): VendorStatusTransition | null {
  return VENDOR_STATUS_TRANSITIONS.find((t) => t.action === action && t.from === from) ?? null
}

/** What staff can do to a store in this status, in the table's order. */
export function transitionsFrom(from: VendorStatus): VendorStatusTransition[] {
  return VENDOR_STATUS_TRANSITIONS.filter((t) => t.from === from)
}

export function isVendorStatusAction(value: unknown): value is VendorStatusAction {
  return typeof value === 'string' && (vendorStatusActions as readonly string[]).includes(value)
}

/** The longest reason staff can give (it is shown on the vendor's dashboard and sent by e-mail). */
export const STATUS_REASON_MAX = 500

/**
 * Whether a store in this status has orders to see and fulfil: an approved one, and a suspended one (the orders
 * placed before its suspension; new sales stop because the catalogue shows only approved stores).
 */
export function storeHasOrders(status: VendorStatus): boolean {
  return status === 'approved' || status === 'suspended'
}

/** A reason for granting or removing the Verified badge longer than this is refused. */
export const VERIFICATION_REASON_MAX = 500
