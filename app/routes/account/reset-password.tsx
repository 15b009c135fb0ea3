import { data, Link } from 'react-router'
import { AccountForm } from '#app/components/account/account-form.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { checkPasswordResetToken } from '#app/modules/accounts/accounts.server.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { chooseNewPassword } from '#app/workflows/passwords.server.ts'
import type { Route } from './+types/reset-password'
import { redirectWithToast } from './customer.server.ts'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The e-mailed link's page: /reset-password?token=... A link that has expired or was used says so at once, with
// a way to ask for another; the form posts to this same address, token included.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = await checkPasswordResetToken(accountsContextOf(context), await callerOf(request, context), token)
  return { title: requestI18n(request)._('customer.reset.meta'), valid }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  form.set('token', new URL(request.url).searchParams.get('token') ?? '')
  const result = await chooseNewPassword(accountsContextOf(context), await callerOf(request, context), form)
  if (!result.ok) {
    const { token: _token, ...values } = result.values
    return data({ errors: result.errors, values }, { status: 400 })
  }
  // Every session of the account has ended: the person signs in again with the new password.
  return redirectWithToast('/customer-login', {
    kind: 'success',
    title: 'customer.reset.done.title',
    body: 'customer.reset.done.body',
  })
}

export function meta({ data }: Route.MetaArgs) {
  // No 'no-referrer' here: the server's same-origin policy already keeps the token from other sites, and a
  // plain form post without a referrer would carry `Origin: null`, which React Router refuses.
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  if (!loaderData.valid && !actionData) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{t('customer.reset.title')}</h1>
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {t('account.error.resetExpired')}
          </p>
          <Link to="/forgot-password" className={buttonVariants({ className: 'mt-6 w-full' })}>
            {t('customer.reset.askAgain')}
          </Link>
        </div>
      </div>
    )
  }
  return (
    <AccountForm
      title={t('customer.reset.title')}
      intro={t('customer.reset.intro')}
      fields={[
        { name: 'password', type: 'password', autoComplete: 'new-password', label: t('customer.field.newPassword') },
        {
          name: 'confirmPassword',
          type: 'password',
          autoComplete: 'new-password',
          label: t('customer.field.confirmNewPassword'),
        },
      ]}
      submit={t('customer.reset.submit')}
      busy={t('customer.reset.busy')}
      failureTitle={t('customer.reset.failed')}
      actionData={actionData}
      links={[{ prompt: t('customer.reset.needLink'), label: t('customer.reset.askAgain'), to: '/forgot-password' }]}
    />
  )
}
