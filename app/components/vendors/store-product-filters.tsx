import { type FormEvent, useEffect, useRef } from 'react'
import { Form, useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Search } from '#app/components/ui/icons.tsx'
import { Input, Label } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
// Types only: the schemas module brings zod, which stays on the server.
import type { StoreProductSort } from '#app/modules/vendors/vendors.schemas.ts'

/**
 * Search and sort of a store's products: a GET form to the store page that lands on the products (#products), so
 * it works without JavaScript. With JavaScript a new sort applies at once and defaults stay out of the URL.
 */
export function StoreProductFilters({
  vendorId,
  q,
  sort,
  sorts,
}: {
  vendorId: number
  q: string
  sort: StoreProductSort
  /** The orders offered, from the loader. */
  sorts: readonly StoreProductSort[]
}) {
  const t = useT()
  const navigate = useNavigate()
  const ref = useRef<HTMLFormElement>(null)
  const pathname = `/vendor/${vendorId}`

  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams()
    const data = new FormData(form)
    const query = String(data.get('q') ?? '').trim()
    const order = String(data.get('sort') ?? 'featured')
    if (query) params.set('q', query)
    if (order !== 'featured') params.set('sort', order)
    const search = params.toString()
    navigate({ pathname, search: search ? `?${search}` : '', hash: '#products' }, { preventScrollReset: true })
  }

  // Follows the URL when it changes by other means (back button, a link).
  useEffect(() => {
    const form = ref.current
    if (!form) return
    const input = form.elements.namedItem('q') as HTMLInputElement | null
    const select = form.elements.namedItem('sort') as HTMLSelectElement | null
    if (input && input.value !== q) input.value = q
    if (select && select.value !== sort) select.value = sort
  }, [q, sort])

  return (
    <Form
      ref={ref}
      method="get"
      action={`${pathname}#products`}
      role="search"
      aria-label={t('vendors.store.products.filters')}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        apply(event.currentTarget)
      }}
      onChange={(event: FormEvent<HTMLFormElement>) => {
        if (event.target instanceof HTMLSelectElement) apply(event.currentTarget)
      }}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto]"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="store-q">{t('vendors.store.products.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="store-q"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t('vendors.store.products.searchPlaceholder')}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <div className="col-span-2 grid gap-1.5 sm:order-2 sm:col-span-1">
        <Label htmlFor="store-sort">{t('vendors.store.products.sort')}</Label>
        <select
          id="store-sort"
          name="sort"
          defaultValue={sort}
          className="h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
        >
          {sorts.map((s) => (
            <option key={s} value={s}>
              {t(`vendors.store.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="order-first col-start-2 row-start-1 sm:order-3 sm:col-start-3">
        {t('vendors.store.products.apply')}
      </Button>
    </Form>
  )
}
