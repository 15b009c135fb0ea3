import { Form, Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  ChevronRight,
  type IconProps,
  MessageCircle,
  PackageSearch,
  Plus,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Star,
  Truck,
} from '#app/components/ui/icons.tsx'
import { ChartIcon } from '#app/components/vendors/sales-chart.tsx'
import { StoreStatus } from '#app/components/vendors/store-status.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { countVendorUnread } from '#app/modules/messaging/messaging.server.ts'
import { getVendorSales } from '#app/modules/orders/vendor-analytics.server.ts'
import { findStoreDashboard } from '#app/queries/vendor-dashboard.server.ts'
import type { Route } from './+types/dashboard'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = {
  i18n: ['accounts', 'analytics', 'fulfilment', 'messages', 'orders', 'vendor'],
} satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): a signed-in vendor only; a visitor signs in first and comes back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const store = await findStoreDashboard(ctx, { ownerUserId: actor.userId })
  // The last 30 days' sales, for the link to the analytics page (the store's id comes from the session's store).
  const recent = store ? (await getVendorSales(ctx, { vendorId: store.id, days: 30 })).current : null
  const unread = store ? await countVendorUnread(ctx, { vendorId: store.id }) : 0
  return { title: requestI18n(request)._('dashboard.vendor.meta'), store, recent, unread }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** The prototype's store management buttons, each to its page. */
const TOOLS: { to: string; label: MessageId; Icon: (props: IconProps) => React.ReactNode }[] = [
  { to: '/vendor-dashboard/products/new', label: 'vendor.dashboard.tool.addProduct', Icon: Plus },
  { to: '/vendor-dashboard/products', label: 'analytics.dashboard.tool.products', Icon: ShoppingBag },
  { to: '/vendor-dashboard/orders', label: 'fulfilment.vendor.dashboard.tool.orders', Icon: Truck },
  { to: '/vendor-dashboard/inventory', label: 'vendor.dashboard.tool.inventory', Icon: PackageSearch },
  { to: '/vendor-dashboard/analytics', label: 'vendor.dashboard.tool.analytics', Icon: ChartIcon },
  { to: '/vendor-dashboard/balance', label: 'vendor.balance.dashboard.tool', Icon: ShieldCheck },
  { to: '/vendor-dashboard/reviews', label: 'vendor.dashboard.tool.reviews', Icon: Star },
  { to: '/vendor-dashboard/messages', label: 'analytics.dashboard.tool.messages', Icon: MessageCircle },
  { to: '/vendor-dashboard/settings', label: 'vendor.dashboard.tool.settings', Icon: SlidersHorizontal },
]

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  const number = numberFormat(intlLocale)
  const { store, recent, unread } = loaderData
  const figures = store
    ? [
        { key: 'products', value: number.format(store.productCount) },
        { key: 'followers', value: number.format(store.followerCount) },
        { key: 'orders', value: number.format(store.orderCount) },
        { key: 'revenue', value: formatRwf(store.revenue, intlLocale) },
        { key: 'customers', value: number.format(store.customerCount) },
      ]
    : []
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            {t('dashboard.greeting', { name: store?.name ?? '' })}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('vendor.dashboard.subtitle')}</p>
        </div>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            {t('account.signOut')}
          </Button>
        </Form>
      </div>

      {!store ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          {t('vendor.dashboard.noStore')}
        </p>
      ) : (
        <>
          <StoreStatus store={store} className="mt-6" />

          <section aria-labelledby="store-figures" className="mt-8">
            <h2 id="store-figures" className="text-xl font-bold">
              {t('vendor.dashboard.figures')}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {figures.map((f) => (
                <div
                  key={f.key}
                  className="flex min-w-0 flex-col-reverse rounded-lg border border-border bg-card p-3 shadow-sm sm:p-4"
                >
                  <dt className="text-sm text-muted-foreground">{t(messageId(`vendor.dashboard.figure.${f.key}`))}</dt>
                  <dd className="text-lg font-bold break-words tabular-nums sm:text-2xl">{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-muted-foreground">
              {t('fulfilment.vendor.dashboard.open', { count: store.openOrderCount })}
            </p>
            {store.cancelledOrderCount > 0 ? (
              <p className="mt-1 text-sm text-muted-foreground">
                {t('vendor.dashboard.figure.cancelledNote', { count: store.cancelledOrderCount })}
              </p>
            ) : null}
            {recent ? (
              <Link
                to="/vendor-dashboard/analytics"
                className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded-lg border border-border bg-card p-4 shadow-sm hover:border-primary/60"
              >
                <span className="inline-flex items-center gap-2 font-semibold">
                  <ChartIcon className="size-5 text-primary" aria-hidden="true" />
                  {t('analytics.dashboard.title')}
                </span>
                <span className="text-sm">
                  {formatRwf(recent.revenue, intlLocale)}
                  {' · '}
                  {t('analytics.dashboard.orders', { count: recent.orders })}
                </span>
                <span className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                  {t('analytics.dashboard.open')}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </span>
              </Link>
            ) : null}
          </section>

          {store.openReturns.length > 0 ? (
            <section
              aria-labelledby="open-returns"
              className="mt-8 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
            >
              <h2 id="open-returns" className="text-xl font-bold">
                {t('vendor.dashboard.returns.title', { count: store.openReturns.length })}
              </h2>
              <ul className="mt-2 grid gap-1">
                {store.openReturns.map((r) => (
                  <li key={r.id}>
                    <Link
                      to={`/vendor-dashboard/orders/${r.vendorOrderId}#returns`}
                      className="font-medium underline underline-offset-4"
                    >
                      {t(`vendor.dashboard.returns.${r.status}`, {
                        number: r.orderNumber,
                        count: r.quantity,
                        product: r.title,
                        date: when(r.answerDueAt),
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="recent-orders" className="mt-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="recent-orders" className="text-xl font-bold">
                {t('vendor.dashboard.recentOrders')}
              </h2>
              <Link to="/vendor-dashboard/orders" className="text-sm font-medium text-primary hover:underline">
                {t('fulfilment.vendor.dashboard.allOrders')}
              </Link>
            </div>
            {store.recentOrders.length === 0 ? (
              <div className="mt-4 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
                <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
                <p className="mt-3 font-semibold">{t('vendor.dashboard.noOrders')}</p>
                <p className="mt-1 text-sm text-muted-foreground">{t('fulfilment.vendor.dashboard.noOrdersBody')}</p>
              </div>
            ) : (
              <ul className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
                {store.recentOrders.map((o) => (
                  <li
                    key={o.id}
                    className="relative flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-muted/50"
                  >
                    <div className="min-w-0">
                      <Link
                        to={`/vendor-dashboard/orders/${o.id}`}
                        className="font-semibold after:absolute after:inset-0 hover:underline"
                      >
                        {t('fulfilment.vendor.orders.open', { number: o.orderNumber })}
                      </Link>
                      <p className="text-sm text-muted-foreground">
                        <time dateTime={new Date(o.releasedAt).toISOString()}>{when(o.releasedAt)}</time>
                        {' · '}
                        {t('fulfilment.vendor.orders.customer', { name: o.customerName, district: o.district })}
                      </p>
                      {o.deliveryOption === 'express' ? (
                        <p className="mt-1 text-sm">
                          <DeliveryOption option={o.deliveryOption} />
                        </p>
                      ) : null}
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="font-semibold">{formatRwf(o.subtotal, intlLocale)}</span>
                      <OrderStatusBadge kind="vendorOrder" status={o.status} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="store-tools" className="mt-8">
            <h2 id="store-tools" className="text-xl font-bold">
              {t('vendor.dashboard.manage')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {TOOLS.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex min-h-14 items-center justify-between gap-2 rounded-md bg-primary px-4 py-3 font-medium text-primary-foreground hover:bg-primary/90 [&_svg]:size-4"
                  >
                    <span className="inline-flex items-center gap-2">
                      <Icon aria-hidden="true" />
                      {t(label)}
                      {to === '/vendor-dashboard/messages' && unread > 0 ? (
                        <span
                          data-testid="dashboard-messages-unread"
                          className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary-foreground px-1.5 text-xs font-semibold text-primary"
                        >
                          <span aria-hidden="true">{unread}</span>
                          <span className="sr-only">{t('messages.unreadBadge', { count: unread })}</span>
                        </span>
                      ) : null}
                    </span>
                    <ChevronRight aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  )
}
