import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { PayoutProvider } from '#app/modules/vendors/vendors.server.ts'
import { type PayoutRequester, type PayoutStatus, payoutEvents, payoutRuns, payouts } from './tables.server.ts'

// The payouts module's records: one row per transfer of a vendor's balance, and every event a provider sent or
// answered about it. The payouts workflow decides amounts and posts to the ledger; this module keeps the facts and
// settles a payout once: only a pending row is settled, so a duplicate callback or a second poller changes nothing.

export type { PayoutRequester, PayoutStatus }
export type PayoutRow = typeof payouts.$inferSelect
export type PayoutEventRow = typeof payoutEvents.$inferSelect

/**
 * What a vendor could be paid now: what is available less what it owes on cash sales (`netted` of the debt is
 * settled against the balance when the payout is made).
 */
export function payableNow(balances: { available: number; owedOnCashSales: number }) {
  const netted = Math.max(0, Math.min(balances.owedOnCashSales, balances.available))
  return { amount: balances.available - Math.max(0, balances.owedOnCashSales), netted }
}

/** How long a sweep's claim on a payout holds (as for payments: longer than a batch of provider calls). */
export const PAYOUT_CLAIM_LEASE_MS = 5 * 60_000

/**
 * Writes a new pending payout. Returns null when the vendor already has one pending (the partial unique index
 * `payouts_one_open_idx`): the caller holds the vendor's row lock, so this is the last line of defence.
 */
export async function createPayoutRecord(
  ctx: ServiceContext,
  input: {
    vendorId: number
    amount: number
    netted: number
    provider: PayoutProvider
    phone: string
    accountName: string
    reference: string
    requestedBy: PayoutRequester
    requestedByUser: string | null
    retryOf?: number | null
    now: Date
  },
): Promise<PayoutRow | null> {
  const { now, ...values } = input
  const [row] = await ctx.db
    .insert(payouts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

export async function recordPayoutEvent(ctx: ServiceContext, payoutId: number, kind: string, payload: unknown) {
  await ctx.db.insert(payoutEvents).values({ payoutId, kind, payload: payload ?? null })
}

export async function findPayout(ctx: ServiceContext, id: number, lock = false): Promise<PayoutRow | null> {
  const query = ctx.db.select().from(payouts).where(eq(payouts.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function findPayoutByReference(ctx: ServiceContext, reference: string): Promise<PayoutRow | null> {
  const [row] = await ctx.db.select().from(payouts).where(eq(payouts.reference, reference))
  return row ?? null
}

/** The vendor's pending payout, or null. */
export async function findOpenPayout(ctx: ServiceContext, vendorId: number): Promise<PayoutRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.vendorId, vendorId), eq(payouts.status, 'pending')))
  return row ?? null
}

/** Notes what we learnt while the payout stays pending. */
export async function updatePendingPayout(
  ctx: ServiceContext,
  id: number,
  values: { sentAt?: Date; checkedAt?: Date; providerTransactionId?: string },
): Promise<void> {
  await ctx.db
    .update(payouts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payouts.id, id))
}

/** Settles a pending payout; false when it was settled already (a duplicate callback, a second poller). */
export async function settlePayout(
  ctx: ServiceContext,
  id: number,
  outcome: { status: Exclude<PayoutStatus, 'pending'>; providerTransactionId?: string; reason?: string; now: Date },
): Promise<boolean> {
  const rows = await ctx.db
    .update(payouts)
    .set({
      status: outcome.status,
      ...(outcome.providerTransactionId ? { providerTransactionId: outcome.providerTransactionId } : {}),
      failureReason: outcome.status === 'failed' ? (outcome.reason ?? 'FAILED') : null,
      completedAt: outcome.now,
      updatedAt: outcome.now,
      claimedUntil: null,
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning({ id: payouts.id })
  return rows.length > 0
}

/**
 * Claims pending payouts not checked since `checkedBefore` for one sweep: `UPDATE … WHERE id IN (SELECT … FOR
 * UPDATE SKIP LOCKED LIMIT n)`, with a lease, as the payments poller does.
 */
export async function claimPayoutsToPoll(
  ctx: ServiceContext,
  input: { now: Date; checkedBefore: Date; limit?: number; leaseMs?: number; exclude?: number[] },
): Promise<PayoutRow[]> {
  const ids = ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        or(isNull(payouts.checkedAt), lt(payouts.checkedAt, input.checkedBefore)),
        or(isNull(payouts.claimedUntil), lt(payouts.claimedUntil, input.now)),
        input.exclude?.length ? notInArray(payouts.id, input.exclude) : undefined,
      ),
    )
    .orderBy(sql`${payouts.checkedAt} asc nulls first`, asc(payouts.id))
    .limit(input.limit ?? 10)
    .for('update', { skipLocked: true })
  const rows = await ctx.db
    .update(payouts)
    .set({ claimedUntil: new Date(input.now.getTime() + (input.leaseMs ?? PAYOUT_CLAIM_LEASE_MS)) })
    .where(inArray(payouts.id, ids))
    .returning()
  return rows.sort((a, b) => a.id - b.id)
}

/** The sweep is done with the payout; only the claim this sweep made is cleared. */
export async function releasePayoutClaim(
  ctx: ServiceContext,
  claimed: Pick<PayoutRow, 'id' | 'claimedUntil'>,
): Promise<void> {
  if (!claimed.claimedUntil) return
  await ctx.db
    .update(payouts)
    .set({ claimedUntil: null })
    .where(and(eq(payouts.id, claimed.id), eq(payouts.claimedUntil, claimed.claimedUntil)))
}

/** A vendor's payouts, newest first (the balance page). */
export async function listVendorPayouts(
  ctx: ServiceContext,
  vendorId: number,
  options: { limit?: number } = {},
): Promise<PayoutRow[]> {
  return ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendorId))
    .orderBy(desc(payouts.id))
    .limit(options.limit ?? 20)
}

/** Payouts in one status, newest first (for a staff screen: sent, failed, in transit). */
export async function listPayoutsByStatus(
  ctx: ServiceContext,
  status: PayoutStatus,
  options: { limit?: number; offset?: number } = {},
): Promise<PayoutRow[]> {
  return ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.status, status))
    .orderBy(desc(payouts.id))
    .limit(options.limit ?? 50)
    .offset(options.offset ?? 0)
}

/** Every event of a payout, oldest first. */
export async function listPayoutEvents(ctx: ServiceContext, payoutId: number): Promise<PayoutEventRow[]> {
  return ctx.db.select().from(payoutEvents).where(eq(payoutEvents.payoutId, payoutId)).orderBy(asc(payoutEvents.id))
}

/**
 * Takes a scheduled slot for this server: true for the first caller only (on any server), which then runs it.
 */
export async function claimPayoutRun(ctx: ServiceContext, slot: Date, now: Date): Promise<boolean> {
  const rows = await ctx.db
    .insert(payoutRuns)
    .values({ slot, startedAt: now })
    .onConflictDoNothing()
    .returning({ slot: payoutRuns.slot })
  return rows.length > 0
}

export async function finishPayoutRun(ctx: ServiceContext, slot: Date, input: { now: Date; made: number }) {
  await ctx.db.update(payoutRuns).set({ finishedAt: input.now, made: input.made }).where(eq(payoutRuns.slot, slot))
}
