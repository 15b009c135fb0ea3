import { and, desc, eq, isNotNull, max } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { listProductSummaries, type ProductSummary } from '#app/modules/catalog/reviews.server.ts'
import { orderLines, orders, vendorOrders } from './tables.server.ts'

// What a customer has received: the products on lines of their vendor orders that reached `delivered`. Reviews
// are open for these only (a product ordered but still on its way, or cancelled, is not "received").

export type ReceivedProduct = ProductSummary & {
  /** ISO timestamp of the latest delivery that brought it. */
  deliveredAt: string
}

const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647

/** The customer's received products, each once, the most recently delivered first. */
export async function listReviewableProducts(
  ctx: ServiceContext,
  input: { customerId: number },
): Promise<ReceivedProduct[]> {
  if (!isId(input.customerId)) return []
  const rows = await ctx.db
    .select({ productId: orderLines.productId, deliveredAt: max(vendorOrders.deliveredAt) })
    .from(orderLines)
    .innerJoin(vendorOrders, eq(vendorOrders.id, orderLines.vendorOrderId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, input.customerId),
        eq(vendorOrders.status, 'delivered'),
        isNotNull(orderLines.productId),
      ),
    )
    .groupBy(orderLines.productId)
    .orderBy(desc(max(vendorOrders.deliveredAt)), desc(orderLines.productId))
  const ids = rows.flatMap((r) => (r.productId === null ? [] : [r.productId]))
  const summaries = new Map((await listProductSummaries(ctx, ids)).map((p) => [p.id, p]))
  return rows.flatMap((r) => {
    const product = r.productId === null ? undefined : summaries.get(r.productId)
    if (!product) return []
    return [{ ...product, deliveredAt: (r.deliveredAt ?? new Date(0)).toISOString() }]
  })
}

/** Whether one of the customer's vendor orders holding this product was delivered. */
export async function hasReceivedProduct(
  ctx: ServiceContext,
  input: { customerId: number; productId: number },
): Promise<boolean> {
  if (!isId(input.customerId) || !isId(input.productId)) return false
  const [row] = await ctx.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(vendorOrders, eq(vendorOrders.id, orderLines.vendorOrderId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, input.customerId),
        eq(orderLines.productId, input.productId),
        eq(vendorOrders.status, 'delivered'),
      ),
    )
    .limit(1)
  return row !== undefined
}
