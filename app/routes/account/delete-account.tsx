import { Form, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { deleteCustomerAccount } from '#app/workflows/accounts.server.ts'
import type { Route } from './+types/delete-account'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  guardedActor(context, 'customer')
  return { title: requestI18n(request)._('account.delete.meta') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'customer')
  const form = await request.formData()
  const result = await deleteCustomerAccount(accountsContextOf(context), await callerOf(request, context), actor, form)
  if (!result.ok) return { errors: result.errors }
  const headers = new Headers()
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await flashCookie({ kind: 'success', title: 'account.delete.done' }))
  return redirect('/', { headers })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** Delete Account (the footer's link): what goes, the password to confirm, and a box to tick. */
export default function DeleteAccountPage({ actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const errors: Record<string, string> = actionData?.errors ?? {}
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{t('account.delete.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('account.delete.body')}</p>
        <Form method="post" className="mt-6 grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="delete-password">{t('account.field.password')}</Label>
            <Input
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'delete-password-error' : undefined}
            />
            <FieldError id="delete-password-error">{errors.password ? t(messageId(errors.password)) : null}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4 accent-primary" />
              {t('account.delete.confirm')}
            </label>
            <FieldError id="delete-confirm-error">{errors.confirm ? t(messageId(errors.confirm)) : null}</FieldError>
          </div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? t('account.delete.busy') : t('account.delete.submit')}
          </Button>
        </Form>
      </div>
    </div>
  )
}
