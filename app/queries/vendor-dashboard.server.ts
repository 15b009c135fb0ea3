import { and, asc, eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getVendorOrderFigures, listVendorOrders, type VendorOrderListItem } from '#app/modules/orders/orders.server.ts'
import { orderLines, orders } from '#app/modules/orders/tables.server.ts'
import { returnRequests } from '#app/modules/returns/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import type { VendorStatus } from '#app/modules/vendors/vendor-status.ts'
import { storeHasOrders } from '#app/modules/vendors/vendor-status.ts'
import { getVendorStats } from './vendor-directory.server.ts'

// The vendor dashboard's front page: the store, its catalogue and follower figures, and its orders. A read-only
// join across the vendors, catalog and orders modules (docs/decisions/0006-module-ownership.md).

export type StoreDashboard = {
  id: number
  name: string
  status: VendorStatus
  /** Why the store was rejected or suspended, as the admin wrote it. */
  statusReason: string | null
  /** Active products: what customers can buy. */
  productCount: number
  followerCount: number
  rating: number | null
  reviewCount: number
  /**
   * Orders shown to the store (paid, or confirmed for cash on delivery), their revenue in whole francs (cancelled
   * parts left out), and the customers who ordered. Only an approved store trades: the others count zero.
   */
  orderCount: number
  /** Cancelled orders, which the figures leave out (the orders page's All counts them). */
  cancelledOrderCount: number
  revenue: number
  customerCount: number
  /** Orders still to pack or send. */
  openOrderCount: number
  /** The five newest orders. */
  recentOrders: VendorOrderListItem[]
  /** Returns waiting for the store: to answer, or accepted and not yet marked received; oldest first. */
  openReturns: OpenReturn[]
}

export type OpenReturn = {
  id: number
  vendorOrderId: number
  orderNumber: string
  title: string
  quantity: number
  status: 'requested' | 'accepted'
  answerDueAt: Date
}

async function listOpenReturns(ctx: ServiceContext, vendorId: number): Promise<OpenReturn[]> {
  const rows = await ctx.db
    .select({
      id: returnRequests.id,
      vendorOrderId: returnRequests.vendorOrderId,
      orderNumber: orders.number,
      title: orderLines.title,
      quantity: returnRequests.quantity,
      status: returnRequests.status,
      answerDueAt: returnRequests.answerDueAt,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderLines, eq(orderLines.id, returnRequests.orderLineId))
    .where(and(eq(returnRequests.vendorId, vendorId), inArray(returnRequests.status, ['requested', 'accepted'])))
    .orderBy(asc(returnRequests.answerDueAt))
    .limit(20)
  return rows.map((r) => ({ ...r, status: r.status === 'requested' ? 'requested' : 'accepted' }))
}

/** The dashboard of the store an account runs, with its figures counted from the rows; null without a store. */
export async function findStoreDashboard(
  ctx: ServiceContext,
  input: { ownerUserId: string },
): Promise<StoreDashboard | null> {
  const [row] = await ctx.db
    .select({ id: vendors.id, name: vendors.name, status: vendors.status, statusReason: vendors.statusReason })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  if (!row) return null
  const stats = await getVendorStats(ctx, row.id)
  // A suspended store still fulfils the orders placed before its suspension.
  const trading = storeHasOrders(row.status)
  const figures = trading
    ? await getVendorOrderFigures(ctx, row.id)
    : { orders: 0, revenue: 0, customers: 0, open: 0, cancelled: 0 }
  const recent = trading ? (await listVendorOrders(ctx, row.id, { limit: 5 })).items : []
  return {
    ...row,
    productCount: stats.productCount,
    followerCount: stats.followerCount,
    rating: stats.rating,
    reviewCount: stats.reviewCount,
    orderCount: figures.orders,
    revenue: figures.revenue,
    customerCount: figures.customers,
    openOrderCount: figures.open,
    cancelledOrderCount: figures.cancelled,
    recentOrders: recent,
    openReturns: trading ? await listOpenReturns(ctx, row.id) : [],
  }
}
