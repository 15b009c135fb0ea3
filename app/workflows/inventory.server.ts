import type { ServiceContext } from '#app/lib/context.server.ts'
import {
  applyStockCsv,
  exportStockCsv,
  type InventoryFilter,
  listInventory,
  previewStockCsv,
  type SeenStock,
  updateVariantStock,
} from '#app/modules/catalog/inventory.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'

// The vendor dashboard's inventory page: the store is always the one the signed-in account runs (no store id
// comes from the browser). Any store may keep its stock, a pending one too: it prepares the store before it opens.

async function storeOf(ctx: ServiceContext, ownerUserId: string): Promise<number | null> {
  return (await findVendorByOwner(ctx, ownerUserId))?.id ?? null
}

/** The store's variants under a tab and a search; null when the account runs no store. */
export async function getStoreInventory(
  ctx: ServiceContext,
  input: { ownerUserId: string; filter: InventoryFilter; q?: string; page: number },
) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  return vendorId === null ? null : listInventory(ctx, { ...input, vendorId })
}

export async function setStoreVariantStock(
  ctx: ServiceContext,
  input: { ownerUserId: string; variantId: number; stock: number },
) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return { ok: false as const, code: 'not_found' as const }
  return updateVariantStock(ctx, { vendorId, variantId: input.variantId, stock: input.stock })
}

/** The store's stock as CSV; null when the account runs no store. */
export async function exportStoreStock(ctx: ServiceContext, input: { ownerUserId: string }) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  return vendorId === null ? null : exportStockCsv(ctx, { vendorId })
}

export async function previewStoreStock(ctx: ServiceContext, input: { ownerUserId: string; csv: string }) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  return previewStockCsv(ctx, { vendorId, csv: input.csv })
}

export async function applyStoreStock(
  ctx: ServiceContext,
  input: { ownerUserId: string; csv: string; seen: SeenStock },
) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  return applyStockCsv(ctx, { vendorId, csv: input.csv, seen: input.seen })
}
