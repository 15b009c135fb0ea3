import { Form, Link, useLocation } from 'react-router'
import { AdminCsvLink, AdminFilterPills, AdminListing } from '#app/components/admin/admin-listing.tsx'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { orderStatuses, paymentMethods, StaffOrdersQuerySchema } from '#app/modules/orders/orders.schemas.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { listOrdersForConsole } from '#app/queries/staff-orders.server.ts'
import type { Route } from './+types/orders'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'orders:read')
  const query = parseSearchParams(request, StaffOrdersQuerySchema)
  const listing = await listOrdersForConsole(serviceContextOf(context), query)
  return { title: requestI18n(request)._('fulfilment.admin.orders.meta'), listing, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm'

/** Every order, newest first: by status, store, payment and dates, or found by number, customer, phone or store. */
export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const { pathname } = useLocation()
  const { listing, query } = loaderData
  // The status links keep the other filters; the CSV takes them all (not the page).
  const filters = (status: string | undefined) => {
    const params = new URLSearchParams()
    if (status) params.set('status', status)
    for (const key of ['q', 'store', 'method', 'from', 'to'] as const) {
      const v = query[key]
      if (v !== undefined) params.set(key, String(v))
    }
    return params.toString()
  }
  const filterHref = (status?: string) => {
    const s = filters(status)
    return s ? `${pathname}?${s}` : pathname
  }
  const csv = filters(query.status)
  const csvQuery = csv ? `?${csv}` : ''
  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title" className="text-2xl font-bold sm:text-3xl">
        {t('fulfilment.admin.orders.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('fulfilment.admin.orders.intro')}</p>

      <AdminFilterPills
        label={t('fulfilment.admin.orders.filter.label')}
        items={([undefined, ...orderStatuses] as const).map((status) => ({
          key: status ?? 'all',
          href: filterHref(status),
          current: query.status === status,
          label: status ? t(`orders.status.${status}`) : t('fulfilment.admin.orders.filter.all'),
        }))}
      />

      <Form method="get" role="search" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <div className="grid min-w-0 gap-1 sm:col-span-2">
          <label htmlFor="admin-orders-q" className="text-sm font-medium">
            {t('fulfilment.admin.orders.search.label')}
          </label>
          <Input
            id="admin-orders-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder={t('fulfilment.admin.orders.search.placeholder')}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="admin-orders-store" className="text-sm font-medium">
            {t('fulfilment.admin.orders.filter.store')}
          </label>
          <select id="admin-orders-store" name="store" defaultValue={query.store ?? ''} className={selectClass}>
            <option value="">{t('fulfilment.admin.orders.filter.anyStore')}</option>
            {listing.stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="admin-orders-method" className="text-sm font-medium">
            {t('fulfilment.admin.orders.filter.method')}
          </label>
          <select id="admin-orders-method" name="method" defaultValue={query.method ?? ''} className={selectClass}>
            <option value="">{t('fulfilment.admin.orders.filter.anyMethod')}</option>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {t(`orders.method.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="admin-orders-from" className="text-sm font-medium">
            {t('fulfilment.admin.orders.filter.from')}
          </label>
          <Input id="admin-orders-from" name="from" type="date" defaultValue={query.from ?? ''} />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="admin-orders-to" className="text-sm font-medium">
            {t('fulfilment.admin.orders.filter.to')}
          </label>
          <Input id="admin-orders-to" name="to" type="date" defaultValue={query.to ?? ''} />
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <Button type="submit" variant="outline">
            {t('fulfilment.admin.orders.search.submit')}
          </Button>
          <AdminCsvLink href={`/admin/orders.csv${csvQuery}`}>{t('fulfilment.admin.orders.csv')}</AdminCsvLink>
        </div>
      </Form>

      <AdminListing
        count={t('fulfilment.admin.orders.count', { count: listing.total })}
        empty={t('fulfilment.admin.orders.empty')}
        listing={listing}
      >
        <AdminTable
          caption={t('fulfilment.admin.orders.heading')}
          columns={[
            t('admin.orders.table.number'),
            t('fulfilment.admin.orders.field.date'),
            t('fulfilment.admin.orders.field.customer'),
            t('fulfilment.admin.orders.field.total'),
            t('fulfilment.admin.orders.field.method'),
            t('fulfilment.admin.orders.field.status'),
          ]}
        >
          {listing.items.map((o) => (
            <AdminRow key={o.id}>
              <AdminCell>
                <Link
                  to={`/admin/orders/${o.number}`}
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  {o.number}
                </Link>
              </AdminCell>
              <AdminCell label={t('fulfilment.admin.orders.field.date')}>
                <time dateTime={new Date(o.placedAt).toISOString()}>{when(o.placedAt)}</time>
              </AdminCell>
              <AdminCell className="break-words">
                {o.customerName}
                <span className="block break-all text-xs text-muted-foreground">{o.customerEmail}</span>
              </AdminCell>
              <AdminCell
                label={t('fulfilment.admin.orders.field.total')}
                className="font-semibold md:whitespace-nowrap"
              >
                {formatRwf(o.total, intlLocale)}
              </AdminCell>
              <AdminCell label={t('fulfilment.admin.orders.field.method')}>
                {t(`orders.method.${o.paymentMethod}`)}
              </AdminCell>
              <AdminCell>
                <OrderStatusBadge kind="order" status={o.status} />
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </AdminListing>
    </section>
  )
}
