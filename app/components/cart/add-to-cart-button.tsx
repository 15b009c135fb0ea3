import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { ShoppingCart } from '#app/components/ui/icons.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { useT } from '#app/lib/use-t.ts'
import { FormReturnFields } from './use-js-field.tsx'

export type CartActionData = {
  ok: boolean
  code?: 'out_of_stock' | 'stock_limit' | 'not_found' | 'invalid'
  available?: number
  quantity?: number
}

/** Shows the outcome of a cart post as the prototype's toasts. */
export function useCartToast(data: CartActionData | undefined, productTitle: string, announceSuccess = true) {
  const t = useT()
  const seen = useRef<CartActionData | undefined>(undefined)
  useEffect(() => {
    if (!data || data === seen.current) return
    seen.current = data
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

type Props = {
  variantId: number | null
  productTitle: string
  disabled?: boolean
  quantity?: number
  className?: string
  label?: string
  variant?: ButtonProps['variant']
}

/** 'Add to Cart': a real form post (works without JavaScript); with JavaScript a fetcher and a toast. */
export function AddToCartButton({ variantId, productTitle, disabled, quantity = 1, className, label, variant }: Props) {
  const t = useT()
  const fetcher = useFetcher<CartActionData>({ key: `add-to-cart-${variantId}` })
  useCartToast(fetcher.data, productTitle)
  const busy = fetcher.state !== 'idle'
  const unavailable = disabled || !variantId
  return (
    <fetcher.Form method="post" action="/api/cart" className="contents">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="variantId" value={variantId ?? ''} />
      <input type="hidden" name="quantity" value={quantity} />
      <FormReturnFields />
      <Button type="submit" variant={variant} disabled={unavailable || busy} className={className}>
        {unavailable ? null : <ShoppingCart aria-hidden="true" />}
        {label ?? t('cart.add.button')}
        <span className="sr-only">{t('cart.add.label', { name: productTitle })}</span>
      </Button>
    </fetcher.Form>
  )
}
