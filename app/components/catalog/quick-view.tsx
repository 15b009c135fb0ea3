import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { Link } from 'react-router'
import { type ButtonProps, buttonVariants } from '#app/components/ui/button.tsx'
import { Eye, ShoppingCart } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { useHydrated } from './use-hydrated.ts'

const loadDialog = () => import('./quick-view-dialog.tsx')
const QuickViewDialog = lazy(loadDialog)

/**
 * 'Quick View' of a product card. Without JavaScript it is a link to the product page; once the page runs,
 * a button that opens a dialog whose code (Radix Dialog) is fetched the first time it is needed.
 */
export function QuickViewButton({ slug, title }: { slug: string; title: string }) {
  const t = useT()
  // One per card: a round icon on the picture on phones, an outline button with its label from sm (app.css).
  return (
    <DialogTrigger slug={slug} className="quick-view">
      <Eye aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('products.quickView.button')}</span>
      <span className="sr-only">{t('products.quickView.of', { title })}</span>
    </DialogTrigger>
  )
}

/**
 * 'Add to Cart' of a card whose product comes in several sizes or colours: it never picks one for the shopper.
 * Without JavaScript a link to the product page, where they are chosen; once the page runs, a button that opens
 * the Quick View dialog with nothing chosen, whose Add to Cart asks for the size and colour.
 */
export function ChooseAndAddButton({
  slug,
  title,
  className,
  size,
}: {
  slug: string
  title: string
  className?: string
  size?: ButtonProps['size']
}) {
  const t = useT()
  return (
    <DialogTrigger slug={slug} className={cn(buttonVariants({ size }), className)}>
      <ShoppingCart aria-hidden="true" />
      {t('cart.add.button')}
      <span className="sr-only">{t('cart.add.choose', { name: title })}</span>
    </DialogTrigger>
  )
}

function DialogTrigger({ slug, className, children }: { slug: string; className: string; children: ReactNode }) {
  const t = useT()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  if (!hydrated) {
    return (
      // The card's title links to the same page and discovers its route: no need to say so twice more.
      <Link to={`/products/${slug}`} discover="none" className={className}>
        {children}
      </Link>
    )
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
      >
        {children}
      </button>
      {mounted && (
        <Suspense fallback={<LoadingOverlay label={t('products.quickView.loading')} />}>
          <QuickViewDialog
            slug={slug}
            open={open}
            onOpenChange={setOpen}
            onCloseFocus={() => trigger.current?.focus()}
          />
        </Suspense>
      )}
    </>
  )
}

function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/40" role="status">
      <span className="rounded-lg bg-card px-4 py-3 text-sm shadow">{label}</span>
    </div>
  )
}
