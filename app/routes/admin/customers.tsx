import { Form, useLocation } from 'react-router'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
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
  const query = StaffCustomersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
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
  const { pathname, search } = useLocation()
  const mayExport = useStaffCan('exports:customers')
  return (
    <section aria-labelledby="admin-customers-title">
      <h1 id="admin-customers-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.customers.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.customers.intro')}</p>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor="admin-customers-q" className="text-sm font-medium">
            {t('admin.customers.search.label')}
          </label>
          <Input id="admin-customers-q" name="q" type="search" defaultValue={query.q ?? ''} />
        </div>
        <Button type="submit" variant="outline">
          {t('admin.vendors.search.submit')}
        </Button>
        {mayExport ? (
          <a
            href={`/admin/customers.csv${query.q ? `?q=${encodeURIComponent(query.q)}` : ''}`}
            download
            className="inline-flex h-10 items-center text-sm font-medium text-primary underline underline-offset-4"
          >
            {t('admin.customers.csv')}
          </a>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('admin.customers.count', { count: listing.total })}
      </p>
      {listing.items.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-border p-6 text-center">
          {t('admin.customers.empty')}
        </p>
      ) : (
        <div className="mt-3">
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
