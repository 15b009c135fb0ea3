/** What an account is for: it decides the dashboard and what the guards let through (DESIGN.md section 3). */
export type AccountRole = 'customer' | 'vendor' | 'admin'

/** Each kind of account's own dashboard, where it lands after signing in (DESIGN.md section 3, point 5). */
export function dashboardPath(role: AccountRole): string {
  return role === 'admin' ? '/admin' : role === 'vendor' ? '/vendor-dashboard' : '/customer-dashboard'
}
