import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  max,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { escapeLike } from '#app/lib/like.ts'
import { listCustomerContacts } from '#app/modules/customers/customers.server.ts'
import { listVendorLabels, publicVendorIds, publicVendorIdsNamedLike } from '#app/modules/vendors/vendors.server.ts'
import type { ProductFilters } from './catalog.schemas.ts'
import { fold, nameMatches, queryWords } from './search-words.ts'
import { categories, productImages, products, productTranslations, productVariants, reviews } from './tables.server.ts'
import type { Badge, CategoryNode, ImageData, ProductCardData, VariantData } from './types.ts'

// ---------------------------------------------------------------------------------------------------------------
// Category tree
// ---------------------------------------------------------------------------------------------------------------

const CATEGORY_TTL_MS = 5 * 60 * 1000
/** One tree per database handle (the process has one; tests open several), refreshed every few minutes. */
const categoryCache = new WeakMap<
  object,
  { at: number; tree: Promise<CategoryNode[]>; named: Map<Locale, Promise<CategoryNode[]>> }
>()

/**
 * Departments → groups → items, each level ordered by position, named in `locale` (English where a category has
 * no name in it). Cached in memory per process.
 */
export function getCategoryTree(ctx: ServiceContext, locale: Locale = 'en'): Promise<CategoryNode[]> {
  const hit = categoryCache.get(ctx.db)
  let entry = hit && Date.now() - hit.at < CATEGORY_TTL_MS ? hit : undefined
  if (!entry) {
    const tree = loadCategoryTree(ctx)
    entry = { at: Date.now(), tree, named: new Map() }
    categoryCache.set(ctx.db, entry)
    tree.catch(() => categoryCache.delete(ctx.db))
  }
  if (locale === 'en') return entry.tree
  let named = entry.named.get(locale)
  if (!named) {
    named = entry.tree.then((tree) => tree.map((node) => inLocale(node, locale)))
    entry.named.set(locale, named)
  }
  return named
}

function inLocale(node: CategoryNode, locale: Locale): CategoryNode {
  const name = (locale === 'en' ? undefined : node.names[locale]) ?? node.names.en
  return { ...node, name, children: node.children.map((c) => inLocale(c, locale)) }
}

/** Forgets the cached tree (after the categories change, e.g. in a seed or a test). */
export function clearCategoryTreeCache(ctx: ServiceContext): void {
  categoryCache.delete(ctx.db)
}

async function loadCategoryTree(ctx: ServiceContext): Promise<CategoryNode[]> {
  const rows = await ctx.db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      names: categories.names,
      emoji: categories.emoji,
      level: categories.level,
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.position), asc(categories.id))
  const nodes = new Map<number, CategoryNode>()
  const roots: CategoryNode[] = []
  for (const r of rows) {
    const node: CategoryNode = {
      id: r.id,
      slug: r.slug,
      name: r.name,
      names: { ...r.names, en: r.name },
      emoji: r.emoji,
      children: [],
    }
    nodes.set(r.id, node)
    const parent = r.parentId == null ? undefined : nodes.get(r.parentId)
    if (parent) parent.children.push(node)
    else if (r.level === 0) roots.push(node)
  }
  return roots
}

/** Every node of a subtree, itself included. */
function subtree(node: CategoryNode): CategoryNode[] {
  return [node, ...node.children.flatMap(subtree)]
}

function findNode(nodes: CategoryNode[], slug: string): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.slug === slug) return n
    const found = findNode(n.children, slug)
    if (found) return found
  }
  return undefined
}

/** Path from the department down to the node with this id, or [] when unknown. */
function pathTo(nodes: CategoryNode[], id: number): CategoryNode[] {
  for (const n of nodes) {
    if (n.id === id) return [n]
    const rest = pathTo(n.children, id)
    if (rest.length) return [n, ...rest]
  }
  return []
}

/**
 * Category ids a listing is limited to, or null for all of them. An unknown department means "all";
 * a subcategory that is not under the department is ignored.
 */
async function scopeCategoryIds(
  ctx: ServiceContext,
  category: string | undefined,
  subcategory: string | undefined,
): Promise<number[] | null> {
  const tree = await getCategoryTree(ctx)
  const department = category && category !== 'all' ? tree.find((d) => d.slug === category) : undefined
  const sub =
    subcategory && subcategory !== 'all' ? findNode(department ? department.children : tree, subcategory) : undefined
  const node = sub ?? department
  if (!node) return null
  return subtree(node).map((n) => n.id)
}

export type CategoryFilter = {
  /** Every department, for the category select. */
  departments: { slug: string; name: string }[]
  /** The chosen department, or null for all of them (also when the slug is unknown). */
  department: { slug: string; name: string } | null
  /** The department's groups and their items, for the subcategory select. */
  groups: { slug: string; name: string; items: { slug: string; name: string }[] }[]
  /** The chosen group or item under the department, or null. */
  subcategory: { slug: string; name: string } | null
}

/** What the listing's category and subcategory select show, with unknown or mismatched slugs dropped. */
export async function resolveCategoryFilter(
  ctx: ServiceContext,
  input: { category?: string; subcategory?: string },
  locale: Locale = 'en',
): Promise<CategoryFilter> {
  const tree = await getCategoryTree(ctx, locale)
  const pick = (n: CategoryNode) => ({ slug: n.slug, name: n.name })
  const department = input.category ? tree.find((d) => d.slug === input.category) : undefined
  const sub = input.subcategory ? findNode(department ? department.children : tree, input.subcategory) : undefined
  // Without a department, a known subcategory brings its department along.
  const owner = department ?? (sub ? tree.find((d) => subtree(d).some((n) => n.id === sub.id)) : undefined)
  return {
    departments: tree.map(pick),
    department: owner ? pick(owner) : null,
    groups: (owner?.children ?? []).map((g) => ({ ...pick(g), items: g.children.map(pick) })),
    subcategory: sub ? pick(sub) : null,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Product cards
// ---------------------------------------------------------------------------------------------------------------

/** Only active products of approved vendors are shown to shoppers. */
export function isPublicProduct(ctx: ServiceContext): SQL {
  return and(eq(products.status, 'active'), inArray(products.vendorId, publicVendorIds(ctx))) as SQL
}

const averageRating = sql<number>`case when ${products.reviewCount} > 0 then ${products.ratingSum}::float8 / ${products.reviewCount} else 0 end`

const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  badge: products.badge,
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
  vendorId: products.vendorId,
}

type CardRow = {
  id: number
  slug: string
  title: string
  price: number
  compareAtPrice: number | null
  badge: Badge | null
  ratingSum: number
  reviewCount: number
  createdAt: Date
  vendorId: number
}

function ratingOf(ratingSum: number, reviewCount: number): number | null {
  return reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null
}

/**
 * The vendors' translations of these products' titles and descriptions in `locale`, by product id: what a reader
 * of that language sees instead of the vendor's own words (English readers see the vendor's words).
 */
async function translationsOf(
  ctx: ServiceContext,
  ids: number[],
  locale: Locale,
): Promise<Map<number, { title: string; description: string }>> {
  if (locale === 'en' || ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({
      id: productTranslations.productId,
      title: productTranslations.title,
      description: productTranslations.description,
    })
    .from(productTranslations)
    .where(and(inArray(productTranslations.productId, ids), eq(productTranslations.locale, locale)))
  return new Map(rows.map((r) => [r.id, r]))
}

/** Adds each product's first image and its variants' stock to the rows, keeping their order. */
async function toCards(ctx: ServiceContext, rows: CardRow[], locale: Locale = 'en'): Promise<ProductCardData[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [images, variants, stores, translated] = await Promise.all([
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
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    ctx.db
      .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    listVendorLabels(
      ctx,
      rows.map((r) => r.vendorId),
    ),
    translationsOf(ctx, ids, locale),
  ])
  const imageOf = new Map<number, ImageData>()
  for (const { productId, ...image } of images) imageOf.set(productId, image)
  const variantsOf = new Map<number, { id: number; stock: number }[]>()
  for (const v of variants) {
    const list = variantsOf.get(v.productId) ?? []
    list.push(v)
    variantsOf.set(v.productId, list)
  }
  return rows.map((r) => {
    const vs = variantsOf.get(r.id) ?? []
    const withStock = vs.find((v) => v.stock > 0)
    return {
      id: r.id,
      slug: r.slug,
      title: translated.get(r.id)?.title || r.title,
      price: r.price,
      compareAtPrice: r.compareAtPrice,
      badge: r.badge,
      rating: ratingOf(r.ratingSum, r.reviewCount),
      reviewCount: r.reviewCount,
      vendor: { id: r.vendorId, name: stores.get(r.vendorId)?.name ?? '' },
      image: imageOf.get(r.id) ?? null,
      inStock: !!withStock,
      defaultVariantId: (withStock ?? vs[0])?.id ?? null,
      hasOptions: vs.length > 1,
      createdAt: r.createdAt.toISOString(),
    }
  })
}

/** Cards of these products in the same order as `ids`; products that are not public are left out. */
export async function getProductCards(
  ctx: ServiceContext,
  ids: number[],
  locale: Locale = 'en',
): Promise<ProductCardData[]> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))]
  if (unique.length === 0) return []
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(and(isPublicProduct(ctx), inArray(products.id, unique)))
  const cards = await toCards(ctx, rows, locale)
  const byId = new Map(cards.map((c) => [c.id, c]))
  return ids.flatMap((id) => {
    const card = byId.get(id)
    return card ? [card] : []
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------------------------

export type ProductListing = {
  items: ProductCardData[]
  total: number
  page: number
  pageCount: number
  priceBounds: { min: number; max: number }
  // Minimal stand-ins for the search branch's listing fields (issue 16); that branch's version replaces them.
  totalCapped: boolean
  didYouMean: string | null
  options: { sizes: string[]; colours: string[]; stores: { id: number; name: string }[] }
}

const PRICE_STEP = 500

/**
 * Search: every word must appear in the title, description, vendor name or a category name of the product. A
 * category answers in any of its languages, and to the everyday words for it (search-words.ts): "inkweto" and
 * "chaussures" find the shoes.
 */
async function searchCondition(ctx: ServiceContext, q: string): Promise<SQL | undefined> {
  const words = queryWords(q)
  if (words.length === 0) return undefined
  const tree = await getCategoryTree(ctx)
  const all = tree.flatMap(subtree)
  const conditions = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`
    // A category whose name matches brings in every product below it.
    const named = all.filter((n) => Object.values(n.names).some((name) => name && nameMatches(name, word)))
    const categoryIds = [...new Set(named.flatMap((n) => subtree(n).map((c) => c.id)))]
    return or(
      ilike(products.title, pattern),
      ilike(products.description, pattern),
      // The vendors' translations of titles and descriptions: a product is found in any language it is written in.
      inArray(
        products.id,
        ctx.db
          .select({ id: productTranslations.productId })
          .from(productTranslations)
          .where(or(ilike(productTranslations.title, pattern), ilike(productTranslations.description, pattern))),
      ),
      inArray(products.vendorId, publicVendorIdsNamedLike(ctx, pattern)),
      categoryIds.length ? inArray(products.categoryId, categoryIds) : undefined,
    ) as SQL
  })
  return and(...conditions)
}

function orderFor(sort: ProductFilters['sort']): SQL[] {
  switch (sort) {
    case 'price-low':
      return [asc(products.price), asc(products.id)]
    case 'price-high':
      return [desc(products.price), asc(products.id)]
    case 'rating':
      return [desc(averageRating), desc(products.reviewCount), asc(products.id)]
    case 'newest':
      return [desc(products.createdAt), desc(products.id)]
    default:
      return [desc(products.featuredScore), desc(averageRating), desc(products.reviewCount), asc(products.id)]
  }
}

/** A page of public products matching the filters, the number of them and the price range of the category. */
export async function listProducts(ctx: ServiceContext, filters: ProductFilters): Promise<ProductListing> {
  const perPage = Math.min(Math.max(Math.trunc(filters.perPage) || 24, 1), 96)
  const categoryIds = await scopeCategoryIds(ctx, filters.category, filters.subcategory)

  // The scope the price range is taken from: the category (and vendor), before the other filters.
  const scope: (SQL | undefined)[] = [
    isPublicProduct(ctx),
    categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
    filters.vendorId ? eq(products.vendorId, filters.vendorId) : undefined,
  ]
  const [lo, hi] = [filters.min, filters.max]
  const [priceMin, priceMax] = lo != null && hi != null && lo > hi ? [hi, lo] : [lo, hi]
  const where = and(
    ...scope,
    filters.q ? await searchCondition(ctx, filters.q) : undefined,
    priceMin != null ? gte(products.price, priceMin) : undefined,
    priceMax != null ? lte(products.price, priceMax) : undefined,
    filters.sale ? and(isNotNull(products.compareAtPrice), gt(products.compareAtPrice, products.price)) : undefined,
    // Minimal stand-in for the search branch's filters (issue 16).
    filters.sizes?.length || filters.colours?.length || filters.inStock
      ? inArray(
          products.id,
          ctx.db
            .select({ id: productVariants.productId })
            .from(productVariants)
            .where(
              and(
                filters.sizes?.length ? inArray(productVariants.size, filters.sizes) : undefined,
                filters.colours?.length ? inArray(productVariants.colour, filters.colours) : undefined,
                filters.inStock ? gt(productVariants.stock, 0) : undefined,
              ),
            ),
        )
      : undefined,
    filters.minRating ? gte(averageRating, filters.minRating) : undefined,
    filters.stores?.length ? inArray(products.vendorId, filters.stores) : undefined,
  )

  const [[totals], [bounds]] = await Promise.all([
    ctx.db.select({ n: count() }).from(products).where(where),
    ctx.db
      .select({ min: min(products.price), max: max(products.price) })
      .from(products)
      .where(and(...scope)),
  ])
  const total = Number(totals?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(filters.page) || 1, 1), pageCount)

  const rows = total
    ? await ctx.db
        .select(cardColumns)
        .from(products)
        .where(where)
        .orderBy(...orderFor(filters.sort))
        .limit(perPage)
        .offset((page - 1) * perPage)
    : []

  const low = bounds?.min == null ? 0 : Math.floor(Number(bounds.min) / PRICE_STEP) * PRICE_STEP
  const high = bounds?.max == null ? 0 : Math.ceil(Number(bounds.max) / PRICE_STEP) * PRICE_STEP
  return {
    items: await toCards(ctx, rows, filters.locale),
    total,
    page,
    pageCount,
    priceBounds: { min: low, max: high },
    totalCapped: false,
    didYouMean: total === 0 && filters.q ? await stubDidYouMean(ctx, filters.q) : null,
    options: await stubOptions(ctx, and(...scope)),
  }
}

// Minimal stand-ins for the search branch's functions (issue 16): that branch's versions replace everything from
// here to the end of this section.

async function stubOptions(ctx: ServiceContext, scope: SQL | undefined): Promise<ProductListing['options']> {
  const inScope = inArray(productVariants.productId, ctx.db.select({ id: products.id }).from(products).where(scope))
  const [variants, vendorRows] = await Promise.all([
    ctx.db
      .selectDistinct({ size: productVariants.size, colour: productVariants.colour })
      .from(productVariants)
      .where(inScope),
    ctx.db.selectDistinct({ id: products.vendorId }).from(products).where(scope),
  ])
  const labels = await listVendorLabels(
    ctx,
    vendorRows.map((r) => r.id),
  )
  const sorted = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b))
  return {
    sizes: sorted(variants.map((v) => v.size)),
    colours: sorted(variants.map((v) => v.colour)),
    stores: [...labels.values()].map((l) => ({ id: l.id, name: l.name })).sort((a, b) => a.name.localeCompare(b.name)),
  }
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length]
}

async function stubDidYouMean(ctx: ServiceContext, q: string): Promise<string | null> {
  const titles = await ctx.db
    .select({ title: products.title })
    .from(products)
    .where(isPublicProduct(ctx))
    .orderBy(desc(products.featuredScore))
    .limit(2000)
  const known = new Set(titles.flatMap((t) => fold(t.title).split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 2))
  const words = queryWords(q)
  let changed = false
  const fixed = words.map((word) => {
    if (known.has(word)) return word
    let best: string | null = null
    let bestDistance = word.length > 5 ? 3 : 2
    for (const k of known) {
      const d = editDistance(word, k)
      if (d < bestDistance) [best, bestDistance] = [k, d]
    }
    if (best) changed = true
    return best ?? word
  })
  return changed ? fixed.join(' ') : null
}

/** The storefront's most liked public products (for an empty result). */
export async function listPopularProducts(
  ctx: ServiceContext,
  locale: Locale,
  limit: number,
): Promise<ProductCardData[]> {
  const rows = await ctx.db
    .select(cardColumns)
    .from(products)
    .where(isPublicProduct(ctx))
    .orderBy(desc(products.featuredScore), desc(products.reviewCount), asc(products.id))
    .limit(limit)
  return toCards(ctx, rows, locale)
}

/** Products and categories whose names hold what was typed, for the header's search box. */
export async function suggestSearch(
  ctx: ServiceContext,
  q: string,
  locale: Locale,
  limit = 6,
): Promise<{
  products: { slug: string; title: string; price: number }[]
  categories: { slug: string; name: string; department: string | null }[]
}> {
  const words = queryWords(q)
  if (words.length === 0) return { products: [], categories: [] }
  const [rows, tree] = await Promise.all([
    ctx.db
      .select({ slug: products.slug, title: products.title, price: products.price })
      .from(products)
      .where(and(isPublicProduct(ctx), ...words.map((w) => ilike(products.title, `%${escapeLike(w)}%`))))
      .orderBy(desc(products.featuredScore), asc(products.id))
      .limit(limit),
    getCategoryTree(ctx, locale),
  ])
  const found: { slug: string; name: string; department: string | null }[] = []
  for (const department of tree)
    for (const node of subtree(department))
      if (words.every((w) => nameMatches(node.name, w)))
        found.push({ slug: node.slug, name: node.name, department: node === department ? null : department.name })
  return { products: rows, categories: found.slice(0, 4) }
}

// ---------------------------------------------------------------------------------------------------------------
// Product page
// ---------------------------------------------------------------------------------------------------------------

export type ReviewData = {
  id: number
  rating: number
  body: string
  author: string
  createdAt: string
  /** The store's public reply and when it was written (ISO), or null. */
  vendorReply: string | null
  vendorRepliedAt: string | null
}

export type ProductDetail = {
  id: number
  slug: string
  title: string
  description: string
  price: number
  compareAtPrice: number | null
  badge: Badge | null
  rating: number | null
  reviewCount: number
  images: ImageData[]
  variants: VariantData[]
  inStock: boolean
  defaultVariantId: number | null
  vendor: { id: number; name: string; slug: string; verified: boolean }
  /** Department → group → item. */
  categoryPath: { slug: string; name: string }[]
  /** Most recent first. */
  reviews: ReviewData[]
}

const REVIEWS_SHOWN = 20

/** Everything the product page shows, or null when there is no such public product. */
export async function findProductBySlug(
  ctx: ServiceContext,
  slug: string,
  locale: Locale = 'en',
): Promise<ProductDetail | null> {
  const [row] = await ctx.db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      description: products.description,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      badge: products.badge,
      ratingSum: products.ratingSum,
      reviewCount: products.reviewCount,
      categoryId: products.categoryId,
      vendorId: products.vendorId,
    })
    .from(products)
    .where(and(isPublicProduct(ctx), eq(products.slug, slug)))
    .limit(1)
  if (!row) return null

  const [images, variants, reviewRows, tree] = await Promise.all([
    ctx.db
      .select({
        imageKey: productImages.imageKey,
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
        placeholder: productImages.placeholder,
      })
      .from(productImages)
      .where(eq(productImages.productId, row.id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    ctx.db
      .select({
        id: productVariants.id,
        size: productVariants.size,
        colour: productVariants.colour,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, row.id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    ctx.db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        createdAt: reviews.createdAt,
        vendorReply: reviews.vendorReply,
        vendorRepliedAt: reviews.vendorRepliedAt,
        customerId: reviews.customerId,
      })
      .from(reviews)
      .where(eq(reviews.productId, row.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_SHOWN),
    getCategoryTree(ctx, locale),
  ])

  const [stores, authors, translated] = await Promise.all([
    listVendorLabels(ctx, [row.vendorId]),
    listCustomerContacts(
      ctx,
      reviewRows.map((r) => r.customerId),
    ),
    translationsOf(ctx, [row.id], locale),
  ])
  const store = stores.get(row.vendorId)
  if (!store) return null
  const withStock = variants.find((v) => v.stock > 0)
  const words = translated.get(row.id)
  return {
    id: row.id,
    slug: row.slug,
    // The vendor's translation in the reader's language, where they wrote one.
    title: words?.title || row.title,
    description: words?.description || row.description,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    badge: row.badge,
    rating: ratingOf(row.ratingSum, row.reviewCount),
    reviewCount: row.reviewCount,
    images,
    variants,
    inStock: !!withStock,
    defaultVariantId: (withStock ?? variants[0])?.id ?? null,
    vendor: { id: store.id, name: store.name, slug: store.slug, verified: store.verified },
    categoryPath: pathTo(tree, row.categoryId).map((n) => ({ slug: n.slug, name: n.name })),
    reviews: reviewRows.flatMap((r) => {
      const author = authors.get(r.customerId)
      return author ? [review(r, author)] : []
    }),
  }
}

function review(
  r: {
    id: number
    rating: number
    body: string
    createdAt: Date
    vendorReply: string | null
    vendorRepliedAt: Date | null
  },
  author: { firstName: string; lastName: string },
): ReviewData {
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    author: authorName(author.firstName, author.lastName),
    createdAt: r.createdAt.toISOString(),
    vendorReply: r.vendorReply,
    vendorRepliedAt: r.vendorRepliedAt?.toISOString() ?? null,
  }
}

/** 'Aline U.': a reviewer's first name and last initial. */
function authorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase()
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim()
}
