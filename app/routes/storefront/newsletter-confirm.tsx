import { data, Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { confirmNewsletterSubscription } from '#app/modules/support/newsletter.server.ts'
import type { Route } from './+types/newsletter-confirm'

// The newsletter's confirmation link. Opening it shows a button that confirms: mail scanners that open every link
// in an e-mail would otherwise subscribe addresses whose owners never asked.

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { title: requestI18n(request)._('newsletter.confirm.metaTitle'), token: token.slice(0, 100) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const outcome = await confirmNewsletterSubscription(serviceContextOf(context), form.get('token'))
  return data(outcome, { status: outcome.ok ? 200 : 400 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <div className="mx-auto max-w-md px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">{t('newsletter.confirm.heading')}</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-4">
          {t('newsletter.confirm.done')}
        </p>
      ) : actionData ? (
        <p role="alert" className="mt-4">
          {t('newsletter.confirm.invalid')}
        </p>
      ) : loaderData.token ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="mb-4 text-muted-foreground">{t('newsletter.confirm.intro')}</p>
          <Button type="submit">{t('newsletter.confirm.submit')}</Button>
        </Form>
      ) : (
        <p role="alert" className="mt-4">
          {t('newsletter.confirm.invalid')}
        </p>
      )}
      <p className="mt-8">
        <Link to="/products" className="font-medium text-primary hover:underline">
          {t('newsletter.confirm.shop')}
        </Link>
      </p>
    </div>
  )
}
