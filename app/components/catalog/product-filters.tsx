import { memo, useRef, useState } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Search, SlidersHorizontal } from '#app/components/ui/icons.tsx'
import type { MessageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { ProductSort } from '#app/modules/catalog/catalog.schemas.ts'

export type FilterValues = {
  q: string
  /** A department slug, or 'all'. */
  category: string
  /** A group or item slug, or ''. */
  subcategory: string
  min: number | null
  max: number | null
  sort: ProductSort
  sale: boolean
  sizes: string[]
  colours: string[]
  /** The lowest average rating asked for, 1-4 stars, or null. */
  rating: number | null
  /** Store (vendor) ids. */
  stores: number[]
  stock: boolean
}

/** The sizes, colours and stores of the products in the chosen category: what the filters offer. */
export type FilterOptions = { sizes: string[]; colours: string[]; stores: { id: number; name: string }[] }

/** The ratings the filter offers, as "4★ & up" and so on. */
const RATINGS = [4, 3, 2, 1] as const

/** The offered values, and any chosen one the category does not offer (so that the form keeps it). */
function withChosen(offered: string[], chosen: string[]): string[] {
  return [...offered, ...chosen.filter((c) => !offered.includes(c))]
}

type Option = { slug: string; name: string }

const sortLabels: Record<ProductSort, MessageId> = {
  featured: 'products.sort.featured',
  'price-low': 'products.sort.priceLow',
  'price-high': 'products.sort.priceHigh',
  rating: 'products.sort.rating',
  newest: 'products.sort.newest',
}

const PRICE_STEP = 500

/** State that follows a value from the loader, and that the form can change in between. */
function useSynced<T>(value: T): [T, (v: T) => void] {
  const [seen, setSeen] = useState(value)
  const [state, setState] = useState(value)
  if (!Object.is(seen, value)) {
    setSeen(value)
    setState(value)
  }
  return [state, setState]
}

/**
 * The listing's filters: a GET form (it works without JavaScript through its Apply button); with JavaScript
 * every change but typing in the search box submits at once.
 */
export function ProductFilters({
  values,
  departments,
  groups,
  bounds,
  options,
  formatPrice,
}: {
  values: FilterValues
  departments: Option[]
  groups: (Option & { items: Option[] })[]
  bounds: { min: number; max: number }
  options: FilterOptions
  formatPrice: (amount: number) => string
}) {
  const t = useT()
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const [q, setQ] = useSynced(values.q)
  const [category, setCategory] = useSynced(values.category)
  const [subcategory, setSubcategory] = useSynced(values.subcategory)
  const [sort, setSort] = useSynced(values.sort)
  const [sale, setSale] = useSynced(values.sale)
  const [rating, setRating] = useSynced(values.rating)
  // The checkboxes of sizes, colours, stores and stock follow the loader's values through this key.
  const chosenKey = JSON.stringify([values.sizes, values.colours, values.stores, values.stock])
  const [min, setMin] = useSynced(clamp(values.min ?? bounds.min, bounds))
  const [max, setMax] = useSynced(clamp(values.max ?? bounds.max, bounds))
  const hasPriceRange = bounds.max - bounds.min >= PRICE_STEP

  const active =
    (values.category !== 'all' ? 1 : 0) +
    (values.subcategory ? 1 : 0) +
    ((values.min != null && values.min > bounds.min) || (values.max != null && values.max < bounds.max) ? 1 : 0) +
    (values.sale ? 1 : 0) +
    values.sizes.length +
    values.colours.length +
    (values.rating ? 1 : 0) +
    values.stores.length +
    (values.stock ? 1 : 0)
  const anyFilter = active > 0 || values.q !== '' || values.sort !== 'featured'

  /** Sends the form without empty and default values, dropping what a change of category makes stale. */
  function send(form: HTMLFormElement, changed?: string) {
    clearTimeout(timer.current)
    const fd = new FormData(form)
    // Another category offers other sizes, colours and stores.
    if (changed === 'category') for (const k of ['subcategory', 'min', 'max', 'size', 'colour', 'store']) fd.delete(k)
    if (changed === 'subcategory') for (const k of ['min', 'max']) fd.delete(k)
    const params = new URLSearchParams()
    for (const [k, v] of fd) {
      if (typeof v !== 'string' || v.trim() === '') continue
      if ((k === 'category' && v === 'all') || (k === 'sort' && v === 'featured')) continue
      if (k === 'min' && Number(v) <= bounds.min) continue
      if (k === 'max' && Number(v) >= bounds.max) continue
      params.append(k, v.trim())
    }
    void submit(params, { method: 'get', action: '/products', preventScrollReset: true })
  }

  const selectClass =
    'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm'

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      aria-label={t('products.filters.label')}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault()
        send(e.currentTarget)
      }}
      onChange={(e) => {
        const target: EventTarget = e.target
        const form = e.currentTarget
        if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return
        if (target.name === 'q' || !target.name) return
        if (target.type === 'range') {
          clearTimeout(timer.current)
          timer.current = setTimeout(() => send(form, target.name), 600)
          return
        }
        send(form, target.name)
      }}
    >
      {/* Phones have the header's search box (it shows the query too); this one still carries `q` in the form. */}
      <div className="flex gap-2 max-lg:hidden">
        <label htmlFor="filter-q" className="sr-only">
          {t('products.filters.search')}
        </label>
        <input
          id="filter-q"
          type="search"
          name="q"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('products.filters.searchPlaceholder')}
          maxLength={100}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label={t('products.filters.searchButton')}>
          <Search aria-hidden="true" />
        </Button>
      </div>

      {/* Shows and hides the filters on phones, without JavaScript. */}
      <input type="checkbox" id="filters-toggle" className="peer sr-only lg:hidden" />
      <div className="flex items-end gap-2 peer-focus-visible:[&>label:first-child]:outline-2 peer-focus-visible:[&>label:first-child]:outline-ring">
        <label
          htmlFor="filters-toggle"
          className={cn(buttonVariants({ variant: 'outline' }), 'cursor-pointer select-none lg:hidden')}
        >
          <SlidersHorizontal aria-hidden="true" />
          {t('products.filters.toggle')}
          {active > 0 && (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{active}</span>
          )}
        </label>
        <div className="min-w-0 flex-1">
          <label htmlFor="filter-sort" className="sr-only lg:not-sr-only lg:mb-1 lg:block lg:text-sm lg:font-medium">
            {t('products.filters.sort')}
          </label>
          <select
            id="filter-sort"
            name="sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as ProductSort)}
            className={selectClass}
          >
            {(Object.keys(sortLabels) as ProductSort[]).map((s) => (
              <option key={s} value={s}>
                {t(sortLabels[s])}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="hidden space-y-4 rounded-lg border border-border bg-card p-4 peer-checked:block lg:block">
        <div>
          <label htmlFor="filter-category" className="mb-1 block text-sm font-medium">
            {t('products.filters.category')}
          </label>
          <select
            id="filter-category"
            name="category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value)
              setSubcategory('')
            }}
            className={selectClass}
          >
            <option value="all">{t('products.filters.allCategories')}</option>
            {departments.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor="filter-subcategory" className="mb-1 block text-sm font-medium">
            {t('products.filters.subcategory')}
          </label>
          <select
            id="filter-subcategory"
            name="subcategory"
            value={subcategory}
            onChange={(e) => setSubcategory(e.target.value)}
            disabled={groups.length === 0 || category !== values.category}
            className={cn(selectClass, 'disabled:opacity-60')}
          >
            <option value="">
              {groups.length === 0 ? t('products.filters.chooseCategoryFirst') : t('products.filters.allSubcategories')}
            </option>
            {groups.map((g) => (
              <optgroup key={g.slug} label={g.name}>
                <option value={g.slug}>{t('products.filters.allOf', { name: g.name })}</option>
                {g.items.map((i) => (
                  <option key={i.slug} value={i.slug}>
                    {i.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>

        {hasPriceRange && (
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{t('products.filters.price')}</legend>
            <div className="space-y-2">
              <div>
                <div className="flex justify-between text-xs text-muted-foreground">
                  <label htmlFor="filter-min">{t('products.filters.min')}</label>
                  <output htmlFor="filter-min" className="font-medium text-foreground">
                    {formatPrice(min)}
                  </output>
                </div>
                <input
                  id="filter-min"
                  type="range"
                  name="min"
                  min={bounds.min}
                  max={bounds.max}
                  step={PRICE_STEP}
                  value={min}
                  onChange={(e) => {
                    const v = Number(e.target.value)
                    setMin(v)
                    if (v > max) setMax(v)
                  }}
                  className="w-full accent-primary"
                />
              </div>
              <div>
                <div className="flex justify-between text-xs text-muted-foreground">
                  <label htmlFor="filter-max">{t('products.filters.max')}</label>
                  <output htmlFor="filter-max" className="font-medium text-foreground">
                    {formatPrice(max)}
                  </output>
                </div>
                <input
                  id="filter-max"
                  type="range"
                  name="max"
                  min={bounds.min}
                  max={bounds.max}
                  step={PRICE_STEP}
                  value={max}
                  onChange={(e) => {
                    const v = Number(e.target.value)
                    setMax(v)
                    if (v < min) setMin(v)
                  }}
                  className="w-full accent-primary"
                />
              </div>
            </div>
          </fieldset>
        )}

        <div className="flex items-center gap-2">
          <input
            id="filter-sale"
            type="checkbox"
            name="sale"
            value="on"
            checked={sale}
            onChange={(e) => setSale(e.target.checked)}
            className="size-4 accent-primary"
          />
          <label htmlFor="filter-sale" className="text-sm font-medium">
            {t('products.filters.sale')}
          </label>
        </div>

        <div className="flex items-center gap-2">
          <input
            key={`stock-${chosenKey}`}
            id="filter-stock"
            type="checkbox"
            name="stock"
            value="1"
            defaultChecked={values.stock}
            className="size-4 accent-primary"
          />
          <label htmlFor="filter-stock" className="text-sm font-medium">
            {t('products.filters.inStock')}
          </label>
        </div>

        <div>
          <label htmlFor="filter-rating" className="mb-1 block text-sm font-medium">
            {t('products.filters.rating')}
          </label>
          <select
            id="filter-rating"
            name="rating"
            value={rating ?? ''}
            onChange={(e) => setRating(e.target.value ? Number(e.target.value) : null)}
            className={selectClass}
          >
            <option value="">{t('products.filters.anyRating')}</option>
            {RATINGS.map((stars) => (
              <option key={stars} value={stars}>
                {t('products.filters.ratingAtLeast', { stars })}
              </option>
            ))}
          </select>
        </div>

        {/* Sizes mean something within a department (across all of them, shoe sizes sit beside millilitres). */}
        <Choices
          key={`size-${chosenKey}`}
          legend={t('products.filters.size')}
          name="size"
          choices={withChosen(values.category === 'all' ? [] : options.sizes, values.sizes).map((v) => ({
            value: v,
            label: v,
          }))}
          chosen={values.sizes}
        />
        <Choices
          key={`colour-${chosenKey}`}
          legend={t('products.filters.colour')}
          name="colour"
          choices={withChosen(options.colours, values.colours).map((v) => ({ value: v, label: v }))}
          chosen={values.colours}
        />
        <Choices
          key={`store-${chosenKey}`}
          legend={t('products.filters.store')}
          name="store"
          choices={options.stores.map((s) => ({ value: String(s.id), label: s.name }))}
          chosen={values.stores.map(String)}
          list
        />

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" className="flex-1">
            {t('products.filters.apply')}
          </Button>
          {anyFilter && (
            <Link to="/products" className="text-sm font-medium text-primary hover:underline">
              {t('products.filters.clear')}
            </Link>
          )}
        </div>
      </div>
    </Form>
  )
}

/**
 * A filter of several values (sizes, colours, stores): checkboxes sharing one name, so the GET form sends each
 * chosen value. Sizes and colours are chips that wrap; stores a list that scrolls when long.
 */
function Choices({
  legend,
  name,
  choices,
  chosen,
  list = false,
}: {
  legend: string
  name: string
  choices: { value: string; label: string }[]
  chosen: string[]
  list?: boolean
}) {
  if (choices.length === 0) return null
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={list ? 'max-h-44 space-y-1 overflow-y-auto pr-1' : 'flex flex-wrap gap-1.5'}>
        {choices.map((c) => (
          <Choice
            key={c.value}
            name={name}
            value={c.value}
            label={c.label}
            checked={chosen.includes(c.value)}
            list={list}
          />
        ))}
      </div>
    </fieldset>
  )
}

/**
 * One checkbox of Choices, drawn again only when it changes: the filters re-render with the router's state (they
 * submit through it), and React writes an input's props back into the element each time it renders it.
 */
const Choice = memo(function Choice({
  name,
  value,
  label,
  checked,
  list,
}: {
  name: string
  value: string
  label: string
  checked: boolean
  list: boolean
}) {
  return (
    <label
      className={
        list
          ? 'flex items-center gap-2 py-0.5 text-sm'
          : 'inline-flex cursor-pointer items-center rounded-md border border-input px-2.5 py-1 text-sm has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring'
      }
    >
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className={list ? 'size-4 shrink-0 accent-primary' : 'sr-only'}
      />
      <span className={list ? 'min-w-0 truncate' : undefined}>{label}</span>
    </label>
  )
})

function clamp(v: number, bounds: { min: number; max: number }): number {
  return Math.min(Math.max(v, bounds.min), bounds.max)
}
