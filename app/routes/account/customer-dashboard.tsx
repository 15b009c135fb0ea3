import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireRole } from '#app/modules/accounts/accounts.server.ts'
import type { Route } from './+types/customer-dashboard'

// Guard (DESIGN.md section 3, point 4): a signed-in customer only; a visitor signs in first and comes back.
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, 'customer')
  return { title: requestI18n(request)._('dashboard.customer.meta'), name: actor.name }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dashboard.greeting', { name: loaderData.name })}</h1>
        <Form method="post" action="/sign-out">
          <Button type="submit" variant="outline">
            {t('account.signOut')}
          </Button>
        </Form>
      </div>
    </div>
  )
}
