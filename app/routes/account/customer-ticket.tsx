import { data, Link, redirect } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { TicketReplyForm, TicketStatusBadge, TicketThread } from '#app/components/support/ticket-status.tsx'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { TicketReplySchema } from '#app/modules/support/ticket.schemas.ts'
import { getOwnTicket, replyAsCustomer } from '#app/workflows/support-desk.server.ts'
import type { Route } from './+types/customer-ticket'
import { notFound, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews', 'support'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One of the customer's conversations with staff: every message, and a reply (which opens it again for staff).
// Someone else's conversation is not found.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const id = RecordIdSchema.safeParse(params.ticketId).data ?? Number.NaN
  const ticket = Number.isNaN(id) ? null : await getOwnTicket(ctx, { customerId: customer.id, ticketId: id })
  if (!ticket) notFound()
  return { title: requestI18n(request)._('support.customer.ticketMeta', { subject: ticket.subject }), ticket }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const id = RecordIdSchema.safeParse(params.ticketId).data ?? Number.NaN
  if (Number.isNaN(id)) notFound()
  const form = await request.formData()
  const body = typeof form.get('body') === 'string' ? String(form.get('body')).slice(0, 5000) : ''
  const parsed = TicketReplySchema.safeParse({ body })
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? 'support.error.reply', body }, { status: 400 })
  }
  const outcome = await replyAsCustomer(ctx, {
    customerId: customer.id,
    userId: actor.userId,
    ticketId: id,
    body: parsed.data.body,
  })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ error: 'support.error.reply', body }, { status: 400 })
  const flash = await flashCookie({ kind: 'success', title: 'support.toast.sent' })
  return redirect(`/customer-dashboard/support/${id}`, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerTicketPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { ticket } = loaderData
  return (
    <CustomerPage title={ticket.subject}>
      <div className="grid max-w-2xl gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to="/customer-dashboard/support" className="text-sm text-primary underline underline-offset-4">
            {t('support.customer.back')}
          </Link>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p className="text-sm text-muted-foreground">{t('support.hours')}</p>
        <TicketThread ticket={ticket} reader="customer" />
        <TicketReplyForm
          label={t('support.customer.reply')}
          submit={t('support.customer.sendReply')}
          failed={actionData ?? null}
        />
      </div>
    </CustomerPage>
  )
}
