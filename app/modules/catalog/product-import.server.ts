import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { imageUrl } from '#app/modules/images/image-keys.ts'
import {
  addRefs,
  type CsvProduct,
  type CsvVariant,
  linesToCsv,
  type PhotoRef,
  type ProductCsvError,
  type ProductCsvOut,
  productCsvLines,
  productCsvTemplate,
  sameColour,
} from './product-csv.ts'
import { productEditorLimits } from './product-editor.schemas.ts'
import { categories, productImages, products, productVariants } from './tables.server.ts'

// The product file against the catalogue (issue 17): what an import would create and update in one store, and
// applying it all or nothing; and the store's products written out in the same format. Every function takes the
// store's id from the caller (the workflow finds it from the signed-in account): rows of other stores are only
// ever read to refuse a handle or SKU they already use.

/** What the caller found for each photo file the product file names (the zip is the workflow's business). */
export type PhotoFileCheck =
  | { ok: true; key: string }
  | { ok: false; code: 'photo-not-in-zip' | 'photo-not-image' | 'photo-too-large' | 'photo-too-small' }

/** A picture ready to be shown by a new photo row: stored already (from the zip, or another of the store's photos). */
export type StoredPhoto = { key: string; width: number; height: number; placeholder: string }

type Action = 'create' | 'update' | 'unchanged'

type ProductValues = {
  categoryId: number
  title: string
  description: string
  price: number
  compareAtPrice: number | null
  badge: CsvProduct['badge']
  status: CsvProduct['status']
}

type PlannedVariant = {
  line: number
  action: Action
  id: number | null
  values: { size: string | null; colour: string | null; stock: number; price: number | null }
  sku: string
}

type PlannedPhoto = { key: string; colour: string | null; file: string | null }

type PlannedProduct = {
  handle: string
  line: number
  action: Action
  id: number | null
  values: ProductValues
  variants: PlannedVariant[]
  /** New photo rows, after the product's existing ones. */
  newPhotos: PlannedPhoto[]
  /** Existing photos tied to another colour by the file's `colour photos`. */
  recoloured: { id: number; colour: string }[]
}

export type ImportCounts = {
  productsCreated: number
  productsUpdated: number
  productsUnchanged: number
  variantsCreated: number
  variantsUpdated: number
  photosAdded: number
}

/** A product line of the preview page. */
export type ImportPreviewProduct = {
  handle: string
  title: string
  line: number
  action: Action
  variantsCreated: number
  variantsUpdated: number
  photosAdded: number
}

type Plan = { products: PlannedProduct[]; errors: ProductCsvError[]; counts: ImportCounts }

/** Rows of a preview page: the first products (all errors are kept). */
export const PREVIEW_PRODUCTS_SHOWN = 100

export type ImportPreview = {
  counts: ImportCounts
  products: ImportPreviewProduct[]
  errors: ProductCsvError[]
  /** The zip files the import would store (new pictures), for the page to say encoding takes a while. */
  filesToStore: string[]
}

const CHUNK = 1000
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ')

// ---------------------------------------------------------------------------------------------------------------
// Categories

type CategoryRow = { id: number; parentId: number | null; level: number; name: string; names: Record<string, string> }

async function loadCategories(ctx: ServiceContext): Promise<Map<number, CategoryRow>> {
  const rows = await ctx.db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      level: categories.level,
      name: categories.name,
      names: categories.names,
    })
    .from(categories)
  return new Map(rows.map((r) => [r.id, { ...r, names: (r.names ?? {}) as Record<string, string> }]))
}

const namesOf = (c: CategoryRow) =>
  new Set([c.name, c.names.rw, c.names.fr].filter((n): n is string => Boolean(n)).map(norm))

/**
 * Resolves "Women > Clothing > Dresses" (or a shorter path, as long as it names one category) to a level-2
 * category: the last name is the category's, each earlier one an ancestor's, in order; names in any language.
 */
function categoryResolver(all: Map<number, CategoryRow>) {
  const byName = new Map<string, CategoryRow[]>()
  for (const c of all.values()) {
    if (c.level !== 2) continue
    for (const n of namesOf(c)) byName.set(n, [...(byName.get(n) ?? []), c])
  }
  const cache = new Map<string, number | 'category-unknown' | 'category-ambiguous'>()
  return (path: string): number | 'category-unknown' | 'category-ambiguous' => {
    const key = norm(path)
    const known = cache.get(key)
    if (known !== undefined) return known
    const parts = key
      .split('>')
      .map((p) => p.trim())
      .filter(Boolean)
    const last = parts.pop()
    const matches = (byName.get(last ?? '') ?? []).filter((c) => {
      const ancestors: CategoryRow[] = []
      for (let p = c.parentId == null ? undefined : all.get(c.parentId); p; ) {
        ancestors.unshift(p)
        p = p.parentId == null ? undefined : all.get(p.parentId)
      }
      // Each earlier name must match an ancestor, in order (a subsequence of department, group).
      let i = 0
      for (const part of parts) {
        while (i < ancestors.length && !namesOf(ancestors[i] as CategoryRow).has(part)) i++
        if (i >= ancestors.length) return false
        i++
      }
      return true
    })
    const result =
      matches.length === 1 ? (matches[0] as CategoryRow).id : matches.length ? 'category-ambiguous' : 'category-unknown'
    cache.set(key, result)
    return result
  }
}

/** A level-2 category's path in English, as the export writes it. */
function pathOf(all: Map<number, CategoryRow>, id: number): string {
  const names: string[] = []
  for (let c = all.get(id); c; c = c.parentId == null ? undefined : all.get(c.parentId)) names.unshift(c.name)
  return names.join(' > ')
}

// ---------------------------------------------------------------------------------------------------------------
// The plan

/** The site's own origins, whose image addresses a file may name (PUBLIC_URL when set). */
export function siteOrigins(): string[] {
  const url = getEnv().PUBLIC_URL
  return url ? [new URL(url).origin] : []
}

/**
 * What importing these products would do in the store, with every error by line. `lock`: in the transaction that
 * applies it, the store's products read are locked.
 */
async function plan(ctx: ServiceContext, input: ImportInput): Promise<Plan> {
  const { vendorId } = input
  const errors = [...input.errors]
  const resolveCategory = categoryResolver(await loadCategories(ctx))
  for (const c of input.otherCategories ?? []) {
    const found = resolveCategory(c.category)
    if (typeof found !== 'number') errors.push({ line: c.line, code: found, column: 'category', value: c.category })
  }
  const handles = input.products.map((p) => p.handle)
  const skus = input.products.flatMap((p) => p.variants.map((v) => v.sku))

  // Products named by handle (a handle is the product's address: unique on the whole site).
  const byHandle = new Map<string, typeof products.$inferSelect>()
  for (const part of chunks(handles)) {
    for (const r of await ctx.db.select().from(products).where(inArray(products.slug, part))) byHandle.set(r.slug, r)
  }
  // Variants named by SKU, in any case, with the store and product they belong to.
  const bySku = new Map<string, { id: number; productId: number; vendorId: number; slug: string }>()
  for (const part of chunks(skus)) {
    const rows = await ctx.db
      .select({
        id: productVariants.id,
        sku: productVariants.sku,
        productId: productVariants.productId,
        vendorId: products.vendorId,
        slug: products.slug,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        sql`upper(${productVariants.sku}) in (${sql.join(
          part.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
    for (const r of rows) bySku.set(r.sku.toUpperCase(), r)
  }
  const ownIds = [...byHandle.values()].filter((p) => p.vendorId === vendorId).map((p) => p.id)
  const variantsOf = new Map<number, (typeof productVariants.$inferSelect)[]>()
  const photosOf = new Map<number, { id: number; imageKey: string; colour: string | null }[]>()
  for (const part of chunks(ownIds)) {
    const vs = await ctx.db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, part))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
    for (const v of vs) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v])
    const ps = await ctx.db
      .select({
        id: productImages.id,
        productId: productImages.productId,
        imageKey: productImages.imageKey,
        colour: productImages.colour,
      })
      .from(productImages)
      .where(inArray(productImages.productId, part))
      .orderBy(asc(productImages.position), asc(productImages.id))
    for (const p of ps) photosOf.set(p.productId, [...(photosOf.get(p.productId) ?? []), p])
  }
  // Pictures the store already shows (a file may name one by its address, or a zip file may hold the same picture).
  const ownKeys = await storeImageKeys(ctx, vendorId, [
    ...new Set(
      input.products.flatMap((p) =>
        [...p.photos, ...p.variants.flatMap((v) => v.colourPhotos)].flatMap((r) =>
          r.kind === 'stored' ? [r.key] : [],
        ),
      ),
    ),
  ])

  const maxPhotos = getEnv().UPLOAD_MAX_PHOTOS
  const variantMax = productEditorLimits.variants.max
  const planned: PlannedProduct[] = []
  const counts: ImportCounts = {
    productsCreated: 0,
    productsUpdated: 0,
    productsUnchanged: 0,
    variantsCreated: 0,
    variantsUpdated: 0,
    photosAdded: 0,
  }
  for (const p of input.products) {
    const before = errors.length
    const fail = (e: ProductCsvError) => errors.push(e)
    const existing = byHandle.get(p.handle)
    if (existing && existing.vendorId !== vendorId) {
      fail({ line: p.line, code: 'handle-taken', column: 'handle', value: p.handle })
      continue
    }
    const category = resolveCategory(p.category)
    if (typeof category !== 'number') fail({ line: p.line, code: category, column: 'category', value: p.category })
    const oldVariants = existing ? (variantsOf.get(existing.id) ?? []) : []
    const variants: PlannedVariant[] = []
    for (const v of p.variants) {
      const owner = bySku.get(v.sku)
      if (owner && owner.vendorId !== vendorId) {
        fail({ line: v.line, code: 'sku-other-store', column: 'sku', value: v.sku })
        continue
      }
      if (owner && owner.slug !== p.handle) {
        fail({ line: v.line, code: 'sku-other-product', column: 'sku', value: v.sku, handle: owner.slug })
        continue
      }
      const old = owner ? oldVariants.find((o) => o.id === owner.id) : undefined
      // A new size and colour must not repeat one of the product's variants that the file leaves as they are.
      const twin = oldVariants.find(
        (o) =>
          o.id !== old?.id &&
          !p.variants.some((w) => w.sku === o.sku.toUpperCase()) &&
          (o.size ?? '').toLowerCase() === (v.size ?? '').toLowerCase() &&
          sameColour(o.colour, v.colour),
      )
      if (twin) fail({ line: v.line, code: 'option-exists', column: 'size', value: twin.sku })
      const values = { size: v.size, colour: v.colour, stock: v.stock, price: v.price }
      const same =
        old &&
        old.size === v.size &&
        old.colour === v.colour &&
        old.stock === v.stock &&
        (old.price ?? null) === v.price
      variants.push({
        line: v.line,
        action: !old ? 'create' : same ? 'unchanged' : 'update',
        id: old?.id ?? null,
        values,
        sku: v.sku,
      })
    }
    const kept = oldVariants.filter((o) => !variants.some((v) => v.id === o.id)).length
    if (kept + variants.length > variantMax && p.variants.length <= variantMax) {
      fail({ line: p.line, code: 'too-many-variants', max: variantMax })
    }

    // Photos: the product's (every colour) from its first row, each variant's colour photos from its row.
    const oldPhotos = existing ? (photosOf.get(existing.id) ?? []) : []
    const newPhotos: PlannedPhoto[] = []
    const recoloured: { id: number; colour: string }[] = []
    const named: { ref: PhotoRef; line: number; colour: string | null; column: 'photos' | 'colour photos' }[] = []
    for (const ref of p.photos) named.push({ ref, line: p.line, colour: null, column: 'photos' })
    for (const v of p.variants) {
      const refs: PhotoRef[] = []
      addRefs(refs, v.colourPhotos)
      for (const ref of refs) named.push({ ref, line: v.line, colour: v.colour, column: 'colour photos' })
    }
    for (const n of named) {
      let key: string
      let file: string | null = null
      if (n.ref.kind === 'stored') {
        if (!ownKeys.has(n.ref.key)) {
          fail({ line: n.line, code: 'photo-not-ours', column: n.column, value: n.ref.key })
          continue
        }
        key = n.ref.key
      } else {
        const check = input.files.get(n.ref.name)
        if (!check?.ok) {
          fail({ line: n.line, code: check?.code ?? 'photo-not-in-zip', column: n.column, value: n.ref.name })
          continue
        }
        key = check.key
        file = n.ref.name
      }
      const old = oldPhotos.find((o) => o.imageKey === key)
      if (old) {
        // Already shown: a colour photo is tied to its row's colour; one under `photos` is left as it is.
        if (n.colour && !sameColour(old.colour, n.colour) && !recoloured.some((r) => r.id === old.id)) {
          recoloured.push({ id: old.id, colour: n.colour })
        }
        continue
      }
      if (newPhotos.some((x) => x.key === key)) continue
      newPhotos.push({ key, colour: n.colour, file })
    }
    if (oldPhotos.length + newPhotos.length > maxPhotos) {
      fail({ line: p.line, code: 'too-many-photos', column: 'photos', max: maxPhotos })
    }
    // (A photo named but refused has its own error already.)
    if (p.status === 'active' && oldPhotos.length + named.length === 0) {
      fail({ line: p.line, code: 'active-needs-photo', column: 'status' })
    }
    if (errors.length > before || typeof category !== 'number') continue

    const values: ProductValues = {
      categoryId: category,
      title: p.title,
      description: p.description,
      price: p.price,
      compareAtPrice: p.compareAtPrice,
      badge: p.badge,
      status: p.status,
    }
    const sameProduct =
      existing &&
      existing.categoryId === values.categoryId &&
      existing.title.replace(/\s+/g, ' ').trim() === values.title &&
      existing.description.trim() === values.description &&
      existing.price === values.price &&
      (existing.compareAtPrice ?? null) === values.compareAtPrice &&
      (existing.badge ?? null) === values.badge &&
      existing.status === values.status
    const changed =
      !sameProduct || variants.some((v) => v.action !== 'unchanged') || newPhotos.length > 0 || recoloured.length > 0
    const action: Action = !existing ? 'create' : changed ? 'update' : 'unchanged'
    planned.push({
      handle: p.handle,
      line: p.line,
      action,
      id: existing?.id ?? null,
      values:
        existing && sameProduct ? { ...values, title: existing.title, description: existing.description } : values,
      variants,
      newPhotos,
      recoloured,
    })
    if (action === 'create') counts.productsCreated++
    else if (action === 'update') counts.productsUpdated++
    else counts.productsUnchanged++
    counts.variantsCreated += variants.filter((v) => v.action === 'create').length
    counts.variantsUpdated += variants.filter((v) => v.action === 'update').length
    counts.photosAdded += newPhotos.length
  }
  errors.sort((a, b) => a.line - b.line)
  return { products: planned, errors, counts }
}

/** The store's pictures among these keys, with what a new photo row showing one needs. */
async function storeImageKeys(
  ctx: ServiceContext,
  vendorId: number,
  keys: string[],
): Promise<Map<string, StoredPhoto>> {
  const found = new Map<string, StoredPhoto>()
  for (const part of chunks(keys)) {
    const rows = await ctx.db
      .select({
        key: productImages.imageKey,
        width: productImages.width,
        height: productImages.height,
        placeholder: productImages.placeholder,
      })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.vendorId, vendorId), inArray(productImages.imageKey, part)))
    for (const r of rows) found.set(r.key, r)
  }
  return found
}

function previewOf(p: Plan): ImportPreview {
  return {
    counts: p.counts,
    products: p.products.slice(0, PREVIEW_PRODUCTS_SHOWN).map((x) => ({
      handle: x.handle,
      title: x.values.title,
      line: x.line,
      action: x.action,
      variantsCreated: x.variants.filter((v) => v.action === 'create').length,
      variantsUpdated: x.variants.filter((v) => v.action === 'update').length,
      photosAdded: x.newPhotos.length,
    })),
    errors: p.errors,
    filesToStore: [...new Set(p.products.flatMap((x) => x.newPhotos.flatMap((n) => (n.file ? [n.file] : []))))],
  }
}

export type ImportInput = {
  vendorId: number
  products: CsvProduct[]
  errors: ProductCsvError[]
  /** Each photo file the product file names: found in the zip and a picture we accept (with its key), or why not. */
  files: Map<string, PhotoFileCheck>
  /** Categories of the rows left out for other errors (the parse's `otherCategories`). */
  otherCategories?: { line: number; category: string }[]
}

/** What importing the parsed file would do in the store; nothing changes. */
export async function previewProductImport(ctx: ServiceContext, input: ImportInput): Promise<ImportPreview> {
  return previewOf(await plan(ctx, input))
}

/** Keys of the pictures an import would show that the store does not show yet: the zip files to store first. */
export async function keysToStore(ctx: ServiceContext, input: ImportInput): Promise<Map<string, string>> {
  const p = await plan(ctx, input)
  const known = await storeImageKeys(
    ctx,
    input.vendorId,
    p.products.flatMap((x) => x.newPhotos.map((n) => n.key)),
  )
  const out = new Map<string, string>()
  for (const x of p.products) {
    for (const n of x.newPhotos) if (n.file && !known.has(n.key) && !out.has(n.key)) out.set(n.key, n.file)
  }
  return out
}

export type ApplyImportResult = { ok: true; counts: ImportCounts } | { ok: false; preview: ImportPreview }

/**
 * Applies an import in one transaction, all or nothing: the plan is made again under a lock on the store's
 * imports (two applies of the same file run one after the other, and the second finds nothing left to do), and
 * nothing is written while any row is bad. `stored`: the pictures of the zip files, stored beforehand (keysToStore).
 */
export async function applyProductImport(
  ctx: ServiceContext,
  input: ImportInput & { stored: Map<string, StoredPhoto> },
): Promise<ApplyImportResult> {
  const result = await ctx.db.transaction(async (db): Promise<ApplyImportResult> => {
    const tx = { db }
    await db.execute(sql`select pg_advisory_xact_lock(1702, ${input.vendorId}::integer)`)
    const p = await plan(tx, input)
    if (p.errors.length > 0) return { ok: false, preview: previewOf(p) }
    const known = await storeImageKeys(
      tx,
      input.vendorId,
      p.products.flatMap((x) => x.newPhotos.map((n) => n.key)),
    )
    const pictureOf = (key: string): StoredPhoto => {
      const found = known.get(key) ?? input.stored.get(key)
      if (!found) throw new Error(`Picture ${key} was not stored before the import`)
      return found
    }
    // New products, in batches.
    const creating = p.products.filter((x) => x.action === 'create')
    for (const part of chunks(creating)) {
      const ids = await db
        .insert(products)
        .values(part.map((x) => ({ vendorId: input.vendorId, slug: x.handle, ...x.values })))
        .returning({ id: products.id, slug: products.slug })
      const idOf = new Map(ids.map((r) => [r.slug, r.id]))
      for (const x of part) x.id = idOf.get(x.handle) ?? null
    }
    const variantRows: (typeof productVariants.$inferInsert)[] = []
    const photoRows: (typeof productImages.$inferInsert)[] = []
    for (const x of p.products) {
      if (x.action === 'unchanged') continue
      const productId = x.id as number
      if (x.action === 'update') await db.update(products).set(x.values).where(eq(products.id, productId))
      // A new product's rows start at 0; an existing one's go after its own (no query for the first).
      const nextOf = async (column: typeof productVariants.position | typeof productImages.position) => {
        if (x.action === 'create') return 0
        const table = column === productVariants.position ? productVariants : productImages
        const [{ next } = { next: 0 }] = await db
          .select({ next: sql<number>`coalesce(max(${column}) + 1, 0)::int` })
          .from(table)
          .where(eq(table.productId, productId))
        return Number(next)
      }
      let position = x.variants.some((v) => v.action === 'create') ? await nextOf(productVariants.position) : 0
      for (const v of x.variants) {
        if (v.action === 'update')
          await db
            .update(productVariants)
            .set(v.values)
            .where(eq(productVariants.id, v.id as number))
        else if (v.action === 'create') variantRows.push({ productId, sku: v.sku, ...v.values, position: position++ })
      }
      for (const r of x.recoloured)
        await db.update(productImages).set({ colour: r.colour }).where(eq(productImages.id, r.id))
      if (x.newPhotos.length > 0) {
        const next = await nextOf(productImages.position)
        x.newPhotos.forEach((n, i) => {
          const picture = pictureOf(n.key)
          photoRows.push({
            productId,
            imageKey: n.key,
            alt: x.values.title,
            width: picture.width,
            height: picture.height,
            placeholder: picture.placeholder,
            colour: n.colour,
            position: Number(next) + i,
          })
        })
      }
    }
    for (const part of chunks(variantRows)) await db.insert(productVariants).values(part)
    for (const part of chunks(photoRows)) await db.insert(productImages).values(part)
    return { ok: true, counts: p.counts }
  })
  if (result.ok) clearListingCaches()
  return result
}

// ---------------------------------------------------------------------------------------------------------------
// Export

/** Every product of the store in the import's format: one row per variant, photos as this site's addresses. */
export async function exportProductCsv(
  ctx: ServiceContext,
  input: { vendorId: number; origin?: string },
): Promise<string> {
  const origin = input.origin ?? siteOrigins()[0] ?? ''
  const all = await loadCategories(ctx)
  const rows = await ctx.db
    .select()
    .from(products)
    .where(eq(products.vendorId, input.vendorId))
    .orderBy(asc(products.id))
  const ids = rows.map((r) => r.id)
  const variantsOf = new Map<number, (typeof productVariants.$inferSelect)[]>()
  const photosOf = new Map<number, { imageKey: string; colour: string | null }[]>()
  for (const part of chunks(ids)) {
    for (const v of await ctx.db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, part))
      .orderBy(asc(productVariants.position), asc(productVariants.id))) {
      variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v])
    }
    for (const ph of await ctx.db
      .select({ productId: productImages.productId, imageKey: productImages.imageKey, colour: productImages.colour })
      .from(productImages)
      .where(inArray(productImages.productId, part))
      .orderBy(asc(productImages.position), asc(productImages.id))) {
      photosOf.set(ph.productId, [...(photosOf.get(ph.productId) ?? []), ph])
    }
  }
  const address = (key: string) => `${origin}${imageUrl(key, 800, 'webp')}`
  const out: ProductCsvOut[] = rows.map((r) => {
    const variants = variantsOf.get(r.id) ?? []
    const photos = photosOf.get(r.id) ?? []
    // A colour's photos go on the first row of that colour; photos of a colour no variant has, under `photos`.
    const firstOfColour = new Map<string, number>()
    variants.forEach((v, i) => {
      if (v.colour && !firstOfColour.has(v.colour.toLowerCase())) firstOfColour.set(v.colour.toLowerCase(), i)
    })
    const colourPhotos = new Map<number, string[]>()
    const common: string[] = []
    for (const ph of photos) {
      const at = ph.colour ? firstOfColour.get(ph.colour.toLowerCase()) : undefined
      if (at === undefined) common.push(address(ph.imageKey))
      else colourPhotos.set(at, [...(colourPhotos.get(at) ?? []), address(ph.imageKey)])
    }
    return {
      handle: r.slug,
      title: r.title,
      description: r.description,
      category: pathOf(all, r.categoryId),
      price: r.price,
      compareAtPrice: r.compareAtPrice,
      status: r.status,
      badge: r.badge,
      photos: common,
      variants: variants.map((v, i) => ({
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        stock: v.stock,
        price: v.price,
        colourPhotos: colourPhotos.get(i) ?? [],
      })),
    }
  })
  return linesToCsv(productCsvLines(out))
}

/** The template, its sample rows filed under real categories of this catalogue (a dress and a bag if there are). */
export async function productTemplateCsv(ctx: ServiceContext): Promise<string> {
  const all = await loadCategories(ctx)
  const leaves = [...all.values()].filter((c) => c.level === 2)
  const pick = (word: RegExp) => leaves.find((c) => word.test(c.name)) ?? leaves[0]
  const dress = pick(/dress/i)
  const bag = pick(/bag/i)
  return productCsvTemplate({
    dress: dress ? pathOf(all, dress.id) : 'Women > Clothing > Dresses',
    bag: bag ? pathOf(all, bag.id) : 'Women > Accessories > Bags',
  })
}

export type { CsvVariant }
