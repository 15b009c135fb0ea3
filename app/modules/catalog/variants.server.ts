import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { publicVendorIds } from '#app/modules/vendors/vendors.server.ts'
import { products, productVariants } from './tables.server.ts'

export type PurchasableVariant = {
  id: number
  productId: number
  size: string | null
  colour: string | null
  stock: number
  /** What one unit costs: the variant's own price, else its product's. */
  price: number
}

/** Variants that can be put in a cart (their product active, their vendor approved) among those `where` picks. */
function purchasable(ctx: ServiceContext, where: SQL | undefined) {
  return ctx.db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      colour: productVariants.colour,
      stock: productVariants.stock,
      price: sql<number>`coalesce(${productVariants.price}, ${products.price})`.mapWith(Number),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(where, eq(products.status, 'active'), inArray(products.vendorId, publicVendorIds(ctx))))
}

/** A variant that can be put in a cart: its product is active and its vendor approved. Null otherwise. */
export async function findPurchasableVariant(
  ctx: ServiceContext,
  variantId: number,
): Promise<PurchasableVariant | null> {
  const [row] = await purchasable(ctx, eq(productVariants.id, variantId))
  return row ?? null
}

/**
 * Of the variants asked for, those that can be put in a cart, by id: one query for a whole cart (several queries
 * at once on one transaction's connection are queued by the driver, which is deprecated).
 */
export async function listPurchasableVariants(
  ctx: ServiceContext,
  variantIds: number[],
): Promise<Map<number, PurchasableVariant>> {
  if (variantIds.length === 0) return new Map()
  const rows = await purchasable(ctx, inArray(productVariants.id, [...new Set(variantIds)]))
  return new Map(rows.map((r) => [r.id, r]))
}

/** The variants of a product that can be put in a cart (its product active, its vendor approved), in their order. */
export async function getPurchasableVariantsOf(ctx: ServiceContext, productId: number): Promise<PurchasableVariant[]> {
  return purchasable(ctx, eq(productVariants.productId, productId)).orderBy(
    asc(productVariants.position),
    asc(productVariants.id),
  )
}
