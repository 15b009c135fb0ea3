import { Form, Link, useFetchers } from 'react-router'
import { Heart, ShoppingCart, User } from '#app/components/ui/icons.tsx'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { dashboardPath } from '#app/modules/accounts/roles.ts'
import { AccountDialog, MegaMenu, MobileMenu } from './deferred.tsx'
import { HeaderLanguageSwitcher } from './language-switcher.tsx'
import type { NavCategory } from './links.ts'
import { ACCOUNT_DIALOG_ID } from './links.ts'
import { SearchBox } from './search-box.tsx'

/** The cart count, plus units being added right now (optimistic while the post is under way). */
export function useCartCount(): number {
  const { cartCount } = useRootData()
  const pending = useFetchers().reduce((sum, f) => {
    if (f.state === 'idle' || f.formData?.get('intent') !== 'add' || f.formAction !== '/api/cart') return sum
    return sum + Number(f.formData.get('quantity') ?? 1)
  }, 0)
  return cartCount + pending
}

/** The favourites count, with favourites being toggled right now. */
export function useFavouriteCount(): number {
  const { favouriteIds } = useRootData()
  const ids = new Set(favouriteIds)
  const fetchers = useFetchers()
  for (const f of fetchers) {
    if (f.state === 'idle' || f.formAction !== '/api/favorites') continue
    const id = Number(f.formData?.get('productId'))
    if (f.formData?.get('intent') === 'add') ids.add(id)
    if (f.formData?.get('intent') === 'remove') ids.delete(id)
  }
  return ids.size
}

export function Header({ categories }: { categories: NavCategory[] }) {
  const t = useT()
  const cartCount = useCartCount()
  const favouriteCount = useFavouriteCount()
  const { account } = useRootData()
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:gap-4 sm:px-4 md:py-3">
        <MobileMenu categories={categories} cartCount={cartCount} favouriteCount={favouriteCount} />
        <Link to="/" className="flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight text-primary">
          <BrandMark />
          {t('site.name')}
        </Link>
        <SearchBox className="order-last w-full md:order-none md:w-auto md:flex-1" />
        <nav aria-label={t('header.actions')} className="ml-auto flex items-center gap-1 md:ml-0">
          <HeaderLanguageSwitcher />
          {account ? (
            <>
              <Link
                to={dashboardPath(account.role)}
                className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-muted"
              >
                <User aria-hidden="true" className="size-5" />
                <span className="hidden lg:inline">{t('account.myDashboard')}</span>
                <span className="sr-only lg:hidden">{t('account.myDashboard')}</span>
              </Link>
              <Form method="post" action="/sign-out" className="hidden lg:block">
                <button type="submit" className="h-10 rounded-md px-2 text-sm font-medium hover:bg-muted">
                  {t('account.signOut')}
                </button>
              </Form>
            </>
          ) : (
            <button
              type="button"
              popoverTarget={ACCOUNT_DIALOG_ID}
              className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-muted"
            >
              <User aria-hidden="true" className="size-5" />
              <span className="hidden lg:inline">{t('header.account')}</span>
              <span className="sr-only lg:hidden">{t('header.account')}</span>
            </button>
          )}
          <CountLink to="/favorites" label={t('header.favorites', { count: favouriteCount })} count={favouriteCount}>
            <Heart aria-hidden="true" className="size-5" />
          </CountLink>
          <CountLink to="/cart" label={t('header.cart', { count: cartCount })} count={cartCount}>
            <ShoppingCart aria-hidden="true" className="size-5" />
          </CountLink>
        </nav>
      </div>
      <MegaMenu categories={categories} />
      <AccountDialog />
    </header>
  )
}

function CountLink({
  to,
  label,
  count,
  children,
}: {
  to: string
  label: string
  count: number
  children: React.ReactNode
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
    >
      {children}
      <span
        aria-hidden="true"
        className={
          count > 0
            ? 'absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-sale px-1 text-center text-[11px] leading-5 font-bold text-white'
            : 'sr-only'
        }
      >
        {count}
      </span>
    </Link>
  )
}

/** The brand mark (the same drawing as the favicon): a market roof under the sun, in Rwanda's blue and yellow. */
function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="7" fill="#0b5d7a" />
      <path d="M6 24 12 10l4 8 4-8 6 14z" fill="#fad201" />
      <circle cx="16" cy="8" r="2.5" fill="#fff" />
    </svg>
  )
}
