import type { ReactNode } from 'react'
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PackageSearch, Search } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import {
  PackFromListFormSchema,
  VendorOrdersQuerySchema,
  vendorOrderStatuses,
} from '#app/modules/orders/orders.schemas.ts'
import type { VendorOrderListItem } from '#app/modules/orders/orders.server.ts'
import { fulfilStoreOrder, listStoreOrders } from '#app/workflows/fulfilment.server.ts'
import type { Route } from './+types/orders'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's orders, for its owner only: the store is the one the signed-in vendor runs, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const query = VendorOrdersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listStoreOrders(serviceContextOf(context), { ownerUserId: actor.userId, ...query })
  return { title: requestI18n(request)._('fulfilment.vendor.orders.meta'), listing, query }
}

/**
 * Pack one order from its row: the same workflow step as the order page's, which checks the order is the store's
 * and still waiting to be packed (a double click or a reload finds it packed and changes nothing).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const form = PackFromListFormSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!form.success) return data({ error: 'fulfilment.vendor.error.invalid' as const }, { status: 400 })
  const outcome = await fulfilStoreOrder(serviceContextOf(context), {
    ownerUserId: actor.userId,
    vendorOrderId: form.data.vendorOrderId,
    intent: 'packed',
  })
  if (!outcome.ok) {
    const error =
      outcome.code === 'not_found'
        ? ('vendorOrders.pack.notFound' as const)
        : ('fulfilment.vendor.error.illegal' as const)
    return data({ error }, { status: outcome.code === 'not_found' ? 404 : 409 })
  }
  const flash = await flashCookie({
    kind: 'success',
    title: 'fulfilment.vendor.toast.packed',
    values: { number: outcome.orderNumber },
  })
  // Back to the same list (its filter, search and page), which now shows the order packed.
  const url = new URL(request.url)
  return redirect(url.pathname + url.search, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { pathname, search } = useLocation()
  const { listing, query } = loaderData
  const all = Object.values(listing.counts).reduce((s, n) => s + n, 0)
  const withQuery = (status?: string) => {
    const params = new URLSearchParams()
    if (status) params.set('status', status)
    if (query.q) params.set('q', query.q)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('fulfilment.vendor.orders.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('fulfilment.vendor.orders.intro')}</p>

      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <label htmlFor="orders-q" className="sr-only">
          {t('vendorOrders.search.label')}
        </label>
        <Input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          placeholder={t('vendorOrders.search.placeholder')}
          maxLength={100}
        />
        <Button type="submit" variant="outline" className="shrink-0">
          <Search className="size-4" aria-hidden="true" />
          {t('vendorOrders.search.submit')}
        </Button>
      </Form>

      <nav aria-label={t('fulfilment.vendor.orders.filter.label')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {([undefined, ...vendorOrderStatuses] as const).map((status) => {
            const current = query.status === status
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={withQuery(status)}
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

      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {t(actionData.error)}
        </p>
      ) : null}

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {query.q
          ? t('vendorOrders.search.count', { count: listing.total, q: query.q })
          : t('fulfilment.vendor.orders.count', { count: listing.total })}
      </p>

      {listing.items.length === 0 ? (
        <div className="mt-3 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
          <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          {query.status || query.q ? (
            <>
              <p className="mt-3 font-semibold">
                {query.q ? t('vendorOrders.search.empty') : t('fulfilment.vendor.orders.empty.filtered')}
              </p>
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
        <>
          <OrderCards items={listing.items} />
          <OrderTable items={listing.items} />
        </>
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

/** Pack from the list: one small form per order waiting to be packed; it posts to this page, keeping the list. */
function PackButton({ order }: { order: VendorOrderListItem }) {
  const t = useT()
  const navigation = useNavigation()
  const { search } = useLocation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('vendorOrderId') === String(order.id)
  if (order.status !== 'new') return null
  return (
    <Form method="post" action={`/vendor-dashboard/orders${search}`} className="relative z-10">
      <input type="hidden" name="intent" value="packed" />
      <input type="hidden" name="vendorOrderId" value={order.id} />
      <Button
        type="submit"
        size="sm"
        disabled={busy}
        aria-label={t('vendorOrders.pack.for', { number: order.orderNumber })}
      >
        {t('vendorOrders.pack')}
      </Button>
    </Form>
  )
}

function SlipLink({ order }: { order: VendorOrderListItem }) {
  const t = useT()
  return (
    <Link
      to={`/vendor-dashboard/orders/${order.id}/packing-slip`}
      aria-label={t('vendorOrders.slip.linkFor', { number: order.orderNumber })}
      className="relative z-10 inline-flex h-9 items-center rounded-md border border-input px-3 text-sm font-medium whitespace-nowrap hover:bg-muted"
    >
      {t('vendorOrders.slip.link')}
    </Link>
  )
}

/** Phones: one compact card per order. */
function OrderCards({ items }: { items: VendorOrderListItem[] }) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  return (
    <ul className="mt-3 grid gap-3 md:hidden">
      {items.map((o) => (
        <li key={o.id}>
          <article
            aria-labelledby={`vendor-order-${o.id}`}
            className="relative rounded-lg border border-border bg-card p-3 shadow-sm"
          >
            <header className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`vendor-order-${o.id}`} className="font-semibold">
                <Link to={`/vendor-dashboard/orders/${o.id}`} className="after:absolute after:inset-0 hover:underline">
                  {t('fulfilment.vendor.orders.open', { number: o.orderNumber })}
                </Link>
              </h2>
              <OrderStatusBadge kind="vendorOrder" status={o.status} />
            </header>
            <p className="mt-1 text-sm break-words">
              {t('fulfilment.vendor.orders.customer', { name: o.customerName, district: o.district })}
            </p>
            <p className="mt-1 text-sm break-words text-muted-foreground">
              {t('fulfilment.vendor.orders.items', { count: o.itemCount, titles: o.titles.join(', ') })}
            </p>
            <p className="mt-1 flex flex-wrap justify-between gap-2 text-sm">
              <time dateTime={new Date(o.releasedAt).toISOString()} className="text-muted-foreground">
                {when(o.releasedAt)}
              </time>
              <span className="font-semibold">{formatRwf(o.subtotal, intlLocale)}</span>
            </p>
            {o.cancelRequested ? (
              <p className="mt-2">
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
                  {t('fulfilment.vendor.orders.cancelRequested')}
                </span>
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <PackButton order={o} />
              <SlipLink order={o} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}

/** Desktop: a dense table, one row per order. */
function OrderTable({ items }: { items: VendorOrderListItem[] }) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border bg-card md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <Th>{t('vendorOrders.table.order')}</Th>
            <Th>{t('fulfilment.vendor.orders.field.date')}</Th>
            <Th>{t('fulfilment.vendor.orders.field.customer')}</Th>
            <Th>{t('fulfilment.vendor.orders.field.items')}</Th>
            <Th className="text-right">{t('fulfilment.vendor.orders.field.subtotal')}</Th>
            <Th>{t('fulfilment.vendor.orders.field.status')}</Th>
            <Th>
              <span className="sr-only">{t('vendorOrders.table.actions')}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id} className="border-b border-border align-top last:border-0">
              <td className="px-3 py-2 font-semibold whitespace-nowrap">
                <Link to={`/vendor-dashboard/orders/${o.id}`} className="text-primary hover:underline">
                  {o.orderNumber}
                </Link>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={new Date(o.releasedAt).toISOString()}>{when(o.releasedAt)}</time>
              </td>
              <td className="px-3 py-2">
                {t('fulfilment.vendor.orders.customer', { name: o.customerName, district: o.district })}
              </td>
              <td className="max-w-56 px-3 py-2">
                <span className="line-clamp-2">
                  {t('fulfilment.vendor.orders.items', { count: o.itemCount, titles: o.titles.join(', ') })}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {t(`orders.method.${o.paymentMethod}`)}
                  {o.cashCollectedAt ? ` · ${t('fulfilment.vendor.orders.cashCollected')}` : null}
                  {' · '}
                  <DeliveryOption option={o.deliveryOption} />
                </span>
              </td>
              <td className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {formatRwf(o.subtotal, intlLocale)}
              </td>
              <td className="px-3 py-2">
                <span className="flex flex-col items-start gap-1">
                  <OrderStatusBadge kind="vendorOrder" status={o.status} />
                  {o.cancelRequested ? (
                    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
                      {t('fulfilment.vendor.orders.cancelRequested')}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2">
                <span className="flex justify-end gap-2">
                  <PackButton order={o} />
                  <SlipLink order={o} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn('px-3 py-2 font-medium', className)}>
      {children}
    </th>
  )
}
