import { Star } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const FIVE = [0, 1, 2, 3, 4]

type Look = { size?: 'sm' | 'md'; className?: string }

/**
 * What the stars stand for: an average over `reviewCount` reviews (a product's or a store's; null when there are
 * none), or one review's own rating, which has no count to tell.
 */
export type RatingStarsProps = Look &
  ({ rating: number | null; reviewCount: number } | { rating: number; reviewCount?: undefined })

/** Five stars filled to the rating; the figures are shown beside them and read out as one phrase. */
export function RatingStars({ rating, reviewCount, size = 'sm', className }: RatingStarsProps) {
  const t = useT()
  const value = rating ?? 0
  const single = reviewCount === undefined
  const label =
    rating == null
      ? t('products.rating.none')
      : single
        ? t('products.rating.single', { rating: String(value) })
        : t('products.rating.label', { rating: value.toFixed(1), count: reviewCount })
  const icon = size === 'md' ? 'size-5' : 'size-3.5'
  if (rating == null) {
    return <p className={cn('text-muted-foreground', size === 'md' ? 'text-sm' : 'text-xs', className)}>{label}</p>
  }
  return (
    <div className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}>
      <span className="sr-only">{label}</span>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="inline-flex text-border">
          {FIVE.map((i) => (
            <Star key={i} className={cn(icon, 'fill-current')} strokeWidth={0} />
          ))}
        </span>
        <span
          className="absolute inset-y-0 left-0 inline-flex overflow-hidden text-amber-500"
          style={{ width: `${(Math.min(Math.max(value, 0), 5) / 5) * 100}%` }}
        >
          {FIVE.map((i) => (
            <Star key={i} className={cn(icon, 'shrink-0 fill-current')} strokeWidth={0} />
          ))}
        </span>
      </span>
      <span aria-hidden="true" className={cn(size === 'md' && 'text-sm')}>
        <span className="font-medium text-foreground">{single ? value : value.toFixed(1)}</span>
        {single ? null : ` (${reviewCount})`}
      </span>
    </div>
  )
}
