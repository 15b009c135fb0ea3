import type { ServiceContext } from '#app/lib/context.server.ts'
import type { BulkRequest } from '#app/modules/catalog/vendor-products-bulk.schemas.ts'
import {
  applyBulkChange as applyBulkChangeIn,
  type BulkResult,
} from '#app/modules/catalog/vendor-products-bulk.server.ts'
import type { StoreUploadOptions } from '#app/modules/images/uploads.server.ts'
import { listOrderedVariantIds } from '#app/modules/orders/ordered-variants.server.ts'

// Bulk actions on a vendor's products that depend on the orders: a draft that an order names is never deleted
// (the order keeps what was bought), so the catalogue asks the orders module through this binding.

/** Applies (or previews) a bulk change to the owner's products: vendor-products-bulk.server.ts. */
export function applyBulkChange(
  ctx: ServiceContext,
  input: {
    ownerUserId: string
    request: BulkRequest
    confirm?: string
    preview?: boolean
    imageOptions?: StoreUploadOptions
  },
): Promise<BulkResult> {
  return applyBulkChangeIn(ctx, input, listOrderedVariantIds)
}
