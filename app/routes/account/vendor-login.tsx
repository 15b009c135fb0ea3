import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { answerAccountForm } from '#app/modules/customers/account-requests.server.ts'
import type { Route } from './+types/vendor-login'

export const action = ({ request }: Route.ActionArgs) => answerAccountForm(request)

export function loader({ request }: Route.LoaderArgs) {
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
      actionData={actionData}
      links={[
        { prompt: t('account.newVendor'), label: t('account.applyToSell'), to: '/vendor-onboarding' },
        { prompt: t('account.areYouCustomer'), label: t('account.customerSignIn'), to: '/customer-login' },
      ]}
    />
  )
}
