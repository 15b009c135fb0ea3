import { asc, desc, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { type DisputeStatus, disputes, returnRequests } from '#app/modules/returns/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

// The staff's queue of cases (read-only join of disputes, orders, stores and returns): oldest open case first,
// with how long it has waited, so the 24-hour promise shows.

export type DisputeQueueItem = {
  id: number
  kind: string
  openedBy: string
  status: DisputeStatus
  orderNumber: string
  store: string
  returnStatus: string | null
  createdAt: Date
  decidedAt: Date | null
  refundAmount: number | null
  waitedHours: number
}

export async function listDisputeQueue(
  ctx: ServiceContext,
  input: { status: DisputeStatus; now?: Date; limit?: number },
): Promise<DisputeQueueItem[]> {
  const now = input.now ?? new Date()
  const rows = await ctx.db
    .select({
      id: disputes.id,
      kind: disputes.kind,
      openedBy: disputes.openedBy,
      status: disputes.status,
      orderNumber: orders.number,
      store: vendors.name,
      returnStatus: returnRequests.status,
      createdAt: disputes.createdAt,
      decidedAt: disputes.decidedAt,
      refundAmount: disputes.refundAmount,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(vendorOrders, eq(vendorOrders.id, disputes.vendorOrderId))
    .innerJoin(vendors, eq(vendors.id, vendorOrders.vendorId))
    .leftJoin(returnRequests, eq(returnRequests.id, disputes.returnId))
    .where(eq(disputes.status, input.status))
    .orderBy(input.status === 'open' ? asc(disputes.createdAt) : desc(disputes.decidedAt))
    .limit(input.limit ?? 100)
  return rows.map((r) => ({
    ...r,
    waitedHours: Math.floor(((r.decidedAt ?? now).getTime() - r.createdAt.getTime()) / 3_600_000),
  }))
}

/** Open cases, and how many of them have waited more than 24 hours. */
export async function countOpenDisputes(ctx: ServiceContext, now: Date = new Date()) {
  const [row] = await ctx.db
    .select({
      open: sql<number>`count(*)::int`,
      late: sql<number>`count(*) filter (where ${disputes.createdAt} < ${new Date(now.getTime() - 86_400_000)})::int`,
    })
    .from(disputes)
    .where(eq(disputes.status, 'open'))
  return { open: Number(row?.open ?? 0), late: Number(row?.late ?? 0) }
}

/** The order number of a case, for its page's links. */
export async function findDisputeOrderNumber(ctx: ServiceContext, disputeId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ number: orders.number })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputes.id, disputeId))
  return row?.number ?? null
}
