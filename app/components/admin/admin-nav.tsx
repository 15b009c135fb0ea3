import { NavLink } from 'react-router'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { can, type StaffPermission, type StaffRole } from '#app/modules/staff/permissions.ts'

// Each page with the permission that opening it needs (app/modules/staff/permissions.ts): a role sees only its own.
const pages = [
  { to: '/admin', label: 'admin.nav.vendors', end: true, permission: 'vendors:read' },
  { to: '/admin/support', label: 'admin.nav.support', end: false, permission: 'support:tickets' },
  { to: '/admin/newsletter', label: 'admin.nav.newsletter', end: false, permission: 'newsletter:read' },
  { to: '/admin/mailbox', label: 'admin.nav.mailbox', end: false, permission: 'mailbox:read' },
  { to: '/admin/orders', label: 'fulfilment.admin.nav.orders', end: false, permission: 'orders:read' },
  { to: '/admin/disputes', label: 'admin.nav.disputes', end: false, permission: 'disputes:read' },
  { to: '/admin/conversations', label: 'messages.nav.admin', end: false, permission: 'conversations:moderate' },
  { to: '/admin/delivery-fees', label: 'money.nav.fees', end: false, permission: 'deliveryFees:read' },
  { to: '/admin/commission', label: 'money.nav.commission', end: false, permission: 'commission:read' },
  { to: '/admin/balances', label: 'money.nav.balances', end: false, permission: 'balances:read' },
  { to: '/admin/payouts', label: 'payouts.admin.nav', end: false, permission: 'payouts:read' },
  { to: '/admin/staff', label: 'admin.nav.staff', end: false, permission: 'staff:manage' },
  { to: '/admin/audit', label: 'admin.nav.audit', end: false, permission: 'audit:read' },
] as const satisfies readonly { to: string; label: string; end: boolean; permission: StaffPermission }[]

/** The admin console's pages: plain links that wrap on a phone, the current one marked; the mailbox in development. */
export function AdminNav({ mailbox, staffRole }: { mailbox: boolean; staffRole: StaffRole | null }) {
  const t = useT()
  return (
    <nav aria-label={t('admin.nav.label')} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {pages
          .filter((p) => (mailbox || p.to !== '/admin/mailbox') && can(staffRole, p.permission))
          .map((p) => (
            <li key={p.to}>
              <NavLink
                to={p.to}
                end={p.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center rounded-md border px-3 text-sm font-medium',
                    isActive
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-input bg-card hover:bg-muted',
                  )
                }
              >
                {t(p.label)}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}
