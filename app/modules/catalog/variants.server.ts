import { and, asc, eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { publicVendorIds } from '#app/modules/vendors/vendors.server.ts'
import { products, productVariants } from './tables.server.ts'

export type PurchasableVariant = {
  id: number
  productId: number
  size: string | null
  colour: string | null
  stock: number
}

/** A variant that can be put in a cart: its product is active and its vendor approved. Null otherwise. */
export async function findPurchasableVariant(
  ctx: ServiceContext,
  variantId: number,
): Promise<PurchasableVariant | null> {
  const [row] = await ctx.db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      colour: productVariants.colour,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.id, variantId),
        eq(products.status, 'active'),
        inArray(products.vendorId, publicVendorIds(ctx)),
      ),
    )
  return row ?? null
}

/** The variants of a product that can be put in a cart (its product active, its vendor approved), in their order. */
export async function getPurchasableVariantsOf(ctx: ServiceContext, productId: number): Promise<PurchasableVariant[]> {
  return ctx.db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      colour: productVariants.colour,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(products.status, 'active'),
        inArray(products.vendorId, publicVendorIds(ctx)),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id))
}
