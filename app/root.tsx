import { useEffect, useLayoutEffect } from 'react'
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
import { toast } from '#app/components/ui/toaster.tsx'
import type { Route } from './+types/root'
import './app.css'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { developmentServices } from '#app/lib/dev-services.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { readFlash } from '#app/lib/flash.server.ts'
import { findOwnerKey as findGuestKey } from '#app/lib/guest.server.ts'
import { createI18n, requestLocale } from '#app/lib/i18n.server.ts'
import { intlLocale, locales, MessagesScript, messageId } from '#app/lib/i18n.tsx'
import { useNonce } from '#app/lib/nonce.tsx'
import { restoreTypedText } from '#app/lib/typed-before-hydration.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountOwnerKey } from '#app/modules/accounts/accounts.server.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { getCartCount, getFavouriteIds } from '#app/modules/cart/cart.server.ts'

// The development server's request context (every other start gets it from server/app.ts).
export const middleware: Route.MiddlewareFunction[] = [developmentServices]

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = requestLocale(request)
  const i18n = createI18n(locale)
  const actor = await findRequestActor(context, request)
  const ownerKey = actor ? accountOwnerKey(actor.userId) : await findGuestKey(request)
  const ctx = serviceContextOf(context)
  const [cartCount, favouriteIds] = await Promise.all([getCartCount(ctx, ownerKey), getFavouriteIds(ctx, ownerKey)])
  const env = getEnv()
  const flash = await readFlash(request)
  const url = new URL(request.url)
  // The same page in each language, for search engines (`hreflang`): the address with `?lang=`, on the public URL.
  url.searchParams.delete('lang')
  const here = `${env.PUBLIC_URL}${url.pathname}${url.search}`
  const withLang = (l: string) => `${here}${url.search ? '&' : '?'}lang=${l}`
  return data(
    {
      locale,
      intlLocale: intlLocale[locale],
      alternates: [...locales.map((l) => ({ hrefLang: l, href: withLang(l) })), { hrefLang: 'x-default', href: here }],
      // Where the language switcher brings the visitor back to (the address without `?lang=`).
      path: `${url.pathname}${url.search}`,
      cartCount,
      favouriteIds,
      // Who is signed in, as the header shows it: never more than the page needs.
      account: actor ? { name: actor.name, role: actor.role } : null,
      // Translated here, on the server: a toast's text may belong to an area the next page does not ship.
      flash: flash?.flash.title
        ? {
            kind: flash.flash.kind,
            title: i18n._(messageId(flash.flash.title), flash.flash.values),
            body: flash.flash.body ? i18n._(messageId(flash.flash.body), flash.flash.values) : undefined,
            values: flash.flash.values,
            id: Date.now(),
          }
        : null,
      support: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
    },
    flash ? { headers: { 'Set-Cookie': flash.clear } } : undefined,
  )
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
        {root?.alternates.map((a) => (
          <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
        ))}
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
  useFlashToast()
  // Right after the hydration's commit, before the browser handles another event (a click on Save): what was typed
  // into a field before the page ran goes back in. Not within the commit: there, the state that a change of a field
  // React controls sets was lost (the product editor's sizes and colours kept their server state).
  useLayoutEffect(() => queueMicrotask(restoreTypedText), [])
  return <Outlet />
}

/** Shows the toast that a redirect carried (a sign-in's 'Welcome back!'), once. */
function useFlashToast() {
  const root = useRouteLoaderData<typeof loader>('root')
  const flash = root?.flash
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per flash, identified by its id
  useEffect(() => {
    if (!flash) return
    const show = flash.kind === 'error' ? toast.error : toast.success
    show(flash.title, flash.body)
  }, [flash?.id])
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
