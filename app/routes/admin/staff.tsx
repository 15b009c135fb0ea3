import { data, Form, redirect, useNavigation } from 'react-router'
import { selectClass } from '#app/components/account/fields.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { STAFF_ROLES } from '#app/modules/accounts/roles.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import {
  InvitationIdFormSchema,
  InviteStaffSchema,
  StaffMemberFormSchema,
  StaffRoleFormSchema,
} from '#app/modules/staff/staff.schemas.ts'
import {
  changeStaffRole,
  INVITATION_VALID_HOURS,
  inviteStaff,
  listPendingInvitations,
  listStaffAccounts,
  removeStaffMember,
  revokeInvitation,
} from '#app/modules/staff/staff.server.ts'
import type { Route } from './+types/staff'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Staff (owners only, issue 17): who is on Isoko's staff with which role and when they last signed in; invite
// someone by e-mail with a role; change a member's role or take them off the staff (never oneself, never the last
// owner). Every change is in the audit log.

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'staff:manage')
  const ctx = serviceContextOf(context)
  const [members, invitations] = await Promise.all([listStaffAccounts(ctx), listPendingInvitations(ctx)])
  return {
    title: requestI18n(request)._('admin.staff.meta'),
    members,
    invitations,
    me: actor.userId,
    validHours: INVITATION_VALID_HOURS,
  }
}

/** Each refusal's message (a catalogue id). */
const refusalMessage: Record<string, string> = {
  'already-staff': 'admin.staff.error.alreadyStaff',
  'has-account': 'admin.staff.error.hasAccount',
  'already-invited': 'admin.staff.error.alreadyInvited',
  self: 'admin.staff.error.self',
  not_found: 'admin.staff.error.notFound',
  'last-owner': 'admin.staff.error.lastOwner',
}

/** A refusal: which form (and member), the messages by field (catalogue ids), what was typed. */
export type StaffActionData = {
  intent: string
  userId?: string
  errors: Record<string, string>
  values?: Record<string, string>
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'staff:manage')
  const ctx = { ...serviceContextOf(context), actor }
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const refuse = (errors: Record<string, string>, status: number, extra: Partial<StaffActionData> = {}) =>
    data<StaffActionData>({ intent, errors, ...extra }, { status })
  let toast: string
  if (intent === 'invite') {
    const values = { email: String(form.get('email') ?? '').slice(0, 300), staffRole: String(form.get('staffRole')) }
    const parsed = parseForm(form, InviteStaffSchema)
    if (!parsed.ok) return refuse(parsed.errors, 400, { values })
    const outcome = await inviteStaff(ctx, {
      ...parsed.data,
      siteUrl: getEnv().PUBLIC_URL,
      locale: requestLocale(request),
    })
    if (!outcome.ok) return refuse({ email: refusalMessage[outcome.code] ?? 'form.error.invalid' }, 409, { values })
    toast = 'admin.staff.toast.invited'
  } else if (intent === 'role') {
    const parsed = parseForm(form, StaffRoleFormSchema)
    if (!parsed.ok) return refuse({ form: 'form.error.invalid' }, 400)
    const outcome = await changeStaffRole(ctx, parsed.data)
    if (!outcome.ok)
      return refuse({ form: refusalMessage[outcome.code] ?? 'form.error.invalid' }, 409, { userId: parsed.data.userId })
    toast = 'admin.staff.toast.role'
  } else if (intent === 'remove') {
    const parsed = parseForm(form, StaffMemberFormSchema)
    if (!parsed.ok) return refuse({ form: 'form.error.invalid' }, 400)
    const outcome = await removeStaffMember(ctx, parsed.data)
    if (!outcome.ok)
      return refuse({ form: refusalMessage[outcome.code] ?? 'form.error.invalid' }, 409, { userId: parsed.data.userId })
    toast = 'admin.staff.toast.removed'
  } else if (intent === 'revoke') {
    const parsed = parseForm(form, InvitationIdFormSchema)
    if (!parsed.ok) return refuse({ form: 'form.error.invalid' }, 400)
    const outcome = await revokeInvitation(ctx, parsed.data)
    if (!outcome.ok) return refuse({ invitations: 'admin.staff.error.invitationGone' }, 409)
    toast = 'admin.staff.toast.revoked'
  } else {
    return refuse({ form: 'form.error.invalid' }, 400)
  }
  const flash = await flashCookie({ kind: 'success', title: messageId(toast) })
  return redirect('/admin/staff', { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const busy = useNavigation().state === 'submitting'
  const { members, invitations, me, validHours } = loaderData
  const answer = actionData as StaffActionData | undefined
  const invite = answer?.intent === 'invite' ? answer : undefined
  const emailError = invite?.errors.email
  const roleError = invite?.errors.staffRole
  return (
    <section aria-labelledby="staff-title" className="grid gap-8">
      <div>
        <h1 id="staff-title" className="text-2xl font-bold sm:text-3xl">
          {t('admin.staff.heading')}
        </h1>
        <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('admin.staff.intro')}</p>
      </div>

      <section aria-labelledby="staff-members" className="grid gap-3">
        <h2 id="staff-members" className="text-lg font-semibold">
          {t('admin.staff.members', { count: members.length })}
        </h2>
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {members.map((m) => {
            const mine = m.id === me
            const error = answer && answer.userId === m.id ? answer.errors.form : undefined
            return (
              <li key={m.id} className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {m.name || m.email}
                    {mine ? <span className="ml-2 text-sm text-muted-foreground">{t('admin.staff.you')}</span> : null}
                  </p>
                  <p className="text-sm break-all text-muted-foreground">{m.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {m.lastSignInAt
                      ? t('admin.staff.lastSignIn', { date: when(m.lastSignInAt) })
                      : t('admin.staff.neverSignedIn')}
                  </p>
                  {error ? (
                    <p role="alert" className="mt-1 text-sm font-medium text-destructive">
                      {t(messageId(error))}
                    </p>
                  ) : null}
                </div>
                {mine ? (
                  <p className="text-sm font-medium">{t(messageId(`admin.roles.${m.staffRole}`))}</p>
                ) : (
                  <div className="flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={m.id} />
                      <div className="grid gap-1">
                        <Label htmlFor={`role-${m.id}`}>{t('admin.staff.field.role')}</Label>
                        <select
                          id={`role-${m.id}`}
                          name="staffRole"
                          defaultValue={m.staffRole}
                          className={`${selectClass} w-40`}
                        >
                          {STAFF_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(messageId(`admin.roles.${r}`))}
                            </option>
                          ))}
                        </select>
                      </div>
                      <Button type="submit" variant="outline" disabled={busy}>
                        {t('admin.staff.changeRole')}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={m.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        disabled={busy}
                        aria-label={t('admin.staff.removeLabel', { name: m.name || m.email })}
                      >
                        {t('admin.staff.remove')}
                      </Button>
                    </Form>
                  </div>
                )}
              </li>
            )
          })}
        </ul>
        <p className="text-sm text-muted-foreground">{t('admin.staff.rolesHelp')}</p>
      </section>

      <section aria-labelledby="staff-invite" className="grid gap-3">
        <h2 id="staff-invite" className="text-lg font-semibold">
          {t('admin.staff.invite.heading')}
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          {t('admin.staff.invite.intro', { hours: validHours })}
        </p>
        <Form
          method="post"
          className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <div className="grid gap-1.5">
            <Label htmlFor="invite-email">{t('admin.staff.field.email')}</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              defaultValue={invite?.values?.email ?? ''}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'invite-email-error' : undefined}
            />
            <FieldError id="invite-email-error">{emailError ? t(messageId(emailError)) : null}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">{t('admin.staff.field.role')}</Label>
            <select
              id="invite-role"
              name="staffRole"
              defaultValue={invite?.values?.staffRole ?? 'support'}
              className={selectClass}
              aria-invalid={roleError ? true : undefined}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(messageId(`admin.roles.${r}`))}
                </option>
              ))}
            </select>
            <FieldError id="invite-role-error">{roleError ? t(messageId(roleError)) : null}</FieldError>
          </div>
          <Button type="submit" disabled={busy} className="sm:mt-6">
            {t('admin.staff.invite.submit')}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="staff-pending" className="grid gap-3">
        <h2 id="staff-pending" className="text-lg font-semibold">
          {t('admin.staff.pending.heading')}
        </h2>
        {answer?.errors.invitations ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t(messageId(answer.errors.invitations))}
          </p>
        ) : null}
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.staff.pending.empty')}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-medium break-all">{i.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {t(messageId(`admin.roles.${i.staffRole}`))} ·{' '}
                    {t('admin.staff.pending.until', { date: when(i.expiresAt) })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={i.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    disabled={busy}
                    aria-label={t('admin.staff.pending.revokeLabel', { email: i.email })}
                  >
                    {t('admin.staff.pending.revoke')}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}
