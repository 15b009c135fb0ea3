import { AdminCsvLink, AdminListing, AdminSearchField, AdminSearchForm } from '#app/components/admin/admin-listing.tsx'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { StaffCustomersQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { listCustomersForStaff } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/customers'

// The customers for staff: only what operations need (name, e-mail, phone, orders, joined), never an address.

export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'customers:read')
  const query = parseSearchParams(request, StaffCustomersQuerySchema)
  const listing = await listCustomersForStaff(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.customers.meta'), listing, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { listing, query } = loaderData
  const mayExport = useStaffCan('exports:customers')
  return (
    <section aria-labelledby="admin-customers-title">
      <h1 id="admin-customers-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.customers.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.customers.intro')}</p>
      <AdminSearchForm
        csv={
          mayExport ? (
            <AdminCsvLink href={`/admin/customers.csv${query.q ? `?q=${encodeURIComponent(query.q)}` : ''}`}>
              {t('admin.customers.csv')}
            </AdminCsvLink>
          ) : null
        }
      >
        <AdminSearchField id="admin-customers-q" label={t('admin.customers.search.label')} defaultValue={query.q} />
      </AdminSearchForm>
      <AdminListing
        count={t('admin.customers.count', { count: listing.total })}
        empty={t('admin.customers.empty')}
        listing={listing}
      >
        <AdminTable
          caption={t('admin.customers.heading')}
          columns={[
            t('admin.customers.table.name'),
            t('admin.customers.table.email'),
            t('admin.customers.table.phone'),
            t('admin.stores.table.orders'),
            t('admin.stores.table.joined'),
          ]}
        >
          {listing.items.map((c) => (
            <AdminRow key={c.id}>
              <AdminCell className="font-semibold break-words">{c.name}</AdminCell>
              <AdminCell className="break-all">{c.email ?? '—'}</AdminCell>
              <AdminCell>{c.phone ? formatPhone(c.phone) : '—'}</AdminCell>
              <AdminCell label={t('admin.stores.table.orders')}>{c.orders}</AdminCell>
              <AdminCell label={t('admin.stores.table.joined')}>
                <time dateTime={c.joinedAt}>{when(c.joinedAt)}</time>
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </AdminListing>
    </section>
  )
}
