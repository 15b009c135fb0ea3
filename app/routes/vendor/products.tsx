import { Form, Link, redirect, useLocation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { ArrowLeft, Plus, Search } from '#app/components/ui/icons.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { ProductListQuerySchema, productListTabs } from '#app/modules/catalog/product-editor.schemas.ts'
import { listOwnProducts } from '#app/modules/catalog/vendor-products.server.ts'
import type { Route } from './+types/products'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['product-editor', 'product-import'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's own products, for its owner only: the store is the signed-in vendor's, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const query = ProductListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listOwnProducts(serviceContextOf(context), { ownerUserId: actor.userId, ...query })
  if (!listing) throw redirect('/vendor-dashboard')
  return { title: requestI18n(request)._('productEditor.list.meta'), listing, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const statusClass = {
  active: 'bg-success/15 text-success',
  draft: 'bg-muted text-muted-foreground',
  archived: 'bg-destructive/10 text-destructive',
} as const

export default function VendorProductsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { listing, query } = loaderData
  const { pathname, search } = useLocation()
  const tabHref = (status: string) => {
    const p = new URLSearchParams()
    if (status !== 'all') p.set('status', status)
    if (query.q) p.set('q', query.q)
    const s = p.toString()
    return s ? `?${s}` : '.'
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to="/vendor-dashboard"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('productEditor.list.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('productEditor.list.title')}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/vendor-dashboard/products/import" className={buttonVariants({ variant: 'outline' })}>
            {t('productImport.link.import')}
          </Link>
          <a href="/vendor-dashboard/products.csv" download className={buttonVariants({ variant: 'outline' })}>
            {t('productImport.link.export')}
          </a>
          <Link to="/vendor-dashboard/products/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t('productEditor.list.add')}
          </Link>
        </div>
      </div>
      {listing.storeStatus === 'pending' ? (
        <p className="mt-4 rounded-lg border border-border bg-muted p-4 text-sm">{t('productEditor.pendingStore')}</p>
      ) : null}

      <nav aria-label={t('productEditor.list.tabs')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {productListTabs.map((tab) => (
            <li key={tab}>
              <Link
                to={tabHref(tab)}
                aria-current={query.status === tab ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                  query.status === tab
                    ? 'border-primary bg-primary/10 font-semibold text-primary'
                    : 'border-input hover:bg-muted',
                )}
              >
                {t('productEditor.list.tab', { status: t(`productEditor.tab.${tab}`), count: listing.counts[tab] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form method="get" role="search" className="mt-4 flex gap-2">
        {query.status !== 'all' ? <input type="hidden" name="status" value={query.status} /> : null}
        <label htmlFor="product-search" className="sr-only">
          {t('productEditor.list.search')}
        </label>
        <Input
          id="product-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder={t('productEditor.list.search')}
        />
        <button type="submit" className={buttonVariants({ variant: 'outline' })}>
          <Search aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('productEditor.list.searchButton')}</span>
        </button>
      </Form>

      {listing.items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
          {listing.counts.all === 0 ? t('productEditor.list.empty') : t('productEditor.list.noMatch')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {listing.items.map((p) => (
            <li key={p.id} className="flex gap-3 rounded-lg border border-border bg-card p-3">
              <div className="w-20 shrink-0 overflow-hidden rounded-md bg-muted">
                {p.image ? (
                  <ResponsiveImage {...p.image} sizes="80px" className="aspect-[4/5] w-full object-cover" />
                ) : (
                  <div className="flex aspect-[4/5] items-center justify-center p-1 text-center text-xs text-muted-foreground">
                    {t('productEditor.list.noPhoto')}
                  </div>
                )}
              </div>
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <h2 className="font-semibold break-words">
                  <Link to={`/vendor-dashboard/products/${p.id}`} className="hover:underline">
                    {p.title}
                  </Link>
                </h2>
                <p className="text-sm font-medium">{formatRwf(p.price, intlLocale)}</p>
                <p className="flex flex-wrap items-center gap-2 text-xs">
                  <span className={cn('rounded px-2 py-0.5 font-semibold', statusClass[p.status])}>
                    {t(`productEditor.status.${p.status}`)}
                  </span>
                  <span className="text-muted-foreground">
                    {t('productEditor.list.stock', { count: p.totalStock })}
                  </span>
                  <span className="text-muted-foreground">
                    {t('productEditor.list.variants', { count: p.variantCount })}
                  </span>
                </p>
                <Link
                  to={`/vendor-dashboard/products/${p.id}`}
                  className="mt-1 text-sm font-medium text-primary hover:underline"
                  aria-label={t('productEditor.list.editNamed', { title: p.title })}
                >
                  {t('productEditor.list.edit')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={listing.page}
        pageCount={listing.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </div>
  )
}
