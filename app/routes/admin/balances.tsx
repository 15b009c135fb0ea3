import { Link } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle, MessageId } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { type BalanceSort, getStoreBalances } from '#app/queries/staff-money.server.ts'
import type { Route } from './+types/balances'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin', 'staff-money'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Balances per store (issue 13): what Isoko owes each store now and later, and what each owes from cash sales,
// from one query over the ledger; sortable by any column.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'balances:read')
  const url = new URL(request.url)
  const page = await getStoreBalances(serviceContextOf(context), {
    sort: url.searchParams.get('sort'),
    dir: url.searchParams.get('dir'),
  })
  return { title: requestI18n(request)._('money.balances.meta'), ...page }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

const columns: { sort: BalanceSort; label: MessageId; numeric: boolean }[] = [
  { sort: 'name', label: 'money.col.store', numeric: false },
  { sort: 'available', label: 'money.col.available', numeric: true },
  { sort: 'onHold', label: 'money.col.onHold', numeric: true },
  { sort: 'owedOnCashSales', label: 'money.col.owed', numeric: true },
]

export default function BalancesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { rows, totals, sort, dir, holdDays } = loaderData
  const money = (n: number) => formatRwf(n, intlLocale)
  return (
    <section aria-labelledby="balances-title">
      <h1 id="balances-title" className="text-2xl font-bold sm:text-3xl">
        {t('money.balances.heading')}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('money.balances.intro', { days: holdDays })}</p>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">
          {t('money.balances.empty')}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-sm" aria-labelledby="balances-title">
            <thead className="bg-muted text-left">
              <tr>
                {columns.map((c) => {
                  const active = c.sort === sort
                  // A click on the sorted column turns it round; another column starts largest first (names A-Z).
                  const next = active ? (dir === 'asc' ? 'desc' : 'asc') : c.numeric ? 'desc' : 'asc'
                  return (
                    <th
                      key={c.sort}
                      scope="col"
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={c.numeric ? 'px-3 py-2 text-right font-medium' : 'px-3 py-2 font-medium'}
                    >
                      <Link
                        to={`?sort=${c.sort}&dir=${next}`}
                        className="inline-flex items-center gap-1 hover:underline"
                      >
                        {t(c.label)}
                        {active ? <span aria-hidden="true">{dir === 'asc' ? '↑' : '↓'}</span> : null}
                      </Link>
                    </th>
                  )
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.vendorId}>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <Link to={`/vendor/${r.vendorId}`} className="hover:underline">
                      {r.name}
                    </Link>
                    {r.status !== 'approved' ? (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        {t(messageId(`admin.status.${r.status}`))}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{money(r.available)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{money(r.onHold)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{money(r.owedOnCashSales)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-border font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  {t('money.balances.total')}
                </th>
                <td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.available)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.onHold)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{money(totals.owedOnCashSales)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  )
}
