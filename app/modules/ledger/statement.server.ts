import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { accounts, vendorAccounts } from './ledger.server.ts'
import { type LedgerReason, ledgerLines, ledgerTransactions } from './tables.server.ts'

// A vendor's statement for a period (docs/ledger.md, "Statement"): where the vendor stood at its start, each
// movement of money that concerns the vendor in it, and where it stood at its end. "Where the vendor stands" is
// what Isoko owes the vendor less what the vendor owes Isoko: the negative of the sum of the vendor's own accounts.

export type StatementEntry = {
  transactionId: number
  reason: LedgerReason
  postedAt: Date
  orderId: number | null
  vendorOrderId: number | null
  /** The sale's value behind this movement (negative for a refund), or 0 when it is not a sale (integer francs). */
  sales: number
  /** Commission Isoko took (negative when a refund gave it back). */
  commission: number
  /** How much the vendor's position moved: positive in its favour. */
  net: number
  /**
   * A payout's netting: what the vendor owed on cash sales, settled from its balance (integer francs). It moves the
   * position by nothing (a debt paid from what Isoko owes), but an accountant needs to see it.
   */
  settled: number
}

export type VendorStatement = {
  opening: number
  closing: number
  entries: StatementEntry[]
  totals: { sales: number; commission: number; net: number }
}

/** The vendor's position (what Isoko owes it, less what it owes Isoko) from everything posted before `at`. */
async function positionBefore(ctx: ServiceContext, vendorId: number, at: Date): Promise<number> {
  const [row] = await ctx.db
    .select({ sum: sql<string | null>`sum(${ledgerLines.amount})` })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(
      and(
        eq(ledgerLines.vendorId, vendorId),
        inArray(ledgerLines.account, vendorAccounts(vendorId)),
        lt(ledgerTransactions.postedAt, at),
      ),
    )
  return 0 - Number(row?.sum ?? 0)
}

/**
 * The statement of [from, to): one entry per posting with a line of the vendor's (its own accounts, or Isoko's
 * commission on its sales), oldest first. The cash of a cash-on-delivery sale passes through the vendor's hands:
 * its sale is the cash the vendor collected, and the part of it the vendor keeps is not a movement.
 */
export async function getVendorStatement(
  ctx: ServiceContext,
  input: { vendorId: number; from: Date; to: Date },
): Promise<VendorStatement> {
  const { vendorId, from, to } = input
  const own = new Set(vendorAccounts(vendorId))
  const rows = await ctx.db
    .select({
      transactionId: ledgerTransactions.id,
      reason: ledgerTransactions.reason,
      postedAt: ledgerTransactions.postedAt,
      orderId: ledgerTransactions.orderId,
      vendorOrderId: ledgerTransactions.vendorOrderId,
      account: ledgerLines.account,
      amount: ledgerLines.amount,
    })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(
      and(
        eq(ledgerLines.vendorId, vendorId),
        gte(ledgerTransactions.postedAt, from),
        lt(ledgerTransactions.postedAt, to),
      ),
    )
    .orderBy(asc(ledgerTransactions.postedAt), asc(ledgerTransactions.id), asc(ledgerLines.id))

  const entries = new Map<number, StatementEntry>()
  for (const r of rows) {
    let entry = entries.get(r.transactionId)
    if (!entry) {
      entry = {
        transactionId: r.transactionId,
        reason: r.reason,
        postedAt: r.postedAt,
        orderId: r.orderId,
        vendorOrderId: r.vendorOrderId,
        sales: 0,
        commission: 0,
        net: 0,
        settled: 0,
      }
      entries.set(r.transactionId, entry)
    }
    if (r.account === accounts.commissionRevenue) entry.commission -= r.amount
    else if (own.has(r.account)) entry.net -= r.amount
    // Cash collected: the vendor's cash-held account is debited with the whole sale.
    if (r.reason === 'cod_collected' && r.account === accounts.vendorCashHeld(vendorId)) entry.sales += r.amount
    // A payout's netting credits the cash-sales debt with what it settles.
    if (r.reason === 'payout_netting' && r.account === accounts.cashSalesOwed(vendorId)) entry.settled -= r.amount
  }
  for (const e of entries.values()) {
    // A sale paid online (or its refund): what the vendor is owed plus what Isoko kept is the sale.
    if (e.reason === 'payment_received' || e.reason === 'refund' || e.reason === 'cash_refund') {
      e.sales = e.net + e.commission
    }
  }
  // The vendor keeping its share of the cash moves nothing for the vendor: it is not a line of the statement (nor is
  // a payout's confirmation: the money left the balance when the payout was made). A netting is, with its amount.
  const list = [...entries.values()].filter(
    (e) => e.sales !== 0 || e.commission !== 0 || e.net !== 0 || e.settled !== 0,
  )
  const opening = await positionBefore(ctx, vendorId, from)
  const totals = list.reduce(
    (s, e) => ({ sales: s.sales + e.sales, commission: s.commission + e.commission, net: s.net + e.net }),
    { sales: 0, commission: 0, net: 0 },
  )
  return { opening, closing: opening + totals.net, entries: list, totals }
}
