import { useMemo } from 'react'
import { data, isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { ProductCard } from '#app/components/catalog/product-card.tsx'
import { type FilterValues, ProductFilters } from '#app/components/catalog/product-filters.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { PackageSearch, X } from '#app/components/ui/icons.tsx'
import { clientAddressOf, serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { DEFAULT_PER_PAGE, parseProductFilters } from '#app/modules/catalog/catalog.schemas.ts'
import { listPopularProducts, listProducts, resolveCategoryFilter } from '#app/modules/catalog/catalog.server.ts'
import type { ProductCardData } from '#app/modules/catalog/types.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/products'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart', 'products'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

/** Cards in the first row of the grid (up to four columns): their pictures are not lazy. */
const FIRST_ROW = 4

/** Popular products an empty result suggests instead. */
const POPULAR = 8

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const parsed = parseProductFilters(url.searchParams)
  const ctx = serviceContextOf(context)
  if (parsed.q) {
    // Text search is the costly query: a script hammering it meets a polite 429, not a slower site for everyone.
    const actor = await findRequestActor(context, request)
    const allowed = await throttleAction(ctx, 'search', { address: clientAddressOf(context), userId: actor?.userId })
    if (!allowed.ok) {
      throw data(
        { minutes: minutesToWait(allowed.retryAfterSeconds) },
        { status: 429, headers: { 'Retry-After': String(allowed.retryAfterSeconds) } },
      )
    }
  }
  const category = await resolveCategoryFilter(ctx, parsed, requestLocale(request))
  const filters = {
    ...parsed,
    category: category.department?.slug,
    subcategory: category.subcategory?.slug,
    vendorId: undefined,
    perPage: DEFAULT_PER_PAGE,
    locale: requestLocale(request),
  }
  const listing = await listProducts(ctx, filters)
  const popular: ProductCardData[] =
    listing.items.length === 0 ? await listPopularProducts(ctx, requestLocale(request), POPULAR) : []

  const i18n = requestI18n(request)
  const place =
    category.subcategory && category.department
      ? i18n._('products.heading.within', { department: category.department.name, name: category.subcategory.name })
      : (category.subcategory?.name ?? category.department?.name)
  const heading = filters.q
    ? i18n._('products.heading.search', { q: filters.q })
    : place
      ? place
      : i18n._('products.heading.all')
  return data({
    heading,
    title: i18n._('products.meta.title', { heading }),
    description: i18n._('products.meta.description', { heading: place ?? i18n._('products.heading.all') }),
    values: {
      q: filters.q ?? '',
      category: filters.category ?? 'all',
      subcategory: filters.subcategory ?? '',
      min: filters.min ?? null,
      max: filters.max ?? null,
      sort: filters.sort,
      sale: filters.sale ?? false,
      sizes: filters.sizes ?? [],
      colours: filters.colours ?? [],
      rating: filters.minRating ?? null,
      stores: filters.stores ?? [],
      stock: filters.inStock ?? false,
    },
    departments: category.departments,
    groups: category.groups,
    // The names the chips above the results give the chosen department and subcategory.
    place: { department: category.department?.name ?? null, subcategory: category.subcategory?.name ?? null },
    listing,
    popular,
    // Whether anything narrows the results besides the search word. The filter form always sends its price range,
    // so a range that is the whole span of prices narrows nothing.
    filtered:
      !!filters.category ||
      !!filters.subcategory ||
      !!filters.sale ||
      !!filters.sizes?.length ||
      !!filters.colours?.length ||
      !!filters.minRating ||
      !!filters.stores?.length ||
      !!filters.inStock ||
      (filters.min != null && filters.min > listing.priceBounds.min) ||
      (filters.max != null && filters.max < listing.priceBounds.max),
  })
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return []
  return [{ title: data.title }, { name: 'description', content: data.description }]
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale, favouriteIds } = useRootData()
  const { pathname, search } = useLocation()
  const { listing, values } = loaderData
  const favourites = useMemo(() => new Set(favouriteIds), [favouriteIds])
  const numbers = useMemo(() => numberFormat(intlLocale), [intlLocale])
  const formatNumber = (n: number) => numbers.format(n)

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{loaderData.heading}</h1>

      <div className="mt-4 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside className="lg:sticky lg:top-4">
          <h2 className="sr-only">{t('products.filters.heading')}</h2>
          <ProductFilters
            values={values}
            departments={loaderData.departments}
            groups={loaderData.groups}
            bounds={listing.priceBounds}
            options={listing.options}
            formatPrice={(n) => formatRwf(n, intlLocale)}
          />
        </aside>

        <section aria-labelledby="results-heading" className="mt-6 lg:mt-0">
          <h2 id="results-heading" className="sr-only">
            {t('products.results')}
          </h2>
          <FilterChips
            values={values}
            place={loaderData.place}
            bounds={listing.priceBounds}
            stores={listing.options.stores}
            pathname={pathname}
            search={search}
            formatPrice={(n) => formatRwf(n, intlLocale)}
          />
          {listing.didYouMean && values.q ? (
            <DidYouMean
              q={values.q}
              word={listing.didYouMean}
              found={listing.items.length > 0}
              href={listingWithout(pathname, search, (params) => params.set('q', listing.didYouMean ?? ''))}
            />
          ) : null}
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            {t(listing.totalCapped ? 'products.showingCapped' : 'products.showing', {
              shown: formatNumber(listing.items.length),
              total: formatNumber(listing.total),
              count: listing.total,
            })}
          </p>

          {listing.items.length === 0 ? (
            <NoResults
              q={values.q}
              filtered={loaderData.filtered}
              departments={loaderData.departments}
              popular={loaderData.popular}
              favourites={favourites}
            />
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-4">
              {listing.items.map((product, i) => (
                <li key={product.id} className="flex">
                  <ProductCard
                    product={product}
                    isFavourite={favourites.has(product.id)}
                    priority={i < FIRST_ROW}
                    className="w-full"
                  />
                </li>
              ))}
            </ul>
          )}

          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(page) => pageHref(pathname, search, page)}
            className="mt-8"
          />
        </section>
      </div>
    </div>
  )
}

/** Too many searches from one connection: said plainly inside the page, with status 429; anything else goes up. */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  if (!isRouteErrorResponse(error) || error.status !== 429) throw error
  const minutes = Number((error.data as { minutes?: number } | null)?.minutes) || 1
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('products.search.limited.title')}</h1>
      <p role="alert" className="mt-4 text-muted-foreground">
        {t('throttle.tooMany', { minutes })}
      </p>
      <p className="mt-6">
        <Link className="text-primary underline" to="/products">
          {t('products.search.limited.browse')}
        </Link>
      </p>
    </div>
  )
}

/**
 * The search word nothing matched, and the one the catalogue probably meant (its results are shown, when it has
 * any): "Did you mean kitenge?", the word a link to its own search.
 */
function DidYouMean({ q, word, found, href }: { q: string; word: string; found: boolean; href: string }) {
  const t = useT()
  // The word is a link inside the sentence, wherever the language puts it.
  const [before, after] = t('products.didYouMean', { word: '\u0000' }).split('\u0000')
  return (
    <div className="mb-3 rounded-lg border border-border bg-card px-4 py-3 text-sm break-words">
      <p className="text-base">
        {before}
        <Link to={href} className="font-semibold text-primary underline">
          {word}
        </Link>
        {after}
      </p>
      {found ? <p className="mt-1 text-muted-foreground">{t('products.didYouMeanShowing', { q, word })}</p> : null}
    </div>
  )
}

/** The URL of this listing without some of its query values (and on its first page). */
function listingWithout(pathname: string, search: string, drop: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(search)
  drop(params)
  params.delete('page')
  const query = params.toString()
  return `${pathname}${query ? `?${query}` : ''}`
}

/** Drops one value of a repeatable query parameter (size, colour, store), keeping the others in their order. */
function dropValue(name: string, value: string) {
  return (params: URLSearchParams) => {
    const rest = params.getAll(name).filter((v) => v.trim() !== value)
    params.delete(name)
    for (const v of rest) params.append(name, v)
  }
}

/**
 * The active filters above the results, each a link to the same listing without it, and one to clear them all
 * (the search word and the order stay). Plain links: they work without JavaScript.
 */
function FilterChips({
  values,
  place,
  bounds,
  stores,
  pathname,
  search,
  formatPrice,
}: {
  values: FilterValues
  place: { department: string | null; subcategory: string | null }
  bounds: { min: number; max: number }
  stores: { id: number; name: string }[]
  pathname: string
  search: string
  formatPrice: (amount: number) => string
}) {
  const t = useT()
  const chips: { key: string; label: string; href: string }[] = []
  const add = (key: string, label: string, drop: (params: URLSearchParams) => void) =>
    chips.push({ key, label, href: listingWithout(pathname, search, drop) })
  const deleting =
    (...names: string[]) =>
    (params: URLSearchParams) => {
      for (const n of names) params.delete(n)
    }

  if (values.category !== 'all' && place.department)
    add('category', place.department, deleting('category', 'subcategory', 'min', 'max'))
  if (values.subcategory && place.subcategory)
    add('subcategory', place.subcategory, deleting('subcategory', 'min', 'max'))
  const low = values.min != null && values.min > bounds.min ? values.min : null
  const high = values.max != null && values.max < bounds.max ? values.max : null
  if (low != null || high != null)
    add(
      'price',
      t('products.chips.price', { min: formatPrice(low ?? bounds.min), max: formatPrice(high ?? bounds.max) }),
      deleting('min', 'max'),
    )
  if (values.sale) add('sale', t('products.filters.sale'), deleting('sale'))
  for (const size of values.sizes) add(`size-${size}`, t('products.chips.size', { size }), dropValue('size', size))
  for (const colour of values.colours)
    add(`colour-${colour}`, t('products.chips.colour', { colour }), dropValue('colour', colour))
  if (values.rating) add('rating', t('products.filters.ratingAtLeast', { stars: values.rating }), deleting('rating'))
  for (const id of values.stores) {
    const name = stores.find((s) => s.id === id)?.name
    if (name) add(`store-${id}`, name, dropValue('store', String(id)))
  }
  if (values.stock) add('stock', t('products.filters.inStock'), deleting('stock'))
  if (chips.length === 0) return null

  const keep = new URLSearchParams()
  if (values.q) keep.set('q', values.q)
  if (values.sort !== 'featured') keep.set('sort', values.sort)
  const chip =
    'inline-flex max-w-full items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium hover:bg-muted'
  return (
    <nav aria-label={t('products.chips.label')} className="mb-3">
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key} className="max-w-full">
            <Link
              to={c.href}
              preventScrollReset
              className={cn(chip, 'border-primary/40 bg-primary/5')}
              aria-label={t('products.chips.remove', { filter: c.label })}
            >
              <span className="truncate">{c.label}</span>
              <X aria-hidden="true" className="size-3.5 shrink-0" />
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={`${pathname}${keep.size ? `?${keep}` : ''}`}
            preventScrollReset
            className={cn(chip, 'border-input text-primary')}
          >
            {t('products.chips.clearAll')}
          </Link>
        </li>
      </ul>
    </nav>
  )
}

/**
 * An empty result says why: a search word nothing matches (say so, with the word, and suggest checking its
 * spelling or browsing a department), filters nothing passes (offer to
 * clear them, keeping the word), or no products at all; and it suggests popular products instead.
 */
function NoResults({
  q,
  filtered,
  departments,
  popular,
  favourites,
}: {
  q: string
  filtered: boolean
  departments: { slug: string; name: string }[]
  popular: ProductCardData[]
  favourites: Set<number>
}) {
  const t = useT()
  const kind = filtered ? 'filters' : q ? 'query' : 'none'
  return (
    <div>
      <div className="rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
        <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold break-words">{t(`products.empty.${kind}.title`, { q })}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(kind === 'filters' && q ? 'products.empty.filters.bodyWithQuery' : `products.empty.${kind}.body`, { q })}
        </p>
        {kind === 'filters' ? (
          <Link
            to={q ? `/products?${new URLSearchParams({ q })}` : '/products'}
            className="mt-4 inline-block text-sm font-medium text-primary underline"
          >
            {t('products.empty.filters.clear')}
          </Link>
        ) : null}
        {kind === 'query' ? (
          <nav aria-label={t('products.empty.query.browse')} className="mt-5">
            <h2 className="text-sm font-medium">{t('products.empty.query.browse')}</h2>
            <ul className="mt-3 flex flex-wrap justify-center gap-2">
              {departments.map((d) => (
                <li key={d.slug}>
                  <Link
                    to={`/products?category=${d.slug}`}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    {d.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {popular.length > 0 ? (
        <section aria-labelledby="popular-heading" className="mt-8">
          <h2 id="popular-heading" className="mb-4 text-lg font-semibold">
            {t('products.popular.heading')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-4">
            {popular.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} isFavourite={favourites.has(product.id)} className="w-full" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
