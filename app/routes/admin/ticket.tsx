import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { TicketReplyForm, TicketStatusBadge, TicketThread } from '#app/components/support/ticket-status.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { TicketReplySchema } from '#app/modules/support/ticket.schemas.ts'
import { getTicketForStaff, replyAsStaff, updateTicketAsStaff } from '#app/workflows/support-desk.server.ts'
import type { Route } from './+types/ticket'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['orders', 'support'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One ticket as staff work on it: the conversation, a reply (e-mailed to the customer, or sent by SMS to a
// phone-only account), its state and who looks after it, and the customer's last orders beside it.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'support:tickets')
  const id = RecordIdSchema.safeParse(params.ticketId).data ?? Number.NaN
  const found = Number.isNaN(id) ? null : await getTicketForStaff({ ...serviceContextOf(context), actor }, id)
  if (!found) notFound()
  return { title: requestI18n(request)._('support.ticket.meta', { id: found.ticket.id }), ...found, me: actor.userId }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'support:tickets')
  const id = RecordIdSchema.safeParse(params.ticketId).data ?? Number.NaN
  if (Number.isNaN(id)) notFound()
  const ctx = { ...serviceContextOf(context), actor }
  const form = await request.formData()
  const intent = form.get('intent')
  let toast: string
  if (intent === 'reply') {
    const body = typeof form.get('body') === 'string' ? String(form.get('body')).slice(0, 5000) : ''
    const parsed = TicketReplySchema.safeParse({ body })
    if (!parsed.success) {
      return data({ error: parsed.error.issues[0]?.message ?? 'support.error.reply', body }, { status: 400 })
    }
    const outcome = await replyAsStaff(ctx, { ticketId: id, body: parsed.data.body })
    if (!outcome.ok && outcome.code === 'not_found') notFound()
    if (!outcome.ok) return data({ error: 'support.error.reply', body }, { status: 400 })
    toast = 'support.toast.replied'
  } else if (intent === 'solve' || intent === 'reopen') {
    const outcome = await updateTicketAsStaff(ctx, { ticketId: id, status: intent === 'solve' ? 'solved' : 'open' })
    if (!outcome.ok) notFound()
    toast = `support.toast.${intent}`
  } else if (intent === 'assign') {
    const to = form.get('assignedTo')
    const outcome = await updateTicketAsStaff(ctx, {
      ticketId: id,
      assignedTo: typeof to === 'string' && to ? to : null,
    })
    if (!outcome.ok && outcome.code === 'not_found') notFound()
    if (!outcome.ok) return data({ error: 'support.error.assign', body: '' }, { status: 400 })
    toast = 'support.toast.assigned'
  } else {
    return data({ error: 'form.error.invalid', body: '' }, { status: 400 })
  }
  await recordStaffAction(ctx, {
    actor,
    action: `ticket:${intent}`,
    subject: { type: 'ticket', id },
    after:
      intent === 'assign'
        ? { assignedTo: form.get('assignedTo') || null }
        : intent === 'reply'
          ? null
          : { status: intent === 'solve' ? 'solved' : 'open' },
  })
  const flash = await flashCookie({ kind: 'success', title: messageId(toast) })
  return redirect(`/admin/support/${id}`, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminTicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const { ticket, staff, orders, me } = loaderData
  return (
    <article aria-labelledby="ticket-title" className="grid gap-5">
      <Link
        to="/admin/support"
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('support.ticket.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h1 id="ticket-title" className="text-2xl font-bold break-words">
            {ticket.subject}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground break-words">
            {t(`support.channel.${ticket.channel}`)} · {ticket.name}
            {ticket.email ? (
              <>
                {' · '}
                <a href={`mailto:${ticket.email}`} className="text-primary underline underline-offset-4">
                  {ticket.email}
                </a>
              </>
            ) : null}
          </p>
        </div>
        <span className="flex flex-wrap gap-1">
          {ticket.late ? (
            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-950">
              {t('support.desk.lateBadge')}
            </span>
          ) : null}
          <TicketStatusBadge status={ticket.status} />
        </span>
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-4">
          <TicketThread ticket={ticket} reader="staff" />
          <TicketReplyForm
            intent="reply"
            label={t(ticket.email ? 'support.ticket.replyByEmail' : 'support.ticket.replyBySms')}
            submit={t('support.ticket.send')}
            failed={actionData ?? null}
          />
        </div>
        <aside className="grid content-start gap-4">
          <section
            aria-label={t('support.ticket.handling')}
            className="grid gap-3 rounded-xl border border-border bg-card p-4 text-sm"
          >
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="assign" />
              <Label htmlFor="ticket-assign">{t('support.ticket.assignedTo')}</Label>
              <select
                id="ticket-assign"
                name="assignedTo"
                defaultValue={ticket.assignedTo ?? ''}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="">{t('support.ticket.nobody')}</option>
                {staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.id === me ? t('support.ticket.me', { name: s.name }) : s.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="outline" size="sm" disabled={busy} className="justify-self-start">
                {t('support.ticket.assign')}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value={ticket.status === 'solved' ? 'reopen' : 'solve'} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                {t(ticket.status === 'solved' ? 'support.ticket.reopen' : 'support.ticket.solve')}
              </Button>
            </Form>
          </section>
          <section
            aria-label={t('support.ticket.orders')}
            className="rounded-xl border border-border bg-card p-4 text-sm"
          >
            <h2 className="font-semibold">{t('support.ticket.orders')}</h2>
            {!ticket.customerId ? (
              <p className="mt-2 text-muted-foreground">{t('support.ticket.noAccount')}</p>
            ) : orders.length === 0 ? (
              <p className="mt-2 text-muted-foreground">{t('support.ticket.noOrders')}</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {orders.map((o) => (
                  <li key={o.id}>
                    <Link
                      to={`/admin/orders/${o.number}`}
                      className="font-medium text-primary underline underline-offset-4"
                    >
                      {o.number}
                    </Link>
                    <span className="block text-muted-foreground">
                      {t(`orders.status.${o.status}`)} · {formatRwf(o.total, intlLocale)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </article>
  )
}
