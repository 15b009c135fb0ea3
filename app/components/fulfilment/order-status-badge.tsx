import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

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
  size = 'sm',
}: {
  kind: keyof typeof prefix
  status: string
  /** 'md' next to a page's heading. */
  size?: 'sm' | 'md'
}) {
  const t = useT()
  return (
    <span
      data-slot="order-status-badge"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold whitespace-nowrap',
        size === 'md' ? 'text-sm' : 'text-xs',
        tone[status] ?? 'border-border bg-muted',
      )}
    >
      {t(messageId(`${prefix[kind]}.${status}`))}
    </span>
  )
}
