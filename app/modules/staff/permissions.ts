import type { StaffRole } from '#app/modules/accounts/roles.ts'

export type { StaffRole }

// What each staff role may do in the admin console: ONE table, read across. A row is an action (or a page to
// read); a column is a role. Every loader and action of the console asks it through requireStaffPermission
// (guard.server.ts), and the console's navigation shows only the pages a role may open.
//
// owner: everything. operations: stores, products, categories, orders, delivery fees. support: tickets,
// conversations, orders (read, notes) and the customer-facing pages, never money. finance: refunds, disputes'
// decisions, payouts, balances, commission, money exports.

const Y = true
const _ = false

// biome-ignore format: a table, aligned by column so that it reads as one
const TABLE = {
  //                                   owner  operations  support  finance
  // Stores and the catalogue
  'vendors:read':                       [Y,      Y,          Y,       _],
  'vendors:decide':                     [Y,      Y,          _,       _], // approve or reject an application
  'stores:suspend':                     [Y,      Y,          _,       _], // suspend or reinstate a store
  'products:read':                      [Y,      Y,          Y,       _], // the console's products table
  'products:moderate':                  [Y,      Y,          _,       _],
  'categories:manage':                  [Y,      Y,          _,       _],
  'badge:verified':                     [Y,      Y,          _,       _],
  // Orders
  'orders:read':                        [Y,      Y,          Y,       Y],
  'orders:note':                        [Y,      Y,          Y,       Y],
  'orders:cancel':                      [Y,      Y,          _,       _],
  'orders:cashCollected':               [Y,      Y,          _,       Y],
  // Money
  'refunds:issue':                      [Y,      _,          _,       Y],
  'disputes:read':                      [Y,      Y,          Y,       Y],
  'disputes:decide':                    [Y,      _,          _,       Y],
  'payouts:read':                       [Y,      _,          _,       Y],
  'payouts:approve':                    [Y,      _,          _,       Y],
  'balances:read':                      [Y,      _,          _,       Y],
  'commission:read':                    [Y,      _,          _,       Y],
  'commission:manage':                  [Y,      _,          _,       Y],
  'deliveryFees:read':                  [Y,      Y,          _,       Y],
  'deliveryFees:manage':                [Y,      Y,          _,       _],
  // Customers
  'support:tickets':                    [Y,      _,          Y,       _],
  'conversations:moderate':             [Y,      _,          Y,       _],
  'newsletter:read':                    [Y,      _,          Y,       _],
  'customers:read':                     [Y,      Y,          Y,       _], // personal data: no money role
  'mailbox:read':                       [Y,      Y,          Y,       Y], // development only
  // Exports (CSV)
  'exports:orders':                     [Y,      Y,          _,       Y],
  'exports:stores':                     [Y,      Y,          _,       Y],
  'exports:customers':                  [Y,      _,          Y,       _], // personal data
  'exports:newsletter':                 [Y,      _,          Y,       _],
  // The staff themselves
  'staff:manage':                       [Y,      _,          _,       _],
  'audit:read':                         [Y,      _,          _,       _],
} as const satisfies Record<string, readonly [boolean, boolean, boolean, boolean]>

export type StaffPermission = keyof typeof TABLE

export const STAFF_PERMISSIONS = Object.keys(TABLE) as StaffPermission[]

const COLUMN: Record<StaffRole, 0 | 1 | 2 | 3> = { owner: 0, operations: 1, support: 2, finance: 3 }

/** Whether a staff role may do this; no role (not staff, or a role this code does not know) may do nothing. */
export function can(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  if (!role || !(role in COLUMN)) return false
  return TABLE[permission]?.[COLUMN[role]] === true
}

/** The console's pages and what opening each needs, in the navigation's order. */
export const STAFF_PAGES = [
  { to: '/admin', permission: 'vendors:read' },
  { to: '/admin/stores', permission: 'vendors:read' },
  { to: '/admin/products', permission: 'products:read' },
  { to: '/admin/categories', permission: 'categories:manage' },
  { to: '/admin/orders', permission: 'orders:read' },
  { to: '/admin/customers', permission: 'customers:read' },
  { to: '/admin/support', permission: 'support:tickets' },
  { to: '/admin/conversations', permission: 'conversations:moderate' },
  { to: '/admin/disputes', permission: 'disputes:read' },
  { to: '/admin/payouts', permission: 'payouts:read' },
  { to: '/admin/balances', permission: 'balances:read' },
  { to: '/admin/commission', permission: 'commission:read' },
  { to: '/admin/delivery-fees', permission: 'deliveryFees:read' },
  { to: '/admin/newsletter', permission: 'newsletter:read' },
  { to: '/admin/mailbox', permission: 'mailbox:read' },
  { to: '/admin/staff', permission: 'staff:manage' },
  { to: '/admin/audit', permission: 'audit:read' },
] as const satisfies readonly { to: string; permission: StaffPermission }[]

/** Where a staff member starts: the first console page their role may open (every role has orders). */
export function staffHomePath(role: StaffRole | null | undefined): string {
  return STAFF_PAGES.find((p) => can(role, p.permission))?.to ?? '/admin/orders'
}
