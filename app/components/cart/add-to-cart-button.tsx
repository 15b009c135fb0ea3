import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { type FetcherWithComponents, useFetcher } from 'react-router'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { HiddenField } from '#app/components/ui/hidden-field.tsx'
import { ShoppingCart } from '#app/components/ui/icons.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { useT } from '#app/lib/use-t.ts'
import { FormReturnFields } from './use-js-field.tsx'

export type CartActionData = {
  ok: boolean
  code?: 'out_of_stock' | 'stock_limit' | 'not_found' | 'invalid' | 'choose_variant' | 'no_such_variant'
  available?: number
  quantity?: number
  missing?: ('size' | 'colour')[]
}

/** Refusals about the shopper's choice of size and colour: said next to the choice, not in a toast. */
const CHOICE_CODES = new Set<CartActionData['code']>(['choose_variant', 'no_such_variant'])

/** Shows the outcome of a cart post as the prototype's toasts. */
export function useCartToast(data: CartActionData | undefined, productTitle: string, announceSuccess = true) {
  const t = useT()
  const seen = useRef<CartActionData | undefined>(undefined)
  useEffect(() => {
    if (!data || data === seen.current) return
    seen.current = data
    if (data.code && CHOICE_CODES.has(data.code)) return
    if (data.ok) {
      if (announceSuccess)
        toast.success(t('cart.toast.added.title'), t('cart.toast.added.body', { name: productTitle }))
    } else if (data.code === 'stock_limit') {
      toast.error(t('cart.toast.limit.title'), t('cart.toast.limit.body', { count: data.available ?? 0 }))
    } else if (data.code === 'out_of_stock') {
      toast.error(t('cart.toast.out.title'), t('cart.toast.out.body', { name: productTitle }))
    } else {
      toast.error(t('cart.toast.unavailable.title'), t('cart.toast.unavailable.body'))
    }
  }, [data, productTitle, announceSuccess, t])
}

/**
 * A form's submit handler that lets one post through until its answer comes: the button is disabled while busy,
 * but a double click's second click comes before the page has re-rendered, and a second post would cancel the
 * first one's answer (the first is still made, so its toast would be lost).
 */
function useOnePostAtATime(fetcher: FetcherWithComponents<unknown>): (event: FormEvent<HTMLFormElement>) => void {
  const posting = useRef(false)
  useEffect(() => {
    if (fetcher.state === 'idle') posting.current = false
  }, [fetcher.state])
  return (event) => {
    if (posting.current) event.preventDefault()
    else posting.current = true
  }
}

type Props = {
  variantId: number | null
  productTitle: string
  disabled?: boolean
  quantity?: number
  className?: string
  label?: string
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
}

/** 'Add to Cart': a real form post (works without JavaScript); with JavaScript a fetcher and a toast. */
export function AddToCartButton({
  variantId,
  productTitle,
  disabled,
  quantity = 1,
  className,
  label,
  variant,
  size,
}: Props) {
  const t = useT()
  const fetcher = useFetcher<CartActionData>({ key: `add-to-cart-${variantId}` })
  useCartToast(fetcher.data, productTitle)
  const onSubmit = useOnePostAtATime(fetcher)
  const busy = fetcher.state !== 'idle'
  const unavailable = disabled || !variantId
  return (
    <fetcher.Form method="post" action="/api/cart" className="contents" onSubmit={onSubmit}>
      <HiddenField name="intent" value="add" />
      <HiddenField name="variantId" value={variantId ?? ''} />
      <HiddenField name="quantity" value={quantity} />
      <FormReturnFields />
      <Button type="submit" variant={variant} size={size} disabled={unavailable || busy} className={className}>
        {unavailable ? null : <ShoppingCart aria-hidden="true" />}
        {label ?? t('cart.add.button')}
        <span className="sr-only">{t('cart.add.label', { name: productTitle })}</span>
      </Button>
    </fetcher.Form>
  )
}

/**
 * The add-to-cart form of a product whose variant the shopper chooses: the size and colour radio buttons are
 * its `children`, so the form posts the product and what is checked, and the server adds that variant. Works
 * without JavaScript and before it runs (a plain post; the page comes back with the choice, and a refusal in
 * `refusal`); with JavaScript a fetcher and a toast, and a refusal of the choice said next to it.
 */
export function AddToCartForm({
  productId,
  productTitle,
  children,
  disabled,
  label,
  buttonClassName,
  variant,
  refusal,
  onAdded,
  after,
}: {
  productId: number
  productTitle: string
  children?: ReactNode
  disabled?: boolean
  label?: string
  buttonClassName?: string
  variant?: ButtonProps['variant']
  /** A refusal to show when the page was rendered (a post without JavaScript came back refused). */
  refusal?: ReactNode
  onAdded?: () => void
  /**
   * Beside the button, after it (a no-JavaScript control that goes once the page runs): removing it then never
   * moves the button under a finger that is about to tap it.
   */
  after?: ReactNode
}) {
  const t = useT()
  const fetcher = useFetcher<CartActionData>({ key: `add-product-to-cart-${productId}` })
  useCartToast(fetcher.data, productTitle)
  const onSubmit = useOnePostAtATime(fetcher)
  const busy = fetcher.state !== 'idle'
  const added = useRef<CartActionData | undefined>(undefined)
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data !== added.current) {
      added.current = fetcher.data
      onAdded?.()
    }
  }, [fetcher.data, onAdded])
  const data = fetcher.data
  const message = data ? data.ok ? null : <ChoiceRefusal data={data} /> : refusal
  const button = (
    <Button type="submit" variant={variant} disabled={disabled || busy} className={buttonClassName}>
      {disabled ? null : <ShoppingCart aria-hidden="true" />}
      {label ?? t('cart.add.button')}
      <span className="sr-only">{t('cart.add.label', { name: productTitle })}</span>
    </Button>
  )
  return (
    <fetcher.Form method="post" action="/api/cart" className="space-y-3" onSubmit={onSubmit}>
      <HiddenField name="intent" value="add" />
      <HiddenField name="productId" value={productId} />
      <HiddenField name="quantity" value={1} />
      <FormReturnFields />
      {children}
      <div aria-live="polite">{busy ? null : message}</div>
      {after ? (
        <div className="flex flex-wrap items-center gap-3">
          {button}
          {after}
        </div>
      ) : (
        button
      )}
    </fetcher.Form>
  )
}

/** Why an add of a chosen size and colour was refused, said next to the choice. */
export function ChoiceRefusal({ data }: { data: Pick<CartActionData, 'code' | 'missing'> }) {
  const t = useT()
  let text: string
  if (data.code === 'choose_variant') {
    const missing = data.missing ?? []
    text =
      missing.includes('size') && missing.includes('colour')
        ? t('cart.choice.chooseBoth')
        : missing.includes('colour')
          ? t('cart.choice.chooseColour')
          : t('cart.choice.chooseSize')
  } else if (data.code === 'no_such_variant') text = t('cart.choice.noSuch')
  else if (data.code === 'out_of_stock') text = t('cart.choice.soldOut')
  else if (data.code === 'stock_limit') text = t('cart.choice.limit')
  else text = t('cart.toast.unavailable.body')
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {text}
    </p>
  )
}
