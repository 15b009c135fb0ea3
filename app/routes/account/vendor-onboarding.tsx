import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { answerAccountForm } from '#app/modules/customers/account-requests.server.ts'
import type { Route } from './+types/vendor-onboarding'

export const action = ({ request }: Route.ActionArgs) => answerAccountForm(request)

export function loader({ request }: Route.LoaderArgs) {
  return { title: requestI18n(request)._('account.meta.vendorOnboarding') }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }]
}

export default function Page({ actionData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountForm
      title={t('account.vendorOnboarding.title')}
      intro={t('account.vendorOnboarding.intro')}
      fields={[
        { name: 'ownerName', autoComplete: 'name' },
        { name: 'businessName', autoComplete: 'organization' },
        { name: 'email', type: 'email', autoComplete: 'email' },
        { name: 'phone', type: 'tel', autoComplete: 'tel', placeholder: '078 123 4567' },
        { name: 'businessAddress', autoComplete: 'street-address' },
        { name: 'businessDescription', type: 'textarea' },
        { name: 'password', type: 'password', autoComplete: 'new-password' },
        { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
      ]}
      submit={t('account.vendorOnboarding.submit')}
      busy={t('account.vendorOnboarding.busy')}
      actionData={actionData}
      links={[{ prompt: t('account.haveVendorAccount'), label: t('account.signIn'), to: '/vendor-login' }]}
    />
  )
}
