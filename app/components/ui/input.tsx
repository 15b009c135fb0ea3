import type * as React from 'react'
import { cn } from '#app/lib/utils.ts'

// Each component's own classes never set what a caller's className may set (cn() does not merge: see utils.ts):
// what callers vary (height, text size) is a prop.

/** A text field; `compact` matches a small button's height (h-9) beside it. A read-only field (the readonly attribute) looks muted. */
export function Input({
  className,
  type = 'text',
  compact = false,
  ...props
}: React.ComponentProps<'input'> & { compact?: boolean }) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'w-full rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground [&[readonly]]:bg-muted [&[readonly]]:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive sm:text-sm',
        compact ? 'h-9' : 'h-10',
        className,
      )}
      {...props}
    />
  )
}

const textareaHeights = { sm: 'min-h-16', md: 'min-h-20', lg: 'min-h-28' }

export function Textarea({
  className,
  size = 'lg',
  ...props
}: React.ComponentProps<'textarea'> & { size?: keyof typeof textareaHeights }) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        textareaHeights[size],
        'w-full rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  )
}

export function Label({ className, size = 'sm', ...props }: React.ComponentProps<'label'> & { size?: 'xs' | 'sm' }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
    <label
      data-slot="label"
      className={cn(size === 'xs' ? 'text-xs' : 'text-sm', 'font-medium', className)}
      {...props}
    />
  )
}

/** The message shown next to a field whose value was refused. */
export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null
  return (
    <p id={id} data-slot="field-error" className="text-sm text-destructive" role="alert">
      {children}
    </p>
  )
}

/**
 * A radio button on a card (a delivery address, a payment method, a reason): the whole card is its label, and
 * the checked one is outlined. `fill` makes it as tall as its grid row; `align="center"` for a one-line label.
 */
export function ChoiceCard({
  children,
  fill = false,
  align = 'start',
  disabled,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type' | 'className'> & {
  children: React.ReactNode
  fill?: boolean
  align?: 'start' | 'center'
}) {
  return (
    <label
      data-slot="choice-card"
      className={cn(
        'flex gap-3 rounded-lg border border-input p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5',
        fill && 'h-full',
        align === 'center' && 'items-center',
        disabled ? 'opacity-60' : 'cursor-pointer',
      )}
    >
      <input
        type="radio"
        disabled={disabled}
        className={cn('size-4 shrink-0 accent-primary', align === 'start' && 'mt-0.5')}
        {...props}
      />
      {children}
    </label>
  )
}
