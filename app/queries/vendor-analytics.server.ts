import type { ServiceContext } from '#app/lib/context.server.ts'
import { type LowStockVariant, listLowStockVariants } from '#app/modules/catalog/stock-report.server.ts'
import type { AnalyticsPeriod } from '#app/modules/orders/vendor-analytics.schemas.ts'
import { getVendorSales, type VendorSales } from '#app/modules/orders/vendor-analytics.server.ts'
import { getFollowerFigures } from '#app/modules/vendors/follows.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'

// The vendor's analytics page: the sales of the store the signed-in account runs (never a store from the URL),
// its followers, and what it is running out of.

export type StoreAnalytics = {
  store: { id: number; name: string }
  sales: VendorSales
  followers: { total: number; newSince: number }
  lowStock: LowStockVariant[]
}

/** The analytics of the store `ownerUserId` runs; null when the account runs no store. */
export async function findStoreAnalytics(
  ctx: ServiceContext,
  input: { ownerUserId: string; days: AnalyticsPeriod; now?: Date },
): Promise<StoreAnalytics | null> {
  const store = await findVendorByOwner(ctx, input.ownerUserId)
  if (!store) return null
  const sales = await getVendorSales(ctx, { vendorId: store.id, days: input.days, now: input.now })
  const [followers, lowStock] = await Promise.all([
    getFollowerFigures(ctx, { vendorId: store.id, since: sales.since }),
    listLowStockVariants(ctx, { vendorId: store.id, limit: 10 }),
  ])
  return { store: { id: store.id, name: store.name }, sales, followers, lowStock }
}
