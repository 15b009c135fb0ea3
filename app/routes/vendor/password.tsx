import { useState } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { FormAlert, TextField } from '#app/components/account/fields.tsx'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { redirectWithToast } from '#app/routes/account/customer.server.ts'
import { callerOf } from '#app/routes/account/responses.server.ts'
import { changeAccountPassword } from '#app/workflows/passwords.server.ts'
import type { Route } from './+types/password'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md. The workflow's
// refusals are the customer page's messages (the same rules for every account).
export const handle = { i18n: ['accounts', 'customer', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The vendor changes their password: the current one first, through the auth library (the same workflow as the
// customer's page); the other sessions end, this one carries on.
export async function loader({ request, context }: Route.LoaderArgs) {
  guardedActor(context, 'vendor')
  return { title: requestI18n(request)._('vendorSettings.password.meta') }
}

export async function action({ request, context }: Route.ActionArgs) {
  guardedActor(context, 'vendor')
  const result = await changeAccountPassword(
    accountsContextOf(context),
    await callerOf(request, context),
    await request.formData(),
  )
  if (!result.ok) {
    const status = result.errors.form === 'account.error.rateLimited' ? 429 : 400
    return data({ errors: result.errors }, { status })
  }
  return redirectWithToast(
    '/vendor-dashboard/settings',
    { kind: 'success', title: 'vendorSettings.password.changed' },
    result.cookies,
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const [mismatch, setMismatch] = useState(false)
  const [form, fields] = useServerForm('password', actionData)
  const errorOf = (name: 'currentPassword' | 'password' | 'confirmPassword') =>
    mismatch ? (name === 'confirmPassword' ? 'account.mismatch' : undefined) : fields[name].errors?.[0]
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('vendorSettings.password.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('vendorSettings.password.intro')}</p>
      <Form
        method="post"
        id={form.id}
        className="mt-6 grid max-w-md gap-4"
        noValidate
        onSubmit={(event) => {
          const data = new FormData(event.currentTarget)
          const mismatched = data.get('password') !== data.get('confirmPassword')
          if (mismatched) event.preventDefault()
          setMismatch(mismatched)
        }}
      >
        <FormAlert message={mismatch ? undefined : form.errors?.[0]} />
        <TextField
          id={fields.currentPassword.id}
          name={fields.currentPassword.name}
          type="password"
          label={t('customer.field.currentPassword')}
          autoComplete="current-password"
          error={errorOf('currentPassword')}
          required
          maxLength={128}
        />
        <TextField
          id={fields.password.id}
          name={fields.password.name}
          type="password"
          label={t('customer.field.newPassword')}
          autoComplete="new-password"
          error={errorOf('password')}
          hint={t('customer.password.rule')}
          required
          minLength={8}
          maxLength={128}
        />
        <TextField
          id={fields.confirmPassword.id}
          name={fields.confirmPassword.name}
          type="password"
          label={t('customer.field.confirmNewPassword')}
          autoComplete="new-password"
          error={errorOf('confirmPassword')}
          required
          maxLength={128}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? t('customer.saving') : t('customer.password.save')}
          </Button>
        </div>
      </Form>
    </div>
  )
}
