import { Link } from 'react-router'
import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import type { Route } from './+types/customer-login'
import { redirectSignedIn, signInAction } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export const action = ({ request, context }: Route.ActionArgs) => signInAction(request, context)

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context, request)
  return { title: requestI18n(request)._('account.meta.customerLogin') }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function Page({ actionData }: Route.ComponentProps) {
  const t = useT()

  return (
    <AccountForm
      title={t('account.customerLogin.title')}
      intro={t('account.customerLogin.intro')}
      fields={[
        { name: 'email', type: 'email', autoComplete: 'email' },
        { name: 'password', type: 'password', autoComplete: 'current-password' },
      ]}
      submit={t('account.customerLogin.submit')}
      busy={t('account.customerLogin.busy')}
      failureTitle={t('account.toast.loginFailed')}
      actionData={actionData}
      footer={<ForgotPasswordLink />}
      links={[
        {
          prompt: t('account.phone.noPassword'),
          label: t('account.phone.signInWithPhone'),
          to: '/phone-sign-in',
        },
        { prompt: t('account.noAccount'), label: t('account.createAccount'), to: '/customer-signup' },
        { prompt: t('account.areYouVendor'), label: t('account.vendorSignIn'), to: '/vendor-login' },
      ]}
    />
  )
}

export function ForgotPasswordLink() {
  const t = useT()
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/forgot-password" className="font-medium text-primary hover:underline">
        {t('account.forgotPassword')}
      </Link>
    </p>
  )
}
