import { and, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Transaction } from '#app/lib/db.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { HIDE_REASON_MAX, REVIEW_QUEUE_DAYS } from './moderation.ts'
import { products } from './tables.server.ts'

export { HIDE_REASON_MAX, REVIEW_QUEUE_DAYS }

// Product moderation by Isoko's staff (issue 17): hide a product with a reason its vendor sees, unhide it, and work
// through the queue of newly listed products. Each mutation takes the acting staff member's id and, when it changes
// something, records it in the staff audit log in the same transaction (a repeated post records nothing).

export type ModerationRefusal = { ok: false; code: 'not_found' | 'reason-required' | 'reason-too-long' }

/** The product's hidden state, its row locked until the transaction ends so two staff members do not race. */
async function lockProduct(tx: Transaction, productId: number) {
  const [row] = await tx
    .select({ id: products.id, hiddenAt: products.hiddenAt, hiddenReason: products.hiddenReason })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
  return row
}

/** Staff hide a product: it is no longer listed (the read model's trigger), whatever its vendor does next. */
export async function hideProduct(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number; reason: string; now?: Date },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  const reason = input.reason.trim()
  if (!reason) return { ok: false, code: 'reason-required' }
  if (reason.length > HIDE_REASON_MAX) return { ok: false, code: 'reason-too-long' }
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true; changed: boolean } | ModerationRefusal> => {
    const exists = await lockProduct(tx, input.productId)
    if (!exists) return { ok: false, code: 'not_found' }
    // Hiding twice (a double click, a reload) keeps the first time and staff member; the reason may be corrected.
    await tx
      .update(products)
      .set({
        hiddenAt: sql`coalesce(${products.hiddenAt}, ${(input.now ?? new Date()).toISOString()}::timestamptz)`,
        hiddenBy: sql`case when ${products.hiddenAt} is null then ${input.staffUserId} else ${products.hiddenBy} end`,
        hiddenReason: reason,
        reviewedAt: sql`coalesce(${products.reviewedAt}, now())`,
        reviewedBy: sql`coalesce(${products.reviewedBy}, ${input.staffUserId})`,
      })
      .where(eq(products.id, input.productId))
    const wasHidden = exists.hiddenAt != null
    if (!wasHidden || exists.hiddenReason !== reason) {
      await recordStaffAction(
        { db: tx },
        {
          actor: { userId: input.staffUserId },
          action: 'product:hide',
          subject: { type: 'product', id: input.productId },
          before: wasHidden ? { hidden: true, reason: exists.hiddenReason } : { hidden: false },
          after: { hidden: true, reason },
        },
      )
    }
    return { ok: true, changed: !wasHidden }
  })
  if (result.ok) clearListingCaches()
  return result
}

/** Staff show a hidden product again: it is listed again if it is otherwise listable (active, approved store). */
export async function unhideProduct(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true; changed: boolean } | ModerationRefusal> => {
    const exists = await lockProduct(tx, input.productId)
    if (!exists) return { ok: false, code: 'not_found' }
    if (exists.hiddenAt == null) return { ok: true, changed: false }
    await tx
      .update(products)
      .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(eq(products.id, input.productId))
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: 'product:unhide',
        subject: { type: 'product', id: input.productId },
        before: { hidden: true, reason: exists.hiddenReason },
        after: { hidden: false },
      },
    )
    return { ok: true, changed: true }
  })
  if (result.ok) clearListingCaches()
  return result
}

/** Staff mark a newly listed product as reviewed: it leaves the queue. Marking twice changes nothing. */
export async function markProductReviewed(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number; now?: Date },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  return ctx.db.transaction(async (tx): Promise<{ ok: true; changed: boolean } | ModerationRefusal> => {
    const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
    if (!exists) return { ok: false, code: 'not_found' }
    const rows = await tx
      .update(products)
      .set({ reviewedAt: input.now ?? new Date(), reviewedBy: input.staffUserId })
      .where(and(eq(products.id, input.productId), isNull(products.reviewedAt)))
      .returning({ id: products.id })
    if (rows.length === 0) return { ok: true, changed: false }
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: 'product:review',
        subject: { type: 'product', id: input.productId },
        before: { reviewed: false },
        after: { reviewed: true },
      },
    )
    return { ok: true, changed: true }
  })
}

/** Why staff hid a product, for its vendor ("Hidden by Isoko: …"), or null when it is not hidden. */
export async function findProductModeration(
  ctx: ServiceContext,
  productId: number,
): Promise<{ hiddenAt: string; reason: string } | null> {
  if (!validId(productId)) return null
  const [row] = await ctx.db
    .select({ hiddenAt: products.hiddenAt, reason: products.hiddenReason })
    .from(products)
    .where(eq(products.id, productId))
  return row?.hiddenAt ? { hiddenAt: row.hiddenAt.toISOString(), reason: row.reason ?? '' } : null
}

/**
 * Why staff hid each of these products, by product id (only the hidden ones): the vendor's products list shows
 * "Hidden by Isoko: <reason>" on their rows (app/components/catalog/hidden-by-isoko.tsx).
 */
export async function listProductModeration(
  ctx: ServiceContext,
  productIds: number[],
): Promise<Map<number, { hiddenAt: string; reason: string }>> {
  const ids = productIds.filter(validId)
  const result = new Map<number, { hiddenAt: string; reason: string }>()
  if (ids.length === 0) return result
  const rows = await ctx.db
    .select({ id: products.id, hiddenAt: products.hiddenAt, reason: products.hiddenReason })
    .from(products)
    .where(and(inArray(products.id, ids), isNotNull(products.hiddenAt)))
  for (const r of rows) if (r.hiddenAt) result.set(r.id, { hiddenAt: r.hiddenAt.toISOString(), reason: r.reason ?? '' })
  return result
}

/** Whether staff hid the product (a vendor may not make it active again; the editor shows why). */
export async function isProductHiddenByStaff(ctx: ServiceContext, productId: number): Promise<boolean> {
  return (await findProductModeration(ctx, productId)) !== null
}

/** How many newly listed products wait for a review (the console's navigation). */
export async function countReviewQueue(ctx: ServiceContext, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - REVIEW_QUEUE_DAYS * 86_400_000)
  const [row] = await ctx.db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.listed, true), isNull(products.reviewedAt), gte(products.createdAt, since)))
  return Number(row?.n ?? 0)
}

const validId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647
