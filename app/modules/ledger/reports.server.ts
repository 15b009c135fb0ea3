import { and, asc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { accounts, type CommissionRule, type VendorBalances } from './ledger.server.ts'
import { commissionRules, ledgerLines, ledgerTransactions, vendorOrderTerms } from './tables.server.ts'

// What staff read of the ledger (issue 13): the commission rules in force and scheduled, the commission earned in
// a period, and every store's balances in one query.

export type CommissionRules = {
  /** For each platform, category and store: the rule that applies to an order placed now. */
  inForce: CommissionRule[]
  /** Rules that take effect later, soonest first. */
  scheduled: CommissionRule[]
}

/** The rules in force at `now` (the latest of each target that has taken effect) and those still to come. */
export async function listCommissionRules(ctx: ServiceContext, now: Date = new Date()): Promise<CommissionRules> {
  const rules = await ctx.db
    .select()
    .from(commissionRules)
    .orderBy(asc(commissionRules.effectiveFrom), asc(commissionRules.id))
  const current = new Map<string, CommissionRule>()
  const scheduled: CommissionRule[] = []
  for (const rule of rules) {
    if (rule.effectiveFrom.getTime() > now.getTime()) scheduled.push(rule)
    // Ordered by date then id: the last one of a target that has taken effect is the one in force.
    else current.set(`${rule.scope}:${rule.scopeId ?? ''}`, rule)
  }
  const order = { platform: 0, category: 1, store: 2 } as const
  const inForce = [...current.values()].sort(
    (a, b) => order[a.scope] - order[b.scope] || (a.scopeId ?? 0) - (b.scopeId ?? 0),
  )
  return { inForce, scheduled }
}

export type CommissionEarned = {
  /** Commission earned in the period, net of what refunds gave back (integer francs). */
  total: number
  byVendor: { vendorId: number; amount: number; vendorOrders: number }[]
}

/** The commission posted in [from, to): the `commission_revenue` lines of that period, by the vendor they name. */
export async function sumCommissionEarned(
  ctx: ServiceContext,
  period: { from: Date; to: Date },
): Promise<CommissionEarned> {
  const rows = await ctx.db
    .select({
      vendorId: ledgerLines.vendorId,
      // A revenue line is a credit: what was earned is its negative.
      amount: sql<string>`-sum(${ledgerLines.amount})`,
      vendorOrders: sql<string>`count(distinct ${ledgerLines.vendorOrderId})`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(
      and(
        eq(ledgerLines.account, accounts.commissionRevenue),
        gte(ledgerTransactions.postedAt, period.from),
        lt(ledgerTransactions.postedAt, period.to),
      ),
    )
    .groupBy(ledgerLines.vendorId)
  const byVendor = rows
    .filter((r) => r.vendorId !== null)
    .map((r) => ({ vendorId: r.vendorId as number, amount: Number(r.amount), vendorOrders: Number(r.vendorOrders) }))
    .sort((a, b) => b.amount - a.amount || a.vendorId - b.vendorId)
  return { total: rows.reduce((s, r) => s + Number(r.amount), 0), byVendor }
}

/**
 * Every store's balances at `now`, in one query (the same rules as `getVendorBalances`): a payable is on hold
 * until `holdDays` after its vendor order's delivery; a payable line of no vendor order counts as available.
 * Stores with no ledger line are not in the map.
 */
export async function listAllVendorBalances(
  ctx: ServiceContext,
  options: { now?: Date; holdDays?: number } = {},
): Promise<Map<number, VendorBalances>> {
  const now = options.now ?? new Date()
  const releasedBefore = new Date(now.getTime() - (options.holdDays ?? getEnv().PAYABLE_HOLD_DAYS) * 86_400_000)
  // The line's own vendor's accounts (`accounts.vendorPayable(v)`, `accounts.cashSalesOwed(v)`), spelt in SQL.
  const payable = sql`${ledgerLines.account} = 'vendor_payable:' || ${ledgerLines.vendorId}`
  const owed = sql`${ledgerLines.account} = 'cash_sales_owed:' || ${ledgerLines.vendorId}`
  // Not delivered yet (no date) is on hold: the comparison's null must not drop the line from both sums.
  const released = sql`(${ledgerLines.vendorOrderId} is null or coalesce(${vendorOrderTerms.deliveredAt} <= ${releasedBefore}, false))`
  const rows = await ctx.db
    .select({
      vendorId: ledgerLines.vendorId,
      available: sql<string>`coalesce(-sum(${ledgerLines.amount}) filter (where ${payable} and ${released}), 0)`,
      onHold: sql<string>`coalesce(-sum(${ledgerLines.amount}) filter (where ${payable} and not ${released}), 0)`,
      owedOnCashSales: sql<string>`coalesce(sum(${ledgerLines.amount}) filter (where ${owed}), 0)`,
    })
    .from(ledgerLines)
    .leftJoin(vendorOrderTerms, eq(vendorOrderTerms.vendorOrderId, ledgerLines.vendorOrderId))
    .where(and(isNotNull(ledgerLines.vendorId), or(payable, owed)))
    .groupBy(ledgerLines.vendorId)
  const balances = new Map<number, VendorBalances>()
  for (const r of rows) {
    if (r.vendorId === null) continue
    balances.set(r.vendorId, {
      available: Number(r.available),
      onHold: Number(r.onHold),
      owedOnCashSales: Number(r.owedOnCashSales),
    })
  }
  return balances
}
