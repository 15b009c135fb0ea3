import { useEffect, useRef } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { Globe, Menu, X } from '#app/components/ui/icons.tsx'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { dashboardPath } from '#app/modules/accounts/roles.ts'
import { LanguageForm } from './language-switcher.tsx'
import type { NavCategory } from './links.ts'
import { ACCOUNT_DIALOG_ID, categoryHref } from './links.ts'

function closeMenu(details: HTMLDetailsElement | null) {
  if (details) details.open = false
}

/**
 * The side menu on phones (below md): a native disclosure, so it opens and closes without JavaScript.
 * With JavaScript it also closes on a navigation, on Escape and on a tap outside the sheet.
 */
export function MobileMenu({
  categories,
  cartCount,
  favouriteCount,
}: {
  categories: NavCategory[]
  cartCount: number
  favouriteCount: number
}) {
  const t = useT()
  const { account } = useRootData()
  const ref = useRef<HTMLDetailsElement>(null)
  const { pathname, search } = useLocation()
  const close = () => closeMenu(ref.current)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => closeMenu(ref.current), [pathname, search])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !ref.current?.open) return
      closeMenu(ref.current)
      ref.current.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  const link = 'menu-link'
  return (
    <details ref={ref} className="group md:hidden">
      <summary className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-6 group-open:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-open:block" />
        <span className="sr-only">{t('nav.menu')}</span>
      </summary>
      {/* The dimmed page behind the sheet; tapping it closes the menu (with JavaScript; without, the X does). */}
      <div aria-hidden="true" onClick={close} className="fixed inset-x-0 top-14 bottom-0 z-40 bg-black/40" />
      {/* A chosen link closes the sheet at once, before the next page has loaded. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click bubbles from the links, which are keyboard operable */}
      <nav
        onClick={(e) => {
          if (e.target instanceof Element && e.target.closest('a')) close()
        }}
        aria-label={t('nav.main')}
        className="fixed top-14 bottom-0 left-0 z-50 w-[min(85vw,20rem)] overflow-y-auto border-t border-r border-border bg-card p-3 shadow-xl"
      >
        <ul className="space-y-0.5">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link to={categoryHref(c.slug)} className="menu-link chevron-right">
                <span aria-hidden="true" className="w-6 text-center">
                  {c.emoji}
                </span>
                <span className="flex-1">{c.name}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/products?sale=1" className={`${link} font-bold text-sale`}>
              <span aria-hidden="true" className="w-6 text-center">
                🏷️
              </span>
              {t('nav.sale')}
            </Link>
          </li>
        </ul>
        <ul className="mt-3 space-y-0.5 border-t border-border pt-3">
          {account ? (
            <>
              <li>
                <Link to={dashboardPath(account.role)} className={link}>
                  {t('account.myDashboard')}
                </Link>
              </li>
              <li>
                <Form method="post" action="/sign-out">
                  <button type="submit" className={`${link} w-full text-left`}>
                    {t('account.signOut')}
                  </button>
                </Form>
              </li>
            </>
          ) : (
            <li>
              <button
                type="button"
                popoverTarget={ACCOUNT_DIALOG_ID}
                onClick={close}
                className={`${link} w-full text-left`}
              >
                {t('header.account')}
              </button>
            </li>
          )}
          <li>
            <Link to="/favorites" className={link}>
              {t('nav.wishlist', { count: favouriteCount })}
            </Link>
          </li>
          <li>
            <Link to="/cart" className={link}>
              {t('nav.cart', { count: cartCount })}
            </Link>
          </li>
          <li>
            <Link to="/help" className={link}>
              {t('nav.help')}
            </Link>
          </li>
        </ul>
        <div className="mt-3 border-t border-border pt-3">
          <p id="mobile-language" className="flex items-center gap-2 px-3 text-sm font-semibold text-muted-foreground">
            <Globe aria-hidden="true" className="size-4" />
            {t('footer.language')}
          </p>
          <LanguageForm
            labelledBy="mobile-language"
            className="mt-1 grid"
            buttonClassName="rounded-md px-3 py-2.5 text-left text-base hover:bg-muted"
          />
        </div>
      </nav>
    </details>
  )
}
