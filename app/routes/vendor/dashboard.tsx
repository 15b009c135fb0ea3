import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { getServiceContext } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireRole } from '#app/modules/accounts/accounts.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import type { Route } from './+types/dashboard'

// Guard (DESIGN.md section 3, point 4): a signed-in vendor only; a visitor signs in first and comes back.
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, 'vendor')
  const store = await findVendorByOwner(getServiceContext(), actor.userId)
  return {
    title: requestI18n(request)._('dashboard.vendor.meta'),
    store: store ? { name: store.name, status: store.status, reason: store.statusReason } : null,
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { store } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.greeting', { name: store?.name ?? '' })}</h1>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            {t('account.signOut')}
          </Button>
        </Form>
      </div>
      {store ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          <span className="font-semibold">{t(`dashboard.vendor.status.${store.status}`)}</span>{' '}
          {store.reason ? t('dashboard.vendor.reason', { reason: store.reason }) : null}
        </p>
      ) : null}
    </div>
  )
}
