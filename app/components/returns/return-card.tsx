import type { ReactNode } from 'react'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import type { DisputePanelItem, ReturnPanelItem } from '#app/workflows/returns.server.ts'

// One return as the customer, the store and staff see it: what comes back and why, the store's answer, the money,
// the photos, the case staff decide, and every step with its time. The actions each reader may take come as
// children (forms of the page it is on).

const TONE: Record<ReturnPanelItem['status'], string> = {
  requested: 'bg-amber-100 text-amber-950',
  accepted: 'bg-sky-100 text-sky-950',
  refused: 'bg-red-100 text-red-950',
  received: 'bg-sky-100 text-sky-950',
  refunded: 'bg-emerald-100 text-emerald-950',
  replaced: 'bg-emerald-100 text-emerald-950',
  cancelled: 'bg-muted text-foreground',
  closed: 'bg-muted text-foreground',
}

export function ReturnStatusBadge({ status }: { status: ReturnPanelItem['status'] }) {
  const t = useT()
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}>
      {t(`returns.status.${status}`)}
    </span>
  )
}

export function ReturnCard({
  item,
  dispute,
  children,
}: {
  item: ReturnPanelItem
  dispute?: DisputePanelItem | null
  children?: ReactNode
}) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const variant = item.line ? [item.line.size, item.line.colour].filter(Boolean).join(' · ') : ''
  return (
    <article
      aria-labelledby={`return-${item.id}`}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`return-${item.id}`} className="min-w-0 font-semibold break-words">
          {t('returns.card.title', { count: item.quantity, product: item.line?.title ?? '' })}
          {variant ? <span className="block font-normal text-muted-foreground">{variant}</span> : null}
        </h3>
        <ReturnStatusBadge status={item.status} />
      </div>
      <dl className="grid gap-2 sm:grid-cols-2">
        <Row label={t('returns.card.reason')}>{t(`returns.reason.${item.reason}`)}</Row>
        <Row label={t('returns.card.resolution')}>
          {item.resolution === 'replace'
            ? t('returns.resolution.replaceWith', { replacement: item.replacementLabel ?? '' })
            : t('returns.resolution.refund')}
        </Row>
        {item.refundPhone ? <Row label={t('returns.card.refundPhone')}>{formatPhone(item.refundPhone)}</Row> : null}
        {item.refundAmount !== null ? (
          <Row label={t('returns.card.refund')}>
            {formatRwf(item.refundAmount, intlLocale)}
            {item.deliveryRefund > 0
              ? ` ${t('returns.card.withDelivery', { amount: formatRwf(item.deliveryRefund, intlLocale) })}`
              : ''}
            {item.refundStatus ? (
              <span className="block text-muted-foreground">
                {t(messageId(`returns.refundStatus.${item.refundStatus}`))}
              </span>
            ) : null}
          </Row>
        ) : null}
        {item.status === 'requested' ? <Row label={t('returns.card.answerBy')}>{when(item.answerDueAt)}</Row> : null}
      </dl>
      {item.note ? <p className="break-words">“{item.note}”</p> : null}
      {item.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('returns.card.photos')}>
          {item.photos.map((p, i) => (
            <li key={p.id}>
              <a href={`/images/${p.imageKey}-800.webp`} target="_blank" rel="noreferrer">
                <ResponsiveImage
                  imageKey={p.imageKey}
                  alt={t('returns.card.photo', { n: i + 1 })}
                  width={64}
                  height={80}
                  placeholder={p.placeholder}
                  sizes="64px"
                  className="h-20 w-16 rounded-md object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.method ? (
        <div className="rounded-lg bg-muted p-3">
          <p className="font-medium">{t(`returns.answer.method.${item.method}`)}</p>
          {item.instructions ? <p className="mt-1 break-words whitespace-pre-line">{item.instructions}</p> : null}
        </div>
      ) : null}
      {item.refusal ? (
        <p className="rounded-lg bg-red-50 p-3 break-words text-red-950">
          {t('returns.card.refusal', { refusal: item.refusal })}
        </p>
      ) : null}
      {dispute ? <DisputeSummary dispute={dispute} /> : null}
      <details>
        <summary className="cursor-pointer font-medium">{t('returns.card.history')}</summary>
        <ol className="mt-2 grid gap-1 border-l-2 border-border pl-3">
          {item.events.map((e) => (
            <li key={e.id}>
              <span className="font-medium">
                {e.note && e.fromStatus === e.toStatus
                  ? t(messageId(`returns.note.${e.note}`))
                  : t(`returns.status.${e.toStatus as ReturnPanelItem['status']}`)}
              </span>{' '}
              <span className="text-muted-foreground">
                {t(messageId(`returns.actor.${actorKind(e.actor)}`))} · {when(e.createdAt)}
              </span>
            </li>
          ))}
        </ol>
      </details>
      {children}
    </article>
  )
}

/** A case staff decide: its state, what each side said, the decision. */
export function DisputeSummary({ dispute, children }: { dispute: DisputePanelItem; children?: ReactNode }) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  return (
    <section
      aria-label={t('returns.dispute.title')}
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <p className="font-semibold">
        {t(messageId(`returns.dispute.status.${dispute.status}`))} · {t(`returns.dispute.kind.${dispute.kind}`)}
      </p>
      {dispute.status === 'decided' && dispute.refundAmount !== null ? (
        <p>
          {t(dispute.bearer === 'platform' ? 'returns.dispute.refundedByIsoko' : 'returns.dispute.refundedByStore', {
            amount: formatRwf(dispute.refundAmount, intlLocale),
          })}
        </p>
      ) : null}
      {dispute.messages.length > 0 ? (
        <ol className="grid gap-1">
          {dispute.messages.map((m) => (
            <li key={m.id} className="break-words">
              <span className="font-medium">{t(messageId(`returns.side.${m.side}`))}</span>{' '}
              <span className="text-amber-900/80">{when(m.createdAt)}</span>
              <span className="block whitespace-pre-line">{m.body}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {children}
    </section>
  )
}

function actorKind(actor: string): string {
  const kind = actor.split(':')[0] ?? 'system'
  return ['customer', 'vendor', 'staff', 'payments'].includes(kind) ? kind : 'system'
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
