import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { listCustomerContacts } from '#app/modules/customers/customers.server.ts'
import { listVendorLabels } from '#app/modules/vendors/vendors.server.ts'
import {
  type ReplyInput,
  ReplySchema,
  type ReviewField,
  type ReviewFilter,
  type ReviewInput,
  ReviewSchema,
} from './reviews.schemas.ts'
import { productImages, products, reviews } from './tables.server.ts'
import type { ImageData } from './types.ts'

// Customers' reviews of products and the selling store's public reply. A product's ratingSum/reviewCount move in
// the same transaction as its reviews; the unique (product, customer) index keeps one review per customer.
// Whether the customer received the product is the orders module's answer: app/workflows/reviews.server.ts asks
// it before calling submitReview.

export type ProductSummary = {
  id: number
  title: string
  slug: string
  image: ImageData | null
  vendorName: string
}

export type OwnReview = { id: number; rating: number; body: string; createdAt: string }

export type ReviewOutcome =
  | { ok: true; reviewId: number; slug: string }
  | { ok: false; code: 'invalid'; errors: Record<string, string> }
  | { ok: false; code: 'not_found' | 'already_reviewed' }

/** The review form as posted: '' (no rating chosen) must not become 0 silently, so it is refused first. */
export function parseReviewForm(values: Record<ReviewField, string>) {
  return checkValues(ReviewSchema, { rating: values.rating === '' ? undefined : values.rating, body: values.body })
}

const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647

/** Title, slug, first picture and store of each product (any status: a received product stays reviewable). */
export async function listProductSummaries(ctx: ServiceContext, ids: number[]): Promise<ProductSummary[]> {
  const wanted = [...new Set(ids.filter(isId))]
  if (wanted.length === 0) return []
  const [rows, images] = await Promise.all([
    ctx.db
      .select({ id: products.id, title: products.title, slug: products.slug, vendorId: products.vendorId })
      .from(products)
      .where(inArray(products.id, wanted)),
    ctx.db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        imageKey: productImages.imageKey,
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
        placeholder: productImages.placeholder,
      })
      .from(productImages)
      .where(inArray(productImages.productId, wanted))
      .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
  ])
  const stores = await listVendorLabels(
    ctx,
    rows.map((r) => r.vendorId),
  )
  const imageOf = new Map(images.map(({ productId, ...image }) => [productId, image]))
  const byId = new Map(
    rows.flatMap(({ vendorId, ...r }) => {
      const store = stores.get(vendorId)
      return store ? [[r.id, { ...r, vendorName: store.name, image: imageOf.get(r.id) ?? null }] as const] : []
    }),
  )
  return wanted.flatMap((id) => byId.get(id) ?? [])
}

/** The customer's own review of a product, or null. */
export async function findCustomerReview(
  ctx: ServiceContext,
  input: { customerId: number; productId: number },
): Promise<OwnReview | null> {
  if (!isId(input.customerId) || !isId(input.productId)) return null
  const [row] = await ctx.db
    .select({ id: reviews.id, rating: reviews.rating, body: reviews.body, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.customerId, input.customerId), eq(reviews.productId, input.productId)))
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null
}

/** Which of these products the customer has already reviewed. */
export async function listReviewedProductIds(
  ctx: ServiceContext,
  input: { customerId: number; productIds: number[] },
): Promise<number[]> {
  const ids = input.productIds.filter(isId)
  if (!isId(input.customerId) || ids.length === 0) return []
  const rows = await ctx.db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.customerId, input.customerId), inArray(reviews.productId, ids)))
  return rows.map((r) => r.productId)
}

/**
 * A new review; once per customer and product: a second attempt (even one racing the first) is
 * `already_reviewed` and changes nothing. The product's rating sum and count move in the same transaction.
 */
export async function submitReview(
  ctx: ServiceContext,
  input: { customerId: number; productId: number } & ReviewInput,
): Promise<ReviewOutcome> {
  const parsed = checkValues(ReviewSchema, input)
  if (!parsed.ok) return { ok: false, code: 'invalid', errors: parsed.errors }
  if (!isId(input.customerId) || !isId(input.productId)) return { ok: false, code: 'not_found' }
  const { rating, body } = parsed.data
  return ctx.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.id, input.productId))
    if (!product) return { ok: false as const, code: 'not_found' as const }
    const [created] = await tx
      .insert(reviews)
      .values({ productId: product.id, customerId: input.customerId, rating, body })
      .onConflictDoNothing({ target: [reviews.productId, reviews.customerId] })
      .returning({ id: reviews.id })
    if (!created) return { ok: false as const, code: 'already_reviewed' as const }
    await tx
      .update(products)
      .set({ ratingSum: sql`${products.ratingSum} + ${rating}`, reviewCount: sql`${products.reviewCount} + 1` })
      .where(eq(products.id, product.id))
    return { ok: true as const, reviewId: created.id, slug: product.slug }
  })
}

/** The customer changes their own review; the product's rating sum moves by the difference. */
export async function editReview(
  ctx: ServiceContext,
  input: { customerId: number; productId: number } & ReviewInput,
): Promise<ReviewOutcome> {
  const parsed = checkValues(ReviewSchema, input)
  if (!parsed.ok) return { ok: false, code: 'invalid', errors: parsed.errors }
  if (!isId(input.customerId) || !isId(input.productId)) return { ok: false, code: 'not_found' }
  const { rating, body } = parsed.data
  return ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: reviews.id, rating: reviews.rating, slug: products.slug })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(eq(reviews.customerId, input.customerId), eq(reviews.productId, input.productId)))
      .for('update', { of: reviews })
    if (!own) return { ok: false as const, code: 'not_found' as const }
    await tx.update(reviews).set({ rating, body }).where(eq(reviews.id, own.id))
    if (rating !== own.rating) {
      await tx
        .update(products)
        .set({ ratingSum: sql`${products.ratingSum} + ${rating - own.rating}` })
        .where(eq(products.id, input.productId))
    }
    return { ok: true as const, reviewId: own.id, slug: own.slug }
  })
}

export type ReplyOutcome =
  | { ok: true }
  | { ok: false; code: 'invalid'; errors: Record<string, string> }
  | { ok: false; code: 'not_found' }

/** The store's public reply (new or edited), only on a review of one of its own products; else not_found. */
export async function replyToReview(
  ctx: ServiceContext,
  input: { vendorId: number } & ReplyInput,
): Promise<ReplyOutcome> {
  const parsed = checkValues(ReplySchema, input)
  if (!parsed.ok) return { ok: false, code: 'invalid', errors: parsed.errors }
  if (!isId(input.vendorId)) return { ok: false, code: 'not_found' }
  const ownProducts = ctx.db.select({ id: products.id }).from(products).where(eq(products.vendorId, input.vendorId))
  const updated = await ctx.db
    .update(reviews)
    .set({ vendorReply: parsed.data.reply, vendorRepliedAt: new Date() })
    .where(and(eq(reviews.id, parsed.data.reviewId), inArray(reviews.productId, ownProducts)))
    .returning({ id: reviews.id })
  return updated.length > 0 ? { ok: true } : { ok: false, code: 'not_found' }
}

export type VendorReviewItem = {
  id: number
  productId: number
  productTitle: string
  productSlug: string
  rating: number
  body: string
  customerFirstName: string
  createdAt: string
  reply: string | null
  repliedAt: string | null
}

export type VendorReviewListing = {
  items: VendorReviewItem[]
  counts: { all: number; unanswered: number }
  /** One decimal; null without reviews. */
  averageRating: number | null
  page: number
  pageCount: number
}

export const VENDOR_REVIEWS_PAGE_SIZE = 20

/** The reviews of the vendor's products, newest first; `unanswered` keeps those without a reply. */
export async function listVendorReviews(
  ctx: ServiceContext,
  input: { vendorId: number; filter: ReviewFilter; page: number },
): Promise<VendorReviewListing> {
  const own = eq(products.vendorId, input.vendorId)
  const [stats] = await ctx.db
    .select({
      all: count(),
      unanswered: sql<number>`count(*) filter (where ${reviews.vendorReply} is null)`.mapWith(Number),
      average: sql<string | number | null>`avg(${reviews.rating})`,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(own)
  const counts = { all: Number(stats?.all ?? 0), unanswered: Number(stats?.unanswered ?? 0) }
  const total = input.filter === 'unanswered' ? counts.unanswered : counts.all
  const pageCount = Math.max(1, Math.ceil(total / VENDOR_REVIEWS_PAGE_SIZE))
  const page = Math.min(Math.max(1, input.page), pageCount)
  const rows = await ctx.db
    .select({
      id: reviews.id,
      productId: products.id,
      productTitle: products.title,
      productSlug: products.slug,
      rating: reviews.rating,
      body: reviews.body,
      customerId: reviews.customerId,
      createdAt: reviews.createdAt,
      reply: reviews.vendorReply,
      repliedAt: reviews.vendorRepliedAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(own, input.filter === 'unanswered' ? isNull(reviews.vendorReply) : undefined))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(VENDOR_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * VENDOR_REVIEWS_PAGE_SIZE)
  const average = stats?.average == null ? null : Math.round(Number(stats.average) * 10) / 10
  const authors = await listCustomerContacts(
    ctx,
    rows.map((r) => r.customerId),
  )
  return {
    items: rows.map(({ customerId, ...r }) => ({
      ...r,
      customerFirstName: authors.get(customerId)?.firstName.trim() ?? '',
      createdAt: r.createdAt.toISOString(),
      repliedAt: r.repliedAt?.toISOString() ?? null,
    })),
    counts,
    averageRating: counts.all > 0 ? average : null,
    page,
    pageCount,
  }
}
