import { useEffect, useMemo, useRef, useState } from 'react'
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigate, useSearchParams } from 'react-router'
import { AddToCartForm, ChoiceRefusal } from '#app/components/cart/add-to-cart-button.tsx'
import { FavouriteButton } from '#app/components/cart/favourite-button.tsx'
import { Breadcrumbs } from '#app/components/catalog/breadcrumbs.tsx'
import { Price } from '#app/components/catalog/price.tsx'
import { ProductBadges } from '#app/components/catalog/product-badges.tsx'
import { ProductGallery } from '#app/components/catalog/product-gallery.tsx'
import { RatingStars } from '#app/components/catalog/rating-stars.tsx'
import { useHydrated } from '#app/components/catalog/use-hydrated.ts'
import { VariantPicker } from '#app/components/catalog/variant-picker.tsx'
import {
  coloursOf,
  imageIndexForColour,
  photosForColour,
  priceOf,
  pricesVary,
  resolveVariant,
  sizesOf,
} from '#app/components/catalog/variants.ts'
import { dateFormat } from '#app/components/date-format.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { BadgeCheck } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findProductBySlug } from '#app/modules/catalog/catalog.server.ts'
import { getReturnWindows } from '#app/modules/catalog/return-windows.server.ts'
import type { VariantData } from '#app/modules/catalog/types.ts'
import type { Route } from './+types/product'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart', 'products', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const i18n = requestI18n(request)
  const product = await findProductBySlug(serviceContextOf(context), params.slug, requestLocale(request))
  // An unknown product is an expected outcome: a 404 page here, and a message in a Quick View that fetched it.
  if (!product) {
    return data({ product: null, title: i18n._('products.notFound.metaTitle'), description: '' }, { status: 404 })
  }
  const description = product.description.replace(/\s+/g, ' ').trim()
  const returnDays = (await getReturnWindows(serviceContextOf(context), [product.id])).get(product.id) ?? 0
  return data({
    product,
    returnDays,
    title: i18n._('products.meta.productTitle', { title: product.title, vendor: product.vendor.name }),
    description: description.length > 155 ? `${description.slice(0, 154)}…` : description,
  })
}

/**
 * 'Show this option' without JavaScript: the add-to-cart form's size and colour, posted here, come back as this
 * page's address (its picture and stock then follow them). Changes nothing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData()
  const next = new URLSearchParams()
  for (const key of ['size', 'colour'] as const) {
    const value = form.get(key)
    if (typeof value === 'string' && value.trim()) next.set(key, value.trim().slice(0, 60))
  }
  const query = next.toString()
  return redirect(`/products/${encodeURIComponent(params.slug)}${query ? `?${query}` : ''}`)
}

const REFUSALS = new Set(['choose_variant', 'no_such_variant', 'out_of_stock', 'stock_limit', 'not_found'] as const)
type Refusal = typeof REFUSALS extends Set<infer T> ? T : never

/** A refused add without JavaScript comes back with its reason in `cart` (and the choice in `size`, `colour`). */
function refusalOf(params: URLSearchParams, variants: VariantData[]) {
  const code = params.get('cart')
  if (!code || !REFUSALS.has(code as Refusal)) return null
  const missing: ('size' | 'colour')[] = []
  if (!params.get('size') && sizesOf(variants).length > 0) missing.push('size')
  if (!params.get('colour') && coloursOf(variants).length > 0) missing.push('colour')
  return { code: code as Refusal, missing }
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return []
  return [
    { title: data.title },
    ...(data.description ? [{ name: 'description', content: data.description }] : []),
    ...(data.product ? [] : [{ name: 'robots', content: 'noindex' }]),
  ]
}

/** Choosing a size or colour only changes the query string: the product's data stays as it is. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((!formMethod || formMethod.toUpperCase() === 'GET') && currentUrl.pathname === nextUrl.pathname) {
    const strip = (u: URL) => {
      const p = new URLSearchParams(u.search)
      p.delete('size')
      p.delete('colour')
      p.delete('cart')
      return p.toString()
    }
    if (strip(currentUrl) === strip(nextUrl)) return false
  }
  return defaultShouldRevalidate
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData
  if (!product) return <ProductNotFound />
  return <ProductDetails product={product} returnDays={'returnDays' in loaderData ? loaderData.returnDays : 0} />
}

type Product = NonNullable<Route.ComponentProps['loaderData']['product']>

/**
 * Without JavaScript: shows the checked size and colour's picture and stock (the page's action comes back to this
 * page with them in its address). Gone once the page runs; its own component, so that only it renders again after
 * hydration, not the whole page. It comes after Add to Cart, so its going never moves that button (a tap on Add to
 * Cart as the page came alive landed beside it).
 */
function UpdateChoiceButton({ slug }: { slug: string }) {
  const t = useT()
  const hydrated = useHydrated()
  if (hydrated) return null
  return (
    <Button type="submit" formAction={`/products/${slug}`} variant="outline" size="sm">
      {t('products.variant.update')}
    </Button>
  )
}

function ProductDetails({ product, returnDays }: { product: Product; returnDays: number }) {
  const t = useT()
  const { intlLocale, favouriteIds } = useRootData()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const dates = useMemo(() => dateFormat(intlLocale, { dateStyle: 'medium' }), [intlLocale])
  const hasChoice = product.variants.some((v) => v.size || v.colour)
  // What the shopper tapped shows (and is what Add to Cart posts) at once; the address follows in the background,
  // so a tap made while the previous one is still on its way is never undone by it.
  const [tapped, setTapped] = useState<{ size: string | null; colour: string | null } | null>(null)
  const ownAddresses = useRef(new Set<string>())
  const search = params.toString()
  useEffect(() => {
    // An address the page did not write itself (back, forward, a link) is a new starting point.
    if (!ownAddresses.current.has(search)) setTapped(null)
  }, [search])
  const refusal = tapped ? null : refusalOf(params, product.variants)
  // After a refused add (without JavaScript) the page shows exactly what was chosen, even a combination that does
  // not exist or is sold out; otherwise the chosen variant, or the nearest one in stock.
  const resolved = resolveVariant(
    product.variants,
    tapped ? tapped.size : params.get('size'),
    tapped ? tapped.colour : params.get('colour'),
    product.defaultVariantId,
  )
  const choice = refusal
    ? { size: params.get('size'), colour: params.get('colour') }
    : { size: resolved?.size ?? null, colour: resolved?.colour ?? null }
  const variant = refusal
    ? (product.variants.find((v) => v.size === choice.size && v.colour === choice.colour) ?? null)
    : resolved
  const soldOut = refusal ? !product.variants.some((v) => v.stock > 0) : !variant || variant.stock <= 0
  // The chosen variant's price (its own, or the product's); the lowest, "from", while none is chosen.
  const varies = pricesVary(product.variants, product.price)
  const price = priceOf(variant, product.price)
  // The chosen colour's photos first, when the vendor tied photos to colours (server-side from `?colour=` too);
  // otherwise the vendor's order, opened at the picture whose description names the colour.
  const images = photosForColour(product.images, choice.colour)
  const reordered = images !== product.images

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <Breadcrumbs path={product.categoryPath} current={product.title} />

      <div className="mt-4 grid gap-6 md:grid-cols-2 lg:gap-10">
        <ProductGallery
          // A new order of photos starts at its first: the chosen colour's.
          key={reordered ? `colour:${choice.colour}` : 'all'}
          images={images}
          title={product.title}
          activeIndex={reordered ? 0 : Math.max(imageIndexForColour(product.images, choice.colour), 0)}
        />

        <div className="group/details flex flex-col gap-4">
          <ProductBadges price={price} compareAtPrice={product.compareAtPrice} badge={product.badge} layout="row" />
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.title}</h1>
            <FavouriteButton
              productId={product.id}
              productTitle={product.title}
              isFavourite={favouriteIds.includes(product.id)}
              className="shrink-0"
            />
          </div>
          <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
            {t('products.soldBy')}
            <Link to={`/vendor/${product.vendor.id}`} className="font-medium text-primary hover:underline">
              {product.vendor.name}
            </Link>
            {product.vendor.verified && (
              <span className="inline-flex items-center gap-0.5 text-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t('products.vendorVerified')}
              </span>
            )}
          </p>
          <a href="#reviews" className="w-fit hover:underline">
            <RatingStars rating={product.rating} reviewCount={product.reviewCount} size="md" />
          </a>
          {varies ? (
            <>
              {/* Before the page's script runs, a tapped size or colour is not yet the rendered one: its price gives
                  way to the lowest ("from"), which is not untrue (the same CSS as the picker's stock line). */}
              <Price
                price={price}
                compareAtPrice={product.compareAtPrice}
                from={!variant}
                size="lg"
                className="group-has-[input[data-initial]:not(:checked)]/details:hidden"
              />
              <Price
                price={Math.min(product.price, ...product.variants.map((v) => priceOf(v, product.price)))}
                compareAtPrice={product.compareAtPrice}
                from
                size="lg"
                className="hidden group-has-[input[data-initial]:not(:checked)]/details:flex"
              />
            </>
          ) : (
            <Price price={product.price} compareAtPrice={product.compareAtPrice} size="lg" />
          )}

          <AddToCartForm
            productId={product.id}
            productTitle={product.title}
            disabled={soldOut}
            label={soldOut ? t('products.stock.outButton') : undefined}
            variant={soldOut ? 'secondary' : 'default'}
            buttonClassName="w-full sm:w-auto"
            refusal={refusal ? <ChoiceRefusal data={refusal} /> : null}
            after={hasChoice ? <UpdateChoiceButton slug={product.slug} /> : null}
          >
            <VariantPicker
              variants={product.variants}
              size={choice.size}
              colour={choice.colour}
              variant={variant}
              onChange={(choice) => {
                const v = resolveVariant(product.variants, choice.size, choice.colour, product.defaultVariantId)
                setTapped({ size: v?.size ?? null, colour: v?.colour ?? null })
                const next = new URLSearchParams()
                if (v?.size) next.set('size', v.size)
                if (v?.colour) next.set('colour', v.colour)
                ownAddresses.current.add(next.toString())
                void navigate(`?${next}`, { replace: true, preventScrollReset: true })
              }}
            />
          </AddToCartForm>
          <p className="text-sm text-muted-foreground">
            {returnDays > 0 ? t('returns.window.within', { days: returnDays }) : t('returns.window.none')}{' '}
            <Link to="/returns" className="text-primary underline underline-offset-4">
              {t('returns.window.policy')}
            </Link>
          </p>

          <section aria-labelledby="description-heading" className="border-t border-border pt-4">
            <h2 id="description-heading" className="text-lg font-semibold">
              {t('products.description')}
            </h2>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-foreground/90">{product.description}</p>
          </section>
        </div>
      </div>

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-4 border-t border-border pt-6">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          {t('products.reviews.heading', { count: product.reviewCount })}
        </h2>
        {product.reviews.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{t('products.reviews.none')}</p>
        ) : (
          <>
            <RatingStars rating={product.rating} reviewCount={product.reviewCount} size="md" className="mt-2" />
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {product.reviews.map((r) => (
                <li key={r.id} className="rounded-lg border border-border bg-card p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium">{r.author}</p>
                    <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
                      {dates.format(new Date(r.createdAt))}
                    </time>
                  </div>
                  <RatingStars rating={r.rating} className="mt-1" />
                  <p className="mt-2 text-sm leading-relaxed">{r.body}</p>
                  {r.vendorReply ? (
                    <div className="mt-3 rounded-md border-l-4 border-primary/60 bg-muted/60 p-3 text-sm">
                      <p className="flex flex-wrap items-baseline justify-between gap-2 font-medium">
                        {t('reviews.reply.from', { store: product.vendor.name })}
                        {r.vendorRepliedAt ? (
                          <time dateTime={r.vendorRepliedAt} className="text-xs font-normal text-muted-foreground">
                            {dates.format(new Date(r.vendorRepliedAt))}
                          </time>
                        ) : null}
                      </p>
                      <p className="mt-1 leading-relaxed whitespace-pre-line">{r.vendorReply}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}

function ProductNotFound() {
  const t = useT()
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('products.notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('products.notFound.body')}</p>
      <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
        {t('products.notFound.browse')}
      </Link>
    </div>
  )
}
