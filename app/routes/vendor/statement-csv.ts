import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { formatRwf } from '#app/lib/money.ts'
import { monthKey, parseMonth } from '#app/lib/months.ts'
import { requireRole } from '#app/modules/accounts/request.server.ts'
import { toCsv } from '#app/modules/catalog/stock-csv.ts'
import { findVendorStatement } from '#app/queries/vendor-statement.server.ts'
import type { Route } from './+types/statement-csv'

// The vendor's monthly statement as CSV (issue 13), for the store's owner only: a few lines saying whose statement
// it is, then one row per movement between the opening and closing balances. Amounts are whole francs without
// separators, so a spreadsheet reads them as numbers; dates are Kigali time. A byte order mark first (UTF-8).
const kigaliTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: KIGALI_TIME_ZONE,
})

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(context, request, 'vendor')
  const i18n = requestI18n(request)
  const statement = await findVendorStatement(serviceContextOf(context), {
    ownerUserId: actor.userId,
    month: parseMonth(new URL(request.url).searchParams.get('month')),
    now: new Date(),
  })
  if (!statement) throw new Response(i18n._('statement.noStore'), { status: 404 })
  const key = monthKey(statement.month)
  const rows: (string | number | null)[][] = [
    [i18n._('statement.csv.store'), statement.store.name],
    [i18n._('statement.csv.month'), key],
    [i18n._('statement.csv.currency'), 'RWF'],
    [],
    [
      i18n._('statement.csv.date'),
      i18n._('statement.csv.description'),
      i18n._('statement.csv.order'),
      i18n._('statement.csv.sales'),
      i18n._('statement.csv.commission'),
      i18n._('statement.csv.net'),
      i18n._('statement.csv.balance'),
    ],
    [null, i18n._('statement.figure.opening'), null, null, null, null, statement.opening],
  ]
  let balance = statement.opening
  for (const line of statement.lines) {
    balance += line.net
    rows.push([
      kigaliTime.format(line.postedAt),
      line.reason === 'payout_netting'
        ? i18n._('statement.line.netting', { amount: formatRwf(line.settled, 'en-RW') })
        : i18n._(`vendor.balance.reason.${line.reason}`),
      line.order?.number ?? null,
      line.sales,
      line.commission,
      line.net,
      balance,
    ])
  }
  rows.push([
    null,
    i18n._('statement.figure.closing'),
    null,
    statement.totals.sales,
    statement.totals.commission,
    statement.totals.net,
    statement.closing,
  ])
  const slug =
    statement.store.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'store'
  return new Response(`\uFEFF${toCsv(rows)}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-statement-${slug}-${key}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
