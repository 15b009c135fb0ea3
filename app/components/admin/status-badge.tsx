import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'

const tone: Record<string, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  sent: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  answered: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  new: 'border-sky-300 bg-sky-50 text-sky-900',
  rejected: 'border-red-300 bg-red-50 text-red-900',
  failed: 'border-red-300 bg-red-50 text-red-900',
  suspended: 'border-stone-400 bg-stone-100 text-stone-900',
}

/** A status as a small labelled pill: a vendor's, a message's or an e-mail's (`admin.status.<status>`). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const t = useT()
  return (
    <span
      data-slot="status-badge"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        tone[status] ?? 'border-border bg-muted',
        className,
      )}
    >
      {t(messageId(`admin.status.${status}`))}
    </span>
  )
}
