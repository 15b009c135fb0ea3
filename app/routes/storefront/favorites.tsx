import { Link } from 'react-router'
import { ProductCard } from '#app/components/catalog/product-card.tsx'
import { Heart } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findOwnerKey } from '#app/modules/accounts/shopper.server.ts'
import { getFavourites } from '#app/modules/cart/cart.server.ts'
import type { Route } from './+types/favorites'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart', 'products'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    title: requestI18n(request)._('cart.favorites.meta'),
    products: await getFavourites(serviceContextOf(context), await findOwnerKey(context, request)),
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { favouriteIds } = useRootData()
  // A favourite removed on this page disappears at once (the root data is revalidated after the post).
  const products = loaderData.products.filter((p) => favouriteIds.includes(p.id))
  if (products.length === 0) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <Heart aria-hidden="true" className="mx-auto size-16 text-muted-foreground" />
        <h1 className="mt-4 text-2xl font-bold">{t('cart.favorites.empty.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('cart.favorites.empty.body')}</p>
        <Link
          to="/products"
          className="mt-6 inline-flex h-11 items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground hover:bg-primary/90"
        >
          {t('cart.favorites.empty.cta')}
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('cart.favorites.title', { count: products.length })}</h1>
      <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} isFavourite />
        ))}
      </div>
    </div>
  )
}
