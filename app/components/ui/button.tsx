import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#app/lib/utils.ts'

// Each part is one component class (app.css): the base `btn`, a variant `btn-<variant>` and a size `btn-<size>`.
// A page of 24 product cards carries one button a card, and each class word stood for five to eleven utilities.
// The classes a caller adds are utilities, so they still win over these (e.g. `w-full`, `mt-4`).
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'btn-primary',
      secondary: 'btn-secondary',
      outline: 'btn-outline',
      ghost: 'btn-ghost',
      destructive: 'btn-destructive',
      accent: 'btn-accent',
      link: 'btn-link',
    },
    size: {
      default: 'btn-md',
      sm: 'btn-sm',
      lg: 'btn-lg',
      icon: 'btn-icon',
      // At least the default height, and the words wrap: a product card's button on a narrow phone, whose label
      // is longer in Kinyarwanda and French ("Shyira mu gitebo", "Ajouter au panier") than in English.
      wrap: 'btn-wrap',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
})

export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>

export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return (
    <button data-slot="button" type={type} className={cn(buttonVariants({ variant, size, className }))} {...props} />
  )
}
