import { Outlet, useLocation } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor, roleGuard } from '#app/modules/accounts/request.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import type { Route } from './+types/layout'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'vendor'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): every vendor page and every form post to one requires a signed-in vendor;
// a visitor signs in first and comes back, another kind of account goes to its own dashboard.
export const middleware: Route.MiddlewareFunction[] = [roleGuard('vendor')]

/** The store's standing, for the notice every vendor page shows while it is suspended or rejected. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const store = await findVendorByOwner(serviceContextOf(context), actor.userId)
  return { store: store ? { status: store.status, statusReason: store.statusReason } : null }
}

export default function VendorLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { pathname } = useLocation()
  const store = loaderData.store
  // The dashboard says it in its own status panel, with what the vendor can do about it.
  const notice =
    store && (store.status === 'suspended' || store.status === 'rejected') && pathname !== '/vendor-dashboard'
  return (
    <>
      {notice ? (
        <div className="mx-auto w-full max-w-5xl px-4 pt-4">
          <section
            aria-labelledby="store-standing"
            className="rounded-lg border-2 border-destructive/40 bg-destructive/10 p-4 text-sm"
          >
            <h2 id="store-standing" className="font-bold">
              {t(messageId(`vendor.standing.${store.status}`))}
            </h2>
            <p className="mt-1">{t(messageId(`vendor.standing.${store.status}.body`))}</p>
            {store.statusReason ? (
              <p className="mt-1 font-medium break-words">
                {t('dashboard.vendor.reason', { reason: store.statusReason })}
              </p>
            ) : null}
          </section>
        </div>
      ) : null}
      <Outlet />
    </>
  )
}
