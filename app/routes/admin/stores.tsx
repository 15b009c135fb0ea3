import { Link, useLocation } from 'react-router'
import { AdminCsvLink, AdminListing, AdminSearchField, AdminSearchForm } from '#app/components/admin/admin-listing.tsx'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
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
  const query = parseSearchParams(request, StaffStoresQuerySchema)
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
  const { search } = useLocation()
  const csv = new URLSearchParams(search)
  csv.delete('page')
  const csvQuery = csv.toString() ? `?${csv}` : ''
  const mayExport = useStaffCan('exports:stores')
  return (
    <section aria-labelledby="admin-stores-title">
      <h1 id="admin-stores-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.stores.heading')}
      </h1>
      <AdminSearchForm
        csv={
          mayExport ? <AdminCsvLink href={`/admin/stores.csv${csvQuery}`}>{t('admin.stores.csv')}</AdminCsvLink> : null
        }
      >
        <AdminSearchField id="admin-stores-q" label={t('admin.stores.search.label')} defaultValue={query.q} />
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
      </AdminSearchForm>
      <AdminListing
        count={t('admin.stores.count', { count: listing.total })}
        empty={t('admin.stores.empty')}
        listing={listing}
      >
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
      </AdminListing>
    </section>
  )
}
