import { Link } from 'react-router'
import { ChevronLeft, ChevronRight } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/** The pages to offer: the first, the last, and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount])
  for (let p = page - 1; p <= page + 1; p++) if (p >= 1 && p <= pageCount) shown.add(p)
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const p of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && p - last === 2) out.push(last + 1)
    else if (typeof last === 'number' && p - last > 2) out.push(null)
    out.push(p)
  }
  return out
}

/** The URL of page `page` of a listing at `pathname`: the other query values kept, page 1 without `page=`. */
export function pageHref(pathname: string, search: string, page: number, hash = ''): string {
  const params = new URLSearchParams(search)
  if (page > 1) params.set('page', String(page))
  else params.delete('page')
  const query = params.toString()
  return `${pathname}${query ? `?${query}` : ''}${hash}`
}

/**
 * Links to the other pages of a list; plain links, so they work without JavaScript. Never beyond `pageCount`: a
 * search whose count is capped offers only the pages the cap reaches.
 */
export function Pagination({
  page: asked,
  pageCount: count,
  hrefFor,
  className,
}: {
  page: number
  pageCount: number
  /** The URL of a page (query string and hash). */
  hrefFor: (page: number) => string
  className?: string
}) {
  const t = useT()
  const pageCount = Math.max(1, Math.trunc(count) || 1)
  const page = Math.min(Math.max(Math.trunc(asked) || 1, 1), pageCount)
  if (pageCount <= 1) return null
  const shape = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium'
  const item = `${shape} border-input bg-card hover:bg-muted`
  const current = `${shape} border-primary bg-primary text-primary-foreground`
  return (
    <nav aria-label={t('pagination.label')} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} className={item} rel="prev">
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((p, i) =>
          p == null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                className={p === page ? current : item}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(page + 1)} className={item} rel="next">
              <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
