import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { dateFormat } from '#app/components/date-format.ts'
import { PackageSearch } from '#app/components/ui/icons.tsx'
import { SalesChart } from '#app/components/vendors/sales-chart.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { ANALYTICS_PERIODS, AnalyticsQuerySchema, changePercent } from '#app/modules/orders/vendor-analytics.schemas.ts'
import { findStoreAnalytics } from '#app/queries/vendor-analytics.server.ts'
import type { Route } from './+types/analytics'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['analytics'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's analytics, for its owner only: the store is the one the signed-in vendor runs, never one from the URL.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const { days } = AnalyticsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const analytics = await findStoreAnalytics(serviceContextOf(context), { ownerUserId: actor.userId, days })
  return { title: requestI18n(request)._('analytics.meta'), days, analytics }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { days, analytics } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('analytics.title')}</h1>
      {!analytics ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          {t('analytics.noStore')}
        </p>
      ) : (
        <AnalyticsBody analytics={analytics} days={days} />
      )}
    </div>
  )
}

type Analytics = NonNullable<Route.ComponentProps['loaderData']['analytics']>

function AnalyticsBody({ analytics, days }: { analytics: Analytics; days: number }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { pathname } = useLocation()
  const number = numberFormat(intlLocale)
  const range = dateFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' })
  const { sales, followers, lowStock } = analytics
  const { current, previous } = sales
  const money = (n: number) => formatRwf(n, intlLocale)
  const cards = [
    { key: 'revenue', value: money(current.revenue), change: changePercent(current.revenue, previous.revenue) },
    { key: 'orders', value: number.format(current.orders), change: changePercent(current.orders, previous.orders) },
    { key: 'units', value: number.format(current.units), change: changePercent(current.units, previous.units) },
    {
      key: 'customers',
      value: number.format(current.customers),
      change: changePercent(current.customers, previous.customers),
    },
    {
      key: 'average',
      value: money(current.averageOrderValue),
      change: changePercent(current.averageOrderValue, previous.averageOrderValue),
    },
  ]
  return (
    <>
      <p className="mt-1 text-muted-foreground">
        {t('analytics.period', {
          days,
          range: range.formatRange(new Date(`${sales.from}T00:00:00Z`), new Date(`${sales.to}T00:00:00Z`)),
        })}
      </p>

      <nav aria-label={t('analytics.periods.label')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((n) => (
            <li key={n}>
              <Link
                to={`${pathname}?days=${n}`}
                aria-current={n === days ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center rounded-full border px-4 text-sm',
                  n === days
                    ? 'border-primary bg-primary/10 font-semibold text-primary'
                    : 'border-input hover:bg-muted',
                )}
              >
                {t('analytics.periods.option', { days: n })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="analytics-figures" className="mt-6">
        <h2 id="analytics-figures" className="sr-only">
          {t('analytics.figures')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {cards.map((c) => (
            <Figure key={c.key} label={t(messageId(`analytics.figure.${c.key}`))} value={c.value}>
              <Change change={c.change} days={days} />
            </Figure>
          ))}
          <Figure label={t('analytics.figure.followers')} value={number.format(followers.total)}>
            <span className="text-muted-foreground">
              {t('analytics.followers.new', { count: followers.newSince, days })}
            </span>
          </Figure>
        </dl>
      </section>

      <section aria-labelledby="analytics-chart" className="mt-8 rounded-lg border border-border bg-card p-4 shadow-sm">
        <h2 id="analytics-chart" className="text-lg font-bold">
          {t('analytics.chart.title')}
        </h2>
        {current.orders === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('analytics.empty', { days })}</p>
        ) : null}
        <SalesChart daily={sales.daily} className="mt-3" />
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="analytics-best" className="min-w-0">
          <h2 id="analytics-best" className="text-lg font-bold">
            {t('analytics.best.title')}
          </h2>
          {sales.bestSellers.length === 0 ? (
            <p className="mt-3 rounded-lg border border-dashed border-border bg-card p-4 text-sm text-muted-foreground">
              {t('analytics.best.empty')}
            </p>
          ) : (
            <ol className="mt-3 divide-y divide-border rounded-lg border border-border bg-card">
              {sales.bestSellers.map((b, i) => (
                <li key={`${b.productId}-${b.slug}`} className="flex items-center gap-3 p-3">
                  <span className="w-5 shrink-0 text-center font-bold text-muted-foreground">{i + 1}</span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{b.title}</p>
                    <p className="text-sm text-muted-foreground">{t('analytics.best.units', { count: b.units })}</p>
                  </div>
                  <span className="shrink-0 font-semibold">{money(b.revenue)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section aria-labelledby="analytics-stock" className="min-w-0">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="analytics-stock" className="text-lg font-bold">
              {t('analytics.stock.title')}
            </h2>
            <Link to="/vendor-dashboard/inventory" className="text-sm font-medium text-primary hover:underline">
              {t('analytics.stock.manage')}
            </Link>
          </div>
          {lowStock.length === 0 ? (
            <p className="mt-3 rounded-lg border border-dashed border-border bg-card p-4 text-sm text-muted-foreground">
              {t('analytics.stock.empty')}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-border rounded-lg border border-border bg-card">
              {lowStock.map((v) => (
                <li key={v.variantId} className="flex items-center gap-3 p-3">
                  <PackageSearch className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{v.title}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {[v.size, v.colour].filter(Boolean).join(' · ') || v.sku}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                      v.level === 'out' ? 'bg-destructive/10 text-destructive' : 'bg-amber-100 text-amber-900',
                    )}
                  >
                    {v.level === 'out' ? t('analytics.stock.out') : t('analytics.stock.left', { count: v.stock })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}

function Change({ change, days }: { change: number | null; days: number }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const percent = numberFormat(intlLocale, { style: 'percent', signDisplay: 'exceptZero' })
  if (change === null) return <span className="text-muted-foreground">{t('analytics.change.new', { days })}</span>
  return (
    <span
      className={cn(
        change > 0 ? 'text-emerald-700' : change < 0 ? 'text-destructive' : 'text-muted-foreground',
        'font-medium',
      )}
    >
      {t('analytics.change.vs', { change: percent.format(change / 100), days })}
    </span>
  )
}

function Figure({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg border border-border bg-card p-3 shadow-sm sm:p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="order-first text-lg font-bold break-words tabular-nums sm:text-2xl">{value}</dd>
      <dd className="mt-1 text-xs">{children}</dd>
    </div>
  )
}
