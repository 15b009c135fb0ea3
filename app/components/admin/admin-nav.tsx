import { NavLink } from 'react-router'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const pages = [
  { to: '/admin', label: 'admin.nav.vendors', end: true },
  { to: '/admin/support', label: 'admin.nav.support', end: false },
  { to: '/admin/newsletter', label: 'admin.nav.newsletter', end: false },
  { to: '/admin/mailbox', label: 'admin.nav.mailbox', end: false },
  { to: '/admin/orders', label: 'fulfilment.admin.nav.orders', end: false },
  { to: '/admin/disputes', label: 'admin.nav.disputes', end: false },
  { to: '/admin/conversations', label: 'messages.nav.admin', end: false },
  { to: '/admin/delivery-fees', label: 'money.nav.fees', end: false },
  { to: '/admin/commission', label: 'money.nav.commission', end: false },
  { to: '/admin/balances', label: 'money.nav.balances', end: false },
  { to: '/admin/payouts', label: 'payouts.admin.nav', end: false },
] as const

/** The admin console's pages: plain links that wrap on a phone, the current one marked; the mailbox in development. */
export function AdminNav({ mailbox }: { mailbox: boolean }) {
  const t = useT()
  return (
    <nav aria-label={t('admin.nav.label')} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {pages
          .filter((p) => mailbox || p.to !== '/admin/mailbox')
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
