import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { listVendorLabels, publicVendorIds } from '#app/modules/vendors/vendors.server.ts'
import { LOW_STOCK_AT } from './stock-levels.ts'
import { products, productVariants } from './tables.server.ts'

export type StockLine = { variantId: number; quantity: number }
export type StockShortage = { variantId: number; wanted: number; available: number }

/**
 * Takes units out of stock, all lines or none: each line is one conditional update (`stock >= wanted`), which
 * PostgreSQL runs under the row's lock, so two checkouts can never both take the last unit. Lines go in variant
 * order, so two checkouts of the same variants never wait on each other in a circle. Call it inside the
 * transaction that records what the units are for: on a shortage the caller must roll back the lines already
 * taken (throwing out of the transaction does it).
 */
export async function reserveStock(
  ctx: ServiceContext,
  lines: StockLine[],
): Promise<{ ok: true; lowNow: number[] } | { ok: false; shortages: StockShortage[] }> {
  const merged = mergeLines(lines)
  const shortages: StockShortage[] = []
  // Variants this reservation took from above LOW_STOCK_AT to at or below it (once per crossing: the vendor is told).
  const lowNow: number[] = []
  for (const line of merged) {
    const rows = await ctx.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
      .returning({ id: productVariants.id, stock: productVariants.stock })
    const row = rows[0]
    if (!row) shortages.push({ ...line, wanted: line.quantity, available: 0 })
    else if (row.stock <= LOW_STOCK_AT && row.stock + line.quantity > LOW_STOCK_AT) lowNow.push(row.id)
  }
  if (shortages.length === 0) return { ok: true, lowNow }
  const current = await ctx.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        shortages.map((s) => s.variantId),
      ),
    )
  const stockOf = new Map(current.map((r) => [r.id, r.stock]))
  return {
    ok: false,
    shortages: shortages.map((s) => ({
      variantId: s.variantId,
      wanted: s.wanted,
      available: stockOf.get(s.variantId) ?? 0,
    })),
  }
}

/** Puts units back (an order cancelled, a payment that failed or expired). */
export async function releaseStock(ctx: ServiceContext, lines: StockLine[]): Promise<void> {
  for (const line of mergeLines(lines)) {
    await ctx.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId))
  }
}

function mergeLines(lines: StockLine[]): StockLine[] {
  const byVariant = new Map<number, number>()
  for (const l of lines) byVariant.set(l.variantId, (byVariant.get(l.variantId) ?? 0) + l.quantity)
  return [...byVariant.entries()].sort((a, b) => a[0] - b[0]).map(([variantId, quantity]) => ({ variantId, quantity }))
}

export type VariantSnapshot = {
  variantId: number
  productId: number
  /** The product's category (the commission can depend on it). */
  categoryId: number
  vendorId: number
  vendorName: string
  title: string
  slug: string
  size: string | null
  colour: string | null
  sku: string
  price: number
  stock: number
}

/** What an order line keeps of a variant, for variants that can be bought now (active product, approved store). */
export async function getVariantSnapshots(ctx: ServiceContext, variantIds: number[]): Promise<VariantSnapshot[]> {
  if (variantIds.length === 0) return []
  const rows = await ctx.db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      categoryId: products.categoryId,
      vendorId: products.vendorId,
      title: products.title,
      slug: products.slug,
      size: productVariants.size,
      colour: productVariants.colour,
      sku: productVariants.sku,
      // The variant's own price when it has one (an XL dearer than an S), else the product's: what the line costs.
      price: sql<number>`coalesce(${productVariants.price}, ${products.price})`.mapWith(Number),
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.id, variantIds),
        eq(products.status, 'active'),
        inArray(products.vendorId, publicVendorIds(ctx)),
      ),
    )
  const stores = await listVendorLabels(
    ctx,
    rows.map((r) => r.vendorId),
  )
  return rows.map(({ vendorId, ...row }) => ({ ...row, vendorId, vendorName: stores.get(vendorId)?.name ?? '' }))
}

/** Current stock of variants (for the checkout to say what is left). */
export async function getStockLevels(ctx: ServiceContext, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map()
  const rows = await ctx.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds))
  return new Map(rows.map((r) => [r.id, r.stock]))
}

/**
 * A variant's stock at the moment a statement runs, as an SQL expression: for a statement that must cap a quantity
 * by the stock atomically (the cart's upsert), without naming the catalogue's table itself.
 */
export function currentStockOf(variantId: number): SQL {
  return sql`(select ${productVariants.stock} from ${productVariants} where ${productVariants.id} = ${variantId})`
}

/** Variants as a vendor knows them (product title, SKU, stock now), for the low-stock message. */
export async function describeVariants(
  ctx: ServiceContext,
  variantIds: number[],
): Promise<{ variantId: number; vendorId: number; title: string; sku: string; stock: number }[]> {
  if (variantIds.length === 0) return []
  return ctx.db
    .select({
      variantId: productVariants.id,
      vendorId: products.vendorId,
      title: products.title,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, variantIds))
}

/** A product's title and store, or null (the new-review message). */
export async function findProductOwner(
  ctx: ServiceContext,
  productId: number,
): Promise<{ title: string; vendorId: number } | null> {
  const [row] = await ctx.db
    .select({ title: products.title, vendorId: products.vendorId })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}
