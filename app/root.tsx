import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { getServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { findOwnerKey } from '#app/lib/guest.server.ts'
import { intlLocale, MessagesScript, negotiateLocale } from '#app/lib/i18n.tsx'
import { useNonce } from '#app/lib/nonce.tsx'
import { useT } from '#app/lib/use-t.ts'
import { getCartCount, getFavouriteIds } from '#app/modules/cart/cart.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const locale = negotiateLocale(request.headers.get('Cookie'), request.headers.get('Accept-Language'))
  const ownerKey = findOwnerKey(request)
  const ctx = getServiceContext()
  const [cartCount, favouriteIds] = await Promise.all([getCartCount(ctx, ownerKey), getFavouriteIds(ctx, ownerKey)])
  const env = getEnv()
  return data({
    locale,
    intlLocale: intlLocale[locale],
    cartCount,
    favouriteIds,
    support: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
  })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  const locale = root?.locale ?? 'en'
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d7a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <MessagesScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Last resort, outside the storefront layout: an unexpected error never shows a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('error.title')}</h1>
      <p className="mt-4 text-muted-foreground">{t('error.body')}</p>
      <p className="mt-6">
        <a className="text-primary underline" href="/">
          {t('error.home')}
        </a>
      </p>
    </main>
  )
}
