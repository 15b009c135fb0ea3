import { Link, useFetcher } from 'react-router'
import { Minus, Plus, Trash2 } from '#app/components/ui/icons.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import type { CartLine as Line } from '#app/modules/cart/cart.server.ts'
import { type CartActionData, useCartToast } from './add-to-cart-button.tsx'
import { FormReturnFields } from './use-js-field.tsx'

/** One line of the cart: a variant (product, size, colour) with its quantity; every control is a form post. */
export function CartLineRow({ line }: { line: Line }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const fetcher = useFetcher<CartActionData>({ key: `cart-line-${line.variantId}` })
  useCartToast(fetcher.data, line.title, false)
  // Optimistic: show the quantity being posted while the post is under way.
  const pendingIntent = fetcher.formData?.get('intent')
  const quantity =
    pendingIntent === 'remove' ? 0 : pendingIntent === 'set' ? Number(fetcher.formData?.get('quantity')) : line.quantity
  if (quantity <= 0) return null
  // Size and colour side by side, each whole: on a narrow phone the colour goes under the size, with no separator left
  // dangling at a line's end.
  const options = [
    line.size && t('cart.line.size', { size: line.size }),
    line.colour && t('cart.line.colour', { colour: line.colour }),
  ].filter((option): option is string => Boolean(option))
  const overStock = line.quantity > line.stock
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link to={`/products/${line.slug}`} className="w-20 shrink-0 overflow-hidden rounded-md sm:w-24">
        {line.image ? (
          <ResponsiveImage {...line.image} sizes="96px" className="aspect-[4/5] w-full object-cover" />
        ) : (
          <span className="block aspect-[4/5] bg-muted" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex justify-between gap-3">
          <div className="min-w-0">
            <Link to={`/products/${line.slug}`} className="line-clamp-2 font-medium hover:text-primary hover:underline">
              {line.title}
            </Link>
            <Link
              to={`/vendor/${line.vendor.id}`}
              className="block truncate text-xs text-muted-foreground hover:underline"
            >
              {line.vendor.name}
            </Link>
            {options.length > 0 ? (
              <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                {options.map((option) => (
                  <span key={option}>{option}</span>
                ))}
              </p>
            ) : null}
          </div>
          <p className="shrink-0 text-right font-semibold">{formatRwf(line.unitPrice * quantity, intlLocale)}</p>
        </div>
        <p className="text-xs text-muted-foreground">
          {t('cart.line.each', { price: formatRwf(line.unitPrice, intlLocale) })}
        </p>
        {overStock ? (
          <p role="status" className="text-sm text-destructive">
            {line.stock > 0 ? t('cart.line.overStock', { count: line.stock }) : t('cart.line.soldOut')}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <div className="inline-flex items-center rounded-md border border-input">
            <QuantityForm
              fetcher={fetcher}
              variantId={line.variantId}
              quantity={quantity - 1}
              label={t('cart.line.decrease', { name: line.title })}
            >
              <Minus aria-hidden="true" className="size-4" />
            </QuantityForm>
            <span data-slot="quantity" aria-live="polite" className="min-w-8 text-center text-sm font-semibold">
              {quantity}
            </span>
            <QuantityForm
              fetcher={fetcher}
              variantId={line.variantId}
              quantity={quantity + 1}
              disabled={quantity >= line.stock}
              label={t('cart.line.increase', { name: line.title })}
            >
              <Plus aria-hidden="true" className="size-4" />
            </QuantityForm>
          </div>
          <fetcher.Form method="post" action="/api/cart">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="variantId" value={line.variantId} />
            <FormReturnFields />
            <button
              type="submit"
              aria-label={t('cart.line.remove.label', { name: line.title })}
              className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted hover:text-destructive"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t('cart.line.remove')}</span>
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  )
}

function QuantityForm({
  fetcher,
  variantId,
  quantity,
  disabled,
  label,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher<CartActionData>>
  variantId: number
  quantity: number
  disabled?: boolean
  label: string
  children: React.ReactNode
}) {
  return (
    <fetcher.Form method="post" action="/api/cart">
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="quantity" value={quantity} />
      <FormReturnFields />
      <button
        type="submit"
        disabled={disabled}
        aria-label={label}
        className="inline-flex size-9 items-center justify-center hover:bg-muted disabled:opacity-40"
      >
        {children}
      </button>
    </fetcher.Form>
  )
}
