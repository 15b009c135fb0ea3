import { data, Form, Link, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf, findRequestActor } from '#app/modules/accounts/request.server.ts'
import { callerOf } from '#app/routes/account/responses.server.ts'
import { confirmAccountEmailChange } from '#app/workflows/vendor-contact.server.ts'
import type { Route } from './+types/settings-email-confirm'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The link e-mailed to a new address. Opening it shows a button; the address changes when the button is pressed
// (a POST), so a mail scanner that fetches links cannot make the change. The link works once, for an hour, on any
// device (no session needed: the signed token says whose account it is).

const TokenSchema = (value: unknown) => (typeof value === 'string' && value.length <= 2048 ? value : '')

export async function loader({ request }: Route.LoaderArgs) {
  const token = TokenSchema(new URL(request.url).searchParams.get('token'))
  return { title: requestI18n(request)._('vendorSettings.email.confirm.meta'), token }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const token = TokenSchema(form.get('token'))
  if (!token) return data({ outcome: 'invalid' as const }, { status: 400 })
  const result = await confirmAccountEmailChange(accountsContextOf(context), await callerOf(request, context), token)
  if (!result.ok) return data({ outcome: result.reason }, { status: result.reason === 'failed' ? 500 : 400 })
  const headers = new Headers()
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie)
  return data(
    { outcome: 'done' as const, email: result.email, signedIn: (await findRequestActor(context, request)) !== null },
    { headers },
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const outcome = actionData?.outcome ?? (loaderData.token ? null : 'invalid')
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{t('vendorSettings.email.confirm.title')}</h1>
        {outcome === 'done' && actionData && 'email' in actionData ? (
          <>
            <p role="status" className="mt-3 break-words">
              {t('vendorSettings.email.confirm.done', { email: actionData.email })}
            </p>
            <Link
              to={actionData.signedIn ? '/vendor-dashboard/settings/contact' : '/vendor-login'}
              className="mt-4 inline-block font-medium text-primary hover:underline"
            >
              {t(actionData.signedIn ? 'vendorSettings.contact.back' : 'vendorSettings.email.confirm.signIn')}
            </Link>
          </>
        ) : outcome ? (
          <p role="alert" className="mt-3">
            {t(`vendorSettings.email.confirm.${outcome}`)}
          </p>
        ) : (
          <Form method="post" className="mt-4 grid gap-4">
            <p>{t('vendorSettings.email.confirm.intro')}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" disabled={busy} className="justify-self-start">
              {t('vendorSettings.email.confirm.submit')}
            </Button>
          </Form>
        )}
      </div>
    </div>
  )
}
