/** What an account is for: it decides the dashboard and what the guards let through (DESIGN.md section 3). */
export type AccountRole = 'customer' | 'vendor' | 'admin'

/**
 * What a staff member (an account with the 'admin' role) does at Isoko: it decides which of the console's pages
 * and actions they may use (app/modules/staff/permissions.ts). Every admin account has one; 'owner' may do all.
 */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'finance'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

/** Each kind of account's own dashboard, where it lands after signing in (DESIGN.md section 3, point 5). */
export function dashboardPath(role: AccountRole): string {
  return role === 'admin' ? '/admin' : role === 'vendor' ? '/vendor-dashboard' : '/customer-dashboard'
}
