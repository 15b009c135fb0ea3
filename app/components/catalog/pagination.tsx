import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/** Page numbers to show: the first, the last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = []
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 1) pages.push(p)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}

/** Links to the other pages of a listing, keeping every other query value. */
export function Pagination({
  page,
  pageCount,
  search,
  formatNumber,
}: {
  page: number
  pageCount: number
  /** The current query string: its filters are kept in every link. */
  search: string
  formatNumber: (n: number) => string
}) {
  const t = useT()
  const { pathname } = useLocation()
  if (pageCount <= 1) return null
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search)
    if (p <= 1) params.delete('page')
    else params.set('page', String(p))
    const qs = params.toString()
    return qs ? `${pathname}?${qs}` : pathname
  }
  const cell = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium'
  return (
    <nav aria-label={t('products.pagination.label')} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={cn(cell, 'gap-1 hover:bg-muted')}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('products.pagination.previous')}</span>
            </Link>
          ) : (
            <span className={cn(cell, 'gap-1 text-muted-foreground')} aria-hidden="true">
              <ChevronLeft className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('products.pagination.previous')}</span>
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p == null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('products.pagination.page', { page: formatNumber(p) })}
                className={cn(
                  cell,
                  p === page ? 'bg-primary text-primary-foreground' : 'border border-border bg-card hover:bg-muted',
                )}
              >
                {formatNumber(p)}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={cn(cell, 'gap-1 hover:bg-muted')}>
              <span className="sr-only sm:not-sr-only">{t('products.pagination.next')}</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className={cn(cell, 'gap-1 text-muted-foreground')} aria-hidden="true">
              <span className="sr-only sm:not-sr-only">{t('products.pagination.next')}</span>
              <ChevronRight className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
