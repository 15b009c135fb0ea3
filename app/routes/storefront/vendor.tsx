import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Pagination } from '#app/components/catalog/pagination.tsx'
import { ProductCard } from '#app/components/catalog/product-card.tsx'
import { ArrowLeft, PackageSearch, Store } from '#app/components/ui/icons.tsx'
import { StoreProductFilters } from '#app/components/vendors/store-product-filters.tsx'
import {
  StoreAbout,
  StoreBanner,
  StoreIdentity,
  StorePolicies,
  StoreStats,
} from '#app/components/vendors/store-sections.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { listProducts } from '#app/modules/catalog/catalog.server.ts'
import {
  parseStoreProductsQuery,
  parseVendorId,
  STORE_PRODUCTS_PER_PAGE,
  storeProductSorts,
} from '#app/modules/vendors/vendors.schemas.ts'
import { findVendorStore } from '#app/queries/vendor-directory.server.ts'
import { followedStores } from '#app/workflows/follows.server.ts'
import type { Route } from './+types/vendor'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart', 'messages', 'products', 'vendors'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

/** Product pictures in the store's grid: 2 columns on phones, 3 from tablets (beside the sidebar on wide screens). */
const PRODUCT_SIZES = '(min-width: 1280px) 280px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const i18n = requestI18n(request)
  const notFound = { reason: 'vendor-not-found', title: i18n._('vendors.notFound.metaTitle') }
  const id = parseVendorId(params.id)
  if (id == null) throw data(notFound, { status: 404 })
  const query = parseStoreProductsQuery(new URL(request.url).searchParams)
  const ctx = serviceContextOf(context)
  const actor = await findRequestActor(context, request)
  const [vendor, products, followed] = await Promise.all([
    findVendorStore(ctx, id),
    listProducts(ctx, {
      vendorId: id,
      q: query.q,
      sort: query.sort,
      page: query.page,
      perPage: STORE_PRODUCTS_PER_PAGE,
      locale: requestLocale(request),
    }),
    followedStores(ctx, actor, [id]),
  ])
  if (!vendor) throw data(notFound, { status: 404 })
  const { items, total, page, pageCount } = products
  return data({
    title: i18n._('vendors.store.metaTitle', { name: vendor.name }),
    vendor,
    following: followed.includes(id),
    products: { items, total, page, pageCount },
    query: { q: query.q ?? '', sort: query.sort },
    sorts: storeProductSorts,
  })
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined
    return [{ title }]
  }
  const { vendor } = loaderData
  return [{ title: loaderData.title }, { name: 'description', content: vendor.description }]
}

export default function VendorStorePage({ loaderData }: Route.ComponentProps) {
  const { vendor, following, products, query, sorts } = loaderData
  const t = useT()
  const { intlLocale, favouriteIds } = useRootData()
  const number = numberFormat(intlLocale)
  const favourites = new Set(favouriteIds)
  const base = `/vendor/${vendor.id}`
  const signInHref = `/customer-login?redirectTo=${encodeURIComponent(base)}`
  const hrefFor = (page: number) => {
    const params = new URLSearchParams()
    if (query.q) params.set('q', query.q)
    if (query.sort !== 'featured') params.set('sort', query.sort)
    if (page > 1) params.set('page', String(page))
    const search = params.toString()
    return `${base}${search ? `?${search}` : ''}#products`
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Link
        to="/vendors"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('vendors.store.back')}
      </Link>

      <StoreBanner vendor={vendor} />
      <StoreIdentity vendor={vendor} following={following} signInHref={signInHref} />
      {vendor.closed ? (
        <section
          aria-labelledby="store-closed"
          className="mx-4 mt-6 rounded-lg border-2 border-amber-300 bg-amber-50 p-4 text-amber-950 sm:mx-6"
        >
          <h2 id="store-closed" className="font-bold">
            {t('vendors.store.closedTitle')}
          </h2>
          <p className="mt-1 text-sm">{t('vendors.store.closedBody')}</p>
        </section>
      ) : null}

      {/* Phones read About, Stats, Products, Policies in turn; wide screens keep Stats and Policies in a sidebar. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8">
        <StoreAbout vendor={vendor} />
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <StoreStats vendor={vendor} following={following} />
        </div>
        <section
          id="products"
          aria-labelledby="store-products"
          className="scroll-mt-20 lg:col-start-1 lg:row-span-2 lg:row-start-2"
        >
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="store-products" className="text-xl font-bold tracking-tight sm:text-2xl">
              {t('vendors.store.products.title')}
            </h2>
            <p className="text-sm text-muted-foreground" role="status">
              {t('vendors.store.products.showing', {
                shown: number.format(products.items.length),
                total: number.format(products.total),
                count: products.total,
              })}
            </p>
          </div>
          <StoreProductFilters vendorId={vendor.id} q={query.q} sort={query.sort} sorts={sorts} />

          {products.items.length === 0 ? (
            <div className="mt-6 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
              <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
              {query.q ? (
                <>
                  <p className="mt-3 font-semibold">{t('vendors.store.products.noMatch', { q: query.q })}</p>
                  <Link
                    to={`${base}#products`}
                    className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
                  >
                    {t('vendors.store.products.clear')}
                  </Link>
                </>
              ) : (
                <p className="mt-3 font-semibold">{t('vendors.store.products.none')}</p>
              )}
            </div>
          ) : (
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {products.items.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    isFavourite={favourites.has(product.id)}
                    sizes={PRODUCT_SIZES}
                    className="h-full"
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={products.page} pageCount={products.pageCount} hrefFor={hrefFor} className="mt-8" />
        </section>
        <div className="lg:col-start-2 lg:row-start-3 lg:self-start">
          <StorePolicies vendor={vendor} />
        </div>
      </div>
    </div>
  )
}

/** 'Vendor not found' (HTTP 404) for an unknown or malformed id, inside the storefront layout. */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  // Refusals (404, a 405 to a post) are answers, not failures: only unexpected errors are logged.
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Store className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
        {notFound ? t('vendors.notFound.title') : t('error.title')}
      </h1>
      <p className="mt-3 text-muted-foreground">{notFound ? t('vendors.notFound.body') : t('error.body')}</p>
      <Link
        to="/vendors"
        className="mt-6 inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('vendors.notFound.back')}
      </Link>
    </div>
  )
}
