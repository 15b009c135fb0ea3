import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import type { Route } from './+types/vendor-login'
import { ForgotPasswordLink } from './customer-login.tsx'
import { redirectSignedIn, signInAction } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Either login page signs in any account; each lands on its own dashboard (DESIGN.md section 3, point 5).
export const action = ({ request, context }: Route.ActionArgs) => signInAction(request, context)

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context, request)
  return { title: requestI18n(request)._('account.meta.vendorLogin') }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function Page({ actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountForm
      title={t('account.vendorLogin.title')}
      intro={t('account.vendorLogin.intro')}
      fields={[
        { name: 'email', type: 'email', autoComplete: 'email' },
        { name: 'password', type: 'password', autoComplete: 'current-password' },
      ]}
      submit={t('account.vendorLogin.submit')}
      busy={t('account.vendorLogin.busy')}
      failureTitle={t('account.toast.loginFailed')}
      actionData={actionData}
      footer={<ForgotPasswordLink />}
      links={[
        { prompt: t('account.newVendor'), label: t('account.applyToSell'), to: '/vendor-onboarding' },
        { prompt: t('account.areYouCustomer'), label: t('account.customerSignIn'), to: '/customer-login' },
      ]}
    />
  )
}
