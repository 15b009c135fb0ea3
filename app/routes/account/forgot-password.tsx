import { data } from 'react-router'
import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { askForPasswordReset } from '#app/workflows/passwords.server.ts'
import type { Route } from './+types/forgot-password'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// A reset link by e-mail. The answer is the same whether or not the address has an account (no account
// discovery); only too many requests from one connection are refused, and said so.
export async function action({ request, context }: Route.ActionArgs) {
  const result = await askForPasswordReset(
    accountsContextOf(context),
    await callerOf(request, context),
    await request.formData(),
  )
  if (!result.ok) {
    const status = result.errors.form === 'account.error.rateLimited' ? 429 : 400
    return data({ errors: result.errors, values: result.values, sent: false }, { status })
  }
  return { errors: {}, values: {}, sent: true }
}

export function loader({ request }: Route.LoaderArgs) {
  return { title: requestI18n(request)._('customer.forgot.meta') }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountForm
      title={t('customer.forgot.title')}
      intro={t('customer.forgot.intro')}
      notice={actionData?.sent ? t('customer.forgot.sent') : null}
      fields={[{ name: 'email', type: 'email', autoComplete: 'email' }]}
      submit={t('customer.forgot.submit')}
      busy={t('customer.forgot.busy')}
      failureTitle={t('customer.forgot.failed')}
      actionData={actionData}
      links={[
        { prompt: t('customer.forgot.remembered'), label: t('account.signIn'), to: '/customer-login' },
        { prompt: t('account.noAccount'), label: t('account.createAccount'), to: '/customer-signup' },
      ]}
    />
  )
}
