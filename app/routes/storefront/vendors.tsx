import { data, Link, useLocation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Store } from '#app/components/ui/icons.tsx'
import { VendorCard } from '#app/components/vendors/vendor-card.tsx'
import { VendorFilters } from '#app/components/vendors/vendor-filters.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { getCategoryTree } from '#app/modules/catalog/catalog.server.ts'
import { parseVendorFilters, vendorSorts } from '#app/modules/vendors/vendors.schemas.ts'
import { listVendors } from '#app/queries/vendor-directory.server.ts'
import { followedStores } from '#app/workflows/follows.server.ts'
import type { Route } from './+types/vendors'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['products', 'vendors'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseVendorFilters(new URL(request.url).searchParams)
  const ctx = serviceContextOf(context)
  const departments = (await getCategoryTree(ctx, requestLocale(request))).map((d) => ({ slug: d.slug, name: d.name }))
  const listing = await listVendors(ctx, { ...filters, departments: departments.map((d) => d.slug) })
  const actor = await findRequestActor(context, request)
  const followedIds = await followedStores(
    ctx,
    actor,
    listing.items.map((v) => v.id),
  )
  const i18n = requestI18n(request)
  return data({
    meta: { title: i18n._('vendors.meta.title'), description: i18n._('vendors.meta.description') },
    listing,
    followedIds,
    departments,
    sorts: vendorSorts,
    values: {
      q: filters.q ?? '',
      category: listing.applied.category ?? 'all',
      location: listing.applied.location ?? 'all',
      verified: filters.verified,
      online: filters.online,
      sort: filters.sort,
    },
  })
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.meta.title }, { name: 'description', content: loaderData?.meta.description }]
}

export default function VendorsPage({ loaderData }: Route.ComponentProps) {
  const { listing, followedIds, departments, values, sorts } = loaderData
  const t = useT()
  const { intlLocale } = useRootData()
  const location = useLocation()
  const number = numberFormat(intlLocale)
  const departmentNames = Object.fromEntries(departments.map((d) => [d.slug, d.name]))
  const hrefFor = (page: number) => pageHref('/vendors', location.search, page, '#results')

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('vendors.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('vendors.subtitle')}</p>
      </header>

      <VendorFilters values={values} departments={departments} locations={listing.locations} sorts={sorts} />

      <section id="results" aria-labelledby="vendor-results" className="mt-6 scroll-mt-20">
        <h2 id="vendor-results" className="sr-only">
          {t('vendors.results')}
        </h2>
        <p className="mb-4 text-sm text-muted-foreground" role="status">
          {t('vendors.showing', {
            shown: number.format(listing.items.length),
            total: number.format(listing.total),
            count: listing.total,
          })}
        </p>

        {listing.items.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
            <Store className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-semibold">{t('vendors.empty.title')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('vendors.empty.body')}</p>
            <Link to="/vendors" className="mt-4 inline-block font-medium text-primary underline underline-offset-4">
              {t('vendors.empty.clear')}
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {listing.items.map((vendor) => (
              <li key={vendor.id}>
                <VendorCard
                  vendor={vendor}
                  departmentNames={departmentNames}
                  following={followedIds.includes(vendor.id)}
                  headingLevel="h3"
                />
              </li>
            ))}
          </ul>
        )}

        <Pagination page={listing.page} pageCount={listing.pageCount} hrefFor={hrefFor} className="mt-8" />
      </section>
    </div>
  )
}
