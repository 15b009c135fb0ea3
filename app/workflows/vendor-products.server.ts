import type { ServiceContext } from '#app/lib/context.server.ts'
import type { ProductInput } from '#app/modules/catalog/product-editor.schemas.ts'
import {
  checkVariantRemovable as checkVariantRemovableIn,
  type RemoveVariantResult,
  type SaveProductResult,
  updateOwnProduct as updateOwnProductIn,
} from '#app/modules/catalog/vendor-products.server.ts'
import { listOrderedVariantIds } from '#app/modules/orders/ordered-variants.server.ts'

// A vendor's edits to their own products that depend on the orders: a variant an order names stays (its stock goes
// to 0 instead), so an order always says what was bought. The catalogue asks the orders module through these.

type Owner = { ownerUserId: string }

/** Saves the owner's product; refuses to remove a variant that an order names. */
export function updateOwnProduct(
  ctx: ServiceContext,
  input: Owner & { productId: number; product: ProductInput },
): Promise<SaveProductResult> {
  return updateOwnProductIn(ctx, input, listOrderedVariantIds)
}

/** Whether a variant row may be taken off the product form: not when an order names it. */
export function checkVariantRemovable(
  ctx: ServiceContext,
  input: Owner & { productId: number; variantId: number },
): Promise<RemoveVariantResult> {
  return checkVariantRemovableIn(ctx, input, listOrderedVariantIds)
}
