import { discountPercent } from '#app/lib/money.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { Badge } from '#app/modules/catalog/types.ts'

const badgeStyle: Record<Badge, string> = {
  new: 'bg-primary text-primary-foreground',
  bestseller: 'bg-accent text-accent-foreground',
  limited: 'bg-foreground text-background',
}

/** '25% OFF' when on sale, and the product's own badge (NEW, BESTSELLER, LIMITED). */
export function ProductBadges({
  price,
  compareAtPrice,
  badge,
  layout = 'stack',
  className,
}: {
  price: number
  compareAtPrice: number | null
  badge: Badge | null
  /** Stacked on a card's photo; in a row above a title. */
  layout?: 'stack' | 'row'
  className?: string
}) {
  const t = useT()
  const off = discountPercent(price, compareAtPrice)
  if (off == null && !badge) return null
  return (
    <div className={cn('flex items-start gap-1', layout === 'stack' && 'flex-col', className)}>
      {off != null && (
        <span className="rounded-md bg-sale px-2 py-0.5 text-xs font-bold text-white">
          {t('products.badge.off', { percent: off })}
        </span>
      )}
      {badge && (
        <span className={cn('rounded-md px-2 py-0.5 text-xs font-bold', badgeStyle[badge])}>
          {t(`products.badge.${badge}`)}
        </span>
      )}
    </div>
  )
}
