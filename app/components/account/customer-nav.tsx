import { Form, NavLink, useMatches } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const LINKS = [
  { to: '/customer-dashboard', label: 'customer.nav.overview', end: true },
  { to: '/customer-dashboard/orders', label: 'customer.nav.orders', end: false },
  { to: '/customer-dashboard/messages', label: 'messages.nav.customer', end: false },
  { to: '/customer-dashboard/reviews', label: 'reviews.nav', end: false },
  { to: '/customer-dashboard/support', label: 'support.nav', end: false },
  { to: '/customer-dashboard/profile', label: 'customer.nav.profile', end: true },
  { to: '/customer-dashboard/addresses', label: 'customer.nav.addresses', end: false },
  { to: '/customer-dashboard/sign-in', label: 'customer.nav.signIn', end: true },
] as const

/** The unread message count, when the page's loader gave one (`messagesUnread`): the Messages link's badge. */
function useMessagesUnread(): number {
  const matches = useMatches()
  for (const match of matches) {
    const loaded = match.loaderData as { messagesUnread?: unknown } | undefined
    if (typeof loaded?.messagesUnread === 'number') return loaded.messagesUnread
  }
  return 0
}

/** The customer account's pages, as links (the current one marked), and Sign Out. */
export function CustomerNav() {
  const t = useT()
  const unread = useMessagesUnread()
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-3">
      {/* The links wrap onto a second row on a phone rather than scroll out of sight. */}
      <nav aria-label={t('customer.nav.label')} className="-mx-1">
        <ul className="flex flex-wrap gap-0.5 px-1 whitespace-nowrap sm:gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-9 items-center rounded-md px-2 text-sm font-medium hover:bg-muted sm:px-3',
                    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
                  )
                }
              >
                {t(link.label)}
                {link.to === '/customer-dashboard/messages' && unread > 0 ? (
                  <span
                    data-testid="nav-messages-unread"
                    className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                  >
                    <span aria-hidden="true">{unread}</span>
                    <span className="sr-only">{t('messages.unreadBadge', { count: unread })}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action="/sign-out">
        <Button type="submit" variant="outline" size="sm">
          {t('account.signOut')}
        </Button>
      </Form>
    </div>
  )
}

/** The frame of a customer account page: the links, then the page's title and content. */
export function CustomerPage({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <CustomerNav />
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  )
}
