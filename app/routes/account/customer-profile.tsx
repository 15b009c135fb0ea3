import { data, Form, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { FormAlert, TextField } from '#app/components/account/fields.tsx'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { safeRedirect } from '#app/lib/redirects.server.ts'
import { useT } from '#app/lib/use-t.ts'
import { typedValues } from '#app/workflows/accounts.server.ts'
import { updateProfile } from '#app/workflows/customer-account.server.ts'
import type { Route } from './+types/customer-profile'
import { redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request)
  return {
    title: requestI18n(request)._('customer.profile.meta'),
    profile: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone ? formatPhone(customer.phone) : '',
    },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, ctx } = await requireCustomer(context, request)
  const form = await request.formData()
  const outcome = await updateProfile(ctx, actor, Object.fromEntries(form))
  if (!outcome.ok) return data({ errors: outcome.errors, values: typedValues(form) }, { status: 400 })
  // A new phone account was sent here to add its name on its way somewhere (the checkout): it goes on there.
  const to = safeRedirect(
    new URL(request.url).searchParams.get('redirectTo'),
    getEnv().PUBLIC_URL,
    '/customer-dashboard',
  )
  return redirectWithToast(to, { kind: 'success', title: 'customer.profile.saved' })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  // The action's messages through Conform's field metadata (ids `profile-<name>`, `profile-<name>-error`).
  const [form, fields] = useServerForm('profile', actionData)
  const value = (name: 'firstName' | 'lastName' | 'phone') => actionData?.values[name] ?? loaderData.profile[name]
  return (
    <CustomerPage title={t('customer.profile.title')} intro={t('customer.profile.intro')}>
      <Form method="post" id={form.id} className="grid max-w-xl gap-4" noValidate>
        <FormAlert message={form.errors?.[0]} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={fields.firstName.id}
            name={fields.firstName.name}
            label={t('account.field.firstName')}
            autoComplete="given-name"
            defaultValue={value('firstName')}
            error={fields.firstName.errors?.[0]}
            required
            maxLength={60}
          />
          <TextField
            id={fields.lastName.id}
            name={fields.lastName.name}
            label={t('account.field.lastName')}
            autoComplete="family-name"
            defaultValue={value('lastName')}
            error={fields.lastName.errors?.[0]}
            required
            maxLength={60}
          />
        </div>
        <TextField
          id="profile-email"
          label={t('account.field.email')}
          type="email"
          value={loaderData.profile.email ?? ''}
          readOnly
          hint={t('customer.profile.emailHint')}
        />
        <TextField
          id={fields.phone.id}
          name={fields.phone.name}
          label={t('customer.field.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="078 123 4567"
          defaultValue={value('phone')}
          error={fields.phone.errors?.[0]}
          hint={t('customer.profile.phoneHint')}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t('customer.saving') : t('customer.profile.save')}
          </Button>
        </div>
      </Form>
    </CustomerPage>
  )
}
