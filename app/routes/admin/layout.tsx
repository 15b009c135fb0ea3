import { Form, isRouteErrorResponse, Link, Outlet, useRouteError, useRouteLoaderData } from 'react-router'
import { AdminNav } from '#app/components/admin/admin-nav.tsx'
import { StaffForbidden } from '#app/components/admin/staff-forbidden.tsx'
import { LanguageForm } from '#app/components/layout/language-switcher.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ChevronDown, Globe, Menu } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor, roleGuard } from '#app/modules/accounts/request.server.ts'
import { consoleCounts } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/layout'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin', 'fulfilment', 'messages', 'payouts', 'staff-money'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): staff only. The middleware runs before every loader and every action of
// the console's pages (a layout's loader alone would not run for a form post).
export const middleware: Route.MiddlewareFunction[] = [roleGuard('admin')]

export async function loader({ context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'admin')
  const counts = await consoleCounts(serviceContextOf(context))
  // The development mailbox exists only outside production (docs/security.md).
  return { name: actor.name, mailbox: !getEnv().production, counts, staffRole: actor.staffRole ?? null }
}

/**
 * The console's own frame, not the shop's: a compact header (the console's name, who is signed in, the language,
 * the storefront, sign out), the pages as a sidebar on desktop and behind a menu on phones.
 */
function ConsoleShell({ data, children }: { data?: Route.ComponentProps['loaderData']; children: React.ReactNode }) {
  const t = useT()
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skip')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link to="/admin" className="mr-auto text-base font-bold">
            {t('admin.console.name')}
          </Link>
          {data ? (
            <p className="hidden text-sm text-muted-foreground sm:block">
              {t('admin.signedInAs', { name: data.name })}
            </p>
          ) : null}
          <details className="group relative">
            <summary
              className="inline-flex h-9 cursor-pointer list-none items-center gap-1 rounded-md px-2 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden"
              aria-label={t('admin.console.language')}
            >
              <Globe aria-hidden="true" className="size-4" />
              <ChevronDown aria-hidden="true" className="size-3 group-open:rotate-180" />
            </summary>
            <div className="absolute right-0 z-50 mt-1 w-44 rounded-md border border-border bg-card p-1 shadow-lg">
              <LanguageForm className="grid" buttonClassName="rounded px-3 py-2 text-left text-sm hover:bg-muted" />
            </div>
          </details>
          <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('admin.console.storefront')}
          </Link>
          {data ? (
            <Form method="post" action="/sign-out">
              <Button type="submit" variant="outline" size="sm">
                {t('account.signOut')}
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        {data ? (
          <>
            <details className="border-b border-border bg-card md:hidden">
              <summary className="flex h-11 cursor-pointer list-none items-center gap-2 px-4 text-sm font-semibold [&::-webkit-details-marker]:hidden">
                <Menu aria-hidden="true" className="size-4" />
                {t('admin.console.menu')}
              </summary>
              <div className="px-2 pb-3">
                <AdminNav mailbox={data.mailbox} counts={data.counts} staffRole={data.staffRole} />
              </div>
            </details>
            <aside className="hidden w-60 shrink-0 border-r border-border bg-card p-3 md:block">
              <AdminNav mailbox={data.mailbox} counts={data.counts} staffRole={data.staffRole} />
            </aside>
          </>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleShell data={loaderData}>
      <Outlet />
    </ConsoleShell>
  )
}

/** An error in a console page keeps the console's frame (never a stack trace). */
export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const data = useRouteLoaderData<typeof loader>('routes/admin/layout')
  // A page or form the staff member's role may not use (requireStaffPermission's 403) says so, with a way on.
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <ConsoleShell data={data}>
        <StaffForbidden />
      </ConsoleShell>
    )
  }
  if (!isRouteErrorResponse(error)) console.error(error)
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <ConsoleShell data={data}>
      <h1 className="text-2xl font-bold">{notFound ? t('admin.console.notFound') : t('error.title')}</h1>
      <p className="mt-4 text-muted-foreground">{notFound ? t('admin.console.notFoundBody') : t('error.body')}</p>
      <p className="mt-6">
        <Link to="/admin" className="font-semibold text-primary underline">
          {t('admin.console.home')}
        </Link>
      </p>
    </ConsoleShell>
  )
}
