import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Truck } from '#app/components/ui/icons.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

// Small pieces the vendor's and the staff's order pages share: status pills, the delivery option, the history.

const tone: Record<string, string> = {
  // vendor orders
  new: 'border-sky-300 bg-sky-50 text-sky-900',
  packed: 'border-amber-300 bg-amber-50 text-amber-900',
  dispatched: 'border-violet-300 bg-violet-50 text-violet-900',
  delivered: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  cancelled: 'border-stone-400 bg-stone-100 text-stone-900',
  // orders
  pending_payment: 'border-amber-300 bg-amber-50 text-amber-900',
  paid: 'border-sky-300 bg-sky-50 text-sky-900',
  confirmed: 'border-sky-300 bg-sky-50 text-sky-900',
  partly_shipped: 'border-violet-300 bg-violet-50 text-violet-900',
  shipped: 'border-violet-300 bg-violet-50 text-violet-900',
  refunded: 'border-stone-400 bg-stone-100 text-stone-900',
  // payments and refunds
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  succeeded: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
  expired: 'border-stone-400 bg-stone-100 text-stone-900',
}

const prefix = {
  order: 'orders.status',
  vendorOrder: 'orders.vendorStatus',
  payment: 'orders.paymentStatus',
  refund: 'orders.refundStatus',
} as const

/** A status as a labelled pill, in the words of the `orders` catalogue. */
export function OrderStatusBadge({
  kind,
  status,
  className,
}: {
  kind: keyof typeof prefix
  status: string
  className?: string
}) {
  const t = useT()
  return (
    <span
      data-slot="order-status-badge"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tone[status] ?? 'border-border bg-muted',
        className,
      )}
    >
      {t(`${prefix[kind]}.${status}`)}
    </span>
  )
}

/** The delivery option; same-day express stands out, since it must leave today. */
export function DeliveryOption({ option }: { option: 'standard' | 'express' }) {
  const t = useT()
  if (option !== 'express') return <span>{t('orders.delivery.standard')}</span>
  return (
    <span className="inline-flex items-center gap-1 rounded-md border border-amber-400 bg-amber-50 px-1.5 py-0.5 font-semibold text-amber-950">
      <Truck className="size-4" aria-hidden="true" />
      {t('orders.delivery.express')}
    </span>
  )
}

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
          text = t('fulfilment.history.order', { status: t(`orders.status.${e.toStatus}`) })
        else {
          const status = t(`orders.vendorStatus.${e.toStatus}`)
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
                  `fulfilment.actor.${['customer', 'vendor', 'staff', 'payments'].includes(actorKind) ? actorKind : 'system'}`,
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
