import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The price, and the compare-at price struck through when the product is on sale (only when the price shown is
 * below it: a dearer variant above the compare-at price is no sale). `from`: the lowest of several prices.
 */
export function Price({
  price,
  compareAtPrice,
  size = 'sm',
  from = false,
  className,
}: {
  price: number
  compareAtPrice: number | null
  size?: 'sm' | 'lg'
  from?: boolean
  className?: string
}) {
  const t = useT()
  const { intlLocale } = useRootData()
  const onSale = compareAtPrice != null && compareAtPrice > price
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      {from && <span className="text-sm text-muted-foreground">{t('products.price.from')}</span>}
      {onSale && <span className="sr-only">{t('products.price.now')}</span>}
      <span
        data-slot="price"
        className={cn('font-semibold', size === 'lg' ? 'text-2xl' : 'text-base', onSale && 'text-sale')}
      >
        {formatRwf(price, intlLocale)}
      </span>
      {onSale && (
        <>
          <span className="sr-only">{t('products.price.was')}</span>
          <s className={cn('text-muted-foreground', size === 'lg' ? 'text-base' : 'text-xs')}>
            {formatRwf(compareAtPrice, intlLocale)}
          </s>
        </>
      )}
    </p>
  )
}
