import { Link, redirect, useLocation } from 'react-router'
import {
  AdminFilterPills,
  AdminListing,
  AdminSearchField,
  AdminSearchForm,
} from '#app/components/admin/admin-listing.tsx'
import { AdminCell, AdminRow, AdminTable } from '#app/components/admin/admin-table.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
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
  const query = parseSearchParams(request, VendorApplicationsQuerySchema)
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
  const when = useDateTimeFormat()
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

      <AdminFilterPills
        label={t('admin.vendors.filter.label')}
        items={([undefined, ...vendorStatuses] as const).map((status) => ({
          key: status ?? 'all',
          href: filterHref(status),
          current: query.status === status,
          label: t('admin.vendors.filter.option', {
            status: t(`admin.status.${status ?? 'all'}`),
            count: listing.counts[status ?? 'all'],
          }),
        }))}
      />

      <AdminSearchForm keep={{ status: query.status, sort: query.sort !== 'oldest' ? query.sort : undefined }}>
        <AdminSearchField
          id="admin-vendors-q"
          label={t('admin.vendors.search.label')}
          defaultValue={query.q}
          placeholder={t('admin.vendors.search.placeholder')}
        />
      </AdminSearchForm>

      <AdminListing
        count={t('admin.vendors.count', { count: listing.total })}
        empty={t('admin.vendors.empty')}
        listing={listing}
        after={
          <p className="mt-2 text-sm md:hidden">
            <Link to={sortHref(nextSort)} className="text-primary underline underline-offset-4">
              {nextSort === 'newest' ? t('admin.vendors.sort.newest') : t('admin.vendors.sort.oldest')}
            </Link>
          </p>
        }
      >
        <AdminTable
          caption={t('admin.vendors.table.caption')}
          columns={[
            t('admin.vendors.table.store'),
            t('admin.vendors.table.owner'),
            t('admin.vendors.table.status'),
            <Link key="waited" to={sortHref(nextSort)} className="underline underline-offset-4">
              {t('admin.vendors.table.waited')} {query.sort === 'oldest' ? '↓' : '↑'}
            </Link>,
          ]}
          sort={{ column: 3, direction: query.sort === 'oldest' ? 'descending' : 'ascending' }}
        >
          {listing.items.map((vendor) => (
            <AdminRow key={vendor.id}>
              <AdminCell>
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
              </AdminCell>
              <AdminCell className="break-words">
                {vendor.ownerName}
                <span className="block break-all text-xs text-muted-foreground">{vendor.email}</span>
              </AdminCell>
              <AdminCell>
                <StatusBadge status={vendor.status} />
              </AdminCell>
              <AdminCell label={t('admin.vendors.table.waited')} className="text-muted-foreground">
                {/* Only an application still to decide is waiting; a decided one says when it applied. */}
                {vendor.status === 'pending' ? (
                  <time dateTime={vendor.appliedAt} className="font-medium text-foreground">
                    {t('admin.vendors.waitingFor', { time: waited(vendor.appliedAt, now) })}
                  </time>
                ) : (
                  <time dateTime={vendor.appliedAt}>{when(vendor.appliedAt)}</time>
                )}
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      </AdminListing>
    </section>
  )
}
