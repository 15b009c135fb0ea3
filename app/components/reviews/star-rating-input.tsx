import { Fragment } from 'react'
import { Star } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const VALUES = [5, 4, 3, 2, 1]

/**
 * Five radio buttons drawn as stars; works without JavaScript. The inputs come 5 → 1 in the document and the row
 * is reversed, so `:checked ~ label` (and `:hover ~ label`) light the chosen star and the ones before it.
 */
export function StarRatingInput({
  name,
  legend,
  defaultValue,
  errorId,
  invalid,
}: {
  name: string
  legend: string
  defaultValue: string
  errorId: string
  invalid: boolean
}) {
  const t = useT()
  return (
    <fieldset aria-describedby={invalid ? errorId : undefined} className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div
        className={cn(
          'flex w-fit flex-row-reverse justify-end gap-1 text-border',
          '[&_input:checked~label]:text-amber-500 [&_label:hover]:text-amber-400 [&_label:hover~label]:text-amber-400',
          '[&_input:focus-visible+label]:outline-2 [&_input:focus-visible+label]:outline-ring',
        )}
      >
        {VALUES.map((n) => (
          <Fragment key={n}>
            <input
              type="radio"
              id={`${name}-${n}`}
              name={name}
              value={n}
              defaultChecked={defaultValue === String(n)}
              aria-invalid={invalid || undefined}
              className="sr-only"
            />
            <label htmlFor={`${name}-${n}`} className="cursor-pointer rounded-md p-1">
              <Star className="size-8 fill-current" strokeWidth={0} aria-hidden="true" />
              <span className="sr-only">{t('reviews.form.star', { count: n })}</span>
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  )
}
