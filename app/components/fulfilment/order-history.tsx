import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'

// The history of an order, shared by the vendor's and the staff's order pages.

export type HistoryEvent = {
  id: number
  vendorOrderId: number | null
  toStatus: string
  actor: string
  note: string | null
  createdAt: string | Date
}

/**
 * An order's history, oldest first. Events of the order itself and of vendors' parts; `partName` names a part
 * (the store on the staff's page; on the vendor's page every part is their own).
 */
export function OrderHistory({
  events,
  partName,
}: {
  events: HistoryEvent[]
  partName?: (vendorOrderId: number) => string
}) {
  const t = useT()
  const when = useDateTimeFormat()
  return (
    <ol className="grid gap-2 border-l-2 border-border pl-4">
      {events.map((e) => {
        const actorKind = e.actor.split(':')[0] ?? 'system'
        let text: string
        if (e.note === 'cash_collected') text = t('fulfilment.history.cash')
        else if (e.vendorOrderId === null)
          text = t('fulfilment.history.order', { status: t(messageId(`orders.status.${e.toStatus}`)) })
        else {
          const status = t(messageId(`orders.vendorStatus.${e.toStatus}`))
          text = partName
            ? t('fulfilment.history.part', { vendor: partName(e.vendorOrderId), status })
            : t('fulfilment.history.yourPart', { status })
        }
        return (
          <li key={e.id} className="text-sm">
            <span className="font-medium">{text}</span>{' '}
            <span className="text-muted-foreground">
              {t('fulfilment.history.by', {
                actor: t(
                  messageId(
                    `fulfilment.actor.${['customer', 'vendor', 'staff', 'payments'].includes(actorKind) ? actorKind : 'system'}`,
                  ),
                ),
              })}
              {' · '}
              <time dateTime={new Date(e.createdAt).toISOString()}>{when(e.createdAt)}</time>
            </span>
          </li>
        )
      })}
    </ol>
  )
}
