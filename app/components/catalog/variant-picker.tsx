import { useId } from 'react'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { VariantData } from '#app/modules/catalog/types.ts'
import { colourAvailable, coloursOf, LOW_STOCK, sizeAvailable, sizesOf } from './variants.ts'

/**
 * Size and colour as radio groups (named `size` and `colour`, so they work inside a GET form without JS),
 * with sold-out choices disabled, and the chosen variant's stock below them.
 */
export function VariantPicker({
  variants,
  selected,
  onChange,
}: {
  variants: VariantData[]
  selected: VariantData | null
  /** Called with the new size and colour when the shopper picks one. */
  onChange?: (choice: { size: string | null; colour: string | null }) => void
}) {
  const t = useT()
  const id = useId()
  const sizes = sizesOf(variants)
  const colours = coloursOf(variants)
  const size = selected?.size ?? null
  const colour = selected?.colour ?? null
  return (
    <div className="space-y-4">
      {colours.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {t('products.variant.colour')}
            {colour && <span className="font-normal text-muted-foreground">: {colour}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {colours.map((c) => {
              const available = colourAvailable(variants, c)
              return (
                <Choice
                  key={c}
                  id={`${id}-colour-${c}`}
                  name="colour"
                  value={c}
                  checked={c === colour}
                  available={available}
                  soldOut={t('products.variant.soldOut')}
                  text={c}
                  onChange={() => onChange?.({ size, colour: c })}
                />
              )
            })}
          </div>
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {t('products.variant.size')}
            {size && <span className="font-normal text-muted-foreground">: {size}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((s) => {
              const available = sizeAvailable(variants, s, colour)
              return (
                <Choice
                  key={s}
                  id={`${id}-size-${s}`}
                  name="size"
                  value={s}
                  checked={s === size}
                  available={available}
                  soldOut={t('products.variant.soldOut')}
                  text={s}
                  onChange={() => onChange?.({ size: s, colour })}
                />
              )
            })}
          </div>
        </fieldset>
      )}
      <StockNote stock={selected?.stock ?? 0} />
    </div>
  )
}

function Choice(props: {
  id: string
  name: string
  value: string
  checked: boolean
  available: boolean
  soldOut: string
  text: string
  onChange: () => void
}) {
  return (
    <div>
      <input
        type="radio"
        id={props.id}
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={!props.available && !props.checked}
        onChange={props.onChange}
        className="peer sr-only"
      />
      <label
        htmlFor={props.id}
        className={cn(
          'inline-flex min-h-10 min-w-11 items-center justify-center rounded-md border border-input bg-card px-3 text-sm',
          'peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          props.available
            ? 'cursor-pointer hover:border-primary'
            : 'cursor-not-allowed text-muted-foreground line-through decoration-1',
        )}
      >
        {props.text}
        {!props.available && <span className="sr-only">{props.soldOut}</span>}
      </label>
    </div>
  )
}

/** 'In stock', 'Only n left' or 'Out of stock' for the chosen variant. */
export function StockNote({ stock, className }: { stock: number; className?: string }) {
  const t = useT()
  if (stock <= 0)
    return <p className={cn('text-sm font-medium text-destructive', className)}>{t('products.stock.out')}</p>
  if (stock <= LOW_STOCK)
    return <p className={cn('text-sm font-medium text-sale', className)}>{t('products.stock.low', { count: stock })}</p>
  return <p className={cn('text-sm font-medium text-success', className)}>{t('products.stock.in')}</p>
}
