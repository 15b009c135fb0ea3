import { and, asc, eq, lte, ne } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { LOW_STOCK_AT, type StockLevel, stockLevel } from './stock-levels.ts'
import { products, productVariants } from './tables.server.ts'

// What a store is running out of (the vendor's analytics page): its variants at or below LOW_STOCK_AT.

export type LowStockVariant = {
  variantId: number
  productId: number
  title: string
  size: string | null
  colour: string | null
  sku: string
  stock: number
  level: StockLevel
}

/** A store's variants low on stock (archived products left out), the lowest first; at most `limit` (10). */
export async function listLowStockVariants(
  ctx: ServiceContext,
  input: { vendorId: number; limit?: number },
): Promise<LowStockVariant[]> {
  const rows = await ctx.db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      title: products.title,
      size: productVariants.size,
      colour: productVariants.colour,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(products.vendorId, input.vendorId),
        ne(products.status, 'archived'),
        lte(productVariants.stock, LOW_STOCK_AT),
      ),
    )
    .orderBy(asc(productVariants.stock), asc(products.title), asc(productVariants.position), asc(productVariants.id))
    .limit(Math.min(Math.max(input.limit ?? 10, 1), 50))
  return rows.map((r) => ({ ...r, level: stockLevel(r.stock) }))
}
