import { Form, Link, useLocation, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { PackageSearch } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { InventoryItem } from '#app/modules/catalog/inventory.server.ts'
import { STOCK_MAX, stockLevel } from '#app/modules/catalog/stock-levels.ts'

// The inventory page's variants: cards on phones, a table from `sm:` up, each with a quick edit of its stock
// posted on its own (a plain form: no JavaScript needed).

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

export function variantName(item: { size: string | null; colour: string | null }): string {
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
      <FieldError id={`${id}-error`}>{refused ? t(messageId(refused.error), { max: STOCK_MAX }) : null}</FieldError>
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
