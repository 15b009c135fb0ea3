import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { HiddenField } from '#app/components/ui/hidden-field.tsx'
import { Heart } from '#app/components/ui/icons.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { FormReturnFields } from './use-js-field.tsx'

type FavouriteData = { ok: boolean; isFavourite?: boolean }

type Props = { productId: number; productTitle: string; isFavourite: boolean; className?: string }

/** The heart: toggles a favourite with a form post; with JavaScript at once (optimistic) and with a toast. */
export function FavouriteButton({ productId, productTitle, isFavourite, className }: Props) {
  const t = useT()
  const fetcher = useFetcher<FavouriteData>({ key: `favourite-${productId}` })
  const pending = fetcher.formData?.get('intent')
  const shown = pending === 'add' ? true : pending === 'remove' ? false : isFavourite
  const seen = useRef<FavouriteData | undefined>(undefined)
  useEffect(() => {
    const data = fetcher.data
    if (!data || data === seen.current || fetcher.state !== 'idle') return
    seen.current = data
    if (!data.ok) toast.error(t('cart.toast.unavailable.title'), t('cart.toast.unavailable.body'))
  }, [fetcher.data, fetcher.state, t])
  // Optimistic, like the heart itself: the toast is shown as the post leaves, so it survives the card
  // disappearing from the wishlist page when the favourite is removed there.
  const announce = () => {
    if (shown) toast.success(t('cart.fav.removed.title'), t('cart.fav.removed.body', { name: productTitle }))
    else toast.success(t('cart.fav.added.title'), t('cart.fav.added.body', { name: productTitle }))
  }
  const name = shown
    ? t('cart.fav.remove.label', { name: productTitle })
    : t('cart.fav.add.label', { name: productTitle })
  return (
    <fetcher.Form method="post" action="/api/favorites" className={className} onSubmit={announce}>
      <HiddenField name="intent" value={shown ? 'remove' : 'add'} />
      <HiddenField name="productId" value={productId} />
      <FormReturnFields />
      <button
        type="submit"
        aria-label={name}
        aria-pressed={shown}
        title={name}
        className="btn-round text-foreground hover:bg-card hover:text-sale"
      >
        <Heart aria-hidden="true" className={cn('size-5', shown && 'fill-sale text-sale')} />
      </button>
    </fetcher.Form>
  )
}
