import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

/** One labelled field of a settings form, its refusal (a catalogue id) next to it, described for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: React.ComponentProps<'input'> & { id: string; label: string; error?: string; hint?: string }) {
  const t = useT()
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error ? t(messageId(error)) : null}</FieldError>
    </div>
  )
}

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive sm:text-sm'

/** A whole form's refusal (not one field's): shown above the form. */
export function FormAlert({
  message,
  values,
  children,
}: {
  message?: string
  /** Values the message names (the minutes to wait). */
  values?: Record<string, unknown>
  children?: React.ReactNode
}) {
  const t = useT()
  if (!message) return null
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      {t(messageId(message), values)}
      {children}
    </div>
  )
}
