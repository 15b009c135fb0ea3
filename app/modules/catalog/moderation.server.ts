import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { escapeLike } from '#app/lib/like.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { categories, products } from './tables.server.ts'

// Product moderation by Isoko's staff (issue 17): hide a product with a reason its vendor sees, unhide it, and work
// through the queue of newly listed products. Each mutation takes the acting staff member's id, so that role checks
// and audit records have one place to go.

/** A reason longer than this is refused (it is shown to the vendor on one line or two). */
export const HIDE_REASON_MAX = 500
/** The review queue holds products listed in the last this many days and not yet reviewed. */
export const REVIEW_QUEUE_DAYS = 14
export const STAFF_PRODUCTS_PAGE_SIZE = 25

export type ModerationRefusal = { ok: false; code: 'not_found' | 'reason-required' | 'reason-too-long' }

/** Staff hide a product: it is no longer listed (the read model's trigger), whatever its vendor does next. */
export async function hideProduct(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number; reason: string; now?: Date },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  const reason = input.reason.trim()
  if (!reason) return { ok: false, code: 'reason-required' }
  if (reason.length > HIDE_REASON_MAX) return { ok: false, code: 'reason-too-long' }
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  const [exists] = await ctx.db
    .select({ id: products.id, hiddenAt: products.hiddenAt })
    .from(products)
    .where(eq(products.id, input.productId))
  if (!exists) return { ok: false, code: 'not_found' }
  // Hiding twice (a double click, a reload) keeps the first time and staff member; the reason may be corrected.
  const rows = await ctx.db
    .update(products)
    .set({
      hiddenAt: sql`coalesce(${products.hiddenAt}, ${(input.now ?? new Date()).toISOString()}::timestamptz)`,
      hiddenBy: sql`case when ${products.hiddenAt} is null then ${input.staffUserId} else ${products.hiddenBy} end`,
      hiddenReason: reason,
      reviewedAt: sql`coalesce(${products.reviewedAt}, now())`,
      reviewedBy: sql`coalesce(${products.reviewedBy}, ${input.staffUserId})`,
    })
    .where(eq(products.id, input.productId))
    .returning({ id: products.id })
  clearListingCaches()
  return { ok: true, changed: rows.length > 0 && exists.hiddenAt == null }
}

/** Staff show a hidden product again: it is listed again if it is otherwise listable (active, approved store). */
export async function unhideProduct(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  const [exists] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
  if (!exists) return { ok: false, code: 'not_found' }
  const rows = await ctx.db
    .update(products)
    .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
    .where(and(eq(products.id, input.productId), isNotNull(products.hiddenAt)))
    .returning({ id: products.id })
  clearListingCaches()
  return { ok: true, changed: rows.length > 0 }
}

/** Staff mark a newly listed product as reviewed: it leaves the queue. Marking twice changes nothing. */
export async function markProductReviewed(
  ctx: ServiceContext,
  input: { staffUserId: string; productId: number; now?: Date },
): Promise<{ ok: true; changed: boolean } | ModerationRefusal> {
  if (!validId(input.productId)) return { ok: false, code: 'not_found' }
  const [exists] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
  if (!exists) return { ok: false, code: 'not_found' }
  const rows = await ctx.db
    .update(products)
    .set({ reviewedAt: input.now ?? new Date(), reviewedBy: input.staffUserId })
    .where(and(eq(products.id, input.productId), isNull(products.reviewedAt)))
    .returning({ id: products.id })
  return { ok: true, changed: rows.length > 0 }
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

/** Whether staff hid the product (a vendor may not make it active again; the editor shows why). */
export async function isProductHiddenByStaff(ctx: ServiceContext, productId: number): Promise<boolean> {
  return (await findProductModeration(ctx, productId)) !== null
}

export type StaffProductsQuery = {
  q?: string
  /** all; listed (on sale); hidden (by staff); queue (newly listed, not yet reviewed). */
  view?: 'all' | 'listed' | 'hidden' | 'queue'
  store?: number
  page?: number
}

export type StaffProductRow = {
  id: number
  title: string
  slug: string
  price: number
  status: 'draft' | 'active' | 'archived'
  listed: boolean
  createdAt: string
  store: { id: number; name: string }
  category: string
  hidden: { at: string; reason: string; by: string | null } | null
  reviewedAt: string | null
}

export type StaffProductsPage = { items: StaffProductRow[]; total: number; page: number; pageCount: number }

function productsWhere(query: StaffProductsQuery, now: Date): SQL | undefined {
  const q = query.q?.trim().slice(0, 100)
  const like = q ? `%${escapeLike(q)}%` : ''
  const since = new Date(now.getTime() - REVIEW_QUEUE_DAYS * 86_400_000)
  return and(
    query.store ? eq(products.vendorId, query.store) : undefined,
    query.view === 'listed' ? eq(products.listed, true) : undefined,
    query.view === 'hidden' ? isNotNull(products.hiddenAt) : undefined,
    query.view === 'queue'
      ? and(eq(products.listed, true), isNull(products.reviewedAt), gte(products.createdAt, since))
      : undefined,
    q ? or(ilike(products.title, like), ilike(products.slug, like), ilike(vendors.name, like)) : undefined,
  )
}

/** Every store's products for staff: search, store, status, listed or hidden; the queue oldest first. */
export async function listProductsForStaff(
  ctx: ServiceContext,
  query: StaffProductsQuery,
  now = new Date(),
): Promise<StaffProductsPage> {
  const where = productsWhere(query, now)
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(where)
  const total = Number(n)
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PRODUCTS_PAGE_SIZE))
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount)
  const rows = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      price: products.price,
      status: products.status,
      listed: products.listed,
      createdAt: products.createdAt,
      storeId: vendors.id,
      storeName: vendors.name,
      category: categories.name,
      hiddenAt: products.hiddenAt,
      hiddenReason: products.hiddenReason,
      hiddenBy: users.name,
      reviewedAt: products.reviewedAt,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(users, eq(users.id, products.hiddenBy))
    .where(where)
    .orderBy(
      ...(query.view === 'queue'
        ? [asc(products.createdAt), asc(products.id)]
        : [desc(products.createdAt), desc(products.id)]),
    )
    .limit(STAFF_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * STAFF_PRODUCTS_PAGE_SIZE)
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      price: r.price,
      status: r.status,
      listed: r.listed,
      createdAt: r.createdAt.toISOString(),
      store: { id: r.storeId, name: r.storeName },
      category: r.category,
      hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '', by: r.hiddenBy } : null,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageCount,
  }
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
