import { data } from 'react-router'
import { AccountForm } from '#app/components/account/account-form.tsx'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { staffHomePath } from '#app/modules/staff/permissions.ts'
import { AcceptInvitationSchema } from '#app/modules/staff/staff.schemas.ts'
import { acceptInvitation, findInvitation } from '#app/modules/staff/staff.server.ts'
import type { Route } from './+types/staff-invitation'
import { redirectWithToast } from './customer.server.ts'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The link of a staff invitation (/staff-invitation?token=...): the invitee chooses their name and password, gets
// an account with the invited role, is signed in and lands in the console. A link that expired, was used or was
// revoked says so and does nothing.

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await findInvitation(accountsContextOf(context), tokenOf(request))
  return {
    title: requestI18n(request)._('account.staffInvite.meta'),
    invitation: found.state === 'valid' ? { email: found.email, staffRole: found.staffRole } : null,
    state: found.state,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  form.set('token', tokenOf(request))
  const values = { name: String(form.get('name') ?? '').slice(0, 200) }
  const parsed = parseForm(form, AcceptInvitationSchema)
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  const outcome = await acceptInvitation(accountsContextOf(context), await callerOf(request, context), parsed.data)
  if (!outcome.ok) {
    const error =
      outcome.code === 'auth'
        ? outcome.reason === 'rate-limited'
          ? 'account.error.rateLimited'
          : outcome.reason === 'weak-password'
            ? 'account.error.passwordShort'
            : 'account.staffInvite.error.failed'
        : outcome.code === 'has-account'
          ? 'account.staffInvite.error.hasAccount'
          : `account.staffInvite.error.${outcome.code}`
    return data({ errors: { form: error }, values }, { status: outcome.code === 'auth' ? 400 : 409 })
  }
  return redirectWithToast(
    staffHomePath(outcome.staffRole),
    { kind: 'success', title: 'account.staffInvite.done.title', body: 'account.staffInvite.done.body' },
    outcome.cookies,
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function StaffInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { invitation, state } = loaderData
  if (!invitation && !actionData) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <div className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold">{t('account.staffInvite.title')}</h1>
          <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {t(messageId(`account.staffInvite.error.${state === 'valid' ? 'unknown' : state}`))}
          </p>
        </div>
      </div>
    )
  }
  return (
    <AccountForm
      title={t('account.staffInvite.title')}
      intro={
        invitation
          ? t('account.staffInvite.intro', {
              email: invitation.email,
              role: t(messageId(`admin.roles.${invitation.staffRole}`)),
            })
          : ''
      }
      fields={[
        { name: 'name', autoComplete: 'name', label: t('account.staffInvite.field.name'), maxLength: 80 },
        {
          name: 'password',
          type: 'password',
          autoComplete: 'new-password',
          label: t('account.staffInvite.field.password'),
        },
        {
          name: 'confirmPassword',
          type: 'password',
          autoComplete: 'new-password',
          label: t('account.staffInvite.field.confirm'),
        },
      ]}
      submit={t('account.staffInvite.submit')}
      busy={t('account.staffInvite.busy')}
      failureTitle={t('account.staffInvite.failed')}
      actionData={actionData}
      links={[]}
    />
  )
}
