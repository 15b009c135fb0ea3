import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import type { StoreUploadOptions } from '#app/modules/images/uploads.server.ts'
import { findStoreSettings } from '#app/modules/vendors/own-store.server.ts'
import { deleteUnusedImages } from '#app/workflows/images.server.ts'
import { productEditorLimits } from './product-editor.schemas.ts'
import { categories, productImages, products, productTranslations, productVariants } from './tables.server.ts'
import { ownProductsMatching, uniqueSlug } from './vendor-products.server.ts'
import {
  type BulkChange,
  type BulkRequest,
  type BulkTarget,
  changedPrice,
  confirmedBulkActions,
} from './vendor-products-bulk.schemas.ts'

// Bulk actions on a vendor's own products (/vendor-dashboard/products): set the status, change the price, file
// under a category, delete drafts; and duplicate one product. The store is always the signed-in owner's: an id
// that is not one of its products is left out, whatever was posted; "all matching" is the owner's list filter
// applied here, never a list the browser sends. Each product follows the same rules as the editor; one that
// cannot take the change is skipped, with the reason, and the others are changed.

type Owner = { ownerUserId: string }

/** Which of these variants an order line names (the orders module answers; a workflow binds it). */
export type OrderedVariantLookup = (ctx: ServiceContext, variantIds: number[]) => Promise<Set<number>>

export type BulkSkipReason =
  | 'needs-photo'
  | 'needs-variant'
  | 'price-not-positive'
  | 'price-too-high'
  | 'not-draft'
  | 'ordered'

/** One product a bulk action changes (with its price before and after, for a price change). */
export type BulkLine = { id: number; title: string; before?: number; after?: number }
export type BulkSkip = { id: number; title: string; reason: BulkSkipReason }

/** Lines and skips listed back at most (the counts are always whole). */
export const BULK_LIST_LIMIT = 50

export type BulkOutcome = {
  /** The vendor's products the action was for. */
  matched: number
  /** Changed (or, in a preview, to be changed). */
  changed: number
  /** Already as asked (the same status or category). */
  unchanged: number
  skippedCount: number
  lines: BulkLine[]
  skipped: BulkSkip[]
  /** What this preview would change: the apply must see the same (a second submit finds prices already moved). */
  fingerprint: string
}

export type BulkResult =
  | { ok: true; applied: boolean; outcome: BulkOutcome }
  | { ok: false; code: 'not_found' | 'category' }
  /** The products changed since the preview (e.g. the same confirmation posted twice): nothing was changed. */
  | { ok: false; code: 'stale'; outcome: BulkOutcome }

type Row = {
  id: number
  title: string
  status: 'draft' | 'active' | 'archived'
  price: number
  compareAtPrice: number | null
  categoryId: number
}

type Plan = {
  lines: (BulkLine & { write?: () => Promise<unknown> })[]
  unchanged: number
  skipped: BulkSkip[]
  /** Picture keys whose rows the plan deletes (their files go after the commit when no other row names them). */
  releasedKeys: string[]
}

/**
 * Applies a bulk change to the owner's products, or, for a change that needs a confirmation (price, delete) when
 * no `confirm` fingerprint is given, only says what it would change. With a fingerprint that no longer matches
 * (the products changed since), nothing is changed and the new preview comes back as `stale`.
 */
export async function applyBulkChange(
  ctx: ServiceContext,
  input: Owner & { request: BulkRequest; confirm?: string; preview?: boolean; imageOptions?: StoreUploadOptions },
  listOrderedVariantIds: OrderedVariantLookup,
): Promise<BulkResult> {
  const store = await findStoreSettings(ctx, { ownerUserId: input.ownerUserId })
  if (!store) return { ok: false, code: 'not_found' }
  const { change, target } = input.request
  const needsConfirm = confirmedBulkActions.includes(actionOf(change))
  let released: string[] = []
  const result = await ctx.db.transaction(async (db): Promise<BulkResult> => {
    const tx = { db }
    if (change.kind === 'category') {
      const [category] = await db
        .select({ level: categories.level })
        .from(categories)
        .where(eq(categories.id, change.categoryId))
      if (category?.level !== 2) return { ok: false, code: 'category' }
    }
    const rows = await targetRows(tx, store.id, target)
    const plan = await planChange(tx, rows, change, listOrderedVariantIds)
    const outcome = outcomeOf(rows.length, change, plan)
    if (input.preview || (needsConfirm && input.confirm === undefined)) {
      return { ok: true, applied: false, outcome }
    }
    if (needsConfirm && input.confirm !== outcome.fingerprint) return { ok: false, code: 'stale', outcome }
    for (const line of plan.lines) await line.write?.()
    released = plan.releasedKeys
    return { ok: true, applied: true, outcome }
  })
  if (result.ok && result.applied && result.outcome.changed > 0) {
    // Listings' cached price bounds and filter choices, after the commit (listing-cache.server.ts); the search
    // read model (`listed`, words) follows in the transaction itself (triggers, migration 0017).
    clearListingCaches()
    if (released.length) await deleteUnusedImages(ctx, released, input.imageOptions)
  }
  return result
}

function actionOf(change: BulkChange) {
  if (change.kind !== 'status') return change.kind
  return change.status === 'active' ? 'activate' : change.status === 'draft' ? 'draft' : 'archive'
}

/** The owner's products the action is for, locked until the transaction ends, in id order (no deadlock). */
async function targetRows(ctx: ServiceContext, storeId: number, target: BulkTarget): Promise<Row[]> {
  if (target.kind === 'ids' && target.ids.length === 0) return []
  const where =
    target.kind === 'ids'
      ? and(eq(products.vendorId, storeId), inArray(products.id, target.ids))
      : ownProductsMatching(storeId, target)
  return ctx.db
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .for('update')
}

async function planChange(
  ctx: ServiceContext,
  rows: Row[],
  change: BulkChange,
  listOrderedVariantIds: OrderedVariantLookup,
): Promise<Plan> {
  const plan: Plan = { lines: [], unchanged: 0, skipped: [], releasedKeys: [] }
  const ids = rows.map((r) => r.id)
  const skip = (r: Row, reason: BulkSkipReason) => plan.skipped.push({ id: r.id, title: r.title, reason })
  const db = ctx.db
  switch (change.kind) {
    case 'status': {
      const toChange = rows.filter((r) => r.status !== change.status)
      plan.unchanged = rows.length - toChange.length
      const [photoCounts, variantCounts] =
        change.status === 'active'
          ? await Promise.all([countsOf(ctx, 'photos', ids), countsOf(ctx, 'variants', ids)])
          : [null, null]
      for (const r of toChange) {
        // The editor's rules (setOwnProductStatus): an active product has a photo and a variant.
        if (photoCounts && !photoCounts.get(r.id)) skip(r, 'needs-photo')
        else if (variantCounts && !variantCounts.get(r.id)) skip(r, 'needs-variant')
        else {
          plan.lines.push({
            id: r.id,
            title: r.title,
            // The product's `listed` flag follows in this transaction (a trigger, migration 0017).
            write: () => db.update(products).set({ status: change.status }).where(eq(products.id, r.id)),
          })
        }
      }
      return plan
    }
    case 'category': {
      for (const r of rows) {
        if (r.categoryId === change.categoryId) plan.unchanged++
        else
          plan.lines.push({
            id: r.id,
            title: r.title,
            write: () => db.update(products).set({ categoryId: change.categoryId }).where(eq(products.id, r.id)),
          })
      }
      return plan
    }
    case 'price': {
      const variants = ids.length
        ? await db
            .select({ id: productVariants.id, productId: productVariants.productId, price: productVariants.price })
            .from(productVariants)
            .where(and(inArray(productVariants.productId, ids)))
        : []
      const max = productEditorLimits.price.max
      for (const r of rows) {
        const price = changedPrice(r.price, change)
        const own = variants.filter((v) => v.productId === r.id && v.price != null)
        const variantPrices = own.map((v) => ({ id: v.id, price: changedPrice(v.price as number, change) }))
        const all = [price, ...variantPrices.map((v) => v.price)]
        if (all.some((p) => p <= 0)) {
          skip(r, 'price-not-positive')
          continue
        }
        if (all.some((p) => p > max)) {
          skip(r, 'price-too-high')
          continue
        }
        // The "was" price moves the same way, so a sale stays the sale it was; it goes when it would no longer
        // be above the price.
        const compareAt = r.compareAtPrice == null ? null : changedPrice(r.compareAtPrice, change)
        const compareAtPrice = compareAt != null && compareAt > price && compareAt <= max ? compareAt : null
        plan.lines.push({
          id: r.id,
          title: r.title,
          before: r.price,
          after: price,
          write: async () => {
            await db.update(products).set({ price, compareAtPrice }).where(eq(products.id, r.id))
            for (const v of variantPrices) {
              await db.update(productVariants).set({ price: v.price }).where(eq(productVariants.id, v.id))
            }
          },
        })
      }
      return plan
    }
    case 'delete': {
      const drafts = rows.filter((r) => r.status === 'draft')
      for (const r of rows) if (r.status !== 'draft') skip(r, 'not-draft')
      const draftIds = drafts.map((r) => r.id)
      const variants = draftIds.length
        ? await db
            .select({ id: productVariants.id, productId: productVariants.productId })
            .from(productVariants)
            .where(inArray(productVariants.productId, draftIds))
        : []
      // A product an order names is never deleted (the order keeps what was bought): archive it instead.
      const ordered = await listOrderedVariantIds(
        ctx,
        variants.map((v) => v.id),
      )
      const orderedProducts = new Set(variants.filter((v) => ordered.has(v.id)).map((v) => v.productId))
      const deletable = drafts.filter((r) => !orderedProducts.has(r.id))
      for (const r of drafts) if (orderedProducts.has(r.id)) skip(r, 'ordered')
      const deletableIds = deletable.map((r) => r.id)
      if (deletableIds.length) {
        const photos = await db
          .select({ key: productImages.imageKey })
          .from(productImages)
          .where(inArray(productImages.productId, deletableIds))
        plan.releasedKeys = [...new Set(photos.map((p) => p.key))]
      }
      for (const r of deletable) {
        // Variants, photos, translations, reviews, cart and favourite lines go with it (foreign keys cascade).
        plan.lines.push({ id: r.id, title: r.title, write: () => db.delete(products).where(eq(products.id, r.id)) })
      }
      skipOrder(plan)
      return plan
    }
  }
}

/** Skipped products in id order, whatever rule skipped them. */
function skipOrder(plan: Plan) {
  plan.skipped.sort((a, b) => a.id - b.id)
}

async function countsOf(ctx: ServiceContext, what: 'photos' | 'variants', ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const table = what === 'photos' ? productImages : productVariants
  const rows = await ctx.db
    .select({ productId: table.productId, n: count() })
    .from(table)
    .where(inArray(table.productId, ids))
    .groupBy(table.productId)
  return new Map(rows.map((r) => [r.productId, r.n]))
}

function outcomeOf(matched: number, change: BulkChange, plan: Plan): BulkOutcome {
  const lines = plan.lines.map(({ write: _write, ...line }) => line)
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([change, lines, plan.skipped.map((s) => [s.id, s.reason])]))
    .digest('base64url')
    .slice(0, 22)
  return {
    matched,
    changed: lines.length,
    unchanged: plan.unchanged,
    skippedCount: plan.skipped.length,
    lines: lines.slice(0, BULK_LIST_LIMIT),
    skipped: plan.skipped.slice(0, BULK_LIST_LIMIT),
    fingerprint,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Duplicate

export type DuplicateResult = { ok: true; id: number } | { ok: false; code: 'not_found' }

/** A second "Duplicate" of the same product within this time gives the copy already made (a double click). */
export const DUPLICATE_REPEAT_MS = 10_000

/**
 * A copy of one of the owner's products, as a draft titled `copyTitle(title)` (cut to the longest title): its
 * description, category, prices, badge, translations, its variants with new unique SKUs and no stock, and its
 * photos. Photos share the stored pictures (files are named by content, and a picture's files are deleted only
 * when no photo row names its key: workflows/images.server.ts), so deleting either product never takes the
 * other's pictures. Posting it twice within a few seconds gives the first copy, not a second one.
 */
export async function duplicateOwnProduct(
  ctx: ServiceContext,
  input: Owner & { productId: number; copyTitle: (title: string) => string; now?: Date },
): Promise<DuplicateResult> {
  const store = await findStoreSettings(ctx, { ownerUserId: input.ownerUserId })
  if (!store) return { ok: false, code: 'not_found' }
  const result = await ctx.db.transaction(async (db): Promise<DuplicateResult> => {
    const [source] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.vendorId, store.id)))
    if (!source) return { ok: false, code: 'not_found' }
    // One copy at a time per store, so two clicks cannot both miss each other's copy.
    await db.select({ id: products.id }).from(products).where(eq(products.id, source.id)).for('update')
    const title = input.copyTitle(source.title).slice(0, productEditorLimits.title.max).trim()
    const now = input.now ?? new Date()
    const [recent] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.vendorId, store.id),
          eq(products.title, title),
          eq(products.status, 'draft'),
          eq(products.description, source.description),
          gt(products.createdAt, new Date(now.getTime() - DUPLICATE_REPEAT_MS)),
        ),
      )
      .orderBy(desc(products.id))
      .limit(1)
    if (recent) return { ok: true, id: recent.id }

    const slug = await uniqueSlug({ db }, title)
    const [copy] = await db
      .insert(products)
      .values({
        vendorId: store.id,
        categoryId: source.categoryId,
        title,
        slug,
        description: source.description,
        price: source.price,
        compareAtPrice: source.compareAtPrice,
        badge: source.badge,
        status: 'draft',
        createdAt: now,
      })
      .returning({ id: products.id })
    const [variants, photos, translations] = await Promise.all([
      db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, source.id))
        .orderBy(asc(productVariants.position), asc(productVariants.id)),
      db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, source.id))
        .orderBy(asc(productImages.position)),
      db.select().from(productTranslations).where(eq(productTranslations.productId, source.id)),
    ])
    const skus = await copySkus(
      { db },
      variants.map((v) => v.sku),
    )
    if (variants.length) {
      await db.insert(productVariants).values(
        variants.map((v, i) => ({
          productId: copy.id,
          size: v.size,
          colour: v.colour,
          sku: skus[i],
          stock: 0,
          price: v.price,
          position: v.position,
        })),
      )
    }
    if (photos.length) {
      await db.insert(productImages).values(
        photos.map((p) => ({
          productId: copy.id,
          imageKey: p.imageKey,
          alt: p.alt,
          width: p.width,
          height: p.height,
          placeholder: p.placeholder,
          colour: p.colour,
          position: p.position,
        })),
      )
    }
    if (translations.length) {
      await db.insert(productTranslations).values(
        translations.map((t) => ({
          productId: copy.id,
          locale: t.locale,
          title: t.title,
          description: t.description,
        })),
      )
    }
    return { ok: true, id: copy.id }
  })
  if (result.ok) clearListingCaches()
  return result
}

/**
 * New SKUs for a copy's variants: each source SKU with "-C" (then "-C2", "-C3", ...), cut to fit the longest SKU,
 * none taken by any product (SKUs are unique across Isoko) nor repeated among themselves.
 */
async function copySkus(ctx: ServiceContext, sources: string[]): Promise<string[]> {
  if (sources.length === 0) return []
  const max = productEditorLimits.sku.max
  const stem = (sku: string, n: number) => {
    const suffix = n === 1 ? '-C' : `-C${n}`
    return `${sku.slice(0, max - suffix.length)}${suffix}`
  }
  const out: string[] = []
  const used = new Set<string>()
  for (const sku of sources) {
    for (let n = 1; ; n += 8) {
      const candidates = Array.from({ length: 8 }, (_, i) => stem(sku, n + i)).filter((c) => !used.has(c))
      const taken = new Set(
        (
          await ctx.db
            .select({ sku: productVariants.sku })
            .from(productVariants)
            .where(inArray(productVariants.sku, candidates))
        ).map((r) => r.sku),
      )
      const free = candidates.find((c) => !taken.has(c))
      if (free) {
        out.push(free)
        used.add(free)
        break
      }
    }
  }
  return out
}
