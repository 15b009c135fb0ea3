import { Form, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import type { SupportReply, SupportTicket, TicketStatus } from '#app/modules/support/support-messages.server.ts'

// A support ticket's state as a badge, and its conversation as both sides read it.

const TONE: Record<TicketStatus, string> = {
  new: 'bg-amber-100 text-amber-950',
  open: 'bg-sky-100 text-sky-950',
  waiting: 'bg-muted text-foreground',
  solved: 'bg-emerald-100 text-emerald-950',
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const t = useT()
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(`support.status.${status}`)}
    </span>
  )
}

/** The first message and every reply, oldest first; `reader` says whose side is "you". */
export function TicketThread({
  ticket,
  reader,
}: {
  ticket: Pick<SupportTicket, 'name' | 'message' | 'createdAt'> & { replies: SupportReply[] }
  reader: 'customer' | 'staff'
}) {
  const t = useT()
  const when = useDateTimeFormat()
  const first = { id: 0, side: 'customer' as const, body: ticket.message, createdAt: ticket.createdAt }
  return (
    <ol className="grid gap-3" aria-label={t('support.thread')}>
      {[first, ...ticket.replies].map((m) => {
        const mine = m.side === reader
        return (
          <li
            key={m.id}
            className={`max-w-[85%] rounded-xl p-3 text-sm ${mine ? 'justify-self-end bg-primary/10' : 'justify-self-start border border-border bg-card'}`}
          >
            <p className="text-xs font-medium text-muted-foreground">
              {m.side === 'staff' ? t('support.side.staff') : reader === 'staff' ? ticket.name : t('support.side.you')}{' '}
              · {when(m.createdAt)}
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
          </li>
        )
      })}
    </ol>
  )
}

/** The reply box under a conversation (the customer's or staff's), keeping what was typed when it is refused. */
export function TicketReplyForm({
  label,
  submit,
  failed,
  intent,
}: {
  label: string
  submit: string
  failed?: { error: string; body: string } | null
  intent?: string
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" noValidate className="grid gap-2 rounded-xl border border-border bg-card p-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Label htmlFor="ticket-reply">{label}</Label>
      <Textarea
        id="ticket-reply"
        name="body"
        rows={4}
        maxLength={5000}
        defaultValue={failed?.body}
        aria-invalid={failed?.error ? true : undefined}
        aria-describedby={failed?.error ? 'ticket-reply-error' : undefined}
      />
      <FieldError id="ticket-reply-error">{failed?.error ? t(messageId(failed.error)) : null}</FieldError>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {submit}
      </Button>
    </Form>
  )
}
