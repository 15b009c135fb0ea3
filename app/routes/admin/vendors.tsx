import { Form, Link, redirect, useLocation } from 'react-router'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { can, staffHomePath } from '#app/modules/staff/permissions.ts'
import { VendorApplicationsQuerySchema } from '#app/modules/vendors/vendor-status.schemas.ts'
import { vendorStatuses } from '#app/modules/vendors/vendor-status.ts'
import { listApplicationsForStaff } from '#app/queries/admin.server.ts'
import type { Route } from './+types/vendors'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  // The console's first page: a role that may not read applications starts on its own first page instead.
  const staff = guardedActor(context, 'admin')
  if (!can(staff.staffRole, 'vendors:read')) throw redirect(staffHomePath(staff.staffRole))
  const query = VendorApplicationsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listApplicationsForStaff(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.meta.vendors'), listing, query, now: Date.now() }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** How long ago, in the reader's language: "3 days", "5 hours" (the server's clock, so both renderings agree). */
function useWaited() {
  const t = useT()
  return (fromIso: string, now: number) => {
    const hours = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 3_600_000))
    return hours < 24
      ? t('admin.vendors.waited.hours', { count: hours })
      : t('admin.vendors.waited.days', { count: Math.floor(hours / 24) })
  }
}

export default function VendorApplicationsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const waited = useWaited()
  const { listing, query, now } = loaderData
  const { pathname, search } = useLocation()
  const filterHref = (status?: string) => {
    const params = new URLSearchParams()
    if (status) params.set('status', status)
    if (query.q) params.set('q', query.q)
    if (query.sort !== 'oldest') params.set('sort', query.sort)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  const sortHref = (sort: 'oldest' | 'newest') => {
    const params = new URLSearchParams(search)
    params.delete('page')
    if (sort === 'oldest') params.delete('sort')
    else params.set('sort', sort)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  const nextSort = query.sort === 'oldest' ? 'newest' : 'oldest'
  return (
    <section aria-labelledby="admin-vendors-title">
      <h1 id="admin-vendors-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.vendors.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.vendors.intro')}</p>

      <nav aria-label={t('admin.vendors.filter.label')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {([undefined, ...vendorStatuses] as const).map((status) => {
            const current = query.status === status
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={filterHref(status)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                    current ? 'border-primary bg-primary/10 font-semibold text-primary' : 'border-input hover:bg-muted',
                  )}
                >
                  {t('admin.vendors.filter.option', {
                    status: t(`admin.status.${status ?? 'all'}`),
                    count: listing.counts[status ?? 'all'],
                  })}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        {query.sort !== 'oldest' ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor="admin-vendors-q" className="text-sm font-medium">
            {t('admin.vendors.search.label')}
          </label>
          <Input
            id="admin-vendors-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder={t('admin.vendors.search.placeholder')}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('admin.vendors.search.submit')}
        </Button>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('admin.vendors.count', { count: listing.total })}
      </p>
      {listing.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.vendors.empty')}</p>
      ) : (
        <div className="mt-3 overflow-hidden rounded-lg border border-border bg-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.vendors.table.caption')}</caption>
            <thead className="hidden bg-muted text-xs uppercase text-muted-foreground md:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin.vendors.table.store')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.vendors.table.owner')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin.vendors.table.status')}
                </th>
                <th scope="col" className="px-3 py-2" aria-sort={query.sort === 'oldest' ? 'descending' : 'ascending'}>
                  <Link to={sortHref(nextSort)} className="underline underline-offset-4">
                    {t('admin.vendors.table.waited')} {query.sort === 'oldest' ? '↓' : '↑'}
                  </Link>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.items.map((vendor) => (
                <tr
                  key={vendor.id}
                  className="grid gap-1 border-t border-border p-3 first:border-t-0 md:table-row md:p-0"
                >
                  <td className="md:px-3 md:py-2">
                    <Link
                      to={`/admin/stores/${vendor.id}`}
                      className="font-semibold break-words text-primary underline underline-offset-4"
                    >
                      {vendor.businessName}
                    </Link>
                    {vendor.similarStore ? (
                      <span className="mt-1 block text-xs text-amber-900">
                        ⚠ {t('admin.vendors.similar', { name: vendor.similarStore.name })}
                      </span>
                    ) : null}
                  </td>
                  <td className="break-words md:px-3 md:py-2">
                    {vendor.ownerName}
                    <span className="block break-all text-xs text-muted-foreground">{vendor.email}</span>
                  </td>
                  <td className="md:px-3 md:py-2">
                    <StatusBadge status={vendor.status} />
                  </td>
                  <td className="text-muted-foreground md:px-3 md:py-2">
                    <time dateTime={vendor.appliedAt}>
                      <span className="md:hidden">{t('admin.vendors.table.waited')}: </span>
                      {waited(vendor.appliedAt, now)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-sm md:hidden">
        <Link to={sortHref(nextSort)} className="text-primary underline underline-offset-4">
          {nextSort === 'newest' ? t('admin.vendors.sort.newest') : t('admin.vendors.sort.oldest')}
        </Link>
      </p>
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
