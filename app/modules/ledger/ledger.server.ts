import { and, asc, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import {
  type CommissionPart,
  type CommissionScope,
  commissionRules,
  type LedgerReason,
  ledgerLines,
  ledgerTransactions,
  vendorOrderTerms,
} from './tables.server.ts'

// The double-entry ledger and the commission (docs/ledger.md). Every posting is a set of lines in integer francs
// that sums to zero, written in the caller's transaction (the change that causes it), once per (reason, source
// key). Nothing here updates or deletes an entry: a correction is a new posting.

export type { CommissionPart, CommissionScope, LedgerReason }

/** The accounts: a kind, and for a vendor's accounts the vendor (`vendor_payable:12`). */
export const accounts = {
  /** Money Isoko holds at its providers (MoMo, Airtel, card): customer payments in, refunds and payouts out. */
  platformCash: 'platform_cash',
  commissionRevenue: 'commission_revenue',
  deliveryRevenue: 'delivery_revenue',
  /** A payment that pays no order (it came after the order was cancelled): owed back to the customer. */
  customerRefundsDue: 'customer_refunds_due',
  vendorPayable: (vendorId: number) => `vendor_payable:${vendorId}`,
  vendorCashHeld: (vendorId: number) => `vendor_cash_held:${vendorId}`,
  /** What a vendor owes Isoko from cash-on-delivery sales: commission and delivery fees it collected. */
  cashSalesOwed: (vendorId: number) => `cash_sales_owed:${vendorId}`,
  /** What Isoko paid customers of its own accord (a dispute decided as a goodwill cost): the store is not charged. */
  goodwillExpense: 'goodwill_expense',
  /** Payouts asked of a provider and not confirmed yet: out of the vendor's payable, not yet out of Isoko's cash. */
  payoutsInTransit: 'payouts_in_transit',
} as const

/** The platform's commission until staff set another (the migration seeds it; docs/ledger.md). */
export const DEFAULT_COMMISSION_BPS = 1000

export class LedgerError extends Error {}

type Line = { account: string; amount: number; vendorId?: number | null; vendorOrderId?: number | null }

type Posting = {
  reason: LedgerReason
  sourceKey: string
  orderId?: number | null
  vendorOrderId?: number | null
  paymentId?: number | null
  lines: Line[]
}

/** Writes one posting; false when this (reason, source key) was already posted (a duplicate callback). */
async function post(ctx: ServiceContext, posting: Posting): Promise<boolean> {
  const lines = posting.lines.filter((l) => l.amount !== 0)
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new LedgerError(`not whole francs: ${l.account} ${l.amount}`)
  }
  const sum = lines.reduce((s, l) => s + l.amount, 0)
  if (sum !== 0) throw new LedgerError(`${posting.reason} ${posting.sourceKey} does not balance (${sum})`)
  const [row] = await ctx.db
    .insert(ledgerTransactions)
    .values({
      reason: posting.reason,
      sourceKey: posting.sourceKey,
      orderId: posting.orderId ?? null,
      vendorOrderId: posting.vendorOrderId ?? null,
      paymentId: posting.paymentId ?? null,
    })
    .onConflictDoNothing({ target: [ledgerTransactions.reason, ledgerTransactions.sourceKey] })
    .returning({ id: ledgerTransactions.id })
  if (!row) return false
  if (lines.length > 0) {
    await ctx.db.insert(ledgerLines).values(
      lines.map((l) => ({
        transactionId: row.id,
        account: l.account,
        vendorId: l.vendorId ?? null,
        vendorOrderId: l.vendorOrderId ?? null,
        amount: l.amount,
      })),
    )
  }
  return true
}

// ---------------------------------------------------------------------------------------------------------------
// Commission

export type CommissionRule = typeof commissionRules.$inferSelect

/** The rule in force for a line: the store's, else the category's, else the platform's (latest not after `at`). */
export async function findCommissionRule(
  ctx: ServiceContext,
  input: { vendorId: number; categoryId: number | null; at: Date },
): Promise<CommissionRule | null> {
  const scopes = [
    and(eq(commissionRules.scope, 'store'), eq(commissionRules.scopeId, input.vendorId)),
    eq(commissionRules.scope, 'platform'),
  ]
  if (input.categoryId !== null) {
    scopes.push(and(eq(commissionRules.scope, 'category'), eq(commissionRules.scopeId, input.categoryId)))
  }
  const rows = await ctx.db
    .select()
    .from(commissionRules)
    .where(and(or(...scopes), lte(commissionRules.effectiveFrom, input.at)))
    .orderBy(desc(commissionRules.effectiveFrom), desc(commissionRules.id))
  for (const scope of ['store', 'category', 'platform'] as const) {
    const rule = rows.find((r) => r.scope === scope)
    if (rule) return rule
  }
  return null
}

/** A commission in whole francs: the rate applied to the amount, rounded to the nearest franc (half up). */
export function commissionOf(amount: number, rateBps: number): number {
  return Math.floor((amount * rateBps + 5000) / 10000)
}

export type VendorOrderSale = {
  vendorOrderId: number
  vendorId: number
  /** What the part sold, by product category (integer francs). */
  lines: { categoryId: number | null; amount: number }[]
}

/**
 * Fixes the commission of each vendor order of an order as it is placed (in the order's transaction): each line
 * takes the rule in force at `placedAt`. A vendor order whose commission is fixed already keeps it.
 */
export async function fixCommission(
  ctx: ServiceContext,
  input: { orderId: number; placedAt: Date; vendorOrders: VendorOrderSale[] },
): Promise<void> {
  for (const vo of input.vendorOrders) {
    const parts: CommissionPart[] = []
    for (const line of vo.lines) {
      const rule = await findCommissionRule(ctx, {
        vendorId: vo.vendorId,
        categoryId: line.categoryId,
        at: input.placedAt,
      })
      const rateBps = rule?.rateBps ?? DEFAULT_COMMISSION_BPS
      parts.push({ categoryId: line.categoryId, amount: line.amount, rateBps, ruleId: rule?.id ?? null })
    }
    const subtotal = parts.reduce((s, p) => s + p.amount, 0)
    const commission = parts.reduce((s, p) => s + commissionOf(p.amount, p.rateBps), 0)
    await ctx.db
      .insert(vendorOrderTerms)
      .values({
        vendorOrderId: vo.vendorOrderId,
        orderId: input.orderId,
        vendorId: vo.vendorId,
        subtotal,
        commission,
        parts,
        placedAt: input.placedAt,
      })
      .onConflictDoNothing({ target: vendorOrderTerms.vendorOrderId })
  }
}

export type VendorOrderTerms = typeof vendorOrderTerms.$inferSelect

/** The commission fixed on an order's vendor orders. */
export async function listOrderTerms(ctx: ServiceContext, orderId: number): Promise<VendorOrderTerms[]> {
  return ctx.db
    .select()
    .from(vendorOrderTerms)
    .where(eq(vendorOrderTerms.orderId, orderId))
    .orderBy(asc(vendorOrderTerms.vendorOrderId))
}

/** A vendor order's amounts as the orders module has them (for an order placed before commissions were fixed). */
export type VendorOrderAmount = { id: number; vendorId: number; subtotal: number }

/** The terms of each vendor order; one placed before commissions were fixed gets them now, as of its placing. */
async function termsOf(
  ctx: ServiceContext,
  input: { orderId: number; placedAt: Date; vendorOrders: VendorOrderAmount[] },
): Promise<VendorOrderTerms[]> {
  const fixed = new Set((await listOrderTerms(ctx, input.orderId)).map((t) => t.vendorOrderId))
  const missing = input.vendorOrders.filter((vo) => !fixed.has(vo.id))
  if (missing.length > 0) {
    await fixCommission(ctx, {
      orderId: input.orderId,
      placedAt: input.placedAt,
      vendorOrders: missing.map((vo) => ({
        vendorOrderId: vo.id,
        vendorId: vo.vendorId,
        lines: [{ categoryId: null, amount: vo.subtotal }],
      })),
    })
  }
  const ids = new Set(input.vendorOrders.map((vo) => vo.id))
  return (await listOrderTerms(ctx, input.orderId)).filter((t) => ids.has(t.vendorOrderId))
}

export type StaffActor = { userId: string; role: AccountRole }

export type SetCommissionOutcome = { ok: true; rule: CommissionRule } | { ok: false; code: 'forbidden' | 'invalid' }

/**
 * Staff set a commission rate (basis points, 0 to 10000) for the platform, a category or a store, from a date
 * on. A rule is never changed: a new one with a later date replaces it for orders placed from then on.
 */
export async function setCommissionRate(
  ctx: ServiceContext & { actor: StaffActor },
  input: { scope: CommissionScope; scopeId: number | null; rateBps: number; effectiveFrom: Date },
): Promise<SetCommissionOutcome> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const scopeIdOk =
    input.scope === 'platform'
      ? input.scopeId === null
      : input.scopeId !== null && Number.isSafeInteger(input.scopeId) && input.scopeId > 0
  if (
    !scopeIdOk ||
    !Number.isInteger(input.rateBps) ||
    input.rateBps < 0 ||
    input.rateBps > 10_000 ||
    Number.isNaN(input.effectiveFrom.getTime())
  ) {
    return { ok: false, code: 'invalid' }
  }
  const [rule] = await ctx.db
    .insert(commissionRules)
    .values({
      scope: input.scope,
      scopeId: input.scopeId,
      rateBps: input.rateBps,
      effectiveFrom: input.effectiveFrom,
      setBy: `staff:${ctx.actor.userId}`,
    })
    .returning()
  if (!rule) throw new Error('commission rule not written')
  return { ok: true, rule }
}

// ---------------------------------------------------------------------------------------------------------------
// Postings (docs/ledger.md has each one's lines)

/**
 * An online payment paid its order: the money in, split into each vendor's payable, Isoko's commission and the
 * delivery fee (Isoko's: it sets the fee). Posted once per payment.
 */
export async function postPaymentReceived(
  ctx: ServiceContext,
  input: {
    paymentId: number
    orderId: number
    amount: number
    deliveryFee: number
    placedAt: Date
    vendorOrders: VendorOrderAmount[]
  },
): Promise<boolean> {
  const terms = await termsOf(ctx, input)
  const lines: Line[] = [{ account: accounts.platformCash, amount: input.amount }]
  for (const t of terms) {
    lines.push({
      account: accounts.vendorPayable(t.vendorId),
      amount: -(t.subtotal - t.commission),
      vendorId: t.vendorId,
      vendorOrderId: t.vendorOrderId,
    })
    lines.push({
      account: accounts.commissionRevenue,
      amount: -t.commission,
      vendorId: t.vendorId,
      vendorOrderId: t.vendorOrderId,
    })
  }
  lines.push({ account: accounts.deliveryRevenue, amount: -input.deliveryFee })
  return post(ctx, {
    reason: 'payment_received',
    sourceKey: `payment:${input.paymentId}`,
    orderId: input.orderId,
    paymentId: input.paymentId,
    lines,
  })
}

/** A payment that pays nothing (its order was cancelled meanwhile): the money in is owed back to the customer. */
export async function postPaymentUnapplied(
  ctx: ServiceContext,
  input: { paymentId: number; orderId: number; amount: number },
): Promise<boolean> {
  return post(ctx, {
    reason: 'payment_unapplied',
    sourceKey: `payment:${input.paymentId}`,
    orderId: input.orderId,
    paymentId: input.paymentId,
    lines: [
      { account: accounts.platformCash, amount: input.amount },
      { account: accounts.customerRefundsDue, amount: -input.amount },
    ],
  })
}

/** The lines of the postings `where` picks, each with its posting's reason, oldest first (what a refund reverses). */
async function postedLines(ctx: ServiceContext, where: SQL | undefined) {
  return ctx.db
    .select({
      account: ledgerLines.account,
      vendorId: ledgerLines.vendorId,
      vendorOrderId: ledgerLines.vendorOrderId,
      amount: ledgerLines.amount,
      reason: ledgerTransactions.reason,
    })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(where)
    .orderBy(asc(ledgerLines.id))
}

/** The delivery fee given back with a refund: borne by the platform (its delivery revenue) or by the store. */
export type RefundDelivery = { amount: number; bearer: 'platform' | 'vendor' }

/**
 * The line that takes a refunded delivery fee from whoever bears it: Isoko's delivery revenue, or the payable of the
 * store whose lines the refund reverses (a return that is the store's fault: damaged, not as described).
 */
function deliveryLine(
  delivery: RefundDelivery | undefined,
  reversed: { vendorId: number | null; vendorOrderId: number | null }[],
): Line | null {
  if (!delivery || delivery.amount <= 0) return null
  if (!Number.isSafeInteger(delivery.amount)) throw new LedgerError(`not whole francs: delivery ${delivery.amount}`)
  if (delivery.bearer === 'platform') return { account: accounts.deliveryRevenue, amount: delivery.amount }
  const owner = reversed.find((l) => l.vendorId !== null)
  if (!owner?.vendorId) throw new LedgerError("a delivery fee borne by a store needs that store's lines")
  return {
    account: accounts.vendorPayable(owner.vendorId),
    amount: delivery.amount,
    vendorId: owner.vendorId,
    vendorOrderId: owner.vendorOrderId,
  }
}

/**
 * Money returned to the customer: what the payment posted, reversed in proportion to `amount` (each line rounded;
 * the francs rounding leaves go to the largest other line). Posted once per refund key. A refund of more than is
 * left of the payment is refused (LedgerError).
 */
export async function postRefund(
  ctx: ServiceContext,
  input: {
    paymentId: number
    refundKey: string
    amount: number
    vendorOrderIds?: number[]
    /** The part of `amount` that gives back the delivery fee, and who bears it (a return: see deliveryLine). */
    delivery?: RefundDelivery
  },
): Promise<boolean> {
  const paid = await postedLines(
    ctx,
    and(
      eq(ledgerTransactions.paymentId, input.paymentId),
      inArray(ledgerTransactions.reason, ['payment_received', 'payment_unapplied', 'refund']),
    ),
  )
  const received = paid.filter((l) => l.reason !== 'refund')
  const cashIn = received.filter((l) => l.account === accounts.platformCash).reduce((s, l) => s + l.amount, 0)
  const refunded = -paid
    .filter((l) => l.reason === 'refund' && l.account === accounts.platformCash)
    .reduce((s, l) => s + l.amount, 0)
  // A payment settled before the ledger began has no posting: there is nothing to reverse.
  if (cashIn <= 0) return false
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > cashIn - refunded) {
    throw new LedgerError(`refund of ${input.amount} on payment ${input.paymentId} exceeds what is left`)
  }
  // A refund of some vendor orders (their parts cancelled) reverses only their lines, in proportion to what they
  // took; any other refund reverses the whole payment's posting in proportion.
  const scope = input.vendorOrderIds
  const reversed = scope
    ? received.filter(
        (l) => l.account === accounts.platformCash || (l.vendorOrderId !== null && scope.includes(l.vendorOrderId)),
      )
    : received
  const base = scope
    ? -reversed.filter((l) => l.account !== accounts.platformCash).reduce((s, l) => s + l.amount, 0)
    : cashIn
  const goods = input.amount - (input.delivery?.amount ?? 0)
  if (base <= 0 || goods < 0 || goods > base) {
    throw new LedgerError(`refund of ${input.amount} on payment ${input.paymentId} exceeds its vendor orders' part`)
  }
  const lines: Line[] = reversed.map((l) => ({
    account: l.account,
    vendorId: l.vendorId,
    vendorOrderId: l.vendorOrderId,
    amount:
      l.account === accounts.platformCash
        ? l === reversed.find((r) => r.account === accounts.platformCash)
          ? -input.amount
          : 0
        : -Math.round((l.amount * goods) / base),
  }))
  const delivery = deliveryLine(input.delivery, reversed)
  if (delivery) lines.push(delivery)
  const rest = lines.reduce((s, l) => s + l.amount, 0)
  const cash = lines.find((l) => l.account === accounts.platformCash)
  if (cash && rest !== 0) {
    // Rounding: the other lines absorb it, largest first, so the cash line stays the amount returned.
    const others = lines
      .filter((l) => l !== cash && l !== delivery)
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))
    const target = others[0]
    if (target) target.amount -= rest
  }
  const order = await ctx.db
    .select({ orderId: ledgerTransactions.orderId })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.paymentId, input.paymentId))
    .limit(1)
  return post(ctx, {
    reason: 'refund',
    sourceKey: `refund:${input.refundKey}`,
    orderId: order[0]?.orderId ?? null,
    paymentId: input.paymentId,
    lines,
  })
}

/**
 * A cash-on-delivery refund sent by mobile money to the customer (`cash_refund`, source `refund:<reference>`): Isoko
 * pays it out of `platform_cash`, and the order's cash sale is reversed in proportion to it (the vendors' payables
 * and the commission of `cod_collected`, the delivery fee of `cod_delivery_fee`), so the vendor bears its part less
 * the commission given back; the rounding difference goes to the largest line. With `vendorOrderIds`, only those
 * parts are reversed (a cancelled part's refund). More than is left of the cash sale is refused.
 */
export async function postCashRefund(
  ctx: ServiceContext,
  input: {
    orderId: number
    paymentId: number
    refundKey: string
    amount: number
    vendorOrderIds?: number[]
    delivery?: RefundDelivery
  },
): Promise<boolean> {
  const rows = await postedLines(
    ctx,
    and(
      eq(ledgerTransactions.orderId, input.orderId),
      inArray(ledgerTransactions.reason, ['cod_collected', 'cod_delivery_fee', 'cash_refund']),
    ),
  )
  // What the cash sale earned: its credits (the vendors' payables, the commission, the delivery fee).
  const scope = input.vendorOrderIds
  const earned = rows.filter(
    (l) =>
      l.reason !== 'cash_refund' &&
      l.amount < 0 &&
      (!scope || (l.vendorOrderId !== null && scope.includes(l.vendorOrderId))),
  )
  const base = -earned.reduce((s, l) => s + l.amount, 0)
  const sold = -rows.filter((l) => l.reason !== 'cash_refund' && l.amount < 0).reduce((s, l) => s + l.amount, 0)
  const refunded = -rows
    .filter((l) => l.reason === 'cash_refund' && l.account === accounts.platformCash)
    .reduce((s, l) => s + l.amount, 0)
  // A cash sale collected before the ledger began has no posting: there is nothing to reverse.
  if (sold <= 0) return false
  const goods = input.amount - (input.delivery?.amount ?? 0)
  if (
    !Number.isSafeInteger(input.amount) ||
    input.amount <= 0 ||
    goods < 0 ||
    goods > base ||
    input.amount > sold - refunded
  ) {
    throw new LedgerError(`cash refund of ${input.amount} on order ${input.orderId} exceeds what is left`)
  }
  const lines: Line[] = earned.map((l) => ({
    account: l.account,
    vendorId: l.vendorId,
    vendorOrderId: l.vendorOrderId,
    amount: -Math.round((l.amount * goods) / base),
  }))
  const delivery = deliveryLine(input.delivery, earned)
  const rest = goods - lines.reduce((s, l) => s + l.amount, 0)
  const largest = [...lines].sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount))[0]
  if (largest) largest.amount += rest
  if (delivery) lines.push(delivery)
  lines.push({ account: accounts.platformCash, amount: -input.amount })
  return post(ctx, {
    reason: 'cash_refund',
    sourceKey: `refund:${input.refundKey}`,
    orderId: input.orderId,
    paymentId: input.paymentId,
    lines,
  })
}

/**
 * A refund Isoko bears itself (staff decided a dispute as a goodwill cost): the money leaves Isoko's cash and is
 * its expense; no store's payable and no commission move. Posted as the payment's refund (`refund`, or `cash_refund`
 * for cash on delivery), so what is left to refund counts it. More than the payment took in is refused.
 */
export async function postGoodwillRefund(
  ctx: ServiceContext,
  input: { orderId: number; paymentId: number; refundKey: string; amount: number; cash: boolean },
): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new LedgerError(`goodwill refund of ${input.amount} is not a positive number of francs`)
  }
  return post(ctx, {
    reason: input.cash ? 'cash_refund' : 'refund',
    sourceKey: `refund:${input.refundKey}`,
    orderId: input.orderId,
    paymentId: input.paymentId,
    lines: [
      { account: accounts.goodwillExpense, amount: input.amount },
      { account: accounts.platformCash, amount: -input.amount },
    ],
  })
}

/**
 * Cash on delivery: the vendor's courier collected the part's cash. Two postings: the sale (the vendor holds the
 * cash; its share is its payable; Isoko's commission is earned), then the vendor keeps its share out of the cash,
 * so what is left is the commission the vendor owes Isoko (netted against a later payout).
 */
export async function postCashCollected(
  ctx: ServiceContext,
  input: { orderId: number; placedAt: Date; vendorOrder: VendorOrderAmount },
): Promise<boolean> {
  const [terms] = await termsOf(ctx, {
    orderId: input.orderId,
    placedAt: input.placedAt,
    vendorOrders: [input.vendorOrder],
  })
  if (!terms) throw new LedgerError(`no terms for vendor order ${input.vendorOrder.id}`)
  const v = terms.vendorId
  const share = terms.subtotal - terms.commission
  const ref = { vendorId: v, vendorOrderId: terms.vendorOrderId }
  const key = `vendor_order:${terms.vendorOrderId}`
  const posted = await post(ctx, {
    reason: 'cod_collected',
    sourceKey: key,
    orderId: input.orderId,
    vendorOrderId: terms.vendorOrderId,
    lines: [
      { account: accounts.vendorCashHeld(v), amount: terms.subtotal, ...ref },
      { account: accounts.vendorPayable(v), amount: -share, ...ref },
      { account: accounts.commissionRevenue, amount: -terms.commission, ...ref },
    ],
  })
  if (!posted) return false
  await post(ctx, {
    reason: 'cod_commission_owed',
    sourceKey: key,
    orderId: input.orderId,
    vendorOrderId: terms.vendorOrderId,
    lines: [
      { account: accounts.vendorPayable(v), amount: share, ...ref },
      { account: accounts.vendorCashHeld(v), amount: -terms.subtotal, ...ref },
      { account: accounts.cashSalesOwed(v), amount: terms.commission, ...ref },
    ],
  })
  return true
}

/**
 * Cash on delivery with a delivery fee: the vendor whose collection completed the order collected the fee too;
 * it is Isoko's, so the vendor owes it. Posted once per order.
 */
export async function postCashDeliveryFee(
  ctx: ServiceContext,
  input: { orderId: number; vendorId: number; fee: number },
): Promise<boolean> {
  if (input.fee <= 0) return false
  return post(ctx, {
    reason: 'cod_delivery_fee',
    sourceKey: `order:${input.orderId}`,
    orderId: input.orderId,
    lines: [
      { account: accounts.cashSalesOwed(input.vendorId), amount: input.fee, vendorId: input.vendorId },
      { account: accounts.deliveryRevenue, amount: -input.fee },
    ],
  })
}

/**
 * A payout is made (payouts workflow, in the transaction that creates it, under the vendor's row lock): first what
 * the vendor owes on cash sales is netted against its payable (`payout_netting`), then the amount sent leaves the
 * payable for the in-transit account (`payout_started`). Both keyed by the payout.
 */
export async function postPayoutStarted(
  ctx: ServiceContext,
  input: { payoutId: number; vendorId: number; amount: number; netted: number },
): Promise<boolean> {
  const v = input.vendorId
  const sourceKey = `payout:${input.payoutId}`
  if (input.netted > 0) {
    await post(ctx, {
      reason: 'payout_netting',
      sourceKey,
      lines: [
        { account: accounts.vendorPayable(v), amount: input.netted, vendorId: v },
        { account: accounts.cashSalesOwed(v), amount: -input.netted, vendorId: v },
      ],
    })
  }
  return post(ctx, {
    reason: 'payout_started',
    sourceKey,
    lines: [
      { account: accounts.vendorPayable(v), amount: input.amount, vendorId: v },
      { account: accounts.payoutsInTransit, amount: -input.amount, vendorId: v },
    ],
  })
}

/** The provider confirmed the transfer: the money left Isoko's cash. Posted once per payout. */
export async function postPayoutSent(
  ctx: ServiceContext,
  input: { payoutId: number; vendorId: number; amount: number },
): Promise<boolean> {
  return post(ctx, {
    reason: 'payout_sent',
    sourceKey: `payout:${input.payoutId}`,
    lines: [
      { account: accounts.payoutsInTransit, amount: input.amount, vendorId: input.vendorId },
      { account: accounts.platformCash, amount: -input.amount },
    ],
  })
}

/**
 * The transfer failed: the amount goes back to the vendor's payable (available again). The netting stays: what
 * was owed on cash sales is settled against the balance either way. Posted once per payout.
 */
export async function postPayoutFailed(
  ctx: ServiceContext,
  input: { payoutId: number; vendorId: number; amount: number },
): Promise<boolean> {
  return post(ctx, {
    reason: 'payout_failed',
    sourceKey: `payout:${input.payoutId}`,
    lines: [
      { account: accounts.payoutsInTransit, amount: input.amount, vendorId: input.vendorId },
      { account: accounts.vendorPayable(input.vendorId), amount: -input.amount, vendorId: input.vendorId },
    ],
  })
}

/**
 * The vendors with anything on their payable or cash-sales accounts (the payout sweep looks at each). One query,
 * not one per store.
 */
export async function listVendorIdsWithPayable(ctx: ServiceContext): Promise<number[]> {
  const rows = await ctx.db
    .select({ vendorId: ledgerLines.vendorId })
    .from(ledgerLines)
    .where(sql`${ledgerLines.account} like 'vendor_payable:%'`)
    .groupBy(ledgerLines.vendorId)
    .having(sql`sum(${ledgerLines.amount}) < 0`)
  return rows.flatMap((r) => (r.vendorId === null ? [] : [r.vendorId]))
}

/** A vendor order was delivered: its payable starts its hold (the first delivery counts). */
export async function recordDelivered(ctx: ServiceContext, input: { vendorOrderId: number; at: Date }): Promise<void> {
  await ctx.db
    .update(vendorOrderTerms)
    .set({ deliveredAt: input.at })
    .where(and(eq(vendorOrderTerms.vendorOrderId, input.vendorOrderId), isNull(vendorOrderTerms.deliveredAt)))
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export type VendorBalances = {
  /** What Isoko owes the vendor and may pay out now (integer francs). */
  available: number
  /** What Isoko owes the vendor for parts not delivered yet, or delivered less than the hold ago. */
  onHold: number
  /** What the vendor owes Isoko from cash-on-delivery sales (commission, delivery fees). */
  owedOnCashSales: number
}

/**
 * A vendor's balances at `now`: the payable of each vendor order is held until `holdDays` (PAYABLE_HOLD_DAYS,
 * default 7) after its delivery;
 * a payable line of no vendor order (a payout, later) counts against what is available.
 */
export async function getVendorBalances(
  ctx: ServiceContext,
  vendorId: number,
  options: { now?: Date; holdDays?: number } = {},
): Promise<VendorBalances> {
  const now = options.now ?? new Date()
  const holdMs = (options.holdDays ?? getEnv().PAYABLE_HOLD_DAYS) * 86_400_000
  const rows = await ctx.db
    .select({
      account: ledgerLines.account,
      vendorOrderId: ledgerLines.vendorOrderId,
      deliveredAt: vendorOrderTerms.deliveredAt,
      amount: sql<string>`sum(${ledgerLines.amount})`,
    })
    .from(ledgerLines)
    .leftJoin(vendorOrderTerms, eq(vendorOrderTerms.vendorOrderId, ledgerLines.vendorOrderId))
    .where(
      and(
        eq(ledgerLines.vendorId, vendorId),
        inArray(ledgerLines.account, [accounts.vendorPayable(vendorId), accounts.cashSalesOwed(vendorId)]),
      ),
    )
    .groupBy(ledgerLines.account, ledgerLines.vendorOrderId, vendorOrderTerms.deliveredAt)
  const balances: VendorBalances = { available: 0, onHold: 0, owedOnCashSales: 0 }
  for (const r of rows) {
    const amount = Number(r.amount)
    if (r.account === accounts.cashSalesOwed(vendorId)) {
      balances.owedOnCashSales += amount
      continue
    }
    // A payable is a credit: what Isoko owes is its negative.
    const released =
      r.vendorOrderId === null || (r.deliveredAt !== null && r.deliveredAt.getTime() + holdMs <= now.getTime())
    if (released) balances.available -= amount
    else balances.onHold -= amount
  }
  return balances
}

export type LedgerEntry = {
  id: number
  reason: LedgerReason
  sourceKey: string
  orderId: number | null
  vendorOrderId: number | null
  paymentId: number | null
  postedAt: Date
  lines: { account: string; vendorId: number | null; vendorOrderId: number | null; amount: number }[]
}

/** The postings of an order, oldest first, with their lines. */
export async function listOrderEntries(ctx: ServiceContext, orderId: number): Promise<LedgerEntry[]> {
  const txs = await ctx.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.orderId, orderId))
    .orderBy(asc(ledgerTransactions.id))
  if (txs.length === 0) return []
  const lines = await ctx.db
    .select()
    .from(ledgerLines)
    .where(
      inArray(
        ledgerLines.transactionId,
        txs.map((t) => t.id),
      ),
    )
    .orderBy(asc(ledgerLines.id))
  return txs.map((t) => ({
    ...t,
    lines: lines
      .filter((l) => l.transactionId === t.id)
      .map((l) => ({ account: l.account, vendorId: l.vendorId, vendorOrderId: l.vendorOrderId, amount: l.amount })),
  }))
}

/** The accounts that are a vendor's own: what Isoko owes it, the cash in its hands, what it owes from cash sales. */
export function vendorAccounts(vendorId: number): string[] {
  return [accounts.vendorPayable(vendorId), accounts.vendorCashHeld(vendorId), accounts.cashSalesOwed(vendorId)]
}

export type VendorLedgerLine = {
  id: number
  account: string
  /** Debit positive, credit negative, as posted (integer francs). */
  amount: number
  vendorOrderId: number | null
  transaction: {
    id: number
    reason: LedgerReason
    orderId: number | null
    vendorOrderId: number | null
    postedAt: Date
  }
}

/** A page of the lines of a vendor's own accounts, newest first, with their transaction; and how many there are. */
export async function listVendorLines(
  ctx: ServiceContext,
  vendorId: number,
  options: { page?: number; perPage?: number } = {},
): Promise<{ items: VendorLedgerLine[]; total: number }> {
  const perPage = options.perPage ?? 25
  const page = Math.max(1, options.page ?? 1)
  const where = and(eq(ledgerLines.vendorId, vendorId), inArray(ledgerLines.account, vendorAccounts(vendorId)))
  const rows = await ctx.db
    .select({
      id: ledgerLines.id,
      account: ledgerLines.account,
      amount: ledgerLines.amount,
      vendorOrderId: ledgerLines.vendorOrderId,
      transaction: {
        id: ledgerTransactions.id,
        reason: ledgerTransactions.reason,
        orderId: ledgerTransactions.orderId,
        vendorOrderId: ledgerTransactions.vendorOrderId,
        postedAt: ledgerTransactions.postedAt,
      },
    })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(where)
    .orderBy(desc(ledgerTransactions.postedAt), desc(ledgerTransactions.id), desc(ledgerLines.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ledgerLines)
    .where(where)
  return { items: rows, total: counted?.n ?? 0 }
}

/** Every account's balance (debits positive), for checks and staff figures. */
export async function getAccountBalances(ctx: ServiceContext): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ account: ledgerLines.account, amount: sql<string>`sum(${ledgerLines.amount})` })
    .from(ledgerLines)
    .groupBy(ledgerLines.account)
  return new Map(rows.map((r) => [r.account, Number(r.amount)]))
}

/** The transactions whose lines do not sum to zero (there are none unless something bypassed `post`). */
export async function listUnbalancedTransactions(ctx: ServiceContext): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: ledgerLines.transactionId })
    .from(ledgerLines)
    .groupBy(ledgerLines.transactionId)
    .having(sql`sum(${ledgerLines.amount}) <> 0`)
  return rows.map((r) => r.id)
}
