import { Link } from 'react-router'
import { ProductCard } from '#app/components/catalog/product-card.tsx'
import { formatStat } from '#app/components/home/format-stat.ts'
import { PromoCarousel, type Slide } from '#app/components/home/promo-carousel.tsx'
import { VendorCard } from '#app/components/vendors/vendor-card.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { getCategoryTree, listProducts } from '#app/modules/catalog/catalog.server.ts'
import { countProductsByDepartment, countPublicProducts } from '#app/modules/catalog/storefront-home.server.ts'
import { countCustomers } from '#app/modules/customers/customers.server.ts'
import { listVendors } from '#app/queries/vendor-directory.server.ts'
import { followedStores } from '#app/workflows/follows.server.ts'
import type { Route } from './+types/home'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart', 'home', 'products', 'vendors'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context)
  const [tree, perDepartment, productCount, customerCount, topRated, featured] = await Promise.all([
    getCategoryTree(ctx, requestLocale(request)),
    countProductsByDepartment(ctx),
    countPublicProducts(ctx),
    countCustomers(ctx),
    // The first products of the listing its 'See all' link opens (/products?sort=rating), in the same order.
    listProducts(ctx, { sort: 'rating', page: 1, perPage: 8, locale: requestLocale(request) }),
    listVendors(ctx, { sort: 'featured', perPage: 3 }),
  ])
  const actor = await findRequestActor(context, request)
  const followedIds = await followedStores(
    ctx,
    actor,
    featured.items.map((v) => v.id),
  )
  const i18n = requestI18n(request)
  return {
    title: i18n._('home.meta.title'),
    description: i18n._('home.meta.description'),
    stats: { vendors: featured.total, products: productCount, customers: customerCount },
    departments: tree.map((d) => ({ slug: d.slug, name: d.name, emoji: d.emoji, count: perDepartment[d.slug] ?? 0 })),
    topRated: topRated.items,
    vendors: featured.items,
    followedIds,
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'description', content: data?.description }]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { favouriteIds, intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const { stats, departments, topRated, vendors } = loaderData
  const departmentNames = Object.fromEntries(departments.map((d) => [d.slug, d.name]))
  const slides: Slide[] = [
    {
      id: 'traditional',
      title: t('home.slide1.title'),
      body: t('home.slide1.body'),
      cta: t('home.slide1.cta'),
      href: '/products?category=women&subcategory=women-traditional-wear',
      className: 'bg-gradient-to-br from-amber-200 via-orange-100 to-rose-100 text-foreground',
      emoji: '👗',
    },
    {
      id: 'sale',
      title: t('home.slide2.title'),
      body: t('home.slide2.body'),
      cta: t('home.slide2.cta'),
      href: '/products?sale=1',
      className: 'bg-gradient-to-br from-sky-200 via-cyan-100 to-emerald-100 text-foreground',
      emoji: '🏷️',
    },
    {
      id: 'vendors',
      title: t('home.slide3.title'),
      body: t('home.slide3.body'),
      cta: t('home.slide3.cta'),
      href: '/vendors',
      className: 'bg-gradient-to-br from-lime-200 via-yellow-100 to-amber-100 text-foreground',
      emoji: '🛍️',
    },
  ]
  return (
    <div className="mx-auto max-w-7xl px-4">
      <section className="grid grid-cols-1 gap-8 py-8 md:grid-cols-2 md:items-center md:py-12">
        <div className="min-w-0">
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            {t('home.hero.title')}
          </h1>
          <p className="mt-4 max-w-prose text-muted-foreground sm:text-lg">{t('home.hero.body')}</p>
          <div className="mt-6 grid grid-cols-2 gap-3 sm:flex">
            <Link
              to="/products"
              className="inline-flex min-h-11 items-center justify-center rounded-md py-2 text-center leading-tight bg-primary px-4 font-semibold text-primary-foreground hover:bg-primary/90 sm:px-6"
            >
              {t('home.hero.shop')}
            </Link>
            <Link
              to="/vendors"
              className="inline-flex min-h-11 items-center justify-center rounded-md py-2 text-center leading-tight border border-input bg-card px-4 font-semibold hover:bg-muted sm:px-6"
            >
              {t('home.hero.vendors')}
            </Link>
          </div>
          <dl className="mt-8 grid max-w-md grid-cols-3 gap-4">
            {[
              [formatStat(stats.vendors), t('home.stats.vendors')],
              [formatStat(stats.products), t('home.stats.items')],
              [formatStat(stats.customers), t('home.stats.customers')],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-extrabold text-primary sm:text-3xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <PromoCarousel slides={slides} />
      </section>

      <section aria-labelledby="categories-heading" className="py-8">
        <h2 id="categories-heading" className="text-2xl font-bold">
          {t('home.categories.title')}
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {departments.map((d) => (
            <li key={d.slug}>
              <Link to={`/products?category=${d.slug}`} className="category-tile">
                <span aria-hidden="true" className="text-4xl">
                  {d.emoji}
                </span>
                <span className="mt-2 font-semibold">{d.name}</span>
                <span className="text-sm text-muted-foreground">
                  {t('home.categories.count', { count: d.count, formatted: number.format(d.count) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="top-rated-heading" className="py-8">
        <div className="flex items-end justify-between gap-4">
          <h2 id="top-rated-heading" className="text-2xl font-bold">
            {t('home.topRated.title')}
          </h2>
          <Link to="/products?sort=rating" className="text-sm font-semibold text-primary hover:underline">
            {t('home.topRated.all')}
          </Link>
        </div>
        <div className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
          {topRated.map((product) => (
            <ProductCard key={product.id} product={product} isFavourite={favouriteIds.includes(product.id)} />
          ))}
        </div>
      </section>

      <section aria-labelledby="vendors-heading" className="py-8">
        <div className="flex items-end justify-between gap-4">
          <h2 id="vendors-heading" className="text-2xl font-bold">
            {t('home.vendors.title')}
          </h2>
          <Link to="/vendors" className="text-sm font-semibold text-primary hover:underline">
            {t('home.vendors.all')}
          </Link>
        </div>
        <div className="mt-5 grid gap-4 md:grid-cols-3">
          {vendors.map((vendor) => (
            <VendorCard
              key={vendor.id}
              vendor={vendor}
              departmentNames={departmentNames}
              following={loaderData.followedIds.includes(vendor.id)}
              headingLevel="h3"
            />
          ))}
        </div>
      </section>
    </div>
  )
}
