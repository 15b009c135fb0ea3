import type { ReactNode } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import type { Flash } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { getStaffPayoutsPage, type StaffPayout } from '#app/queries/staff-payouts.server.ts'
import { PAYOUT_TABS } from '#app/queries/staff-payouts.ts'
import { actOnPayouts } from '#app/workflows/staff-payouts.server.ts'
import type { Route } from './+types/payouts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['payouts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Payouts for staff (issue 13): stores due a payout (those without a payout number cannot be paid), payouts on
// their way, sent and failed, with a Retry per failed payout and a "Pay due stores now". Plain form posts: the
// outcome is shown on the page itself, so it works without JavaScript; a second click pays nothing twice.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'payouts:read')
  const page = await getStaffPayoutsPage(serviceContextOf(context), {
    tab: new URL(request.url).searchParams.get('tab'),
  })
  return { title: requestI18n(request)._('payouts.admin.meta'), ...page }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'payouts:approve')
  const form = await request.formData()
  const notice = await actOnPayouts({ ...serviceContextOf(context), actor }, form)
  if (notice.kind === 'success') {
    const payoutId = form.get('payoutId')
    await recordStaffAction(serviceContextOf(context), {
      actor,
      action: form.get('intent') === 'retry' ? 'payout:retry' : 'payout:payDue',
      subject: { type: 'payout', id: form.get('intent') === 'retry' ? String(payoutId) : 'due' },
      after: notice.values ?? null,
    })
  }
  return data({ notice }, { status: notice.kind === 'error' ? 409 : 200 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function PayoutsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { tab, counts, minimum } = loaderData
  const { intlLocale } = useRootData()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const payable = loaderData.due.some((d) => d.method && !d.open)
  return (
    <section aria-labelledby="payouts-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="payouts-title" className="text-2xl font-bold sm:text-3xl">
            {t('payouts.admin.heading')}
          </h1>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            {t('payouts.admin.intro', { minimum: formatRwf(minimum, intlLocale) })}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="pay-due" />
          <Button type="submit" variant="outline" disabled={busy || !payable}>
            {t('payouts.admin.payDue')}
          </Button>
        </Form>
      </div>
      {actionData?.notice ? <Notice notice={actionData.notice} /> : null}
      <nav aria-label={t('payouts.admin.tabs')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {PAYOUT_TABS.map((key) => (
            <li key={key}>
              <Link
                to={`?tab=${key}`}
                aria-current={key === tab ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium',
                  key === tab ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card',
                )}
              >
                {t(`payouts.admin.tab.${key}`)}
                <span className="tabular-nums">({counts[key]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        {tab === 'due' ? <DueList stores={loaderData.due} /> : null}
        {tab === 'pending' ? <PayoutList tab="pending" payouts={loaderData.pending} /> : null}
        {tab === 'sent' ? <PayoutList tab="sent" payouts={loaderData.sent} /> : null}
        {tab === 'failed' ? <PayoutList tab="failed" payouts={loaderData.failed} busy={busy} /> : null}
      </div>
    </section>
  )
}

function Notice({ notice }: { notice: Flash }) {
  const t = useT()
  return (
    <div
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={cn(
        'mt-4 rounded-lg border p-4',
        notice.kind === 'error' ? 'border-destructive text-destructive' : 'border-primary',
      )}
    >
      <p className="font-medium">{t(messageId(notice.title), notice.values)}</p>
      {notice.body ? <p className="text-sm">{t(messageId(notice.body), notice.values)}</p> : null}
    </div>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-border p-6 text-center">{children}</p>
}

// A table on a wide screen; on a phone each row stacks as a card, each cell with its column's name.
const tableClass = 'block w-full text-sm md:table'
const headClass = 'sr-only md:not-sr-only md:table-header-group md:bg-muted md:text-left'
const rowClass = 'block border-b border-border p-3 last:border-b-0 md:table-row md:p-0'
const cellClass = 'flex flex-wrap justify-between gap-x-3 py-0.5 md:table-cell md:px-3 md:py-2'

function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn(cellClass, className)}>
      <span className="text-muted-foreground md:hidden">{label}</span>
      <span className="min-w-0 break-words">{children}</span>
    </td>
  )
}

function DueList({ stores }: { stores: Route.ComponentProps['loaderData']['due'] }) {
  const t = useT()
  const { intlLocale } = useRootData()
  if (stores.length === 0) return <Empty>{t('payouts.admin.empty.due')}</Empty>
  const col = (key: string) => t(messageId(`payouts.admin.col.${key}`))
  return (
    <div className="rounded-lg border border-border bg-card">
      <table className={tableClass} aria-label={t('payouts.admin.tab.due')}>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {col('store')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {col('payable')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {col('method')}
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group md:divide-y md:divide-border">
          {stores.map((s) => (
            <tr key={s.vendorId} className={rowClass} data-store={s.name}>
              <th scope="row" className="block py-0.5 text-left font-medium break-words md:table-cell md:px-3 md:py-2">
                <Link to={`/vendor/${s.vendorId}`} className="hover:underline">
                  {s.name}
                </Link>
                {s.open ? (
                  <span className="ml-2 text-xs font-normal text-muted-foreground">{t('payouts.admin.open')}</span>
                ) : null}
              </th>
              <Cell label={col('payable')} className="md:text-right md:whitespace-nowrap">
                {formatRwf(s.payableNow, intlLocale)}
                {s.netted > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {t('payouts.admin.netted', { amount: formatRwf(s.netted, intlLocale) })}
                  </span>
                ) : null}
              </Cell>
              <Cell label={col('method')}>
                {s.method ? (
                  `${t(`payouts.provider.${s.method.provider}`)} ${formatPhone(s.method.phone)}`
                ) : (
                  <span className="font-medium text-destructive">{t('payouts.admin.noMethod')}</span>
                )}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PayoutList({
  tab,
  payouts,
  busy = false,
}: {
  tab: 'pending' | 'sent' | 'failed'
  payouts: StaffPayout[]
  busy?: boolean
}) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  if (payouts.length === 0) return <Empty>{t(`payouts.admin.empty.${tab}`)}</Empty>
  const col = (key: string) => t(messageId(`payouts.admin.col.${key}`))
  const third = tab === 'sent' ? 'transaction' : tab === 'failed' ? 'reason' : 'reference'
  const dateCol = tab === 'sent' ? 'sentAt' : tab === 'failed' ? 'failedAt' : 'requestedAt'
  return (
    <div className="rounded-lg border border-border bg-card">
      <table className={tableClass} aria-label={t(`payouts.admin.tab.${tab}`)}>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {col('store')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {col('amount')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {col('to')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {col(dateCol)}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {col(third)}
            </th>
            {tab === 'failed' ? (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{col('action')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="block md:table-row-group md:divide-y md:divide-border">
          {payouts.map((p) => {
            const date = tab === 'pending' ? p.createdAt : (p.completedAt ?? p.createdAt)
            return (
              <tr key={p.id} className={rowClass} data-payout={p.id} data-store={p.storeName}>
                <th
                  scope="row"
                  className="block py-0.5 text-left font-medium break-words md:table-cell md:px-3 md:py-2"
                >
                  <Link to={`/vendor/${p.vendorId}`} className="hover:underline">
                    {p.storeName}
                  </Link>
                  <span className="block text-xs font-normal text-muted-foreground">
                    {t(`payouts.requestedBy.${p.requestedBy}`)}
                    {p.retryOf !== null ? ` · ${t('payouts.admin.retryOf', { id: p.retryOf })}` : ''}
                  </span>
                </th>
                <Cell label={col('amount')} className="md:text-right md:whitespace-nowrap">
                  <span className="font-semibold tabular-nums">{formatRwf(p.amount, intlLocale)}</span>
                  {p.netted > 0 ? (
                    <span className="block text-xs text-muted-foreground">
                      {t('payouts.admin.netted', { amount: formatRwf(p.netted, intlLocale) })}
                    </span>
                  ) : null}
                </Cell>
                <Cell label={col('to')}>
                  {t(`payouts.provider.${p.provider}`)} {formatPhone(p.phone)}
                </Cell>
                <Cell label={col(dateCol)}>
                  <time dateTime={new Date(date).toISOString()}>{when(date)}</time>
                </Cell>
                {tab === 'sent' ? (
                  <Cell label={col('transaction')}>
                    <span className="break-all">{p.providerTransactionId ?? '—'}</span>
                  </Cell>
                ) : tab === 'failed' ? (
                  <Cell label={col('reason')}>
                    <span className="text-destructive">{p.failureMessage ? t(messageId(p.failureMessage)) : ''}</span>
                  </Cell>
                ) : (
                  <Cell label={col('reference')}>
                    <span className="break-all text-xs">{p.reference}</span>
                  </Cell>
                )}
                {tab === 'failed' ? (
                  <td className="block pt-2 md:table-cell md:px-3 md:py-2">
                    {p.retriedBy !== null ? (
                      <span className="text-sm text-muted-foreground">
                        {t('payouts.admin.retriedBy', { id: p.retriedBy })}
                      </span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="payoutId" value={p.id} />
                        <Button
                          type="submit"
                          size="sm"
                          disabled={busy}
                          aria-label={t('payouts.admin.retryLabel', { store: p.storeName, id: p.id })}
                        >
                          {t('payouts.admin.retry')}
                        </Button>
                      </Form>
                    )}
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
