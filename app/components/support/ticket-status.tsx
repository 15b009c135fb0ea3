import { useDateTimeFormat } from '#app/components/admin/format.ts'
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
