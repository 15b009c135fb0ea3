import { lazy, Suspense, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useNavigationType,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { Footer } from '#app/components/layout/deferred.tsx'
import { Header } from '#app/components/layout/header.tsx'
import { type NavCategory, navCategory } from '#app/components/layout/links.ts'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { getCategoryTree } from '#app/modules/catalog/catalog.server.ts'
import type { Route } from './+types/layout'

// The not-found page's code comes with the page that needs it: every other storefront page would carry it.
const NotFound = lazy(() =>
  import('#app/components/layout/not-found-content.tsx').then((m) => ({ default: m.NotFound })),
)

export async function loader({ request, context }: Route.LoaderArgs) {
  // Only what the navigation draws (NavCategory): the tree is data on every storefront page.
  const tree = await getCategoryTree(serviceContextOf(context), requestLocale(request))
  return { categories: tree.map(navCategory) }
}

// The category tree changes rarely: keep it when only the page below changes.
export function shouldRevalidate() {
  return false
}

/** A new page starts at the top (not a new query on the same page, and not back/forward). */
function useScrollToTopOnPathChange() {
  const { pathname } = useLocation()
  const type = useNavigationType()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change, by design
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0)
  }, [pathname])
}

function Shell({ categories, children }: { categories: NavCategory[]; children: React.ReactNode }) {
  const t = useT()
  useScrollToTopOnPathChange()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <Header categories={categories} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  )
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell categories={loaderData.categories}>
      <Outlet />
    </Shell>
  )
}

/**
 * An error in a storefront page keeps the header and footer, so the shopper can carry on: a 404 thrown by a page
 * without its own boundary shows the not-found page, anything else a short apology (never a stack trace).
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const data = useRouteLoaderData<typeof loader>('routes/storefront/layout')
  if (!isRouteErrorResponse(error)) console.error(error)
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell categories={data?.categories ?? []}>
        <Suspense fallback={null}>
          <NotFound />
        </Suspense>
      </Shell>
    )
  }
  return (
    <Shell categories={data?.categories ?? []}>
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{t('error.title')}</h1>
        <p className="mt-4 text-muted-foreground">{t('error.body')}</p>
        <p className="mt-6">
          <Link to="/" className="font-semibold text-primary underline">
            {t('error.home')}
          </Link>
        </p>
      </div>
    </Shell>
  )
}
