import { Form, Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { DeliveryOption, OrderStatusBadge } from '#app/components/fulfilment/order-bits.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ChevronRight, PackageSearch, ShoppingBag, Store } from '#app/components/ui/icons.tsx'
import { StoreStatus } from '#app/components/vendors/store-status.tsx'
import { getServiceContext } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireRole } from '#app/modules/accounts/accounts.server.ts'
import { getStoreDashboard } from '#app/modules/vendors/own-store.server.ts'
import type { Route } from './+types/dashboard'

// Guard (DESIGN.md section 3, point 4): a signed-in vendor only; a visitor signs in first and comes back.
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, 'vendor')
  const store = await getStoreDashboard(getServiceContext(), { ownerUserId: actor.userId })
  return { title: requestI18n(request)._('dashboard.vendor.meta'), store }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** The prototype's store management buttons: settings and orders work; the others say they are coming. */
const TOOLS = ['addProduct', 'inventory', 'analytics', 'reviews'] as const

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  const number = new Intl.NumberFormat(intlLocale)
  const { store } = loaderData
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
                  className="flex flex-col-reverse rounded-lg border border-border bg-card p-4 shadow-sm"
                >
                  <dt className="text-sm text-muted-foreground">{t(`vendor.dashboard.figure.${f.key}`)}</dt>
                  <dd className="text-2xl font-bold">{f.value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-muted-foreground">
              {t('fulfilment.vendor.dashboard.open', { count: store.openOrderCount })}
            </p>
          </section>

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
              <li>
                <Link
                  to="/vendor-dashboard/settings"
                  className="flex min-h-14 items-center justify-between gap-2 rounded-md bg-primary px-4 py-3 font-medium text-primary-foreground hover:bg-primary/90 [&_svg]:size-4"
                >
                  <span className="inline-flex items-center gap-2">
                    <Store aria-hidden="true" />
                    {t('vendor.dashboard.tool.settings')}
                  </span>
                  <ChevronRight aria-hidden="true" />
                </Link>
              </li>
              <li>
                <Link
                  to="/vendor-dashboard/orders"
                  className="flex min-h-14 items-center justify-between gap-2 rounded-md bg-primary px-4 py-3 font-medium text-primary-foreground hover:bg-primary/90 [&_svg]:size-4"
                >
                  <span className="inline-flex items-center gap-2">
                    <ShoppingBag aria-hidden="true" />
                    {t('fulfilment.vendor.dashboard.tool.orders')}
                  </span>
                  <ChevronRight aria-hidden="true" />
                </Link>
              </li>
              {TOOLS.map((tool) => (
                <li
                  key={tool}
                  className="flex min-h-14 items-center justify-between gap-2 rounded-md border border-dashed border-border bg-muted px-4 py-3 text-muted-foreground"
                >
                  <span className="font-medium">{t(`vendor.dashboard.tool.${tool}`)}</span>
                  <span className="rounded-full bg-card px-2 py-0.5 text-xs font-medium">
                    {t('vendor.dashboard.comingSoon')}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  )
}
