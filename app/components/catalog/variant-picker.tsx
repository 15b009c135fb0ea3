import { useEffect, useId, useRef } from 'react'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { VariantData } from '#app/modules/catalog/types.ts'
import { useHydrated } from './use-hydrated.ts'
import { colourAvailable, coloursOf, LOW_STOCK, sizeAvailable, sizesOf } from './variants.ts'

// Before the page's JavaScript runs, a tap changes which radio button is checked but not what the server
// rendered around it. The buttons checked when the page was rendered carry `data-initial`; while one of them is
// no longer checked, the size, colour and stock lines that describe the rendered choice are hidden (CSS only)
// and a neutral line shows instead.
// (Whole class names, so the stylesheet's scan finds them.)
const HIDE_WHEN_CHANGED = 'group-has-[input[data-initial]:not(:checked)]/picker:hidden'
const SHOW_WHEN_CHANGED = 'hidden group-has-[input[data-initial]:not(:checked)]/picker:block'

/**
 * Size and colour as radio groups named `size` and `colour`: real controls of the form around them (the
 * add-to-cart form posts what is checked, with or without JavaScript), with sold-out choices marked, and the
 * chosen variant's stock below them. Once hydrated it adopts what was tapped before (`onChange`).
 */
export function VariantPicker({
  variants,
  size,
  colour,
  variant,
  onChange,
}: {
  variants: VariantData[]
  /** The chosen size and colour (null: none chosen yet). */
  size: string | null
  colour: string | null
  /** The variant the choice stands for, whose stock is shown; null shows no stock line. */
  variant: VariantData | null
  /** Called with the new size and colour when the shopper picks one. */
  onChange?: (choice: { size: string | null; colour: string | null }) => void
}) {
  const t = useT()
  const id = useId()
  const hydrated = useHydrated()
  const root = useRef<HTMLDivElement>(null)
  const sizes = sizesOf(variants)
  const colours = coloursOf(variants)

  // React keeps the radio buttons a shopper tapped before hydration checked, but its state still holds the
  // rendered choice: adopt the tapped one, so nothing resets and what is shown is what will be added.
  const adopt = useRef({ size, colour, onChange })
  useEffect(() => {
    const el = root.current
    if (!el) return
    const checked = (name: string) => el.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null
    const tapped = { size: checked('size'), colour: checked('colour') }
    const rendered = adopt.current
    if (tapped.size !== rendered.size || tapped.colour !== rendered.colour) rendered.onChange?.(tapped)
  }, [])

  return (
    <div ref={root} className="group/picker space-y-4">
      {colours.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {t('products.variant.colour')}
            {colour && <span className={cn('font-normal text-muted-foreground', HIDE_WHEN_CHANGED)}>: {colour}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {colours.map((c) => (
              <Choice
                key={c}
                id={`${id}-colour-${c}`}
                name="colour"
                value={c}
                checked={c === colour}
                available={colourAvailable(variants, c)}
                // A colour sold out in every size cannot be chosen, whatever else is.
                lock
                soldOut={t('products.variant.soldOut')}
                text={c}
                onChange={() => onChange?.({ size, colour: c })}
              />
            ))}
          </div>
        </fieldset>
      )}
      {sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            {t('products.variant.size')}
            {size && <span className={cn('font-normal text-muted-foreground', HIDE_WHEN_CHANGED)}>: {size}</span>}
          </legend>
          <div className="flex flex-wrap gap-2">
            {sizes.map((s) => (
              <Choice
                key={s}
                id={`${id}-size-${s}`}
                name="size"
                value={s}
                checked={s === size}
                available={sizeAvailable(variants, s, colour)}
                // Whether a size has stock depends on the colour: before JavaScript runs the colour may have been
                // changed since the page was rendered, so a size is only locked once the page follows the choice.
                lock={hydrated || colours.length === 0}
                soldOut={t('products.variant.soldOut')}
                text={s}
                onChange={() => onChange?.({ size: s, colour })}
              />
            ))}
          </div>
        </fieldset>
      )}
      {variant && <StockNote stock={variant.stock} className={HIDE_WHEN_CHANGED} />}
      {(sizes.length > 0 || colours.length > 0) && (
        <p className={cn('text-sm text-muted-foreground', SHOW_WHEN_CHANGED)}>{t('products.variant.checkedOnAdd')}</p>
      )}
    </div>
  )
}

function Choice(props: {
  id: string
  name: string
  value: string
  checked: boolean
  available: boolean
  lock: boolean
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
        data-initial={props.checked ? '' : undefined}
        disabled={props.lock && !props.available && !props.checked}
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
            : props.lock
              ? 'cursor-not-allowed text-muted-foreground line-through decoration-1'
              : 'cursor-pointer text-muted-foreground line-through decoration-1 hover:border-primary',
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
