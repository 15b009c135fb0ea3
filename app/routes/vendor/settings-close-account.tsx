import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/account/fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { callerOf } from '#app/routes/account/responses.server.ts'
import { closeVendorAccount, findClosingBlockers } from '#app/workflows/vendor-account-closing.server.ts'
import type { Route } from './+types/settings-close-account'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Closing the vendor's account for good, on its own page: what it means, what still stops it (open orders,
// returns or disputes, money not settled), and the password and a tick to confirm. The workflow checks again on
// the post; a second post after the account is gone finds no vendor and goes to the sign-in page.

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const found = await findClosingBlockers(serviceContextOf(context), actor.userId)
  if (!found) throw redirect('/vendor-dashboard')
  return { title: requestI18n(request)._('vendorSettings.closeAccount.meta'), blockers: found.blockers }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const form = await request.formData()
  const result = await closeVendorAccount(accountsContextOf(context), await callerOf(request, context), actor, form)
  if (!result.ok && 'code' in result) throw redirect('/vendor-dashboard')
  if (!result.ok) {
    const limited = result.errors.form === 'account.error.rateLimited'
    return data({ errors: result.errors, messageValues: result.messageValues }, { status: limited ? 429 : 400 })
  }
  const headers = new Headers()
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await flashCookie({ kind: 'success', title: 'vendorSettings.closeAccount.done' }))
  return redirect('/', { headers })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CloseVendorAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const errors: Record<string, string> = actionData?.errors ?? {}
  const { blockers } = loaderData
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <div className="rounded-xl border border-destructive/40 bg-card p-4 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{t('vendorSettings.closeAccount.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('vendorSettings.closeAccount.body')}</p>
        {blockers.length > 0 ? (
          <div role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p className="font-semibold">{t('vendorSettings.closeAccount.blockedTitle')}</p>
            <ul className="mt-2 grid list-disc gap-1 pl-5">
              {blockers.map((b) => (
                <li key={b.reason}>{t(`vendorSettings.closeAccount.blocked.${b.reason}`, { count: b.count })}</li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm">{t('vendorSettings.closeAccount.ready')}</p>
            <Form method="post" className="mt-4 grid gap-4">
              <FormAlert message={errors.form} values={actionData?.messageValues} />
              <div className="grid gap-1.5">
                <Label htmlFor="close-password">{t('vendorSettings.closeAccount.password')}</Label>
                <Input
                  id="close-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'close-password-error' : undefined}
                />
                <FieldError id="close-password-error">
                  {errors.password ? t(messageId(errors.password)) : null}
                </FieldError>
              </div>
              <div className="grid gap-1.5">
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    required
                    className="mt-0.5 size-4 accent-primary"
                    aria-describedby={errors.confirm ? 'close-confirm-error' : undefined}
                  />
                  {t('vendorSettings.closeAccount.confirm')}
                </label>
                <FieldError id="close-confirm-error">{errors.confirm ? t(messageId(errors.confirm)) : null}</FieldError>
              </div>
              <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
                {busy ? t('vendorSettings.closeAccount.busy') : t('vendorSettings.closeAccount.submit')}
              </Button>
            </Form>
          </>
        )}
        <Link
          to="/vendor-dashboard/settings"
          className="mt-4 inline-block text-sm font-medium text-primary hover:underline"
        >
          {t('vendorSettings.closeAccount.back')}
        </Link>
      </div>
    </div>
  )
}
