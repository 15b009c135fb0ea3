import { Form, Link, useLocation } from 'react-router'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { StaffStoresQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { listStoresForStaff } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/stores'

export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'vendors:read')
  const query = StaffStoresQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listStoresForStaff(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.stores.meta'), listing, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function StoresPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { listing, query } = loaderData
  const { pathname, search } = useLocation()
  const csv = new URLSearchParams(search)
  csv.delete('page')
  const csvQuery = csv.toString() ? `?${csv}` : ''
  const mayExport = useStaffCan('exports:stores')
  return (
    <section aria-labelledby="admin-stores-title">
      <h1 id="admin-stores-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.stores.heading')}
      </h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor="admin-stores-q" className="text-sm font-medium">
            {t('admin.stores.search.label')}
          </label>
          <Input id="admin-stores-q" name="q" type="search" defaultValue={query.q ?? ''} />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="admin-stores-status" className="text-sm font-medium">
            {t('admin.stores.filter.status')}
          </label>
          <select
            id="admin-stores-status"
            name="status"
            defaultValue={query.status ?? ''}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm"
          >
            <option value="">{t('admin.status.all')}</option>
            <option value="approved">{t('admin.status.approved')}</option>
            <option value="suspended">{t('admin.status.suspended')}</option>
          </select>
        </div>
        <Button type="submit" variant="outline">
          {t('admin.vendors.search.submit')}
        </Button>
        {mayExport ? (
          <a
            href={`/admin/stores.csv${csvQuery}`}
            download
            className="inline-flex h-10 items-center text-sm font-medium text-primary underline underline-offset-4"
          >
            {t('admin.stores.csv')}
          </a>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('admin.stores.count', { count: listing.total })}
      </p>
      {listing.items.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.stores.empty')}</p>
      ) : (
        <div className="mt-3">
          <AdminTable
            caption={t('admin.stores.heading')}
            columns={[
              t('admin.vendors.table.store'),
              t('admin.vendors.table.owner'),
              t('admin.vendors.table.status'),
              t('admin.stores.table.products'),
              t('admin.stores.table.orders'),
              t('admin.stores.table.joined'),
            ]}
          >
            {listing.items.map((s) => (
              <AdminRow key={s.id}>
                <AdminCell>
                  <Link
                    to={`/admin/stores/${s.id}`}
                    className="font-semibold break-words text-primary underline underline-offset-4"
                  >
                    {s.name}
                  </Link>
                  {s.verified ? (
                    <span className="ml-2 text-xs font-semibold text-emerald-800">{t('admin.stores.verifiedTag')}</span>
                  ) : null}
                </AdminCell>
                <AdminCell className="break-words">
                  {s.ownerName}
                  <span className="block break-all text-xs text-muted-foreground">{s.email}</span>
                </AdminCell>
                <AdminCell>
                  <StatusBadge status={s.status} />
                </AdminCell>
                <AdminCell label={t('admin.stores.table.products')}>{s.products}</AdminCell>
                <AdminCell label={t('admin.stores.table.orders')}>{s.orders}</AdminCell>
                <AdminCell label={t('admin.stores.table.joined')}>
                  <time dateTime={s.joinedAt}>{when(s.joinedAt)}</time>
                </AdminCell>
              </AdminRow>
            ))}
          </AdminTable>
        </div>
      )}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
