import { Form, Link, useLocation, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { PackageSearch, Search } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { InventoryFilter, InventoryItem, StockPreview } from '#app/modules/catalog/inventory.server.ts'
import {
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_MAX_ROWS,
  STOCK_MAX,
  type StockCsvRefusal,
} from '#app/modules/catalog/stock-csv.ts'
import { stockLevel } from '#app/modules/catalog/stock-levels.ts'

// The pieces of the vendor's inventory page: tabs and search, the variants (cards on phones, a table from `sm:`
// up) with a quick edit each, and the CSV upload with its preview. Every form is a plain post: no JavaScript needed.

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

export function StockBadge({ stock }: { stock: number }) {
  const t = useT()
  const level = stockLevel(stock)
  if (level === 'ok') return null
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        level === 'out' ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900',
      )}
    >
      {t(`inventory.level.${level}`)}
    </span>
  )
}

function ProductStatus({ status }: { status: InventoryItem['productStatus'] }) {
  const t = useT()
  if (status === 'active') return null
  return (
    <span className="inline-flex items-center rounded-full border border-stone-400 bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-900">
      {t(`inventory.productStatus.${status}`)}
    </span>
  )
}

function variantName(item: { size: string | null; colour: string | null }): string {
  return [item.size, item.colour].filter(Boolean).join(' · ')
}

export type QuickEditState = { error: string; values: { variantId: string; stock: string } } | null

/** One variant's stock: a number and Save, posted on its own. `layout` keeps the ids of the card and row apart. */
function QuickEdit({
  item,
  layout,
  saved,
  quickEdit,
}: {
  item: InventoryItem
  layout: 'card' | 'row'
  saved: boolean
  quickEdit: QuickEditState
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'stock' &&
    navigation.formData?.get('variantId') === String(item.variantId)
  const refused = quickEdit && quickEdit.values.variantId === String(item.variantId) ? quickEdit : null
  const id = `stock-${layout}-${item.variantId}`
  const name = [item.title, variantName(item)].filter(Boolean).join(', ')
  return (
    <Form method="post" className="grid gap-1" key={`${item.variantId}-${item.stock}`}>
      <input type="hidden" name="intent" value="stock" />
      <input type="hidden" name="variantId" value={item.variantId} />
      <div className="flex items-center gap-2">
        <Label htmlFor={id} className="sr-only">
          {t('inventory.quickEdit.label', { name })}
        </Label>
        {/* An input fills its box: the box sets its width. */}
        <div className="w-24 shrink-0">
          <Input
            id={id}
            name="stock"
            type="number"
            inputMode="numeric"
            min={0}
            max={STOCK_MAX}
            step={1}
            required
            defaultValue={refused ? refused.values.stock : item.stock}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${id}-error` : undefined}
          />
        </div>
        <Button
          type="submit"
          variant="outline"
          disabled={busy}
          aria-label={t('inventory.quickEdit.saveLabel', { name })}
        >
          {t('inventory.quickEdit.save')}
        </Button>
        {saved ? (
          <span role="status" className="text-sm font-medium text-success">
            {t('inventory.quickEdit.saved')}
          </span>
        ) : null}
      </div>
      <FieldError id={`${id}-error`}>{refused ? t(refused.error, { max: STOCK_MAX }) : null}</FieldError>
    </Form>
  )
}

export function InventoryList({
  items,
  total,
  filtered,
  saved,
  quickEdit,
}: {
  items: InventoryItem[]
  total: number
  filtered: boolean
  saved: number | null
  quickEdit: QuickEditState
}) {
  const t = useT()
  const { pathname } = useLocation()
  if (items.length === 0) {
    return (
      <div className="mt-4 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
        <PackageSearch className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-semibold">{t(filtered ? 'inventory.empty.filtered' : 'inventory.empty.title')}</p>
        {filtered ? (
          <Link to={pathname} className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
            {t('inventory.empty.showAll')}
          </Link>
        ) : null}
      </div>
    )
  }
  return (
    <>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('inventory.count', { count: total })}
      </p>
      {/* Phones: one card per variant. */}
      <ul className="mt-3 grid gap-3 sm:hidden">
        {items.map((item) => (
          <li
            key={item.variantId}
            id={`variant-${item.variantId}`}
            className="rounded-lg border border-border bg-card p-4 shadow-sm"
          >
            <article aria-label={[item.title, variantName(item)].filter(Boolean).join(', ')}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-semibold break-words">{item.title}</h3>
                <div className="flex flex-wrap gap-1">
                  <StockBadge stock={item.stock} />
                  <ProductStatus status={item.productStatus} />
                </div>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {variantName(item) || t('inventory.variant.none')} ·{' '}
                <span className="font-mono text-xs break-all">{item.sku}</span>
              </p>
              <div className="mt-3">
                <QuickEdit item={item} layout="card" saved={saved === item.variantId} quickEdit={quickEdit} />
              </div>
            </article>
          </li>
        ))}
      </ul>
      {/* From sm: up, a table. */}
      <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border bg-card sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory.column.product')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory.column.variant')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory.column.sku')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('inventory.column.stock')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.variantId} id={`row-${item.variantId}`} className="border-b border-border last:border-0">
                <th scope="row" className="px-4 py-3 align-top font-medium">
                  <span className="block">{item.title}</span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    <StockBadge stock={item.stock} />
                    <ProductStatus status={item.productStatus} />
                  </span>
                </th>
                <td className="px-4 py-3 align-top">{variantName(item) || t('inventory.variant.none')}</td>
                <td className="px-4 py-3 align-top font-mono text-xs break-all">{item.sku}</td>
                <td className="px-4 py-3 align-top">
                  <QuickEdit item={item} layout="row" saved={saved === item.variantId} quickEdit={quickEdit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** A refused file, in words: which columns are missing, the limits, the line of an unclosed quote. */
function refusalMessage(t: ReturnType<typeof useT>, refusal: StockCsvRefusal | { code: 'missing' | 'too-large' }) {
  if (refusal.code === 'wrong-columns' && 'missing' in refusal) {
    return t('inventory.csv.refused.wrong-columns', { missing: refusal.missing.join(', ') })
  }
  return t(`inventory.csv.refused.${refusal.code}`, {
    line: 'line' in refusal ? refusal.line : '',
    maxMb: STOCK_CSV_MAX_BYTES / 1_000_000,
    maxRows: STOCK_CSV_MAX_ROWS,
  })
}

export function CsvUpload({ fileError }: { fileError?: StockCsvRefusal | { code: 'missing' | 'too-large' } }) {
  const t = useT()
  const busy = useNavigation().formData?.get('intent') === 'preview'
  return (
    <section aria-labelledby="inventory-csv-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
      <h2 id="inventory-csv-title" className="text-lg font-semibold">
        {t('inventory.csv.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('inventory.csv.intro', { maxMb: STOCK_CSV_MAX_BYTES / 1_000_000, maxRows: STOCK_CSV_MAX_ROWS })}
      </p>
      <a
        href="/vendor-dashboard/inventory.csv"
        download
        className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
      >
        {t('inventory.csv.download')}
      </a>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-2">
        <input type="hidden" name="intent" value="preview" />
        <Label htmlFor="inventory-file">{t('inventory.csv.file')}</Label>
        <input
          id="inventory-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'inventory-file-error' : undefined}
          className="block w-full max-w-full text-sm file:mr-3 file:h-10 file:rounded-md file:border file:border-input file:bg-muted file:px-3 file:text-sm file:font-medium"
        />
        <FieldError id="inventory-file-error">{fileError ? refusalMessage(t, fileError) : null}</FieldError>
        <div>
          <Button type="submit" disabled={busy}>
            {t('inventory.csv.preview')}
          </Button>
        </div>
      </Form>
    </section>
  )
}

export function CsvPreview({ preview, csv, stale }: { preview: StockPreview; csv: string; stale: boolean }) {
  const t = useT()
  const { pathname, search } = useLocation()
  const busy = useNavigation().formData?.get('intent') === 'apply'
  const { changes, errors, unchanged } = preview
  const seen = JSON.stringify(changes.map((c) => [c.variantId, c.from]))
  return (
    <>
      <section
        aria-labelledby="inventory-preview-title"
        className="mt-6 rounded-lg border border-primary/40 bg-card p-4 sm:p-6"
      >
        <h2 id="inventory-preview-title" className="text-lg font-semibold">
          {t('inventory.preview.title')}
        </h2>
        {stale ? (
          <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {t('inventory.preview.stale')}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <div role="alert" className="mt-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p className="font-semibold">{t('inventory.preview.errors', { count: errors.length })}</p>
            <ul className="mt-2 grid gap-1">
              {errors.map((e) => (
                <li key={`${e.line}-${e.code}`}>
                  {t('inventory.preview.line', { line: e.line })}{' '}
                  {t(`inventory.csv.error.${e.code}`, { sku: e.sku, firstLine: e.firstLine ?? '', max: STOCK_MAX })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="mt-3 text-sm">{t('inventory.preview.summary', { count: changes.length, unchanged })}</p>
        {changes.length > 0 ? (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('inventory.preview.caption')}</caption>
              <thead className="border-b border-border text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('inventory.column.product')}
                  </th>
                  <th scope="col" className="py-2 font-medium whitespace-nowrap">
                    {t('inventory.preview.stock')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.variantId} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3 align-top">
                      <span className="block font-medium">{c.title}</span>
                      <span className="block text-muted-foreground">
                        {variantName(c) || t('inventory.variant.none')} ·{' '}
                        <span className="font-mono text-xs break-all">{c.sku}</span>
                      </span>
                    </td>
                    <td className="py-2 align-top whitespace-nowrap">
                      {t('inventory.preview.fromTo', { from: c.from, to: c.to })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {errors.length === 0 && changes.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="apply" />
              <input type="hidden" name="csv" value={csv} />
              <input type="hidden" name="seen" value={seen} />
              <Button type="submit" disabled={busy}>
                {t('inventory.preview.apply', { count: changes.length })}
              </Button>
            </Form>
          ) : null}
          <Link to={`${pathname}${search}`} className="text-sm font-medium text-primary hover:underline">
            {t('inventory.preview.cancel')}
          </Link>
        </div>
      </section>
      {errors.length > 0 || changes.length === 0 ? <CsvUpload /> : null}
    </>
  )
}
