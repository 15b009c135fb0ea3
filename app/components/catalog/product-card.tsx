import { memo } from 'react'
import { Link } from 'react-router'
import { AddToCartButton } from '#app/components/cart/add-to-cart-button.tsx'
import { FavouriteButton } from '#app/components/cart/favourite-button.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { ProductCardData } from '#app/modules/catalog/types.ts'
import { Price } from './price.tsx'
import { ProductBadges } from './product-badges.tsx'
import { ChooseAndAddButton, QuickViewButton } from './quick-view.tsx'
import { RatingStars } from './rating-stars.tsx'

/** Card sizes in the grids: 2 columns on phones, 3 on tablets and laptops, 4 on wide screens. */
export const PRODUCT_CARD_SIZES = '(min-width: 1536px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 33vw, 50vw'

/**
 * A product in a grid: picture, badges, title, vendor, rating, price, favourite, Quick View and Add to Cart. Drawn
 * again only when its product or its favourite changes: a grid re-rendered whole every card each time the router's
 * state changed (after each page load, and at each step of every Add to Cart), though only its links and forms
 * read that state.
 */
export const ProductCard = memo(function ProductCard({
  product,
  isFavourite,
  priority = false,
  headingLevel = 3,
  sizes = PRODUCT_CARD_SIZES,
  className,
}: {
  product: ProductCardData
  isFavourite: boolean
  /** The first row of a page: its pictures load at once (the page's largest paint), not lazily. */
  priority?: boolean
  headingLevel?: 2 | 3 | 4
  sizes?: string
  className?: string
}) {
  const t = useT()
  const Heading = `h${headingLevel}` as const
  const href = `/products/${product.slug}`
  const soldOut = !product.inStock || product.defaultVariantId == null
  return (
    <article className={cn('product-card', className)}>
      <div className="card-media">
        {/* The title's link discovers the product page's route for the app; this one needs not say so again. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" discover="none">
          {product.image ? (
            <ResponsiveImage
              imageKey={product.image.imageKey}
              alt={product.image.alt}
              width={product.image.width}
              height={product.image.height}
              placeholder={product.image.placeholder}
              sizes={sizes}
              priority={priority}
            />
          ) : (
            <span className="grid h-full place-items-center text-sm text-muted-foreground">
              {t('products.noImage')}
            </span>
          )}
        </Link>
        <ProductBadges
          price={product.price}
          compareAtPrice={product.compareAtPrice}
          badge={product.badge}
          // Clear of the favourite heart (size-9 at right-2): a long badge (ÉDITION LIMITÉE) wraps instead of running under it.
          className="pointer-events-none absolute top-2 right-13 left-2"
        />
        {soldOut && (
          <div className="pointer-events-none absolute inset-0 grid place-items-center bg-background/60">
            <span className="rounded-md bg-foreground px-3 py-1 text-sm font-semibold text-background">
              {t('products.stock.outBadge')}
            </span>
          </div>
        )}
        <FavouriteButton
          productId={product.id}
          productTitle={product.title}
          isFavourite={isFavourite}
          className="absolute top-2 right-2"
        />
      </div>

      <div className="card-body">
        <Heading className="card-title">
          <Link to={href}>{product.title}</Link>
        </Heading>
        <Link to={`/vendor/${product.vendor.id}`} className="card-vendor">
          {product.vendor.name}
        </Link>
        <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
        <Price price={product.price} compareAtPrice={product.compareAtPrice} from={product.priceFrom} />
        <div className="card-actions">
          {/* On phones the card is narrow: this Quick View sits on the picture as an icon (app.css). */}
          <QuickViewButton slug={product.slug} title={product.title} />
          {product.hasOptions && !soldOut ? (
            <ChooseAndAddButton
              slug={product.slug}
              title={product.title}
              size="wrap"
              className="min-w-0 flex-1 sm:flex-auto"
            />
          ) : (
            <AddToCartButton
              variantId={product.defaultVariantId}
              productTitle={product.title}
              disabled={soldOut}
              label={soldOut ? t('products.stock.outButton') : undefined}
              variant={soldOut ? 'secondary' : 'default'}
              // The label wraps on a narrow phone rather than being cut ("Shyira mu gitebo", "Ajouter au panier").
              size="wrap"
              className="min-w-0 flex-1 sm:flex-auto"
            />
          )}
        </div>
      </div>
    </article>
  )
})
