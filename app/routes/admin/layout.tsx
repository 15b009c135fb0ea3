import { Form, Outlet } from 'react-router'
import { AdminNav } from '#app/components/admin/admin-nav.tsx'
import { StaffForbidden } from '#app/components/admin/staff-forbidden.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor, roleGuard } from '#app/modules/accounts/request.server.ts'
import type { Route } from './+types/layout'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin', 'fulfilment', 'messages', 'payouts', 'staff-money'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): staff only. The middleware runs before every loader and every action of
// the console's pages (a layout's loader alone would not run for a form post).
export const middleware: Route.MiddlewareFunction[] = [roleGuard('admin')]

export async function loader({ context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'admin')
  // The development mailbox exists only outside production (docs/security.md).
  return { name: actor.name, mailbox: !getEnv().production, staffRole: actor.staffRole ?? null }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{t('admin.title')}</p>
          <p className="text-sm">{t('admin.signedInAs', { name: loaderData.name })}</p>
        </div>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            {t('account.signOut')}
          </Button>
        </Form>
      </div>
      <AdminNav mailbox={loaderData.mailbox} staffRole={loaderData.staffRole} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  )
}

// A page or form the staff member's role may not use (requireStaffPermission's 403) says so here, with a way on;
// anything else goes to the storefront's error page.
export function ErrorBoundary() {
  return <StaffForbidden />
}
