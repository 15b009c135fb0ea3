import { inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { orderLines } from './tables.server.ts'

/**
 * Which of these variants appear on an order line: the catalogue keeps those (a vendor sets their stock to 0
 * instead of deleting them), so an order always names what was bought.
 */
export async function listOrderedVariantIds(ctx: ServiceContext, variantIds: number[]): Promise<Set<number>> {
  if (variantIds.length === 0) return new Set()
  const rows = await ctx.db
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, variantIds))
  return new Set(rows.flatMap((r) => (r.id == null ? [] : [r.id])))
}
