import { inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { categories, products } from './tables.server.ts'

// How long after delivery each product may be returned: its category's `return_days`, else the nearest parent's,
// else the platform's window (RETURN_WINDOW_DAYS). 0 means it cannot be returned (beauty products, for hygiene).

/** The return window in days of each product asked for (a product that does not exist is left out). */
export async function getReturnWindows(
  ctx: ServiceContext,
  productIds: number[],
  platformDays: number = getEnv().RETURN_WINDOW_DAYS,
): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, ids))
  // The category tree is small (tens of rows): read it whole rather than walk it a query at a time.
  const tree = await ctx.db
    .select({ id: categories.id, parentId: categories.parentId, returnDays: categories.returnDays })
    .from(categories)
  const byId = new Map(tree.map((c) => [c.id, c]))
  const windowOf = (categoryId: number | null): number => {
    let at = categoryId === null ? undefined : byId.get(categoryId)
    for (let depth = 0; at && depth < 10; depth++) {
      if (at.returnDays !== null) return at.returnDays
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    }
    return platformDays
  }
  return new Map(rows.map((r) => [r.id, windowOf(r.categoryId)]))
}
