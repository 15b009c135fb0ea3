import type { ServiceContext } from '#app/lib/context.server.ts'
import type { ReplyInput, ReviewFilter, ReviewInput } from '#app/modules/catalog/reviews.schemas.ts'
import {
  editReview,
  findCustomerReview,
  listProductSummaries,
  listReviewedProductIds,
  listVendorReviews,
  type OwnReview,
  type ProductSummary,
  type ReplyOutcome,
  type ReviewOutcome,
  replyToReview,
  submitReview,
  type VendorReviewListing,
} from '#app/modules/catalog/reviews.server.ts'
import {
  hasReceivedProduct,
  listReviewableProducts,
  type ReceivedProduct,
} from '#app/modules/orders/purchases.server.ts'
import { storeHasOrders } from '#app/modules/vendors/vendor-status.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { notifyVendorOfReview } from './vendor-notifications.server.ts'

// Reviews across modules: the orders module says what a customer received, the catalog module keeps the reviews;
// the vendors module says which store the signed-in vendor runs (never a store id from a form).

/** The review page: the product and the customer's review so far; null when they have not received it. */
export async function getReviewPage(
  ctx: ServiceContext,
  input: { customerId: number; productId: number },
): Promise<{ product: ProductSummary; review: OwnReview | null } | null> {
  if (!(await hasReceivedProduct(ctx, input))) return null
  const [product] = await listProductSummaries(ctx, [input.productId])
  if (!product) return null
  return { product, review: await findCustomerReview(ctx, input) }
}

/** `edited`: the customer changed the review they had written (the page says so rather than thanking again). */
export type SaveReviewOutcome =
  | (Extract<ReviewOutcome, { ok: true }> & { edited: boolean })
  | Extract<ReviewOutcome, { ok: false }>
  | { ok: false; code: 'not_received' }

/** Writes the customer's review (or edits the one they wrote): only for a product they received. */
export async function saveCustomerReview(
  ctx: ServiceContext,
  input: { customerId: number; productId: number } & ReviewInput,
): Promise<SaveReviewOutcome> {
  if (!(await hasReceivedProduct(ctx, input))) return { ok: false, code: 'not_received' }
  const edited = Boolean(await findCustomerReview(ctx, input))
  const outcome = edited ? await editReview(ctx, input) : await submitReview(ctx, input)
  // The store hears of a new review (an edit is not news).
  if (outcome.ok && !edited) await notifyVendorOfReview(ctx, { productId: input.productId, rating: input.rating })
  return outcome.ok ? { ...outcome, edited } : outcome
}

export type ProductToReview = ReceivedProduct & { reviewed: boolean }

/** "Products to review": everything the customer received, reviewed or not. */
export async function listProductsToReview(
  ctx: ServiceContext,
  input: { customerId: number },
): Promise<ProductToReview[]> {
  const received = await listReviewableProducts(ctx, input)
  const reviewed = new Set(
    await listReviewedProductIds(ctx, { customerId: input.customerId, productIds: received.map((p) => p.id) }),
  )
  return received.map((p) => ({ ...p, reviewed: reviewed.has(p.id) }))
}

export { listReviewedProductIds }

async function storeOf(ctx: ServiceContext, ownerUserId: string): Promise<number | null> {
  const store = await findVendorByOwner(ctx, ownerUserId)
  // A suspended store still reads (and answers) the reviews of what it sold.
  return store && storeHasOrders(store.status) ? store.id : null
}

/** The signed-in vendor's review list (empty when they run no approved or suspended store). */
export async function listStoreReviews(
  ctx: ServiceContext,
  input: { ownerUserId: string; filter: ReviewFilter; page: number },
): Promise<VendorReviewListing | null> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  return listVendorReviews(ctx, { vendorId, filter: input.filter, page: input.page })
}

/** The signed-in vendor replies to a review of one of their products; another store's review is not_found. */
export async function replyAsStore(
  ctx: ServiceContext,
  input: { ownerUserId: string } & ReplyInput,
): Promise<ReplyOutcome> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return { ok: false, code: 'not_found' }
  return replyToReview(ctx, { vendorId, reviewId: input.reviewId, reply: input.reply })
}
