import type { ServiceContext } from '#app/lib/context.server.ts'
import { addMonths, type KigaliMonth, kigaliMonthOf, monthKey, monthStart } from '#app/lib/months.ts'
import { getVendorStatement, type StatementEntry } from '#app/modules/ledger/statement.server.ts'
import { listVendorOrderNumbers } from '#app/modules/orders/orders.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'

// The vendor's monthly statement (issue 13), on screen and as CSV: read only, across the vendors, ledger and orders
// modules (docs/decisions/0006-module-ownership.md). Months are Kigali months (app/lib/months.ts).

export type StatementLine = Omit<StatementEntry, 'transactionId'> & {
  id: number
  order: { number: string; vendorOrderId: number } | null
}

export type VendorStatementPage = {
  store: { id: number; name: string }
  month: KigaliMonth
  /** The month before, and the month after unless it has not begun. */
  previous: KigaliMonth
  next: KigaliMonth | null
  opening: number
  closing: number
  totals: { sales: number; commission: number; net: number }
  lines: StatementLine[]
}

/** The statement for a month of the store an account runs (never another store's); null without a store. */
export async function findVendorStatement(
  ctx: ServiceContext,
  input: { ownerUserId: string; month: KigaliMonth | null; now: Date },
): Promise<VendorStatementPage | null> {
  const store = await findVendorByOwner(ctx, input.ownerUserId)
  if (!store) return null
  const current = kigaliMonthOf(input.now)
  // A month not begun yet has nothing to show: the current month instead.
  const month = input.month && monthKey(input.month) <= monthKey(current) ? input.month : current
  const statement = await getVendorStatement(ctx, {
    vendorId: store.id,
    from: monthStart(month),
    to: monthStart(addMonths(month, 1)),
  })
  const numbers = await listVendorOrderNumbers(
    ctx,
    store.id,
    statement.entries.flatMap((e) => (e.orderId === null ? [] : [e.orderId])),
  )
  const next = addMonths(month, 1)
  return {
    store: { id: store.id, name: store.name },
    month,
    previous: addMonths(month, -1),
    next: monthKey(next) <= monthKey(current) ? next : null,
    opening: statement.opening,
    closing: statement.closing,
    totals: statement.totals,
    lines: statement.entries.map(({ transactionId, ...e }) => ({
      ...e,
      id: transactionId,
      order: e.orderId === null ? null : (numbers.get(e.orderId) ?? null),
    })),
  }
}
