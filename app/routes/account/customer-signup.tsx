import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { registerCustomer } from '#app/workflows/accounts.server.ts'
import type { Route } from './+types/customer-signup'
import { accountAnswer, callerOf, redirectSignedIn } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const result = await registerCustomer(accountsContextOf(context), await callerOf(request, context), form)
  return accountAnswer(result, form, {
    kind: 'success',
    title: 'account.toast.created.title',
    body: 'account.toast.created.body',
    values: { name: result.ok ? result.name : '' },
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context, request)
  return { title: requestI18n(request)._('account.meta.customerSignup') }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }]
}

export default function Page({ actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountForm
      title={t('account.customerSignup.title')}
      intro={t('account.customerSignup.intro')}
      fields={[
        { name: 'firstName', autoComplete: 'given-name' },
        { name: 'lastName', autoComplete: 'family-name' },
        { name: 'email', type: 'email', autoComplete: 'email' },
        { name: 'password', type: 'password', autoComplete: 'new-password' },
        { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
      ]}
      submit={t('account.customerSignup.submit')}
      busy={t('account.customerSignup.busy')}
      failureTitle={t('account.toast.registrationFailed')}
      actionData={actionData}
      links={[
        {
          prompt: t('account.phone.noPassword'),
          label: t('account.phone.signUpWithPhone'),
          to: '/phone-sign-in?new=1',
        },
        { prompt: t('account.haveAccount'), label: t('account.signIn'), to: '/customer-login' },
      ]}
    />
  )
}
