import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react'

/**
 * Parts of the layout that work before their code arrives: the side menu is a native <details>, the account
 * dialog a native popover, the mega menu opens on CSS hover and focus, the footer is links and a plain form.
 * Their code is loaded while the page hydrates, not before it: the server's HTML stays in place until it comes,
 * and the page is interactive without waiting for it (DESIGN.md section 4: about 5 KB gzip off every page).
 */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }))
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    )
  }
}

export const MobileMenu = deferred(() => import('./mobile-menu.tsx').then((m) => m.MobileMenu))
export const MegaMenu = deferred(() => import('./mega-menu.tsx').then((m) => m.MegaMenu))
export const AccountDialog = deferred(() => import('./account-dialog.tsx').then((m) => m.AccountDialog))
export const Footer = deferred(() => import('./footer.tsx').then((m) => m.Footer))
