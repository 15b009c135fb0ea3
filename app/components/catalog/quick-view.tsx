import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { type ButtonProps, buttonVariants } from '#app/components/ui/button.tsx'
import { Eye, ShoppingCart } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const loadDialog = () => import('./quick-view-dialog.tsx')
const QuickViewDialog = lazy(loadDialog)

/**
 * 'Quick View' of a product card. Without JavaScript it opens the product page; once the page runs, a dialog whose
 * code (Radix Dialog) is fetched the first time it is needed.
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
 * Without JavaScript it opens the product page, where they are chosen; once the page runs, the Quick View dialog
 * with nothing chosen, whose Add to Cart asks for the size and colour.
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

/**
 * The trigger is the same button before and after the page runs, so hydration changes nothing in the document
 * (a link swapped for a button after hydration re-rendered every card in one long task). Without JavaScript the
 * button submits its form, a GET of the product page; once the page runs, a click opens the dialog instead, and
 * `aria-haspopup` is set on the element by an effect (not rendered: the page is only told so once it is true).
 */
function DialogTrigger({ slug, className, children }: { slug: string; className: string; children: ReactNode }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => trigger.current?.setAttribute('aria-haspopup', 'dialog'), [])
  return (
    <>
      <form action={`/products/${slug}`} className="contents">
        <button
          ref={trigger}
          type="submit"
          className={className}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={(event) => {
            event.preventDefault()
            setMounted(true)
            setOpen(true)
          }}
        >
          {children}
        </button>
      </form>
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
