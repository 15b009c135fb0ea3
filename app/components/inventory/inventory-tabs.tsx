import { Form, Link, useLocation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Search } from '#app/components/ui/icons.tsx'
import { Input, Label } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { InventoryFilter } from '#app/modules/catalog/inventory.server.ts'

// The inventory page's tabs (all, low, out) and search. A plain GET form: no JavaScript needed.

const FILTERS: InventoryFilter[] = ['all', 'low', 'out']

export function InventoryTabs({
  query,
  counts,
}: {
  query: { filter: InventoryFilter; q?: string }
  counts: Record<InventoryFilter, number>
}) {
  const t = useT()
  const { pathname } = useLocation()
  const href = (filter: InventoryFilter) => {
    const params = new URLSearchParams()
    if (filter !== 'all') params.set('filter', filter)
    if (query.q) params.set('q', query.q)
    const s = params.toString()
    return s ? `${pathname}?${s}` : pathname
  }
  return (
    <section aria-labelledby="inventory-list-title" className="mt-10">
      <h2 id="inventory-list-title" className="text-xl font-semibold">
        {t('inventory.list.title')}
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={t('inventory.filter.label')}>
          <ul className="flex flex-wrap gap-2">
            {FILTERS.map((filter) => {
              const current = query.filter === filter
              return (
                <li key={filter}>
                  <Link
                    to={href(filter)}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                      current
                        ? 'border-primary bg-primary/10 font-semibold text-primary'
                        : 'border-input hover:bg-muted',
                    )}
                  >
                    {t(`inventory.filter.${filter}`, { count: counts[filter] })}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <Form method="get" role="search" className="flex gap-2 sm:w-80">
          {query.filter !== 'all' ? <input type="hidden" name="filter" value={query.filter} /> : null}
          <Label htmlFor="inventory-q" className="sr-only">
            {t('inventory.search.label')}
          </Label>
          <Input
            id="inventory-q"
            type="search"
            name="q"
            defaultValue={query.q ?? ''}
            placeholder={t('inventory.search.placeholder')}
            maxLength={100}
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('inventory.search.submit')}>
            <Search aria-hidden="true" />
          </Button>
        </Form>
      </div>
    </section>
  )
}
