import { useState } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { FormAlert, TextField } from '#app/components/account/fields.tsx'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { changeAccountPassword } from '#app/workflows/passwords.server.ts'
import type { Route } from './+types/customer-password'
import { redirectWithToast } from './customer.server.ts'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'customer')
  // An account made with a phone number alone has no password to change: it may add one, with an e-mail address.
  if (!actor.email) throw redirect('/customer-dashboard/sign-in')
  return { title: requestI18n(request)._('customer.password.meta') }
}

export async function action({ request, context }: Route.ActionArgs) {
  guardedActor(context, 'customer')
  const result = await changeAccountPassword(
    accountsContextOf(context),
    await callerOf(request, context),
    await request.formData(),
  )
  if (!result.ok) {
    const status = result.errors.form === 'account.error.rateLimited' ? 429 : 400
    return data({ errors: result.errors }, { status })
  }
  // The other sessions have ended; this one carries on with the cookies of its renewed session.
  return redirectWithToast(
    '/customer-dashboard',
    { kind: 'success', title: 'customer.password.changed.title', body: 'customer.password.changed.body' },
    result.cookies,
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  // A mismatched confirmation is caught before anything is sent; the server checks again.
  const [mismatch, setMismatch] = useState(false)
  // The action's messages through Conform's field metadata (ids `password-<name>`, `password-<name>-error`).
  const [form, fields] = useServerForm('password', actionData)
  const errorOf = (name: 'currentPassword' | 'password' | 'confirmPassword') =>
    mismatch ? (name === 'confirmPassword' ? 'account.mismatch' : undefined) : fields[name].errors?.[0]
  return (
    <CustomerPage title={t('customer.password.title')} intro={t('customer.password.intro')}>
      <Form
        method="post"
        id={form.id}
        className="grid max-w-md gap-4"
        noValidate
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget)
          const mismatched = form.get('password') !== form.get('confirmPassword')
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
    </CustomerPage>
  )
}
