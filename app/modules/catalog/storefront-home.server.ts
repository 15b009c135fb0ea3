import { count } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { cached } from '#app/lib/listing-cache.server.ts'
import { getCategoryTree, isPublicProduct } from './catalog.server.ts'
import { products } from './tables.server.ts'

// The home page's figures count the whole catalogue: they are cached (listing-cache.server.ts), cleared when
// products, stores or categories change.

/** Public products per department (a department counts the products of all its items). */
export function countProductsByDepartment(ctx: ServiceContext): Promise<Record<string, number>> {
  return cached(ctx, 'home:departments', async () => {
    const tree = await getCategoryTree(ctx)
    const rows = await ctx.db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(isPublicProduct(ctx))
      .groupBy(products.categoryId)
    const byCategory = new Map(rows.map((r) => [r.categoryId, Number(r.n)]))
    const result: Record<string, number> = {}
    for (const dept of tree) {
      const ids = [dept, ...dept.children, ...dept.children.flatMap((g) => g.children)].map((c) => c.id)
      result[dept.slug] = ids.reduce((sum, id) => sum + (byCategory.get(id) ?? 0), 0)
    }
    return result
  })
}

/** Public products in all, for the hero. */
export function countPublicProducts(ctx: ServiceContext): Promise<number> {
  return cached(ctx, 'home:count', async () => {
    const [row] = await ctx.db.select({ n: count() }).from(products).where(isPublicProduct(ctx))
    return Number(row?.n ?? 0)
  })
}
