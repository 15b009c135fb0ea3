import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

type Look = { size?: 'sm' | 'md'; className?: string }

/**
 * What the stars stand for: an average over `reviewCount` reviews (a product's or a store's; null when there are
 * none), or one review's own rating, which has no count to tell.
 */
export type RatingStarsProps = Look &
  ({ rating: number | null; reviewCount: number } | { rating: number; reviewCount?: undefined })

/** Five stars filled to the rating (drawn in CSS); the figures are shown beside them and read out as one phrase. */
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
  if (rating == null) {
    return <p className={cn('text-muted-foreground', size === 'md' ? 'text-sm' : 'text-xs', className)}>{label}</p>
  }
  // One element, not ten icons: a CSS mask of five stars filled to the rating (app.css `.stars`).
  const filled = { '--stars': `${Math.round(Math.min(Math.max(value, 0), 5) * 20)}%` } as React.CSSProperties
  return (
    <div className={cn('flex items-center gap-1.5 text-xs text-muted-foreground', className)}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className={cn('stars', size === 'md' && 'stars-md')} style={filled} />
      <span aria-hidden="true" className={size === 'md' ? 'text-sm' : undefined}>
        <span className="font-medium text-foreground">{single ? value : value.toFixed(1)}</span>
        {single ? null : ` (${reviewCount})`}
      </span>
    </div>
  )
}
