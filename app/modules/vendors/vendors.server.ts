import { and, eq, ilike, inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { vendors } from './tables.server.ts'
import type { VendorStatus } from './vendor-status.ts'

// What other modules may read about stores. They never read the vendors table themselves
// (docs/decisions/0006-module-ownership.md): these functions are the module's answer.

/**
 * The ids of the stores shoppers may see (approved), as a subquery: `inArray(products.vendorId, publicVendorIds(ctx))`
 * keeps a query to public stores in one round trip.
 */
export function publicVendorIds(ctx: ServiceContext) {
  return ctx.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.status, 'approved'))
}

/** The ids of the public stores whose name matches an ILIKE pattern (already escaped), as a subquery. */
export function publicVendorIdsNamedLike(ctx: ServiceContext, pattern: string) {
  return ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.status, 'approved'), ilike(vendors.name, pattern)))
}

/** How a store is named on product cards, order pages and conversations. */
export type VendorLabel = { id: number; name: string; slug: string; verified: boolean; status: VendorStatus }

/** The labels of these stores, by id, whatever their status (the caller decides what a status means to it). */
export async function listVendorLabels(ctx: ServiceContext, ids: number[]): Promise<Map<number, VendorLabel>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await ctx.db
    .select({
      id: vendors.id,
      name: vendors.name,
      slug: vendors.slug,
      verified: vendors.verified,
      status: vendors.status,
    })
    .from(vendors)
    .where(inArray(vendors.id, unique))
  return new Map(rows.map((row) => [row.id, row]))
}

/** A store's name and e-mail address, for messages about its orders. */
export async function findVendorContact(
  ctx: ServiceContext,
  vendorId: number,
): Promise<{ id: number; name: string; email: string; status: VendorStatus } | null> {
  const [row] = await ctx.db
    .select({ id: vendors.id, name: vendors.name, email: vendors.email, status: vendors.status })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
  return row ?? null
}
