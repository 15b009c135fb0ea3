import { count, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { clearCategoryTreeCache } from './catalog.server.ts'
import { type CategoryNames, categories, productImages, products, productVariants, reviews } from './tables.server.ts'
import type { Badge } from './types.ts'

// Writing the catalogue: categories, products with their variants and pictures, reviews. Used by the seed now and
// by the vendor and admin consoles later.

export type CreateCategoryInput = {
  parentId?: number | null
  slug: string
  name: string
  /** Its name in Kinyarwanda and French. */
  names?: CategoryNames
  /** 0 department, 1 group, 2 item. */
  level: number
  position?: number
  emoji?: string | null
  /** Days after delivery its products may be returned in (null: its parent's; 0: no returns). */
  returnDays?: number | null
}

export async function createCategory(ctx: ServiceContext, input: CreateCategoryInput): Promise<{ id: number }> {
  const [row] = await ctx.db
    .insert(categories)
    .values({
      parentId: input.parentId ?? null,
      slug: input.slug,
      name: input.name,
      names: input.names ?? {},
      level: input.level,
      position: input.position ?? 0,
      emoji: input.emoji ?? null,
      returnDays: input.returnDays ?? null,
    })
    .returning({ id: categories.id })
  clearCategoryTreeCache(ctx)
  return row
}

export type VariantInput = { size: string | null; colour: string | null; sku: string; stock: number }
export type ImageInput = { imageKey: string; alt: string; width: number; height: number; placeholder: string }

export type CreateProductInput = {
  vendorId: number
  categoryId: number
  title: string
  slug: string
  description: string
  /** Whole francs. */
  price: number
  compareAtPrice?: number | null
  badge?: Badge | null
  status?: 'draft' | 'active' | 'archived'
  featuredScore?: number
  createdAt?: Date
  /** At least one; a product without options has one variant with no size and no colour. */
  variants: VariantInput[]
  /** In display order; the first is the card's picture. */
  images: ImageInput[]
}

function checkProduct(input: CreateProductInput) {
  if (!Number.isInteger(input.price) || input.price <= 0) throw new Error(`Bad price for ${input.slug}`)
  if (input.compareAtPrice != null && input.compareAtPrice <= input.price) {
    throw new Error(`The compare-at price of ${input.slug} must be above its price`)
  }
  if (input.variants.length === 0) throw new Error(`${input.slug} needs at least one variant`)
  for (const v of input.variants) {
    if (!Number.isInteger(v.stock) || v.stock < 0) throw new Error(`Bad stock for ${v.sku}`)
  }
}

// PostgreSQL takes at most 65,535 parameters per statement; rows are inserted in chunks well under that.
const CHUNK = 1000

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Adds one product with its variants and pictures, in one transaction. */
export async function createProduct(
  ctx: ServiceContext,
  input: CreateProductInput,
): Promise<{ id: number; variantIds: number[] }> {
  const [created] = await createProducts(ctx, [input])
  return created
}

/**
 * Adds many products at once (the seed's large catalogues): a few multi-row statements per thousand products,
 * all in one transaction. Returns the ids in the order given.
 */
export async function createProducts(
  ctx: ServiceContext,
  inputs: CreateProductInput[],
): Promise<{ id: number; variantIds: number[] }[]> {
  for (const input of inputs) checkProduct(input)
  const created = await ctx.db.transaction(async (tx) => {
    const result: { id: number; variantIds: number[] }[] = []
    for (const part of chunks(inputs)) {
      const rows = await tx
        .insert(products)
        .values(
          part.map((p) => ({
            vendorId: p.vendorId,
            categoryId: p.categoryId,
            title: p.title,
            slug: p.slug,
            description: p.description,
            price: p.price,
            compareAtPrice: p.compareAtPrice ?? null,
            badge: p.badge ?? null,
            status: p.status ?? 'active',
            featuredScore: p.featuredScore ?? 0,
            createdAt: p.createdAt,
          })),
        )
        .returning({ id: products.id })
      // RETURNING gives the rows in the order of VALUES for a plain insert.
      const variants = part.flatMap((p, i) =>
        p.variants.map((v, position) => ({ ...v, position, productId: rows[i].id })),
      )
      const images = part.flatMap((p, i) =>
        p.images.map((im, position) => ({ ...im, position, productId: rows[i].id })),
      )
      const variantIds: number[] = []
      for (const vs of chunks(variants, 5000)) {
        const ids = await tx.insert(productVariants).values(vs).returning({ id: productVariants.id })
        variantIds.push(...ids.map((r) => r.id))
      }
      for (const ims of chunks(images, 5000)) await tx.insert(productImages).values(ims)
      let at = 0
      for (let i = 0; i < part.length; i++) {
        const n = part[i].variants.length
        result.push({ id: rows[i].id, variantIds: variantIds.slice(at, at + n) })
        at += n
      }
    }
    return result
  })
  clearListingCaches()
  return created
}

export type AddReviewInput = {
  productId: number
  customerId: number
  /** 1 to 5. */
  rating: number
  body: string
  createdAt?: Date
}

function checkReview(r: AddReviewInput) {
  if (!Number.isInteger(r.rating) || r.rating < 1 || r.rating > 5) throw new Error(`Bad rating ${r.rating}`)
}

/** Stores a review and updates the product's rating sum and count in the same transaction. */
export async function addReview(ctx: ServiceContext, input: AddReviewInput): Promise<{ id: number }> {
  checkReview(input)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        customerId: input.customerId,
        rating: input.rating,
        body: input.body.trim(),
        createdAt: input.createdAt,
      })
      .returning({ id: reviews.id })
    await tx
      .update(products)
      .set({
        ratingSum: sql`${products.ratingSum} + ${input.rating}`,
        reviewCount: sql`${products.reviewCount} + 1`,
      })
      .where(sql`${products.id} = ${input.productId}`)
    return row
  })
}

/** Many reviews at once (the seed): inserted in chunks, then each product's sum and count updated, in one transaction. */
export async function addReviews(ctx: ServiceContext, inputs: AddReviewInput[]): Promise<void> {
  for (const r of inputs) checkReview(r)
  if (inputs.length === 0) return
  await ctx.db.transaction(async (tx) => {
    const totals = new Map<number, { sum: number; n: number }>()
    for (const part of chunks(inputs, 5000)) {
      await tx.insert(reviews).values(part.map((r) => ({ ...r, body: r.body.trim() })))
      for (const r of part) {
        const t = totals.get(r.productId) ?? { sum: 0, n: 0 }
        t.sum += r.rating
        t.n += 1
        totals.set(r.productId, t)
      }
    }
    const entries = [...totals.entries()]
    for (const part of chunks(entries, 2000)) {
      const values = sql.join(
        part.map(([id, t]) => sql`(${id}::int, ${t.sum}::int, ${t.n}::int)`),
        sql`, `,
      )
      await tx.execute(sql`
        update ${products} set rating_sum = ${products.ratingSum} + v.s, review_count = ${products.reviewCount} + v.n
        from (values ${values}) as v(id, s, n) where ${products.id} = v.id`)
    }
  })
}

/** How many categories exist (the seed's emptiness check). */
export async function countCategories(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(categories)
  return row?.n ?? 0
}
