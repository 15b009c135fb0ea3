import { Form, Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { dateFormat } from '#app/components/date-format.ts'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { monthKey, parseMonth } from '#app/lib/months.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { findVendorStatement } from '#app/queries/vendor-statement.server.ts'
import type { Route } from './+types/statement'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['statement', 'vendor'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The signed-in vendor's monthly statement (issue 13): where the store stood at the month's start, every movement
// of its money in the month with its order, and where it stood at the end; the same as CSV for an accountant. The
// store is the one the vendor runs (from the session), never one from the URL. /vendor-dashboard/statement?month=2026-11
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const month = parseMonth(new URL(request.url).searchParams.get('month'))
  const statement = await findVendorStatement(serviceContextOf(context), {
    ownerUserId: actor.userId,
    month,
    now: new Date(),
  })
  return { title: requestI18n(request)._('statement.meta'), statement }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorStatementPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { statement } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to="/vendor-dashboard/balance"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('statement.back')}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('statement.title')}</h1>
      {!statement ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          {t('statement.noStore')}
        </p>
      ) : (
        <StatementBody statement={statement} />
      )}
    </div>
  )
}

type Statement = NonNullable<Route.ComponentProps['loaderData']['statement']>

function StatementBody({ statement }: { statement: Statement }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  const money = (n: number) => formatRwf(n, intlLocale)
  const key = monthKey(statement.month)
  const monthName = dateFormat(intlLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${key}-15T00:00:00Z`),
  )
  const figures = [
    { key: 'opening', value: statement.opening },
    { key: 'sales', value: statement.totals.sales },
    { key: 'commission', value: statement.totals.commission },
    { key: 'closing', value: statement.closing },
  ] as const
  return (
    <>
      <p className="mt-1 text-muted-foreground">{t('statement.subtitle', { store: statement.store.name })}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('statement.month')}
            <input
              type="month"
              name="month"
              defaultValue={key}
              className="h-10 rounded-md border border-input bg-background px-3 text-base"
            />
          </label>
          <button
            type="submit"
            className="h-10 rounded-md border border-border bg-card px-4 text-sm font-medium hover:bg-muted"
          >
            {t('statement.show')}
          </button>
        </Form>
        <nav aria-label={t('statement.months')} className="flex flex-wrap gap-2 text-sm">
          <Link
            to={`?month=${monthKey(statement.previous)}`}
            className="rounded-md px-2 py-2 font-medium text-primary hover:underline"
          >
            {t('statement.previous')}
          </Link>
          {statement.next ? (
            <Link
              to={`?month=${monthKey(statement.next)}`}
              className="rounded-md px-2 py-2 font-medium text-primary hover:underline"
            >
              {t('statement.next')}
            </Link>
          ) : null}
        </nav>
        <a
          href={`/vendor-dashboard/statement.csv?month=${key}`}
          download
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          {t('statement.csv')}
        </a>
      </div>

      <h2 className="mt-6 text-xl font-bold">{monthName}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((f) => (
          <div key={f.key} className="flex min-w-0 flex-col rounded-lg border border-border bg-card p-3 shadow-sm">
            <dt className="text-sm text-muted-foreground">{t(`statement.figure.${f.key}`)}</dt>
            <dd className="order-first text-lg font-bold break-words tabular-nums sm:text-xl" data-figure={f.key}>
              {money(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted-foreground">{t('statement.rule')}</p>

      {statement.lines.length === 0 ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          {t('statement.empty')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-lg border border-border bg-card" aria-label={monthName}>
          {statement.lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 sm:p-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {line.reason === 'payout_netting'
                    ? t('statement.line.netting', { amount: money(line.settled) })
                    : t(`vendor.balance.reason.${line.reason}`)}
                </p>
                <p className="text-sm text-muted-foreground break-words">
                  <time dateTime={new Date(line.postedAt).toISOString()}>{when(line.postedAt)}</time>
                  {line.order ? (
                    <>
                      {' · '}
                      <Link
                        to={`/vendor-dashboard/orders/${line.order.vendorOrderId}`}
                        className="font-medium text-primary break-all underline-offset-2 hover:underline"
                      >
                        {t('vendor.balance.order', { number: line.order.number })}
                      </Link>
                    </>
                  ) : null}
                </p>
                {line.sales !== 0 || line.commission !== 0 ? (
                  <p className="text-sm break-words">
                    {t('statement.line.detail', { sales: money(line.sales), commission: money(line.commission) })}
                  </p>
                ) : null}
              </div>
              <p
                className={cn(
                  'shrink-0 font-semibold tabular-nums',
                  line.net < 0 ? 'text-destructive' : 'text-foreground',
                )}
                data-net={line.net}
              >
                {money(line.net)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
