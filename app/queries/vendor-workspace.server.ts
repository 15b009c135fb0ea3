import { eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { LOW_STOCK_AT } from '#app/modules/catalog/stock-levels.ts'
import { products, productVariants, reviews } from '#app/modules/catalog/tables.server.ts'
import { conversationMessages, conversations } from '#app/modules/messaging/tables.server.ts'
import { vendorOrders } from '#app/modules/orders/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import type { VendorStatus } from '#app/modules/vendors/vendor-status.ts'

// The vendor workspace's navigation: the store's standing and what waits for it, asked once per page in one
// statement (a read-only join across the vendors, orders, catalog and messaging modules:
// docs/decisions/0006-module-ownership.md). Each count rides an index on the store's id (vendor_orders_vendor_idx,
// conversations_vendor_idx, products' vendor index), so the cost follows the store's size, not the mall's.

export type WorkspaceCounts = {
  /** Messages from customers the store has not read. */
  unread: number
  /** Released orders waiting to be packed. */
  toPack: number
  /** Packed orders waiting to be sent. */
  toShip: number
  /** Variants of the store's products with a little stock left (not sold out). */
  lowStock: number
  /** Reviews of the store's products it has not answered. */
  unanswered: number
}

export type WorkspaceNav = {
  store: { status: VendorStatus; statusReason: string | null; closed: boolean } | null
  counts: WorkspaceCounts
}

const NONE: WorkspaceCounts = { unread: 0, toPack: 0, toShip: 0, lowStock: 0, unanswered: 0 }

/** The outer row's store id, qualified: a lone "id" would be ambiguous inside the subqueries. */
const storeId = sql`${vendors}.${sql.identifier('id')}`

export async function getWorkspaceNav(ctx: ServiceContext, input: { ownerUserId: string }): Promise<WorkspaceNav> {
  const [row] = await ctx.db
    .select({
      status: vendors.status,
      statusReason: vendors.statusReason,
      closedAt: vendors.closedAt,
      unread:
        sql<number>`(select count(*) from ${conversationMessages} m join ${conversations} c on c.id = m.conversation_id
        where c.vendor_id = ${storeId} and m.sender = 'customer' and m.id > c.vendor_read_id)`.mapWith(Number),
      toPack: sql<number>`(select count(*) from ${vendorOrders} vo
        where vo.vendor_id = ${storeId} and vo.released_at is not null and vo.status = 'new')`.mapWith(Number),
      toShip: sql<number>`(select count(*) from ${vendorOrders} vo
        where vo.vendor_id = ${storeId} and vo.released_at is not null and vo.status = 'packed')`.mapWith(Number),
      lowStock: sql<number>`(select count(*) from ${productVariants} pv join ${products} p on p.id = pv.product_id
        where p.vendor_id = ${storeId} and pv.stock > 0 and pv.stock <= ${LOW_STOCK_AT})`.mapWith(Number),
      unanswered: sql<number>`(select count(*) from ${reviews} r join ${products} p on p.id = r.product_id
        where p.vendor_id = ${storeId} and r.vendor_reply is null)`.mapWith(Number),
    })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  if (!row) return { store: null, counts: { ...NONE } }
  const { status, statusReason, closedAt, ...counts } = row
  return { store: { status, statusReason, closed: closedAt !== null }, counts }
}
