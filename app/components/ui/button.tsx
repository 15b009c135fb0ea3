import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#app/lib/utils.ts'

// The base is one component class (app.css `.btn`): a page of product cards carries it twice a card.
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'bg-primary text-primary-foreground hover:bg-primary/90',
      secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
      outline: 'border border-input bg-card hover:bg-muted',
      ghost: 'hover:bg-muted',
      destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
      accent: 'bg-accent text-accent-foreground hover:bg-accent/90',
      link: 'text-primary underline-offset-4 hover:underline',
    },
    size: {
      default: 'h-10 whitespace-nowrap px-4 py-2 text-sm',
      sm: 'h-9 whitespace-nowrap px-3 text-sm',
      lg: 'h-11 whitespace-nowrap px-6 text-base',
      icon: 'size-10 whitespace-nowrap text-sm',
      // A 'default' height with the narrower padding (a card's Quick View next to its Add to Cart).
      narrow: 'h-10 whitespace-nowrap px-3 py-2 text-sm',
      // At least the default height, and the words wrap: a product card's button on a narrow phone, whose label
      // is longer in Kinyarwanda and French ("Shyira mu gitebo", "Ajouter au panier") than in English.
      wrap: 'min-h-10 px-3 py-1.5 text-center text-sm leading-tight',
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
