import { Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { countOpenDisputes, listDisputeQueue } from '#app/queries/staff-disputes.server.ts'
import type { Route } from './+types/disputes'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['returns'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The cases staff decide: refused returns the customer disputes, returns a store left unanswered for two business
// days, orders never received or never sent. Oldest first, with how long each has waited.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'disputes:read')
  const ctx = serviceContextOf(context)
  const [open, decided, counts] = await Promise.all([
    listDisputeQueue(ctx, { status: 'open' }),
    listDisputeQueue(ctx, { status: 'decided', limit: 20 }),
    countOpenDisputes(ctx),
  ])
  const closed = await listDisputeQueue(ctx, { status: 'closed', limit: 20 })
  const done = [...decided, ...closed]
    .sort((a, b) => (b.decidedAt?.getTime() ?? 0) - (a.decidedAt?.getTime() ?? 0))
    .slice(0, 20)
  return { title: requestI18n(request)._('returns.admin.meta'), open, done, counts }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminDisputes({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { open, done, counts } = loaderData
  return (
    <section aria-labelledby="disputes-title" className="grid gap-6">
      <div>
        <h1 id="disputes-title" className="text-2xl font-bold">
          {t('returns.admin.title')}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('returns.admin.counts', { open: counts.open, late: counts.late })}
        </p>
      </div>
      <Queue title={t('returns.admin.open')} items={open} empty={t('returns.admin.openEmpty')} />
      <Queue title={t('returns.admin.done')} items={done} empty={t('returns.admin.doneEmpty')} />
    </section>
  )
}

function Queue({
  title,
  items,
  empty,
}: {
  title: string
  items: Route.ComponentProps['loaderData']['open']
  empty: string
}) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {items.map((d) => (
            <li key={d.id}>
              <Link
                to={`/admin/disputes/${d.id}`}
                className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm hover:bg-muted sm:grid-cols-[1fr_auto]"
              >
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{t('returns.admin.case', { id: d.id, number: d.orderNumber })}</span>{' '}
                  · {d.store} · {t(messageId(`returns.dispute.kind.${d.kind}`))}
                  <span className="block text-muted-foreground">
                    {t(messageId(`returns.admin.openedBy.${d.openedBy}`))} · {when(d.createdAt)}
                    {d.refundAmount !== null ? ` · ${formatRwf(d.refundAmount, intlLocale)}` : ''}
                  </span>
                </span>
                <span
                  className={`self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    d.status === 'open' && d.waitedHours >= 24 ? 'bg-red-100 text-red-950' : 'bg-muted'
                  }`}
                >
                  {t('returns.admin.waited', { hours: d.waitedHours })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
