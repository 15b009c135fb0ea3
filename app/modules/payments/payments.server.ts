import { and, asc, desc, eq, inArray, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { PaymentMethod, ProviderStatus } from './provider.ts'
import {
  type PartRefundStatus,
  type PaymentStatus,
  paymentEvents,
  paymentRefunds,
  payments,
  type RefundStatus,
} from './tables.server.ts'

// The payments module's records: one row per attempt to collect an order's money, and every event a provider
// sent or answered. The workflows decide what an outcome means for the order; this module only keeps the facts,
// and settles an attempt once: the first final answer wins, later ones (a duplicate callback) change nothing.

export type { PartRefundStatus }
export type PaymentRow = typeof payments.$inferSelect
export type PaymentEventRow = typeof paymentEvents.$inferSelect

export async function createPayment(
  ctx: ServiceContext,
  input: {
    orderId: number
    method: PaymentMethod
    reference: string
    amount: number
    payerPhone: string | null
    expiresAt: Date
  },
): Promise<PaymentRow> {
  const [row] = await ctx.db.insert(payments).values(input).returning()
  return row
}

export async function recordPaymentEvent(
  ctx: ServiceContext,
  paymentId: number,
  kind: string,
  payload: unknown,
): Promise<void> {
  await ctx.db.insert(paymentEvents).values({ paymentId, kind, payload: payload ?? null })
}

export async function findPaymentByReference(
  ctx: ServiceContext,
  reference: string,
  lock = false,
): Promise<PaymentRow | null> {
  const query = ctx.db.select().from(payments).where(eq(payments.reference, reference))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function findPayment(ctx: ServiceContext, paymentId: number, lock = false): Promise<PaymentRow | null> {
  const query = ctx.db.select().from(payments).where(eq(payments.id, paymentId))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** Notes what we learnt while the attempt stays pending (the redirect page, the provider's id, the last check). */
export async function updatePendingPayment(
  ctx: ServiceContext,
  paymentId: number,
  values: { redirectUrl?: string; providerTransactionId?: string; checkedAt?: Date },
): Promise<void> {
  await ctx.db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId))
}

/**
 * Settles a pending attempt as succeeded, failed or expired. Returns false when it was already settled (the
 * update matches only a pending row), so a duplicate callback or a second poller does nothing twice.
 */
export async function settlePayment(
  ctx: ServiceContext,
  paymentId: number,
  outcome: { status: Exclude<PaymentStatus, 'pending'>; providerTransactionId?: string; reason?: string },
): Promise<boolean> {
  const rows = await ctx.db
    .update(payments)
    .set({
      status: outcome.status,
      providerTransactionId: outcome.providerTransactionId,
      failureReason: outcome.reason ?? null,
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id })
  return rows.length > 0
}

/** Marks a succeeded attempt for refund; false when a refund was already started. */
export async function startRefundRecord(
  ctx: ServiceContext,
  paymentId: number,
  refundReference: string,
  refundAmount: number | null = null,
): Promise<boolean> {
  const rows = await ctx.db
    .update(payments)
    .set({ refundReference, refundStatus: 'pending', refundAmount, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded'), isNull(payments.refundStatus)))
    .returning({ id: payments.id })
  return rows.length > 0
}

/** Settles a pending refund; false when it was already settled. */
export async function settleRefund(
  ctx: ServiceContext,
  paymentId: number,
  status: Exclude<RefundStatus, 'pending'>,
): Promise<boolean> {
  const rows = await ctx.db
    .update(payments)
    .set({ refundStatus: status, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.refundStatus, 'pending')))
    .returning({ id: payments.id })
  return rows.length > 0
}

/** An order's attempts, oldest first. */
export async function listOrderPayments(ctx: ServiceContext, orderId: number): Promise<PaymentRow[]> {
  return ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))
}

/** The order's latest attempt, or null. */
export async function findLatestPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1)
  return row ?? null
}

/** Every event of an order's payments, oldest first (the admin console shows them). */
export async function listPaymentEvents(ctx: ServiceContext, paymentIds: number[]): Promise<PaymentEventRow[]> {
  if (paymentIds.length === 0) return []
  return ctx.db
    .select()
    .from(paymentEvents)
    .where(inArray(paymentEvents.paymentId, paymentIds))
    .orderBy(asc(paymentEvents.id))
}

/**
 * How long a sweep's claim on a row holds. Longer than a claimed batch takes (each provider call may wait up to
 * two 15-second requests); a sweep that died leaves its rows to other sweeps after this.
 */
export const CLAIM_LEASE_MS = 5 * 60_000

type ClaimInput = { now: Date; limit?: number; leaseMs?: number; exclude?: number[] }

/**
 * Claims due rows for one sweep: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING *`.
 * A row another sweep is claiming right now is skipped, one it claimed earlier is not due until its lease ends,
 * so two servers sweeping at once never ask a provider about the same row in one round.
 */
async function claimPayments(ctx: ServiceContext, due: SQL | undefined, input: ClaimInput): Promise<PaymentRow[]> {
  const claimable = and(
    due,
    or(isNull(payments.claimedUntil), lt(payments.claimedUntil, input.now)),
    input.exclude?.length ? notInArray(payments.id, input.exclude) : undefined,
  )
  const ids = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(claimable)
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.id))
    .limit(input.limit ?? 10)
    .for('update', { skipLocked: true })
  const rows = await ctx.db
    .update(payments)
    .set({ claimedUntil: new Date(input.now.getTime() + (input.leaseMs ?? CLAIM_LEASE_MS)) })
    .where(inArray(payments.id, ids))
    .returning()
  return rows.sort((a, b) => a.id - b.id)
}

/**
 * Claims attempts the poller should ask about: pending ones not checked since `checkedBefore` (a lost callback is
 * recovered this way), and those past their expiry. Cash on delivery is settled by the vendor, never polled.
 */
export async function claimPaymentsToPoll(
  ctx: ServiceContext,
  input: ClaimInput & { checkedBefore: Date },
): Promise<PaymentRow[]> {
  const due = and(
    eq(payments.status, 'pending'),
    inArray(payments.method, ['momo', 'airtel', 'card']),
    or(isNull(payments.checkedAt), lt(payments.checkedAt, input.checkedBefore)),
  )
  return claimPayments(ctx, due, input)
}

/**
 * Claims refunds still on their way whose status was not asked since `checkedBefore` (a refund's checks are
 * noted in `checked_at` too: the attempt itself, succeeded, is no longer polled).
 */
export async function claimPendingRefunds(
  ctx: ServiceContext,
  input: ClaimInput & { checkedBefore: Date },
): Promise<PaymentRow[]> {
  const due = and(
    eq(payments.refundStatus, 'pending'),
    or(isNull(payments.checkedAt), lt(payments.checkedAt, input.checkedBefore)),
  )
  return claimPayments(ctx, due, input)
}

/**
 * The sweep is done with the row: the next sweep, on any server, may claim it when it is due again (`checkedAt`,
 * when given, notes that its provider was asked now). Only the claim this sweep made is cleared: a newer one,
 * made after this lease ended, stays.
 */
export async function releasePaymentClaim(
  ctx: ServiceContext,
  claimed: Pick<PaymentRow, 'id' | 'claimedUntil'>,
  checkedAt?: Date,
): Promise<void> {
  if (!claimed.claimedUntil) return
  await ctx.db
    .update(payments)
    .set({ claimedUntil: null, ...(checkedAt ? { checkedAt } : {}) })
    .where(and(eq(payments.id, claimed.id), eq(payments.claimedUntil, claimed.claimedUntil)))
}

/** The order's pending cash-on-delivery attempt (settled when the vendors collect the money). */
export async function findPendingCashPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'cod'), eq(payments.status, 'pending')))
  return row ?? null
}

export function paymentStateOf(status: ProviderStatus['state']): PaymentStatus {
  return status === 'succeeded' ? 'succeeded' : status === 'failed' ? 'failed' : 'pending'
}

/**
 * A provider reports success for an attempt we had already given up (failed or expired): the money was taken,
 * so the attempt becomes succeeded and the caller decides whether the order takes it or it is refunded.
 */
export async function reviveLateSuccess(
  ctx: ServiceContext,
  paymentId: number,
  providerTransactionId?: string,
): Promise<boolean> {
  const rows = await ctx.db
    .update(payments)
    .set({ status: 'succeeded', providerTransactionId, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['failed', 'expired'])))
    .returning({ id: payments.id })
  return rows.length > 0
}

export async function setRefundProviderId(ctx: ServiceContext, paymentId: number, id: string): Promise<void> {
  await ctx.db.update(payments).set({ refundProviderId: id, updatedAt: new Date() }).where(eq(payments.id, paymentId))
}

/** Whether the order has an attempt still waiting for an answer. */
export async function hasPendingPayment(ctx: ServiceContext, orderId: number, exceptId?: number): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
  return rows.some((r) => r.id !== exceptId)
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds staff make (part of a payment, or one vendor's part): one row each in payment_refunds.

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect

/**
 * What of a payment is already on its way back or back: its whole-payment refund (unless it failed) and every
 * staff refund not failed. What is left to refund is the payment's amount less this.
 */
export async function refundedSoFar(ctx: ServiceContext, payment: PaymentRow): Promise<number> {
  const whole =
    payment.refundStatus === 'pending' || payment.refundStatus === 'succeeded'
      ? (payment.refundAmount ?? payment.amount)
      : 0
  const [row] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), ne(paymentRefunds.status, 'failed')))
  return whole + Number(row?.n ?? 0)
}

export async function findPaymentRefundByReference(
  ctx: ServiceContext,
  reference: string,
): Promise<PaymentRefundRow | null> {
  const [row] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.reference, reference))
  return row ?? null
}

export async function findPaymentRefund(
  ctx: ServiceContext,
  refundId: number,
  lock = false,
): Promise<PaymentRefundRow | null> {
  const q = ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId))
  const [row] = lock ? await q.for('update') : await q
  return row ?? null
}

export async function createPaymentRefund(
  ctx: ServiceContext,
  input: Pick<
    PaymentRefundRow,
    'paymentId' | 'orderId' | 'vendorOrderId' | 'reference' | 'amount' | 'reason' | 'actor' | 'payeePhone'
  > &
    Partial<Pick<PaymentRefundRow, 'deliveryAmount' | 'deliveryBorneBy' | 'platformBears'>> & {
      status: PartRefundStatus
    },
): Promise<PaymentRefundRow> {
  const [row] = await ctx.db.insert(paymentRefunds).values(input).returning()
  if (!row) throw new Error('refund not written')
  return row
}

/** Settles a pending staff refund; false when it was already settled. */
export async function settlePaymentRefund(
  ctx: ServiceContext,
  refundId: number,
  status: 'succeeded' | 'failed',
): Promise<boolean> {
  const rows = await ctx.db
    .update(paymentRefunds)
    .set({ status, completedAt: new Date() })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
    .returning({ id: paymentRefunds.id })
  return rows.length > 0
}

/**
 * A cash-on-delivery refund leaves `to_send` as its transfer is asked for; false when it was not waiting (another
 * sender took it, or it is settled).
 */
export async function markCashRefundSending(ctx: ServiceContext, refundId: number, now: Date): Promise<boolean> {
  const rows = await ctx.db
    .update(paymentRefunds)
    .set({ status: 'pending', checkedAt: now })
    .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'to_send')))
    .returning({ id: paymentRefunds.id })
  return rows.length > 0
}

export async function updatePaymentRefund(
  ctx: ServiceContext,
  refundId: number,
  set: { providerRefundId?: string; checkedAt?: Date },
): Promise<void> {
  await ctx.db.update(paymentRefunds).set(set).where(eq(paymentRefunds.id, refundId))
}

/** Staff refunds still waiting for their provider's answer, not asked since `checkedBefore`. */
export async function listPendingPaymentRefunds(
  ctx: ServiceContext,
  input: { checkedBefore: Date; limit?: number },
): Promise<PaymentRefundRow[]> {
  return ctx.db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, 'pending'),
        or(isNull(paymentRefunds.checkedAt), lt(paymentRefunds.checkedAt, input.checkedBefore)),
      ),
    )
    .orderBy(asc(paymentRefunds.id))
    .limit(input.limit ?? 50)
}

/**
 * Staff refunds recorded before `createdBefore` that no provider has answered yet: a cash refund still `to_send`,
 * or an online one never asked about (its sending was cut off).
 */
export async function listUnsentPaymentRefunds(
  ctx: ServiceContext,
  input: { createdBefore: Date; limit?: number },
): Promise<PaymentRefundRow[]> {
  return ctx.db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        lt(paymentRefunds.createdAt, input.createdBefore),
        or(
          eq(paymentRefunds.status, 'to_send'),
          and(eq(paymentRefunds.status, 'pending'), isNull(paymentRefunds.checkedAt)),
        ),
      ),
    )
    .orderBy(asc(paymentRefunds.id))
    .limit(input.limit ?? 50)
}

/** An order's staff refunds, oldest first (the admin console shows them). */
export async function listOrderRefunds(ctx: ServiceContext, orderId: number): Promise<PaymentRefundRow[]> {
  return ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.id))
}
