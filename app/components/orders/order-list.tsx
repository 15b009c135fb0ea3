import { Link } from 'react-router'
import { dateFormat } from '#app/components/date-format.ts'
import { messageId } from '#app/lib/i18n.tsx'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

export type OrderListEntry = {
  number: string
  status: string
  total: number
  itemCount: number
  placedAt: Date | string
  titles: string[]
}

const TONE: Record<string, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-muted text-muted-foreground',
  refunded: 'bg-muted text-muted-foreground',
  delivered: 'bg-emerald-100 text-emerald-900',
}

export function OrderStatusBadge({ status }: { status: string }) {
  const t = useT()
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
        TONE[status] ?? 'bg-sky-100 text-sky-900',
      )}
    >
      {t(messageId(`orders.status.${status}`))}
    </span>
  )
}

/** A customer's orders as cards: number, date, what is in it, total and status; each opens the order. */
export function OrderList({ orders }: { orders: OrderListEntry[] }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const date = dateFormat(intlLocale, { dateStyle: 'medium', timeZone: KIGALI_TIME_ZONE })
  return (
    <ul className="mt-3 grid gap-3">
      {orders.map((o) => (
        <li key={o.number}>
          <Link
            to={`/customer-dashboard/orders/${o.number}`}
            className="block rounded-xl border border-border bg-card p-4 hover:bg-muted"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{o.number}</span>
              <OrderStatusBadge status={o.status} />
            </span>
            <span className="mt-1 block truncate text-sm text-muted-foreground">{o.titles.join(', ')}</span>
            <span className="mt-1 flex flex-wrap justify-between gap-2 text-sm">
              <span>
                {date.format(new Date(o.placedAt))} · {t('orders.list.items', { count: o.itemCount })}
              </span>
              <span className="font-medium">{formatRwf(o.total, intlLocale)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
