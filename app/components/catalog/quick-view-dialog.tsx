import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { AddToCartForm } from '#app/components/cart/add-to-cart-button.tsx'
import { X } from '#app/components/ui/icons.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { loader as productLoader } from '#app/routes/storefront/product.tsx'
import { Price } from './price.tsx'
import { ProductBadges } from './product-badges.tsx'
import { RatingStars } from './rating-stars.tsx'
import { VariantPicker } from './variant-picker.tsx'
import { imageIndexForColour, priceOf, pricesVary } from './variants.ts'

/** The Quick View dialog: loaded lazily, it fetches the product page's data and offers its variants. */
export default function QuickViewDialog({
  slug,
  open,
  onOpenChange,
  onCloseFocus,
}: {
  slug: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus returns when the dialog closes (the button that opened it). */
  onCloseFocus?: () => void
}) {
  const t = useT()
  const fetcher = useFetcher<typeof productLoader>()
  const { load } = fetcher
  const loaded = fetcher.data !== undefined
  useEffect(() => {
    if (open && !loaded) void load(`/products/${slug}`)
  }, [open, loaded, load, slug])

  const product = fetcher.data?.product ?? null
  const [choice, setChoice] = useState<{ size: string | null; colour: string | null } | null>(null)
  const [imageIndex, setImageIndex] = useState(0)
  // Nothing is chosen for the shopper: a product with several variants starts with no size or colour checked
  // (Add to Cart then asks for them); one with a single variant has it checked.
  const only = product?.variants.length === 1 ? product.variants[0] : undefined
  const size = choice?.size ?? only?.size ?? null
  const colour = choice?.colour ?? only?.colour ?? null
  const variant = product?.variants.find((v) => v.size === size && v.colour === colour) ?? null
  const soldOut = !product?.variants.some((v) => v.stock > 0)
  const image = product?.images[imageIndex] ?? product?.images[0]
  const close = useCallback(() => onOpenChange(false), [onOpenChange])

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-slot="quick-view"
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            onCloseFocus?.()
          }}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-lg bg-card p-4 shadow-xl',
            'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-6',
          )}
        >
          <Dialog.Close
            className="absolute top-2 right-2 z-10 grid size-10 place-items-center rounded-full bg-card/90 shadow-sm hover:bg-muted"
            aria-label={t('products.quickView.close')}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>

          {!product ? (
            <div className="py-10 text-center">
              <Dialog.Title className="text-lg font-semibold">
                {loaded ? t('products.notFound.title') : t('products.quickView.loading')}
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-muted-foreground">
                {loaded ? t('products.notFound.body') : t('products.quickView.wait')}
              </Dialog.Description>
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 sm:gap-6">
              <div className="mx-auto w-full max-w-60 sm:max-w-none">
                <div className="overflow-hidden rounded-lg bg-muted">
                  {image && (
                    <ResponsiveImage
                      key={image.imageKey}
                      imageKey={image.imageKey}
                      alt={image.alt}
                      width={image.width}
                      height={image.height}
                      placeholder={image.placeholder}
                      sizes="(min-width: 640px) 360px, 100vw"
                      priority
                      className="aspect-[4/5] h-auto w-full object-cover"
                    />
                  )}
                </div>
                {product.images.length > 1 && (
                  <ul className="mt-2 flex gap-2 overflow-x-auto">
                    {product.images.map((img, i) => (
                      <li key={img.imageKey}>
                        <button
                          type="button"
                          onClick={() => setImageIndex(i)}
                          aria-label={t('products.gallery.show', { n: i + 1, count: product.images.length })}
                          aria-pressed={i === imageIndex}
                          className={cn(
                            'block w-14 overflow-hidden rounded-md border-2',
                            i === imageIndex ? 'border-primary' : 'border-transparent',
                          )}
                        >
                          <ResponsiveImage
                            imageKey={img.imageKey}
                            alt=""
                            width={img.width}
                            height={img.height}
                            placeholder={img.placeholder}
                            sizes="56px"
                            className="aspect-[4/5] h-auto w-full object-cover"
                          />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>

              <div className="flex flex-col gap-3">
                <ProductBadges
                  price={priceOf(variant, product.price)}
                  compareAtPrice={product.compareAtPrice}
                  badge={product.badge}
                  layout="row"
                />
                <Dialog.Title className="pr-8 text-xl font-semibold">{product.title}</Dialog.Title>
                <Dialog.Description className="text-sm text-muted-foreground">
                  {t('products.soldBy')}{' '}
                  <Link to={`/vendor/${product.vendor.id}`} className="font-medium text-primary hover:underline">
                    {product.vendor.name}
                  </Link>
                </Dialog.Description>
                <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
                <Price
                  price={priceOf(variant, product.price)}
                  compareAtPrice={product.compareAtPrice}
                  from={!variant && pricesVary(product.variants, product.price)}
                  size="lg"
                />
                <AddToCartForm
                  productId={product.id}
                  productTitle={product.title}
                  disabled={soldOut}
                  label={soldOut ? t('products.stock.outButton') : undefined}
                  buttonClassName="w-full"
                  onAdded={close}
                >
                  <VariantPicker
                    variants={product.variants}
                    size={size}
                    colour={colour}
                    variant={variant}
                    onChange={(next) => {
                      setChoice(next)
                      const i = imageIndexForColour(product.images, next.colour)
                      if (i >= 0) setImageIndex(i)
                    }}
                  />
                </AddToCartForm>
                <Link
                  to={`/products/${product.slug}`}
                  className="text-center text-sm font-medium text-primary hover:underline"
                  onClick={() => onOpenChange(false)}
                >
                  {t('products.quickView.details')}
                </Link>
              </div>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
