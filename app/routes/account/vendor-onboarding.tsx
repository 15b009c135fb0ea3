import { AccountForm } from '#app/components/account/account-form.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { storeDepartments } from '#app/modules/accounts/accounts.schemas.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { listDistricts } from '#app/modules/places/places.server.ts'
import { applyAsVendor } from '#app/workflows/accounts.server.ts'
import type { Route } from './+types/vendor-onboarding'
import { accountAnswer, callerOf, redirectSignedIn } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'payouts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const result = await applyAsVendor(accountsContextOf(context), await callerOf(request, context), form)
  return accountAnswer(result, form, {
    kind: 'success',
    title: 'account.toast.created.title',
    body: 'account.toast.vendorPending.body',
  })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context, request)
  return { title: requestI18n(request)._('account.meta.vendorOnboarding'), districts: listDistricts() }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }]
}

export default function Page({ actionData, loaderData }: Route.ComponentProps) {
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
        {
          name: 'district',
          type: 'select',
          prompt: t('account.field.district.choose'),
          options: loaderData.districts.map((d) => ({ value: d, label: d })),
        },
        {
          name: 'categories',
          type: 'checkboxes',
          options: storeDepartments.map((d) => ({ value: d, label: t(`account.department.${d}`) })),
        },
        { name: 'businessDescription', type: 'textarea' },
        {
          name: 'payoutProvider',
          type: 'select',
          optional: true,
          prompt: t('account.field.payoutProvider.later'),
          options: (['momo', 'airtel'] as const).map((p) => ({ value: p, label: t(`payouts.provider.${p}`) })),
        },
        {
          name: 'payoutPhone',
          type: 'tel',
          optional: true,
          placeholder: '078 123 4567',
          hint: t('account.field.payoutPhone.hint'),
        },
        { name: 'password', type: 'password', autoComplete: 'new-password' },
        { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
      ]}
      submit={t('account.vendorOnboarding.submit')}
      busy={t('account.vendorOnboarding.busy')}
      failureTitle={t('account.toast.registrationFailed')}
      actionData={actionData}
      links={[{ prompt: t('account.haveVendorAccount'), label: t('account.signIn'), to: '/vendor-login' }]}
    />
  )
}
