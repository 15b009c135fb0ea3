import { useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Trash2 } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { productEditorLimits } from '#app/modules/catalog/product-editor.schemas.ts'
import {
  buildVariantGrid,
  type GridRow,
  gridSize,
  type SizePreset,
  sizePresets,
  skuBaseOf,
  splitOptions,
  suggestSku,
} from '#app/modules/catalog/variant-grid.ts'
import { useHydrated } from './use-hydrated.ts'

const L = productEditorLimits
const keyOf = (r: { size: string; colour: string }) => `${r.size.toLowerCase()}\u0000${r.colour.toLowerCase()}`

/**
 * The product's variants as a size × colour grid (issue 17). The vendor types the sizes and the colours once; every
 * combination gets a row with its SKU (suggested, editable), stock and optional price. Once the page's script runs
 * the grid follows the two fields as they are typed, keeping what was typed in rows whose combination remains (and
 * in rows that come back); before that, and without JavaScript, "Build the grid" posts them and the page comes back
 * with the grid. Every row is a plain field of the form (`variants[i].sku`), so saving is a plain post.
 */
export function VariantGridEditor({
  initial,
  errors,
  formId,
}: {
  initial: { sizes: string; colours: string; rows: GridRow[] }
  /** The server's messages by field name (`variants[2].sku`, `variants`). */
  errors: Record<string, string> | undefined
  formId: string
}) {
  const t = useT()
  const hydrated = useHydrated()
  const [sizes, setSizes] = useState(initial.sizes)
  const [colours, setColours] = useState(initial.colours)
  const [rows, setRows] = useState(initial.rows)
  const [tooBig, setTooBig] = useState<number | null>(null)
  // Once the grid has changed here, the server's messages name rows that may have moved: they are not shown.
  const [changed, setChanged] = useState(false)
  /** Every row typed since the page loaded, by combination: a size or colour taken off and put back keeps its row. */
  const memory = useRef(new Map<string, GridRow>())

  const rebuild = (nextSizes: string, nextColours: string) => {
    const s = splitOptions(nextSizes, L.size.max)
    const c = splitOptions(nextColours, L.colour.max)
    const count = gridSize(s, c)
    if (count > L.variants.max) {
      setTooBig(count)
      return
    }
    setTooBig(null)
    for (const row of rows) memory.current.set(keyOf(row), row)
    const form = document.getElementById(formId) as HTMLFormElement | null
    const title = (form?.elements.namedItem('title') as HTMLInputElement | null)?.value ?? ''
    const kept = [...rows, ...memory.current.values()]
    setRows(buildVariantGrid({ sizes: s, colours: c, rows: kept, skuBase: skuBaseOf(title) }))
    setChanged(true)
  }
  // A suggested SKU follows the title as it is typed (sizes and colours are often typed first, and a SKU made
  // without a title, 'SKU-S-RED', is one another store will have); a SKU the vendor wrote stays as written.
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null
    const input = form?.elements.namedItem('title')
    if (!(input instanceof HTMLInputElement)) return
    let base = skuBaseOf(input.value)
    const follow = () => {
      const next = skuBaseOf(input.value)
      if (next === base) return
      const before = base
      base = next
      setRows((current) =>
        current.map((r) =>
          r.sku === suggestSku(before, r.size, r.colour) ? { ...r, sku: suggestSku(next, r.size, r.colour) } : r,
        ),
      )
    }
    input.addEventListener('input', follow)
    return () => input.removeEventListener('input', follow)
  }, [formId])
  const edit = (index: number, field: 'sku' | 'stock' | 'price', value: string) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, [field]: value } : r)))

  const error = (name: string) => (changed ? undefined : errors?.[name])
  const gridError = tooBig !== null ? 'productEditor.error.gridTooBig' : errors?.variants

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('productEditor.grid.intro', { max: L.variants.max })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor="variant-sizes">{t('productEditor.grid.sizes')}</Label>
          <Input
            id="variant-sizes"
            name="sizes"
            value={sizes}
            onChange={(e) => {
              setSizes(e.target.value)
              rebuild(e.target.value, colours)
            }}
            placeholder={t('productEditor.grid.sizesPlaceholder')}
            aria-describedby="variant-sizes-hint"
          />
          <div id="variant-sizes-hint" className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            {t('productEditor.grid.presets')}
            {(Object.keys(sizePresets) as SizePreset[]).map((preset) => (
              <Button
                key={preset}
                type="submit"
                name="intent"
                value={`sizePreset:${preset}`}
                variant="outline"
                size="sm"
                formNoValidate
                onClick={(e) => {
                  e.preventDefault()
                  const next = sizePresets[preset].join(', ')
                  setSizes(next)
                  rebuild(next, colours)
                }}
              >
                {t(`productEditor.grid.preset.${preset}`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="variant-colours">{t('productEditor.grid.colours')}</Label>
          <Input
            id="variant-colours"
            name="colours"
            value={colours}
            onChange={(e) => {
              setColours(e.target.value)
              rebuild(sizes, e.target.value)
            }}
            placeholder={t('productEditor.grid.coloursPlaceholder')}
            aria-describedby="variant-colours-hint"
          />
          <p id="variant-colours-hint" className="text-xs text-muted-foreground">
            {t('productEditor.grid.commaHint')}
          </p>
        </div>
      </div>
      {hydrated ? null : (
        <div>
          <Button type="submit" name="intent" value="buildGrid" variant="outline" formNoValidate>
            {t('productEditor.grid.build')}
          </Button>
        </div>
      )}
      <p role="status" className="text-sm font-medium">
        {t('productEditor.grid.count', { count: rows.length, max: L.variants.max })}
      </p>
      {gridError ? (
        <FieldError id="variants-error">
          {t(messageId(gridError), { count: tooBig ?? rows.length, max: L.variants.max })}
        </FieldError>
      ) : null}

      <div className="hidden gap-2 px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_5rem_9rem_2.5rem]">
        <span>{t('productEditor.grid.variant')}</span>
        <span>{t('productEditor.field.sku')}</span>
        <span>{t('productEditor.field.stock')}</span>
        <span>{t('productEditor.field.variantPrice')}</span>
        <span className="sr-only">{t('productEditor.variants.remove')}</span>
      </div>
      <ol className="grid gap-2" aria-describedby={gridError ? 'variants-error' : undefined}>
        {rows.map((row, i) => {
          const name = [row.size, row.colour].filter(Boolean).join(' · ') || t('productEditor.grid.single')
          const field = (f: 'sku' | 'stock' | 'price') => {
            const message = error(`variants[${i}].${f}`)
            const id = `variants-${i}-${f}`
            return {
              id,
              name: `variants[${i}].${f}`,
              value: row[f],
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => edit(i, f, e.target.value),
              'aria-invalid': message ? (true as const) : undefined,
              'aria-describedby': message ? `${id}-error` : undefined,
              message: message ? (
                <FieldError id={`${id}-error`}>{t(messageId(message), L[f === 'price' ? 'price' : f])}</FieldError>
              ) : null,
            }
          }
          const sku = field('sku')
          const stock = field('stock')
          const price = field('price')
          const other = error(`variants[${i}].size`) ?? error(`variants[${i}].colour`)
          return (
            <li
              key={`${row.id}:${keyOf(row)}`}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_5rem_9rem_2.5rem] sm:border-0 sm:border-b sm:rounded-none sm:py-2"
            >
              <input type="hidden" name={`variants[${i}].id`} value={row.id} />
              <input type="hidden" name={`variants[${i}].size`} value={row.size} />
              <input type="hidden" name={`variants[${i}].colour`} value={row.colour} />
              <p className="col-span-2 self-center break-words text-sm font-semibold sm:col-span-1">
                {name}
                {other ? (
                  <FieldError id={`variants-${i}-option-error`}>{t(messageId(other), L.size)}</FieldError>
                ) : null}
              </p>
              <div className="col-start-3 row-start-1 sm:col-start-5">
                <Button
                  type="submit"
                  name="intent"
                  value={`removeVariant:${i}`}
                  variant="ghost"
                  size="sm"
                  formNoValidate
                  disabled={rows.length <= 1}
                  aria-label={t('productEditor.grid.removeRow', { name })}
                  onClick={(e) => {
                    // With JavaScript the row goes at once; a variant an order names is refused when saving.
                    if (!hydrated) return
                    e.preventDefault()
                    const rest = rows.filter((_, j) => j !== i)
                    setRows(rest)
                    // A size or colour no row has any more leaves its field too (else saving would bring it back).
                    const keep = (typed: string, max: number, of: (r: GridRow) => string) => {
                      const left = new Set(rest.map((r) => of(r).toLowerCase()))
                      return splitOptions(typed, max)
                        .filter((o) => left.has(o.toLowerCase()))
                        .join(', ')
                    }
                    setSizes(keep(sizes, L.size.max, (r) => r.size))
                    setColours(keep(colours, L.colour.max, (r) => r.colour))
                    setChanged(true)
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <div className="col-span-3 grid gap-1 sm:col-span-1 sm:col-start-2 sm:row-start-1">
                <Label htmlFor={sku.id} className="sm:sr-only" size="xs">
                  {t('productEditor.field.sku')}
                </Label>
                <Input
                  id={sku.id}
                  name={sku.name}
                  value={sku.value}
                  onChange={sku.onChange}
                  aria-invalid={sku['aria-invalid']}
                  aria-describedby={sku['aria-describedby']}
                  autoCapitalize="characters"
                  required
                  compact
                />
                {sku.message}
              </div>
              <div className="grid gap-1 sm:col-start-3 sm:row-start-1">
                <Label htmlFor={stock.id} className="sm:sr-only" size="xs">
                  {t('productEditor.field.stock')}
                </Label>
                <Input
                  id={stock.id}
                  name={stock.name}
                  value={stock.value}
                  onChange={stock.onChange}
                  aria-invalid={stock['aria-invalid']}
                  aria-describedby={stock['aria-describedby']}
                  inputMode="numeric"
                  required
                  compact
                />
                {stock.message}
              </div>
              <div className="col-span-2 grid gap-1 sm:col-span-1 sm:col-start-4 sm:row-start-1">
                <Label htmlFor={price.id} className="sm:sr-only" size="xs">
                  {t('productEditor.field.variantPrice')}
                </Label>
                <Input
                  id={price.id}
                  name={price.name}
                  value={price.value}
                  onChange={price.onChange}
                  aria-invalid={price['aria-invalid']}
                  aria-describedby={price['aria-describedby']}
                  inputMode="numeric"
                  placeholder={t('productEditor.grid.samePrice')}
                  compact
                />
                {price.message}
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
