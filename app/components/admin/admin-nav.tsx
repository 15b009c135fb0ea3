import { NavLink } from 'react-router'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { can, type StaffPermission, type StaffRole } from '#app/modules/staff/permissions.ts'

/** What the navigation counts beside a page: work waiting for staff (the layout's loader computes them). */
export type AdminNavCounts = { applications: number; support: number; disputes: number; reviewQueue: number }

// One entry per line, so that entries added on different branches merge cleanly.
const pages: {
  to: string
  label: Parameters<ReturnType<typeof useT>>[0]
  end: boolean
  count?: keyof AdminNavCounts
  /** What opening the page needs (app/modules/staff/permissions.ts): a role sees only its own pages. */
  permission: StaffPermission
}[] = [
  { to: '/admin', label: 'admin.nav.vendors', end: true, count: 'applications', permission: 'vendors:read' },
  { to: '/admin/stores', label: 'admin.nav.stores', end: false, permission: 'vendors:read' },
  { to: '/admin/products', label: 'admin.nav.products', end: false, count: 'reviewQueue', permission: 'products:read' },
  { to: '/admin/categories', label: 'admin.nav.categories', end: false, permission: 'categories:manage' },
  { to: '/admin/orders', label: 'fulfilment.admin.nav.orders', end: false, permission: 'orders:read' },
  { to: '/admin/customers', label: 'admin.nav.customers', end: false, permission: 'customers:read' },
  { to: '/admin/support', label: 'admin.nav.support', end: false, count: 'support', permission: 'support:tickets' },
  { to: '/admin/disputes', label: 'admin.nav.disputes', end: false, count: 'disputes', permission: 'disputes:read' },
  { to: '/admin/conversations', label: 'messages.nav.admin', end: false, permission: 'conversations:moderate' },
  { to: '/admin/newsletter', label: 'admin.nav.newsletter', end: false, permission: 'newsletter:read' },
  { to: '/admin/delivery-fees', label: 'money.nav.fees', end: false, permission: 'deliveryFees:read' },
  { to: '/admin/commission', label: 'money.nav.commission', end: false, permission: 'commission:read' },
  { to: '/admin/balances', label: 'money.nav.balances', end: false, permission: 'balances:read' },
  { to: '/admin/payouts', label: 'payouts.admin.nav', end: false, permission: 'payouts:read' },
  { to: '/admin/staff', label: 'admin.nav.staff', end: false, permission: 'staff:manage' },
  { to: '/admin/audit', label: 'admin.nav.audit', end: false, permission: 'audit:read' },
  { to: '/admin/mailbox', label: 'admin.nav.mailbox', end: false, permission: 'mailbox:read' },
]

/**
 * The admin console's pages as one list, the current one marked, with the count of work waiting beside a page
 * (applications, newly listed products, support tickets, open disputes); the mailbox in development only. The
 * layout shows it as a sidebar on desktop and inside a menu on phones.
 */
export function AdminNav({
  mailbox,
  counts,
  staffRole,
}: {
  mailbox: boolean
  counts?: AdminNavCounts
  staffRole: StaffRole | null
}) {
  const t = useT()
  return (
    <nav aria-label={t('admin.nav.label')}>
      <ul className="grid gap-1">
        {pages
          .filter((p) => (mailbox || p.to !== '/admin/mailbox') && can(staffRole, p.permission))
          .map((p) => {
            const n = p.count && counts ? counts[p.count] : 0
            return (
              <li key={p.to}>
                <NavLink
                  to={p.to}
                  end={p.end}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-10 items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium',
                      isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                    )
                  }
                >
                  <span className="min-w-0 break-words">{t(p.label)}</span>
                  {n > 0 ? (
                    <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      <span aria-hidden="true">{n}</span>
                      <span className="sr-only">{t('admin.nav.waiting', { count: n })}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            )
          })}
      </ul>
    </nav>
  )
}
