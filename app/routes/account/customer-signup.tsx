import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { answerAccountForm } from '#app/modules/customers/account-requests.server.ts'
import type { Route } from './+types/customer-signup'

export const action = ({ request }: Route.ActionArgs) => answerAccountForm(request)

export function loader({ request }: Route.LoaderArgs) {
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
      actionData={actionData}
      links={[{ prompt: t('account.haveAccount'), label: t('account.signIn'), to: '/customer-login' }]}
    />
  )
}
