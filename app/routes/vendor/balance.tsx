import { Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import { z } from 'zod'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { type Flash, flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { findVendorBalancePage } from '#app/queries/vendor-balance.server.ts'
import { requestVendorPayout } from '#app/workflows/payouts.server.ts'
import type { Route } from './+types/balance'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['payouts', 'statement', 'vendor'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

/** /vendor-dashboard/balance?page=2: a bad page falls back to the first. */
const BalanceQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1) })

// The signed-in vendor's balance, payouts and ledger lines (issue 13). The store is the one the vendor runs (from
// the session), never one from the URL or the form.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const { page } = BalanceQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const balance = await findVendorBalancePage(serviceContextOf(context), { ownerUserId: actor.userId, page })
  return { title: requestI18n(request)._('vendor.balance.meta'), balance }
}

/** "Request payout": a plain form post (works without JavaScript); a second click finds the open payout. */
export async function action({ context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const outcome = await requestVendorPayout(serviceContextOf(context), { ownerUserId: actor.userId })
  const flash: Flash = outcome.ok
    ? {
        kind: 'success',
        title: 'payouts.request.sent.title',
        body: 'payouts.request.sent.body',
        values: { amount: formatRwf(outcome.payout.amount), phone: formatPhone(outcome.payout.phone) },
      }
    : {
        kind: 'error',
        title: `payouts.request.refused.${outcome.code}`,
        values: outcome.code === 'below_minimum' ? { minimum: formatRwf(outcome.minimum) } : undefined,
      }
  return redirect('/vendor-dashboard/balance', { headers: { 'Set-Cookie': await flashCookie(flash) } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorBalancePage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { balance } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('vendor.balance.title')}</h1>
        {balance ? (
          <Link to="/vendor-dashboard/statement" className="text-sm font-medium text-primary hover:underline">
            {t('statement.link')}
          </Link>
        ) : null}
      </div>
      {!balance ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-card p-4">
          {t('vendor.balance.noStore')}
        </p>
      ) : (
        <BalanceBody balance={balance} />
      )}
    </div>
  )
}

type Balance = NonNullable<Route.ComponentProps['loaderData']['balance']>

function BalanceBody({ balance }: { balance: Balance }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  const { pathname, search } = useLocation()
  const money = (n: number) => formatRwf(n, intlLocale)
  const figures = [
    { key: 'available', value: balance.balances.available, note: null },
    {
      key: 'onHold',
      value: balance.balances.onHold,
      note: t('vendor.balance.figure.onHold.rule', { days: balance.holdDays }),
    },
    {
      key: 'owedOnCashSales',
      value: balance.balances.owedOnCashSales,
      note: t('vendor.balance.figure.owedOnCashSales.rule'),
    },
  ]
  return (
    <>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.key} className="flex min-w-0 flex-col rounded-lg border border-border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{t(messageId(`vendor.balance.figure.${f.key}`))}</dt>
            <dd className="order-first text-xl font-bold break-words tabular-nums sm:text-2xl" data-figure={f.key}>
              {money(f.value)}
            </dd>
            {f.note ? <dd className="mt-1 text-xs text-muted-foreground">{f.note}</dd> : null}
          </div>
        ))}
      </dl>

      <PayoutsSection payouts={balance.payouts} />

      <section aria-labelledby="balance-lines" className="mt-8">
        <h2 id="balance-lines" className="text-xl font-bold">
          {t('vendor.balance.lines.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('vendor.balance.lines.hint')}</p>
        {balance.lines.length === 0 ? (
          <p role="status" className="mt-4 rounded-lg border border-border bg-card p-4">
            {t('vendor.balance.lines.empty')}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
            {balance.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 sm:p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{t(`vendor.balance.reason.${line.reason}`)}</p>
                  <p className="text-sm text-muted-foreground break-words">
                    {t(`vendor.balance.account.${line.account}`)}
                    {' · '}
                    <time dateTime={new Date(line.postedAt).toISOString()}>{when(line.postedAt)}</time>
                  </p>
                  {line.order ? (
                    <p className="text-sm">
                      <Link
                        to={`/vendor-dashboard/orders/${line.order.vendorOrderId}`}
                        className="font-medium text-primary break-all underline-offset-2 hover:underline"
                      >
                        {t('vendor.balance.order', { number: line.order.number })}
                      </Link>
                    </p>
                  ) : null}
                </div>
                <p
                  className={cn(
                    'shrink-0 font-semibold tabular-nums',
                    line.amount < 0 ? 'text-destructive' : 'text-foreground',
                  )}
                >
                  {money(line.amount)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          className="mt-6"
          page={balance.page}
          pageCount={balance.pageCount}
          hrefFor={(p: number) => pageHref(pathname, search, p)}
        />
      </section>
    </>
  )
}

/** The payout method, the next scheduled payout, the "Request payout" button and the list of payouts. */
function PayoutsSection({ payouts }: { payouts: Balance['payouts'] }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const when = useDateTimeFormat()
  const navigation = useNavigation()
  const money = (n: number) => formatRwf(n, intlLocale)
  const busy = navigation.state !== 'idle' && navigation.formAction === '/vendor-dashboard/balance'
  const canRequest = payouts.method !== null && !payouts.open && payouts.payableNow >= payouts.minimum
  const why = !payouts.method
    ? t('payouts.balance.why.noMethod')
    : payouts.open
      ? t('payouts.balance.why.open')
      : payouts.payableNow < payouts.minimum
        ? t('payouts.balance.why.minimum', { minimum: money(payouts.minimum) })
        : t('payouts.balance.why.ready', { amount: money(payouts.payableNow) })
  return (
    <section aria-labelledby="payouts-title" className="mt-8">
      <h2 id="payouts-title" className="text-xl font-bold">
        {t('payouts.balance.title')}
      </h2>
      <div className="mt-3 grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{t('payouts.balance.method')}</p>
          <p className="font-medium break-words" data-testid="payout-method">
            {payouts.method
              ? t('payouts.balance.methodValue', {
                  network: t(`payouts.provider.${payouts.method.provider}`),
                  phone: formatPhone(payouts.method.phone),
                })
              : t('payouts.method.none')}
          </p>
          <Link
            to="/vendor-dashboard/settings#payout-method-title"
            className="text-sm font-medium text-primary underline-offset-2 hover:underline"
          >
            {payouts.method ? t('payouts.balance.changeMethod') : t('payouts.balance.addMethod')}
          </Link>
        </div>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{t('payouts.balance.next')}</p>
          <p className="font-medium">
            {payouts.nextRun ? (
              <time dateTime={new Date(payouts.nextRun).toISOString()}>{when(payouts.nextRun)}</time>
            ) : (
              t('payouts.balance.onRequest')
            )}
          </p>
          {payouts.nextRun ? (
            <p className="text-xs text-muted-foreground">
              {t('payouts.balance.nextRule', { minimum: money(payouts.minimum) })}
            </p>
          ) : null}
        </div>
        <Form method="post" action="/vendor-dashboard/balance" className="grid gap-2 sm:col-span-2">
          <p className="text-sm" id="payout-request-why">
            {why}
          </p>
          <div>
            <Button type="submit" disabled={!canRequest || busy} aria-describedby="payout-request-why">
              {busy ? t('payouts.balance.requesting') : t('payouts.balance.request')}
            </Button>
          </div>
        </Form>
      </div>
      {payouts.list.length === 0 ? (
        <p role="status" className="mt-4 rounded-lg border border-border bg-card p-4">
          {t('payouts.balance.empty')}
        </p>
      ) : (
        <ul
          className="mt-4 divide-y divide-border rounded-lg border border-border bg-card"
          aria-label={t('payouts.balance.list')}
        >
          {payouts.list.map((p) => (
            <li key={p.id} className="grid gap-1 p-3 sm:p-4" data-payout-status={p.status}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-medium">{t(`payouts.status.${p.status}`)}</p>
                <p className="font-semibold tabular-nums">{money(p.amount)}</p>
              </div>
              <p className="text-sm text-muted-foreground break-words">
                {t(`payouts.provider.${p.provider}`)} {formatPhone(p.phone)}
                {' · '}
                <time dateTime={new Date(p.createdAt).toISOString()}>{when(p.createdAt)}</time>
                {' · '}
                {t(`payouts.requestedBy.${p.requestedBy}`)}
              </p>
              {p.netted > 0 ? (
                <p className="text-sm">{t('payouts.balance.netted', { amount: money(p.netted) })}</p>
              ) : null}
              {p.failureMessage ? (
                <p className="text-sm text-destructive">
                  {t('payouts.balance.failedWhy', { why: t(messageId(p.failureMessage)) })}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground break-all">
                {t('payouts.balance.reference', { reference: p.reference })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
