import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { escapeLike } from '#app/lib/like.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import {
  type StoreUploadOptions,
  storeUploadedImage,
  type UploadedImage,
  type UploadRefusal,
} from '#app/modules/images/uploads.server.ts'
import { findStoreSettings } from '#app/modules/vendors/own-store.server.ts'
import type { VendorStatus } from '#app/modules/vendors/vendor-status.ts'
import { deleteUnusedImages } from '#app/workflows/images.server.ts'
import { getCategoryTree } from './catalog.server.ts'
import {
  type ProductErrors,
  ProductFormSchema,
  type ProductFormValues,
  type ProductInput,
  type ProductListTab,
  type ProductStatus,
  type TranslationLocale,
  translationLocales,
} from './product-editor.schemas.ts'
import { categories, productImages, products, productTranslations, productVariants } from './tables.server.ts'
import type { Badge, ImageData } from './types.ts'
import type { OwnProductSort } from './vendor-products-bulk.schemas.ts'

/** The editor's form as read (readProductForm) checked against its schema; on failure, the messages by field. */
export function parseProductForm(
  values: ProductFormValues,
): { ok: true; input: ProductInput } | { ok: false; errors: ProductErrors } {
  const parsed = checkValues(ProductFormSchema, values)
  return parsed.ok ? { ok: true, input: parsed.data } : { ok: false, errors: parsed.errors }
}

// A vendor's own products, as their owner manages them (/vendor-dashboard/products). Every function takes the
// signed-in account's id and finds the store by its owner; a product, variant or photo id that is not this store's
// is answered as not found and changes nothing. Expected refusals come back as values with a code.

type Owner = { ownerUserId: string }
type OwnStore = { id: number; status: VendorStatus }

async function ownStore(ctx: ServiceContext, input: Owner): Promise<OwnStore | null> {
  const store = await findStoreSettings(ctx, { ownerUserId: input.ownerUserId })
  return store ? { id: store.id, status: store.status } : null
}

async function ownProductRow(ctx: ServiceContext, vendorId: number, productId: number, lock = false) {
  const query = ctx.db
    .select({ id: products.id, status: products.status, title: products.title })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.vendorId, vendorId)))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

// ---------------------------------------------------------------------------------------------------------------
// The list

export type OwnProductListItem = {
  id: number
  title: string
  slug: string
  price: number
  /** The dearest variant's own price when one is dearer than the product's price, else null. */
  maxPrice: number | null
  /** The cheapest variant's own price when one is cheaper than the product's price, else null. */
  minPrice: number | null
  status: ProductStatus
  totalStock: number
  /** Its variants (SKUs). */
  variantCount: number
  image: ImageData | null
  createdAt: Date
}
export type OwnProductList = {
  storeStatus: VendorStatus
  counts: Record<ProductListTab, number>
  items: OwnProductListItem[]
  /** Products in the tab that match the search, over all pages. */
  total: number
  page: number
  pageCount: number
}

/** Products on one page of the vendor's list. */
export const OWN_PRODUCTS_PER_PAGE = 24

/** The store's products in one status tab whose title or a SKU (in any case) contains the search. */
export function ownProductsMatching(storeId: number, filter: { status: ProductListTab; q: string }): SQL | undefined {
  const q = filter.q.trim()
  return and(
    eq(products.vendorId, storeId),
    filter.status === 'all' ? undefined : eq(products.status, filter.status),
    q
      ? or(
          ilike(products.title, `%${escapeLike(q)}%`),
          sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.sku} ilike ${`%${escapeLike(q)}%`})`,
        )
      : undefined,
  )
}

const totalStockSql = sql<number>`coalesce((select sum(v.stock) from product_variants v where v.product_id = "products"."id"), 0)::int`

/** The list's orders; ties go to the newest product, so a page never shuffles. */
function ownProductOrder(sort: OwnProductSort): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)]
  switch (sort) {
    case 'oldest':
      return [asc(products.createdAt), asc(products.id)]
    case 'name':
      return [asc(sql`lower(${products.title})`), ...newest]
    case 'name-desc':
      return [desc(sql`lower(${products.title})`), ...newest]
    case 'price-asc':
      return [asc(products.price), ...newest]
    case 'price-desc':
      return [desc(products.price), ...newest]
    case 'stock-asc':
      return [asc(totalStockSql), ...newest]
    case 'stock-desc':
      return [desc(totalStockSql), ...newest]
    default:
      return newest
  }
}

/**
 * One page of the store's products (newest first unless another sort is asked), in one status tab and matching a
 * search of titles and SKUs (a SKU typed in any case); a page past the last gives the last. Null without a store.
 */
export async function listOwnProducts(
  ctx: ServiceContext,
  input: Owner & { status: ProductListTab; q: string; sort?: OwnProductSort; page?: number; perPage?: number },
): Promise<OwnProductList | null> {
  const store = await ownStore(ctx, input)
  if (!store) return null
  const countRows = await ctx.db
    .select({ status: products.status, n: count() })
    .from(products)
    .where(eq(products.vendorId, store.id))
    .groupBy(products.status)
  const counts: Record<ProductListTab, number> = { all: 0, draft: 0, active: 0, archived: 0 }
  for (const r of countRows) {
    counts[r.status] = r.n
    counts.all += r.n
  }
  const matching = ownProductsMatching(store.id, input)
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(products).where(matching)
  const perPage = input.perPage ?? OWN_PRODUCTS_PER_PAGE
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(1, input.page ?? 1), pageCount)
  const rows = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      price: products.price,
      status: products.status,
      createdAt: products.createdAt,
      totalStock: totalStockSql,
      variantCount: sql<number>`(select count(*) from product_variants v where v.product_id = "products"."id")::int`,
      minPrice: sql<number | null>`(select min(v.price) from product_variants v where v.product_id = "products"."id")`,
      maxPrice: sql<number | null>`(select max(v.price) from product_variants v where v.product_id = "products"."id")`,
    })
    .from(products)
    .where(matching)
    .orderBy(...ownProductOrder(input.sort ?? 'newest'))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const images = await mainImages(
    ctx,
    rows.map((r) => r.id),
  )
  return {
    storeStatus: store.status,
    counts,
    items: rows.map((r) => {
      const min = r.minPrice == null ? null : Number(r.minPrice)
      const max = r.maxPrice == null ? null : Number(r.maxPrice)
      return {
        ...r,
        totalStock: Number(r.totalStock),
        variantCount: Number(r.variantCount),
        minPrice: min != null && min < r.price ? min : null,
        maxPrice: max != null && max > r.price ? max : null,
        image: images.get(r.id) ?? null,
      }
    }),
    total,
    page,
    pageCount,
  }
}

async function mainImages(ctx: ServiceContext, ids: number[]): Promise<Map<number, ImageData>> {
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      imageKey: productImages.imageKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
      placeholder: productImages.placeholder,
    })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  return new Map(rows.map(({ productId, ...image }) => [productId, image]))
}

// ---------------------------------------------------------------------------------------------------------------
// One product

/** A photo of the product; `colour` is the one colour it shows (null: every colour). */
export type OwnPhoto = ImageData & { id: number; position: number; colour: string | null }
/** A variant; `price` is its own price (null: the product's). */
export type OwnVariant = {
  id: number
  size: string | null
  colour: string | null
  sku: string
  stock: number
  price: number | null
}
export type OwnProduct = {
  id: number
  slug: string
  title: string
  description: string
  categoryId: number
  price: number
  compareAtPrice: number | null
  badge: Badge | null
  status: ProductStatus
  variants: OwnVariant[]
  photos: OwnPhoto[]
  /** The vendor's translations of the title and description (empty where there is none). */
  translations: Record<TranslationLocale, { title: string; description: string }>
  storeStatus: VendorStatus
}

/** One of the store's products for the editor; null when it is not this store's (or does not exist). */
export async function findOwnProduct(
  ctx: ServiceContext,
  input: Owner & { productId: number },
): Promise<OwnProduct | null> {
  const store = await ownStore(ctx, input)
  if (!store) return null
  const [row] = await ctx.db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      description: products.description,
      categoryId: products.categoryId,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      badge: products.badge,
      status: products.status,
    })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.vendorId, store.id)))
  if (!row) return null
  const [variants, photos, translations] = await Promise.all([
    ctx.db
      .select({
        id: productVariants.id,
        size: productVariants.size,
        colour: productVariants.colour,
        sku: productVariants.sku,
        stock: productVariants.stock,
        price: productVariants.price,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, row.id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    listPhotos(ctx, row.id),
    ctx.db.select().from(productTranslations).where(eq(productTranslations.productId, row.id)),
  ])
  const of = (locale: TranslationLocale) => {
    const t = translations.find((r) => r.locale === locale)
    return { title: t?.title ?? '', description: t?.description ?? '' }
  }
  return { ...row, variants, photos, translations: { rw: of('rw'), fr: of('fr') }, storeStatus: store.status }
}

function listPhotos(ctx: ServiceContext, productId: number): Promise<OwnPhoto[]> {
  return ctx.db
    .select({
      id: productImages.id,
      imageKey: productImages.imageKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
      placeholder: productImages.placeholder,
      position: productImages.position,
      colour: productImages.colour,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
}

/**
 * A product's translations as the vendor left them in the editor: one row per language with any words (an empty
 * title falls back to the vendor's own, so does an empty description), none for a language left empty.
 */
async function writeTranslations(
  ctx: ServiceContext,
  productId: number,
  translations: ProductInput['translations'],
): Promise<void> {
  await ctx.db.delete(productTranslations).where(eq(productTranslations.productId, productId))
  const rows = translationLocales.flatMap((locale) => {
    const t = translations[locale]
    return t.title || t.description
      ? [{ productId, locale, title: t.title ?? '', description: t.description ?? '' }]
      : []
  })
  if (rows.length) await ctx.db.insert(productTranslations).values(rows)
}

export type CategoryChoiceGroup = { label: string; options: { id: number; name: string }[] }

/** The level-2 categories a product can be filed under, grouped 'Department · Group' for the `<select>`. */
export async function listCategoryChoices(ctx: ServiceContext, locale: Locale = 'en'): Promise<CategoryChoiceGroup[]> {
  const tree = await getCategoryTree(ctx, locale)
  return tree.flatMap((dept) =>
    dept.children
      .filter((group) => group.children.length > 0)
      .map((group) => ({
        label: `${dept.name} · ${group.name}`,
        options: group.children.map((item) => ({ id: item.id, name: item.name })),
      })),
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Create and update

export type SaveProductResult =
  | { ok: true; id: number; slug: string }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; errors: ProductErrors }

/** A URL name from a title: lower-case ASCII words joined by '-'. */
export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return base || 'product'
}

/** The title's slug, with -2, -3, ... added when another product already has it. */
export async function uniqueSlug(ctx: ServiceContext, title: string): Promise<string> {
  const base = slugify(title)
  const taken = new Set(
    (
      await ctx.db
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))
    ).map((r) => r.slug),
  )
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** The checks that need the database: the category, the SKUs against other products, photos for 'active'. */
async function checkAgainstCatalogue(
  ctx: ServiceContext,
  input: ProductInput,
  productId: number | null,
  ownVariantIds: number[],
): Promise<ProductErrors> {
  const errors: ProductErrors = {}
  const [category] = await ctx.db
    .select({ level: categories.level })
    .from(categories)
    .where(eq(categories.id, input.categoryId))
  if (category?.level !== 2) errors.categoryId = 'productEditor.error.category'
  const skus = input.variants.map((v) => v.sku)
  const clashes = await ctx.db
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(inArray(productVariants.sku, skus))
  const ownIds = new Set(ownVariantIds)
  input.variants.forEach((v, i) => {
    // This product's own variants may trade SKUs in one save (the form itself refuses repeats); others' may not.
    const clash = clashes.find((c) => c.sku === v.sku && !ownIds.has(c.id))
    if (clash && !errors[`variants[${i}].sku`]) errors[`variants[${i}].sku`] = 'productEditor.error.skuTaken'
  })
  if (input.status === 'active') {
    const photos = productId
      ? (await ctx.db.select({ n: count() }).from(productImages).where(eq(productImages.productId, productId)))[0].n
      : 0
    if (photos === 0) errors.status = 'productEditor.error.activeNeedsPhoto'
  }
  return errors
}

/**
 * A new product of the owner's store (any store status: a pending vendor prepares drafts), with its variants, in
 * one transaction. A new product has no photo yet, so it cannot start active.
 */
export async function createOwnProduct(
  ctx: ServiceContext,
  input: Owner & { product: ProductInput },
): Promise<SaveProductResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  const p = input.product
  const result = await ctx.db.transaction(async (db): Promise<SaveProductResult> => {
    const tx = { db }
    const errors = await checkAgainstCatalogue(tx, p, null, [])
    p.variants.forEach((v, i) => {
      if (v.id != null) errors[`variants[${i}].sku`] ??= 'productEditor.error.variantUnknown'
    })
    if (Object.keys(errors).length) return { ok: false, code: 'invalid', errors }
    const slug = await uniqueSlug(tx, p.title)
    const [row] = await db
      .insert(products)
      .values({
        vendorId: store.id,
        categoryId: p.categoryId,
        title: p.title,
        slug,
        description: p.description,
        price: p.price as number,
        compareAtPrice: p.compareAtPrice,
        badge: p.badge,
        status: p.status,
      })
      .returning({ id: products.id })
    await db.insert(productVariants).values(
      p.variants.map((v, position) => ({
        productId: row.id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        stock: v.stock,
        price: v.price,
        position,
      })),
    )
    await writeTranslations(tx, row.id, p.translations)
    return { ok: true, id: row.id, slug }
  })
  // Listings' cached price bounds and filter choices, after the commit (listing-cache.server.ts).
  if (result.ok) clearListingCaches()
  return result
}

/**
 * Saves one of the owner's products: its fields, and its variants (rows with an id are updated, rows without one
 * added, existing variants left out deleted unless an order names them), in one transaction. The slug stays, so
 * links already shared keep working.
 */
/**
 * Which of these variants an order line names. The orders module knows (the catalogue may not read its tables), so
 * the caller passes its answer in: app/workflows/vendor-products.server.ts binds it.
 */
export type OrderedVariantLookup = (ctx: ServiceContext, variantIds: number[]) => Promise<Set<number>>

export async function updateOwnProduct(
  ctx: ServiceContext,
  input: Owner & { productId: number; product: ProductInput },
  listOrderedVariantIds: OrderedVariantLookup,
): Promise<SaveProductResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  const p = input.product
  const result = await ctx.db.transaction(async (db): Promise<SaveProductResult> => {
    const tx = { db }
    const row = await ownProductRow(tx, store.id, input.productId, true)
    if (!row) return { ok: false, code: 'not_found' }
    const existing = await db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, row.id))
    const existingIds = new Set(existing.map((v) => v.id))
    const errors: ProductErrors = {}
    p.variants.forEach((v, i) => {
      if (v.id != null && !existingIds.has(v.id)) errors[`variants[${i}].sku`] = 'productEditor.error.variantUnknown'
    })
    const kept = new Set(p.variants.flatMap((v) => (v.id != null ? [v.id] : [])))
    const removed = [...existingIds].filter((id) => !kept.has(id))
    const ordered = await listOrderedVariantIds(tx, removed)
    if (ordered.size > 0) {
      errors.variants = 'productEditor.error.variantOrdered'
    }
    Object.assign(errors, { ...(await checkAgainstCatalogue(tx, p, row.id, [...existingIds])), ...errors })
    if (Object.keys(errors).length) return { ok: false, code: 'invalid', errors }

    const [saved] = await db
      .update(products)
      .set({
        categoryId: p.categoryId,
        title: p.title,
        description: p.description,
        price: p.price as number,
        compareAtPrice: p.compareAtPrice,
        badge: p.badge,
        status: p.status,
      })
      .where(eq(products.id, row.id))
      .returning({ id: products.id, slug: products.slug })
    if (removed.length) await db.delete(productVariants).where(inArray(productVariants.id, removed))
    // A SKU may move from one row to another in the same save: park the kept rows' SKUs first.
    if (kept.size) {
      await db
        .update(productVariants)
        .set({ sku: sql`'~' || ${productVariants.id}::text` })
        .where(inArray(productVariants.id, [...kept]))
    }
    for (const [position, v] of p.variants.entries()) {
      const values = { size: v.size, colour: v.colour, sku: v.sku, stock: v.stock, price: v.price, position }
      if (v.id != null) await db.update(productVariants).set(values).where(eq(productVariants.id, v.id))
      else await db.insert(productVariants).values({ ...values, productId: row.id })
    }
    await writeTranslations(tx, row.id, p.translations)
    return { ok: true, id: saved.id, slug: saved.slug }
  })
  if (result.ok) clearListingCaches()
  return result
}

export type RemoveVariantResult = { ok: true } | { ok: false; code: 'not_found' | 'ordered' }

/**
 * Whether a variant row may be taken off the form: yes for one of this product's variants that no order names.
 * (The row goes when the product is saved.)
 */
export async function checkVariantRemovable(
  ctx: ServiceContext,
  input: Owner & { productId: number; variantId: number },
  listOrderedVariantIds: OrderedVariantLookup,
): Promise<RemoveVariantResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  const [row] = await ctx.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(eq(productVariants.id, input.variantId), eq(products.id, input.productId), eq(products.vendorId, store.id)),
    )
  if (!row) return { ok: false, code: 'not_found' }
  const ordered = await listOrderedVariantIds(ctx, [row.id])
  return ordered.size ? { ok: false, code: 'ordered' } : { ok: true }
}

export type SetStatusResult = { ok: true } | { ok: false; code: 'not_found' | 'needs-photo' | 'needs-variant' }

/** Moves one of the owner's products to draft, active or archived; active needs a photo and a variant. */
export async function setOwnProductStatus(
  ctx: ServiceContext,
  input: Owner & { productId: number; status: ProductStatus },
): Promise<SetStatusResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  const result = await ctx.db.transaction(async (db): Promise<SetStatusResult> => {
    const row = await ownProductRow({ db }, store.id, input.productId, true)
    if (!row) return { ok: false, code: 'not_found' }
    if (input.status === 'active') {
      const [photos] = await db.select({ n: count() }).from(productImages).where(eq(productImages.productId, row.id))
      if (photos.n === 0) return { ok: false, code: 'needs-photo' }
      const [variants] = await db
        .select({ n: count() })
        .from(productVariants)
        .where(eq(productVariants.productId, row.id))
      if (variants.n === 0) return { ok: false, code: 'needs-variant' }
    }
    // The product's `listed` flag follows in this transaction (a trigger, migration 0017).
    await db.update(products).set({ status: input.status }).where(eq(products.id, row.id))
    return { ok: true }
  })
  if (result.ok) clearListingCaches()
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// Photos

export type PhotoRefusal = UploadRefusal | 'too_many'
export type AddPhotosResult =
  | { ok: true; added: number }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: PhotoRefusal; fileName?: string }

/**
 * Adds photos after the product's existing ones. Each file is checked and stored first; if any is refused, or the
 * count check under the product's lock refuses the batch, no row is added and the files stored for it are deleted
 * again (unless another row already shows the same picture): a refused upload leaves no public file behind.
 */
export async function addProductPhotos(
  ctx: ServiceContext,
  input: Owner & { productId: number; files: File[]; imageOptions?: StoreUploadOptions },
): Promise<AddPhotosResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  const row = await ownProductRow(ctx, store.id, input.productId)
  if (!row) return { ok: false, code: 'not_found' }
  const files = input.files.filter((f) => f.size > 0 || f.name)
  if (files.length === 0) return { ok: false, code: 'missing' }
  const [have] = await ctx.db.select({ n: count() }).from(productImages).where(eq(productImages.productId, row.id))
  if (have.n + files.length > getEnv().UPLOAD_MAX_PHOTOS) return { ok: false, code: 'too_many' }
  const stored: UploadedImage[] = []
  /** Keys whose files this batch wrote, in full or in part. */
  const written: string[] = []
  const release = () => deleteUnusedImages(ctx, written, input.imageOptions)
  for (const file of files) {
    const result = await storeUploadedImage(file, 'product', input.imageOptions)
    if (!result.ok) {
      if (result.partialKey) written.push(result.partialKey)
      await release()
      return { ok: false, code: result.code, fileName: file.name }
    }
    stored.push(result.image)
    written.push(result.image.key)
  }
  let outcome: AddPhotosResult
  try {
    outcome = await insertPhotoRows(ctx, store.id, row.id, stored)
  } catch (error) {
    await release()
    throw error
  }
  if (!outcome.ok) await release()
  return outcome
}

/** The rows of photos already stored, after the product's existing ones, under the product's lock. */
function insertPhotoRows(
  ctx: ServiceContext,
  storeId: number,
  productId: number,
  stored: UploadedImage[],
): Promise<AddPhotosResult> {
  return ctx.db.transaction(async (db): Promise<AddPhotosResult> => {
    const locked = await ownProductRow({ db }, storeId, productId, true)
    if (!locked) return { ok: false, code: 'not_found' }
    const photos = await listPhotos({ db }, productId)
    if (photos.length + stored.length > getEnv().UPLOAD_MAX_PHOTOS) return { ok: false, code: 'too_many' }
    const start = photos.reduce((m, p) => Math.max(m, p.position + 1), 0)
    await db.insert(productImages).values(
      stored.map((image, i) => ({
        productId,
        imageKey: image.key,
        alt: locked.title,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        position: start + i,
      })),
    )
    return { ok: true, added: stored.length }
  })
}

export type PhotoChange =
  | { kind: 'move'; direction: 'up' | 'down' }
  | { kind: 'main' }
  | { kind: 'delete' }
  | { kind: 'alt'; alt: string }
  /** The colour the photo shows, one of the product's variants' colours; null: every colour. */
  | { kind: 'colour'; colour: string | null }
export type PhotoChangeResult = { ok: true } | { ok: false; code: 'not_found' | 'last-photo-active' | 'no-such-colour' }

/**
 * Changes one photo of one of the owner's products: moves it up or down, makes it the main one (position 0,
 * shown on cards), edits its alt text, or deletes it. Positions are renumbered 0..n-1. An active product keeps at
 * least one photo. A deleted photo's files are deleted once the change has committed, unless another row still
 * shows the same picture.
 */
export async function changeProductPhoto(
  ctx: ServiceContext,
  input: Owner & { productId: number; photoId: number; change: PhotoChange; imageOptions?: StoreUploadOptions },
): Promise<PhotoChangeResult> {
  const store = await ownStore(ctx, input)
  if (!store) return { ok: false, code: 'not_found' }
  let released: string | undefined
  const result = await ctx.db.transaction(async (db): Promise<PhotoChangeResult> => {
    const row = await ownProductRow({ db }, store.id, input.productId, true)
    if (!row) return { ok: false, code: 'not_found' }
    const photos = await listPhotos({ db }, row.id)
    const at = photos.findIndex((p) => p.id === input.photoId)
    if (at < 0) return { ok: false, code: 'not_found' }
    const change = input.change
    if (change.kind === 'alt') {
      await db.update(productImages).set({ alt: change.alt }).where(eq(productImages.id, input.photoId))
      return { ok: true }
    }
    if (change.kind === 'colour') {
      let colour: string | null = null
      if (change.colour !== null) {
        // Stored as the variants write it, so the product page matches the photo to the colour picked.
        const wanted = change.colour.trim().toLowerCase()
        const variants = await db
          .select({ colour: productVariants.colour })
          .from(productVariants)
          .where(eq(productVariants.productId, row.id))
        colour = variants.find((v) => v.colour?.toLowerCase() === wanted)?.colour ?? null
        if (colour === null) return { ok: false, code: 'no-such-colour' }
      }
      await db.update(productImages).set({ colour }).where(eq(productImages.id, input.photoId))
      return { ok: true }
    }
    const order = photos.map((p) => p.id)
    if (change.kind === 'delete') {
      if (photos.length === 1 && row.status === 'active') return { ok: false, code: 'last-photo-active' }
      await db.delete(productImages).where(eq(productImages.id, input.photoId))
      released = photos[at].imageKey
      order.splice(at, 1)
    } else {
      const to = change.kind === 'main' ? 0 : change.direction === 'up' ? at - 1 : at + 1
      if (to < 0 || to >= order.length || to === at) return { ok: true }
      const [id] = order.splice(at, 1)
      order.splice(to, 0, id)
    }
    for (const [position, id] of order.entries()) {
      const current = photos.find((p) => p.id === id)
      if (current?.position !== position) {
        await db.update(productImages).set({ position }).where(eq(productImages.id, id))
      }
    }
    return { ok: true }
  })
  // After the commit: a rolled-back delete keeps its row, so it must keep its files too.
  if (result.ok && released) await deleteUnusedImages(ctx, [released], input.imageOptions)
  return result
}
