import { Link, NavLink, Outlet, useLocation } from 'react-router'
import {
  CalendarDays,
  type IconProps,
  MessageCircle,
  PackageSearch,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Star,
  Store,
  Truck,
} from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor, roleGuard } from '#app/modules/accounts/request.server.ts'
import { getWorkspaceNav, type WorkspaceCounts } from '#app/queries/vendor-workspace.server.ts'
import type { Route } from './+types/layout'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'vendor', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): every vendor page and every form post to one requires a signed-in vendor;
// a visitor signs in first and comes back, another kind of account goes to its own dashboard.
export const middleware: Route.MiddlewareFunction[] = [roleGuard('vendor')]

/** The store's standing (for the notice while it is suspended or rejected) and the navigation's counts: one query. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  return getWorkspaceNav(serviceContextOf(context), { ownerUserId: actor.userId })
}

// A form post on a page (pack, reply, read) changes what waits: the counts are asked again after every action.

type NavItem = {
  to: string
  label: MessageId
  Icon: (props: IconProps) => React.ReactNode
  end?: boolean
  /** The figure shown next to it, and how it is read out. */
  count?: (c: WorkspaceCounts) => number
  countLabel?: MessageId
}

const NAV: NavItem[] = [
  { to: '/vendor-dashboard', label: 'vendorNav.dashboard', Icon: Store, end: true },
  {
    to: '/vendor-dashboard/orders',
    label: 'vendorNav.orders',
    Icon: Truck,
    count: (c) => c.toPack + c.toShip,
    countLabel: 'vendorNav.count.orders',
  },
  { to: '/vendor-dashboard/products', label: 'vendorNav.products', Icon: ShoppingBag },
  {
    to: '/vendor-dashboard/inventory',
    label: 'vendorNav.inventory',
    Icon: PackageSearch,
    count: (c) => c.lowStock,
    countLabel: 'vendorNav.count.inventory',
  },
  {
    to: '/vendor-dashboard/messages',
    label: 'vendorNav.messages',
    Icon: MessageCircle,
    count: (c) => c.unread,
    countLabel: 'vendorNav.count.messages',
  },
  {
    to: '/vendor-dashboard/reviews',
    label: 'vendorNav.reviews',
    Icon: Star,
    count: (c) => c.unanswered,
    countLabel: 'vendorNav.count.reviews',
  },
  { to: '/vendor-dashboard/analytics', label: 'vendorNav.analytics', Icon: ChartIcon },
  { to: '/vendor-dashboard/balance', label: 'vendorNav.balance', Icon: ShieldCheck },
  { to: '/vendor-dashboard/statement', label: 'vendorNav.statement', Icon: CalendarDays },
  { to: '/vendor-dashboard/settings', label: 'vendorNav.settings', Icon: SlidersHorizontal },
]

export default function VendorLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { pathname } = useLocation()
  const { intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const { store, counts } = loaderData
  // The dashboard says it in its own status panel, with what the vendor can do about it.
  const notice =
    store && (store.status === 'suspended' || store.status === 'rejected') && pathname !== '/vendor-dashboard'
  return (
    <div className="mx-auto w-full min-w-0 max-w-7xl lg:flex lg:gap-2 lg:px-4">
      <nav
        aria-label={t('vendorNav.label')}
        className="min-w-0 border-b border-border bg-card lg:sticky lg:top-28 lg:mt-8 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto lg:w-56 lg:shrink-0 lg:self-start lg:rounded-lg lg:border print:hidden"
      >
        <p className="hidden px-4 pt-4 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:block">
          {t('vendorNav.label')}
        </p>
        {/* Phones: one row that scrolls on its own (the page itself never scrolls sideways); desktop: a column. */}
        <ul className="relative flex gap-1 overflow-x-auto px-2 py-2 [scrollbar-width:thin] lg:flex-col lg:overflow-visible lg:px-2 lg:pt-0 lg:pb-3">
          {NAV.map((item) => {
            const n = item.count ? item.count(counts) : 0
            return (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      'flex h-10 items-center gap-2 rounded-md px-3 text-sm whitespace-nowrap',
                      isActive
                        ? 'bg-primary/10 font-semibold text-primary'
                        : 'text-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  <item.Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="lg:flex-1">{t(item.label)}</span>
                  {n > 0 && item.countLabel ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground"
                      >
                        {number.format(n)}
                      </span>
                      <span className="sr-only">{`(${t(item.countLabel, { count: n })})`}</span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {notice ? (
          <div className="mx-auto w-full max-w-5xl px-4 pt-4">
            <section
              aria-labelledby="store-standing"
              className="rounded-lg border-2 border-destructive/40 bg-destructive/10 p-4 text-sm"
            >
              <h2 id="store-standing" className="font-bold">
                {t(messageId(`vendor.standing.${store.status}`))}
              </h2>
              <p className="mt-1">{t(messageId(`vendor.standing.${store.status}.body`))}</p>
              {store.statusReason ? (
                <p className="mt-1 font-medium break-words">
                  {t('dashboard.vendor.reason', { reason: store.statusReason })}
                </p>
              ) : null}
            </section>
          </div>
        ) : null}
        {store?.closed && pathname !== '/vendor-dashboard/settings' ? (
          <div className="mx-auto w-full max-w-5xl px-4 pt-4">
            <p role="status" className="rounded-lg border-2 border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <span className="font-semibold">{t('vendorNav.closed')}</span>
              {' · '}
              <Link to="/vendor-dashboard/settings#closing-title" className="underline underline-offset-4">
                {t('vendorSettings.closing.reopen')}
              </Link>
            </p>
          </div>
        ) : null}
        <Outlet />
      </div>
    </div>
  )
}

/** A bar chart (lucide's chart-column), drawn here: the analytics page's own icon module brings its messages along. */
function ChartIcon(props: IconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the link beside it names the page
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      <path d="M3 3v16a2 2 0 0 0 2 2h16" />
      <path d="M18 17V9" />
      <path d="M13 17V5" />
      <path d="M8 17v-3" />
    </svg>
  )
}
