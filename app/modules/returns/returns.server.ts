import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { canTransitionReturn, OPEN_RETURN_STATUSES, type ReturnActor } from './return-status.ts'
import {
  type DisputeBearer,
  type DisputeKind,
  type DisputeSide,
  type DisputeStatus,
  disputeMessages,
  disputes,
  type ReturnStatus,
  returnEvents,
  returnPhotos,
  returnRequests,
} from './tables.server.ts'

// The returns module: return requests with their history and photos, and disputes with their messages. Only this
// module changes a return's state, through the one transition table (return-status.ts). The workflows
// (app/workflows/returns.server.ts) join it to orders, stock, payments and the ledger.

export type ReturnRow = typeof returnRequests.$inferSelect
export type ReturnEventRow = typeof returnEvents.$inferSelect
export type ReturnPhotoRow = typeof returnPhotos.$inferSelect
export type DisputeRow = typeof disputes.$inferSelect
export type DisputeMessageRow = typeof disputeMessages.$inferSelect
export type ReturnView = ReturnRow & { events: ReturnEventRow[]; photos: ReturnPhotoRow[]; dispute: DisputeRow | null }

export type NewReturn = Pick<
  ReturnRow,
  | 'orderId'
  | 'vendorOrderId'
  | 'orderLineId'
  | 'customerId'
  | 'vendorId'
  | 'quantity'
  | 'reason'
  | 'note'
  | 'resolution'
  | 'replacementVariantId'
  | 'replacementLabel'
  | 'refundPhone'
  | 'answerDueAt'
>

/** Writes a new request (state `requested`) and the first line of its history. */
export async function createReturn(
  ctx: ServiceContext,
  input: NewReturn & { photos: { imageKey: string; placeholder: string }[] },
): Promise<ReturnRow> {
  const { photos, ...values } = input
  const [row] = await ctx.db.insert(returnRequests).values(values).returning()
  if (!row) throw new Error('return not written')
  await ctx.db.insert(returnEvents).values({ returnId: row.id, toStatus: 'requested', actor: 'customer' })
  if (photos.length > 0) {
    await ctx.db.insert(returnPhotos).values(photos.map((p) => ({ returnId: row.id, ...p })))
  }
  return row
}

export async function findReturn(ctx: ServiceContext, returnId: number, lock = false): Promise<ReturnRow | null> {
  if (!Number.isSafeInteger(returnId) || returnId <= 0 || returnId > 2_147_483_647) return null
  const q = ctx.db.select().from(returnRequests).where(eq(returnRequests.id, returnId))
  const [row] = lock ? await q.for('update') : await q
  return row ?? null
}

/** The units of each order line already asked back by a return that is not cancelled. */
export async function returnedUnits(ctx: ServiceContext, orderLineIds: number[]): Promise<Map<number, number>> {
  if (orderLineIds.length === 0) return new Map()
  const rows = await ctx.db
    .select({ lineId: returnRequests.orderLineId, n: sql<number>`sum(${returnRequests.quantity})::int` })
    .from(returnRequests)
    .where(and(inArray(returnRequests.orderLineId, orderLineIds), ne(returnRequests.status, 'cancelled')))
    .groupBy(returnRequests.orderLineId)
  return new Map(rows.map((r) => [r.lineId, Number(r.n)]))
}

/** Every return of an order, each with its history, photos and dispute (oldest first). */
export async function listReturnsOfOrder(
  ctx: ServiceContext,
  orderId: number,
  options: { vendorOrderId?: number } = {},
): Promise<ReturnView[]> {
  const rows = await ctx.db
    .select()
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        options.vendorOrderId !== undefined ? eq(returnRequests.vendorOrderId, options.vendorOrderId) : undefined,
      ),
    )
    .orderBy(asc(returnRequests.id))
  return withDetails(ctx, rows)
}

async function withDetails(ctx: ServiceContext, rows: ReturnRow[]): Promise<ReturnView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [events, photos, cases] = await Promise.all([
    ctx.db.select().from(returnEvents).where(inArray(returnEvents.returnId, ids)).orderBy(asc(returnEvents.id)),
    ctx.db.select().from(returnPhotos).where(inArray(returnPhotos.returnId, ids)).orderBy(asc(returnPhotos.id)),
    ctx.db.select().from(disputes).where(inArray(disputes.returnId, ids)).orderBy(desc(disputes.id)),
  ])
  return rows.map((r) => ({
    ...r,
    events: events.filter((e) => e.returnId === r.id),
    photos: photos.filter((p) => p.returnId === r.id),
    dispute: cases.find((d) => d.returnId === r.id) ?? null,
  }))
}

export async function findReturnView(ctx: ServiceContext, returnId: number): Promise<ReturnView | null> {
  const row = await findReturn(ctx, returnId)
  return row ? ((await withDetails(ctx, [row]))[0] ?? null) : null
}

export type TransitionOutcome = { ok: true; row: ReturnRow } | { ok: false; code: 'illegal' | 'not_found' }

/**
 * Moves a return from its state to `to`, if the table lets `by` do it from there; writes the history line and
 * whatever `set` carries (the store's answer, the refund). Lock the row first (`findReturn(ctx, id, true)`) when
 * the caller decides on what it read.
 */
export async function transitionReturn(
  ctx: ServiceContext,
  input: {
    returnId: number
    to: ReturnStatus
    by: ReturnActor
    actor: string
    note?: string | null
    set?: Partial<
      Pick<
        ReturnRow,
        'method' | 'instructions' | 'refusal' | 'unsellable' | 'refundAmount' | 'deliveryRefund' | 'refundReference'
      >
    >
  },
): Promise<TransitionOutcome> {
  const current = await findReturn(ctx, input.returnId, true)
  if (!current) return { ok: false, code: 'not_found' }
  if (!canTransitionReturn(current.status, input.to, input.by)) return { ok: false, code: 'illegal' }
  const [row] = await ctx.db
    .update(returnRequests)
    .set({ ...input.set, status: input.to, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, current.id), eq(returnRequests.status, current.status)))
    .returning()
  if (!row) return { ok: false, code: 'illegal' }
  await ctx.db.insert(returnEvents).values({
    returnId: row.id,
    fromStatus: current.status,
    toStatus: input.to,
    actor: input.actor,
    note: input.note ?? null,
  })
  return { ok: true, row }
}

/** A line of a return's history that is not a change of state (a refund that failed, an escalation). */
export async function recordReturnNote(
  ctx: ServiceContext,
  input: { returnId: number; actor: string; note: string },
): Promise<void> {
  const row = await findReturn(ctx, input.returnId)
  if (!row) return
  await ctx.db.insert(returnEvents).values({
    returnId: row.id,
    fromStatus: row.status,
    toStatus: row.status,
    actor: input.actor,
    note: input.note,
  })
}

/**
 * A refund of a return or of a dispute reached its end (called by the payments workflow in the transaction that
 * settles it): a return waiting for its money becomes `refunded`; a failed one stays where it is, with a note, for
 * staff to act on.
 */
export async function settleReturnRefund(
  ctx: ServiceContext,
  input: { reference: string; state: 'succeeded' | 'failed' },
): Promise<{ returnId: number; refunded: boolean } | null> {
  const [row] = await ctx.db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.refundReference, input.reference))
    .for('update')
  if (!row) return null
  if (input.state === 'failed') {
    await recordReturnNote(ctx, { returnId: row.id, actor: 'payments', note: 'refund_failed' })
    return { returnId: row.id, refunded: false }
  }
  if (row.status === 'refunded') return { returnId: row.id, refunded: false }
  const by: ReturnActor = row.status === 'received' ? 'system' : 'staff'
  const moved = await transitionReturn(ctx, { returnId: row.id, to: 'refunded', by, actor: 'payments' })
  return { returnId: row.id, refunded: moved.ok }
}

/** A new refund reference on a return (before its refund is asked for), so the outcome finds its return. */
export async function setReturnRefund(
  ctx: ServiceContext,
  input: { returnId: number; reference: string; amount: number; deliveryRefund: number },
): Promise<void> {
  await ctx.db
    .update(returnRequests)
    .set({
      refundReference: input.reference,
      refundAmount: input.amount,
      deliveryRefund: input.deliveryRefund,
      updatedAt: new Date(),
    })
    .where(eq(returnRequests.id, input.returnId))
}

/** Requests the store has not answered by their due time and that no one escalated yet, locked for this sweep. */
export async function claimOverdueReturns(ctx: ServiceContext, now: Date, limit = 50): Promise<ReturnRow[]> {
  return ctx.db
    .select()
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.status, 'requested'),
        lt(returnRequests.answerDueAt, now),
        isNull(returnRequests.escalatedAt),
      ),
    )
    .orderBy(asc(returnRequests.answerDueAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function markReturnEscalated(ctx: ServiceContext, returnId: number, at: Date): Promise<void> {
  await ctx.db.update(returnRequests).set({ escalatedAt: at, updatedAt: at }).where(eq(returnRequests.id, returnId))
}

/** A store's requests waiting for its answer, and accepted parcels it has not marked received. */
export async function countVendorReturnsToAct(ctx: ServiceContext, vendorId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.vendorId, vendorId), inArray(returnRequests.status, ['requested', 'accepted'])))
  return Number(row?.n ?? 0)
}

/** Whether a stored picture is a return's photo (the images module may delete files only when no row names them). */
export async function isImageKeyUsedByReturns(ctx: ServiceContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: returnPhotos.id })
    .from(returnPhotos)
    .where(eq(returnPhotos.imageKey, key))
    .limit(1)
  return Boolean(row)
}

export { OPEN_RETURN_STATUSES }

// ---------------------------------------------------------------------------------------------------------------
// Disputes

export async function createDispute(
  ctx: ServiceContext,
  input: {
    orderId: number
    vendorOrderId: number
    returnId: number | null
    kind: DisputeKind
    openedBy: DisputeSide
    statement: string | null
  },
): Promise<DisputeRow> {
  const [row] = await ctx.db
    .insert(disputes)
    .values({
      orderId: input.orderId,
      vendorOrderId: input.vendorOrderId,
      returnId: input.returnId,
      kind: input.kind,
      openedBy: input.openedBy,
    })
    .returning()
  if (!row) throw new Error('dispute not written')
  if (input.statement) await addDisputeMessage(ctx, { disputeId: row.id, side: input.openedBy, body: input.statement })
  return row
}

export async function findDispute(ctx: ServiceContext, disputeId: number, lock = false): Promise<DisputeRow | null> {
  if (!Number.isSafeInteger(disputeId) || disputeId <= 0 || disputeId > 2_147_483_647) return null
  const q = ctx.db.select().from(disputes).where(eq(disputes.id, disputeId))
  const [row] = lock ? await q.for('update') : await q
  return row ?? null
}

/** The open dispute about a vendor order (or one of its returns), if any: one case at a time. */
export async function findOpenDispute(
  ctx: ServiceContext,
  input: { vendorOrderId: number; returnId?: number | null },
): Promise<DisputeRow | null> {
  const [row] = await ctx.db
    .select()
    .from(disputes)
    .where(
      and(
        eq(disputes.vendorOrderId, input.vendorOrderId),
        eq(disputes.status, 'open'),
        input.returnId ? eq(disputes.returnId, input.returnId) : undefined,
      ),
    )
    .limit(1)
  return row ?? null
}

export async function listDisputesOfOrder(ctx: ServiceContext, orderId: number): Promise<DisputeRow[]> {
  return ctx.db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(asc(disputes.id))
}

export async function addDisputeMessage(
  ctx: ServiceContext,
  input: { disputeId: number; side: DisputeSide; body: string },
): Promise<void> {
  await ctx.db.insert(disputeMessages).values(input)
}

export async function listDisputeMessages(ctx: ServiceContext, disputeIds: number[]): Promise<DisputeMessageRow[]> {
  if (disputeIds.length === 0) return []
  return ctx.db
    .select()
    .from(disputeMessages)
    .where(inArray(disputeMessages.disputeId, disputeIds))
    .orderBy(asc(disputeMessages.id))
}

/** Records staff's decision on an open dispute; false when it was decided already (a double submit). */
export async function decideDisputeRow(
  ctx: ServiceContext,
  input: {
    disputeId: number
    status: Exclude<DisputeStatus, 'open'>
    refundAmount: number | null
    bearer: DisputeBearer | null
    decisionNote: string
    refundReference: string | null
    decidedBy: string
    at: Date
  },
): Promise<boolean> {
  const rows = await ctx.db
    .update(disputes)
    .set({
      status: input.status,
      refundAmount: input.refundAmount,
      bearer: input.bearer,
      decisionNote: input.decisionNote,
      refundReference: input.refundReference,
      decidedBy: input.decidedBy,
      decidedAt: input.at,
    })
    .where(and(eq(disputes.id, input.disputeId), eq(disputes.status, 'open')))
    .returning({ id: disputes.id })
  return rows.length > 0
}

/** A store's returns still in progress and its disputes still open: what stops its owner closing the account. */
export async function countOpenVendorCases(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderIds: number[] },
): Promise<number> {
  const [openReturns] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.vendorId, input.vendorId), inArray(returnRequests.status, [...OPEN_RETURN_STATUSES])))
  let openDisputes = 0
  if (input.vendorOrderIds.length > 0) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(disputes)
      .where(and(inArray(disputes.vendorOrderId, input.vendorOrderIds), eq(disputes.status, 'open')))
    openDisputes = Number(row?.n ?? 0)
  }
  return Number(openReturns?.n ?? 0) + openDisputes
}
