import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { ChevronRight, PackageSearch } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { VendorOrdersQuerySchema, vendorOrderStatuses } from '#app/modules/orders/orders.schemas.ts'
import { listStoreOrders } from '#app/workflows/fulfilment.server.ts'
import type { Route } from './+types/orders'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's orders, for its owner only: the store is the one the signed-in vendor runs, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const query = VendorOrdersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listStoreOrders(serviceContextOf(context), { ownerUserId: actor.userId, ...query })
  return { title: requestI18n(request)._('fulfilment.vendor.orders.meta'), listing, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorOrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const { pathname, search } = useLocation()
  const { listing, query } = loaderData
  const all = Object.values(listing.counts).reduce((s, n) => s + n, 0)
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('fulfilment.vendor.orders.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('fulfilment.vendor.orders.intro')}</p>

      <nav aria-label={t('fulfilment.vendor.orders.filter.label')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {([undefined, ...vendorOrderStatuses] as const).map((status) => {
            const current = query.status === status
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={status ? `${pathname}?status=${status}` : pathname}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                    current ? 'border-primary bg-primary/10 font-semibold text-primary' : 'border-input hover:bg-muted',
                  )}
                >
                  {t('fulfilment.vendor.orders.filter.option', {
                    status: status ? t(`orders.vendorStatus.${status}`) : t('fulfilment.vendor.orders.filter.all'),
                    count: status ? listing.counts[status] : all,
                  })}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('fulfilment.vendor.orders.count', { count: listing.total })}
      </p>

      {listing.items.length === 0 ? (
        <div className="mt-3 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
          <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          {query.status ? (
            <>
              <p className="mt-3 font-semibold">{t('fulfilment.vendor.orders.empty.filtered')}</p>
              <Link to={pathname} className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
                {t('fulfilment.vendor.orders.empty.showAll')}
              </Link>
            </>
          ) : (
            <>
              <p className="mt-3 font-semibold">{t('fulfilment.vendor.orders.empty.title')}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t('fulfilment.vendor.orders.empty.body')}</p>
            </>
          )}
        </div>
      ) : (
        <ul className="mt-3 grid gap-3">
          {listing.items.map((o) => (
            <li key={o.id}>
              <article
                aria-labelledby={`vendor-order-${o.id}`}
                className="relative rounded-lg border border-border bg-card p-4 shadow-sm hover:border-primary/60"
              >
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`vendor-order-${o.id}`} className="font-semibold">
                    <Link
                      to={`/vendor-dashboard/orders/${o.id}`}
                      className="inline-flex items-center gap-1 after:absolute after:inset-0 hover:underline"
                    >
                      {t('fulfilment.vendor.orders.open', { number: o.orderNumber })}
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </Link>
                  </h2>
                  <span className="flex flex-wrap items-center gap-2">
                    {o.cancelRequested ? (
                      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
                        {t('fulfilment.vendor.orders.cancelRequested')}
                      </span>
                    ) : null}
                    <OrderStatusBadge kind="vendorOrder" status={o.status} />
                  </span>
                </header>
                <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
                  <Field label={t('fulfilment.vendor.orders.field.date')}>
                    <time dateTime={new Date(o.releasedAt).toISOString()}>{when(o.releasedAt)}</time>
                  </Field>
                  <Field label={t('fulfilment.vendor.orders.field.customer')}>
                    {t('fulfilment.vendor.orders.customer', { name: o.customerName, district: o.district })}
                  </Field>
                  <Field label={t('fulfilment.vendor.orders.field.subtotal')}>
                    <span className="font-semibold">{formatRwf(o.subtotal, intlLocale)}</span>
                  </Field>
                  <Field label={t('fulfilment.vendor.orders.field.items')} className="sm:col-span-2 lg:col-span-3">
                    {t('fulfilment.vendor.orders.items', { count: o.itemCount, titles: o.titles.join(', ') })}
                  </Field>
                  <Field label={t('fulfilment.vendor.orders.field.payment')}>
                    {t(`orders.method.${o.paymentMethod}`)}
                    {o.cashCollectedAt ? ` · ${t('fulfilment.vendor.orders.cashCollected')}` : null}
                  </Field>
                  <Field label={t('fulfilment.vendor.orders.field.delivery')}>
                    <DeliveryOption option={o.deliveryOption} />
                  </Field>
                </dl>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </div>
  )
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
