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
import { cached, clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { listCustomerContacts } from '#app/modules/customers/customers.server.ts'
import { listVendorLabels } from '#app/modules/vendors/vendors.server.ts'
import type { ProductFilters } from './catalog.schemas.ts'
import { fold, nameMatches, queryWords, synonymsOf } from './search-words.ts'
import { sortSizes } from './sizes.ts'
import {
  categories,
  productImages,
  products,
  productTranslations,
  productVariants,
  reviews,
  searchLexemes,
  searchWords,
} from './tables.server.ts'
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
  clearListingCaches()
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
    // A category hidden by staff leaves the tree, and with it every category below it (their parent is missing).
    .where(eq(categories.hidden, false))
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

/**
 * Only active products of approved vendors are shown to shoppers: the `listed` flag, which triggers keep in the
 * transaction that changes a product's or its store's status (migration 0017).
 */
export function isPublicProduct(_ctx: ServiceContext): SQL {
  return sql`${products.listed}`
}

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
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        stock: productVariants.stock,
        price: productVariants.price,
      })
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
  const variantsOf = new Map<number, { id: number; stock: number; price: number | null }[]>()
  for (const v of variants) {
    const list = variantsOf.get(v.productId) ?? []
    list.push(v)
    variantsOf.set(v.productId, list)
  }
  return rows.map((r) => {
    const vs = variantsOf.get(r.id) ?? []
    const withStock = vs.find((v) => v.stock > 0)
    // What each variant costs (its own price, else the product's); the card shows the lowest, "from" when they differ.
    // The editor keeps the product's price the lowest; a file import may not, so the card reads the variants.
    const prices = vs.map((v) => v.price ?? r.price)
    const lowest = Math.min(r.price, ...prices)
    return {
      id: r.id,
      slug: r.slug,
      title: translated.get(r.id)?.title || r.title,
      price: lowest,
      compareAtPrice: r.compareAtPrice,
      badge: r.badge,
      rating: ratingOf(r.ratingSum, r.reviewCount),
      reviewCount: r.reviewCount,
      vendor: { id: r.vendorId, name: stores.get(r.vendorId)?.name ?? '' },
      image: imageOf.get(r.id) ?? null,
      inStock: !!withStock,
      defaultVariantId: (withStock ?? vs[0])?.id ?? null,
      hasOptions: vs.length > 1,
      priceFrom: prices.some((p) => p !== lowest),
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
  /** The number of matches, at most RESULT_CAP (see totalCapped). */
  total: number
  /** True when there are more than RESULT_CAP matches: `total` is then RESULT_CAP ("1,000+"). */
  totalCapped: boolean
  page: number
  pageCount: number
  priceBounds: { min: number; max: number }
  /**
   * When the words of `q` as typed found nothing: the query with each unknown word replaced by the closest known
   * one ("kitnge" → "kitenge"). The items are then those of this query (none when it finds nothing either).
   */
  didYouMean: string | null
  /** The filter choices of the category (and store) scope, before the other filters. */
  options: ListingOptions
}

export type ListingOptions = {
  sizes: string[]
  colours: string[]
  /** The stores with the most listed products in the scope (at most 20), most first. */
  stores: { id: number; name: string }[]
}

const PRICE_STEP = 500
/**
 * A listing counts and pages through at most this many matches: a count stops there (the "1,000+" of
 * totalCapped) and pages go up to the one holding the 1,000th product. Deeper pages are reached by narrowing
 * (category, filters, sort), never by an OFFSET of hundreds of thousands of rows.
 */
export const RESULT_CAP = 1000
/**
 * How many of a search's first matches (in the featured order) are ranked by relevance: the first ten pages. Finding
 * them walks the featured index until that many match, so the pool is kept small.
 */
const RANK_POOL = 240
const OPTION_VALUES_SHOWN = 60
const OPTION_STORES_SHOWN = 20
/**
 * A query token is looked for as the exact lexemes that begin with it when there are at most this many (see
 * completionsOf); a token that begins more (a letter or two, a common stem) is looked for as a prefix.
 */
export const MAX_COMPLETIONS = 40

/** A query word's letters and digits, as the full-text document holds them ('t-shirt' → t, shirt). */
function tokensOf(word: string): string[] {
  return word.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

/** 'w1:* & w2:*': every token as a prefix (tokens are letters and digits only, so nothing needs quoting). */
function prefixQuery(tokens: string[]): SQL {
  return sql`to_tsquery('simple', ${tokens.map((t) => `${t}:*`).join(' & ')})`
}

/**
 * A query word as full-text query text: its tokens as prefixes, or an everyday synonym of a category's name
 * ('urukweto' → inkweto). Null for a word of punctuation only. This is the query the results are ranked by.
 */
function wordQueryText(word: string): string | null {
  const tokens = tokensOf(word)
  if (tokens.length === 0) return null
  const own = tokens.map((t) => `${t}:*`).join(' & ')
  const phrases = synonymPhrases(word)
  return phrases.length ? `(${own}) | ${phrases.map((p) => `(${p})`).join(' | ')}` : own
}

/** The everyday synonyms of a word as full-text phrases ('kwita ku ruhu' → kwita <-> ku <-> ruhu). */
function synonymPhrases(word: string): string[] {
  return synonymsOf(word)
    .map((s) => tokensOf(s).join(' <-> '))
    .filter(Boolean)
}

/**
 * The lexemes of the text index that begin with each token, from search_lexemes (migration 0024), which holds
 * every lexeme that any product's search_doc holds or held: for a token that begins at most MAX_COMPLETIONS of them,
 * those (possibly none); a token that begins more is left out (it is looked for as a prefix). Only tokens of ASCII
 * letters and digits are looked up: those are their own lexeme in to_tsquery('simple'), so "begins with the token"
 * is what the prefix query matches; any other token is left out too. One round trip for all the tokens.
 */
async function completionsOf(ctx: ServiceContext, tokens: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>()
  const plain = [...new Set(tokens)].filter((t) => /^[a-z0-9]+$/.test(t))
  if (plain.length === 0) return found
  const lookups = plain.map(
    (t) =>
      sql`(select ${t}::text as token, ${searchLexemes.word} as word from ${searchLexemes} where ${searchLexemes.word} like ${`${escapeLike(t)}%`} limit ${MAX_COMPLETIONS + 1})`,
  )
  // Both engines answer execute() with { rows }.
  const result = (await ctx.db.execute(sql.join(lookups, sql` union all `))) as unknown as {
    rows: { token: string; word: string }[]
  }
  for (const t of plain) found.set(t, [])
  for (const { token, word } of result.rows) found.get(token)?.push(word)
  for (const [token, words] of found) {
    if (words.length > MAX_COMPLETIONS) found.delete(token)
    else words.sort()
  }
  return found
}

/** A lexeme in tsquery's input syntax, quoted: taken as it is, never parsed again ('t-shirt' stays one entry). */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/**
 * A query word as the tsquery the text index is asked: the same matches as wordQueryText, with each token whose
 * completions are known written as those exact lexemes OR'ed ('dress' → dress | dresses) rather than as a prefix.
 * GIN answers a prefix by reading the postings of every lexeme that begins with it into one bitmap before it can
 * intersect the words; with exact entries it intersects them as it reads (issue 16: 'red dress' in a million
 * products, 39 ms for 'red:* & dress:*', 9.5 ms for 'red & (dress | dresses)'). A token with no known completion
 * keeps its prefix query, which finds nothing at the cost of one index lookup, and stays right should the lexemes
 * table ever lag behind the products.
 */
function wordMatchQuery(word: string, completions: Map<string, string[]>): SQL | null {
  const tokens = tokensOf(word)
  if (tokens.length === 0) return null
  const own = sql.join(
    tokens.map((t) => {
      const lexemes = completions.get(t)
      return lexemes?.length
        ? sql`${lexemes.map(quotedLexeme).join(' | ')}::tsquery`
        : sql`to_tsquery('simple', ${`${t}:*`})`
    }),
    sql` && `,
  )
  const phrases = synonymPhrases(word).map((p) => sql`to_tsquery('simple', ${p})`)
  return sql`(${sql.join([sql`(${own})`, ...phrases], sql` || `)})`
}

type SearchPlan = {
  condition: SQL
  rankQuery: SQL | null
  /** The text index's query when it is the whole condition (no word looked for literally), else null. */
  textOnly: SQL | null
}

/**
 * Search: every word must be found in the product's full-text document — its title, description, translations,
 * store name and the names of its categories in every language (migration 0017) — as a word or the start of one,
 * accents ignored; an everyday word stands for the category name it means (search-words.ts): "inkweto" and
 * "chaussures" find the shoes. The whole query is one index lookup, of exact lexemes where the words' completions
 * are few (wordMatchQuery); the ranking keeps the prefix query, so that the order is that of the words as typed. A
 * word of punctuation only ("%") is looked for literally in titles and descriptions.
 */
async function searchPlan(ctx: ServiceContext, q: string): Promise<SearchPlan | undefined> {
  const words = queryWords(q)
  if (words.length === 0) return undefined
  const completions = await completionsOf(ctx, words.flatMap(tokensOf))
  const texts: string[] = []
  const matches: SQL[] = []
  const literal: SQL[] = []
  for (const word of words) {
    const text = wordQueryText(word)
    const match = wordMatchQuery(word, completions)
    if (text && match) {
      texts.push(`(${text})`)
      matches.push(match)
    } else {
      const pattern = `%${escapeLike(word)}%`
      literal.push(or(ilike(products.title, pattern), ilike(products.description, pattern)) as SQL)
    }
  }
  const rankQuery = texts.length ? sql`to_tsquery('simple', ${texts.join(' & ')})` : null
  const matchQuery = matches.length ? sql.join(matches, sql` && `) : null
  return {
    condition: and(matchQuery ? sql`${products.searchDoc} @@ (${matchQuery})` : undefined, ...literal) as SQL,
    rankQuery,
    textOnly: literal.length === 0 ? matchQuery : null,
  }
}

/** The sort's ORDER BY, written as the partial indexes of migration 0017 are (DESC NULLS LAST). */
function orderFor(sort: ProductFilters['sort']): SQL[] {
  switch (sort) {
    case 'price-low':
      return [asc(products.price), asc(products.id)]
    case 'price-high':
      return [sql`${products.price} desc nulls last`, asc(products.id)]
    case 'rating':
      return [
        sql`${products.ratingAvg} desc nulls last`,
        sql`${products.reviewCount} desc nulls last`,
        asc(products.id),
      ]
    case 'newest':
      return [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`]
    default:
      return [
        sql`${products.featuredScore} desc nulls last`,
        sql`${products.ratingAvg} desc nulls last`,
        sql`${products.reviewCount} desc nulls last`,
        asc(products.id),
      ]
  }
}

/** The listed products (active, of an approved store): the read model's flag, which the partial indexes cover. */
const listedProduct = sql`${products.listed}`

/** The filters a product's variants answer: one variant of the size, the colour and in stock. */
function variantCondition(filters: ProductFilters): SQL | undefined {
  if (!filters.sizes?.length && !filters.colours?.length && !filters.inStock) return undefined
  const where = and(
    sql`${productVariants.productId} = ${products.id}`,
    filters.sizes?.length ? inArray(productVariants.size, filters.sizes) : undefined,
    filters.colours?.length ? inArray(productVariants.colour, filters.colours) : undefined,
    filters.inStock ? gt(productVariants.stock, 0) : undefined,
  )
  return sql`exists (select 1 from ${productVariants} where ${where})`
}

type ScopeFacts = { priceBounds: { min: number; max: number }; options: ListingOptions }

/** The price range and filter choices of a category (and store) scope, cached (listing-cache.server.ts). */
function scopeFacts(
  ctx: ServiceContext,
  categoryIds: number[] | null,
  vendorId: number | undefined,
): Promise<ScopeFacts> {
  const key = `scope:${categoryIds ? categoryIds.join(',') : 'all'}:${vendorId ?? ''}`
  return cached(ctx, key, async () => {
    const scope = and(
      listedProduct,
      categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
      vendorId ? eq(products.vendorId, vendorId) : undefined,
    )
    const inScope = sql`exists (select 1 from ${products} where ${products.id} = ${productVariants.productId} and ${scope})`
    const [[bounds], sizes, colours, storeRows] = await Promise.all([
      ctx.db
        .select({ min: min(products.price), max: max(products.price) })
        .from(products)
        .where(scope),
      ctx.db
        .selectDistinct({ v: productVariants.size })
        .from(productVariants)
        .where(and(isNotNull(productVariants.size), inScope))
        .orderBy(asc(productVariants.size))
        .limit(OPTION_VALUES_SHOWN),
      ctx.db
        .selectDistinct({ v: productVariants.colour })
        .from(productVariants)
        .where(and(isNotNull(productVariants.colour), inScope))
        .orderBy(asc(productVariants.colour))
        .limit(OPTION_VALUES_SHOWN),
      ctx.db
        .select({ id: products.vendorId, n: count() })
        .from(products)
        .where(scope)
        .groupBy(products.vendorId)
        .orderBy(desc(count()), asc(products.vendorId))
        .limit(OPTION_STORES_SHOWN),
    ])
    const labels = await listVendorLabels(
      ctx,
      storeRows.map((r) => r.id),
    )
    const low = bounds?.min == null ? 0 : Math.floor(Number(bounds.min) / PRICE_STEP) * PRICE_STEP
    const high = bounds?.max == null ? 0 : Math.ceil(Number(bounds.max) / PRICE_STEP) * PRICE_STEP
    return {
      priceBounds: { min: low, max: high },
      options: {
        sizes: sortSizes(sizes.flatMap((r) => (r.v ? [r.v] : []))),
        colours: colours.flatMap((r) => (r.v ? [r.v] : [])),
        stores: storeRows.flatMap((r) => {
          const label = labels.get(r.id)
          return label ? [{ id: r.id, name: label.name }] : []
        }),
      },
    }
  })
}

/**
 * How many listed products match `where`, counted to RESULT_CAP + 1 at most: enough to say "1,000+", never a scan
 * of the whole catalogue. Yet a broad word can still cost a scan of tens of thousands of rows (a million products,
 * 'dress' in 9% of them: 20-25 ms) before 1,001 are found.
 *
 * `byCategory`, when the listing is narrowed by its category scope and the text index's query only: every product's
 * search document holds the names of its category and of the categories above it (isoko_product_search_extra,
 * migration 0017), in the same order, so when those names alone match the query, so does every listed product of
 * that category. Those products are counted first, from the `listed` partial index on category_id without reading
 * a row; when they are more than RESULT_CAP, that is the answer ("1,000+" is true), else the matches are counted as
 * above, in the same statement (PostgreSQL runs that subquery only when the CASE needs it).
 */
async function cappedCount(
  ctx: ServiceContext,
  where: SQL | undefined,
  byCategory: { query: SQL; scope: number[] | null } | undefined,
): Promise<number> {
  const limit = RESULT_CAP + 1
  const counted = sql`(select count(*) from (select 1 from ${products} where ${where} limit ${limit}) as capped)`
  // Both engines answer execute() with { rows }.
  const first = async (statement: SQL) =>
    Number(((await ctx.db.execute(statement)) as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0)
  if (!byCategory) return first(sql`select ${counted} as n`)
  const { query, scope } = byCategory
  // Each category's words as isoko_category_words (migration 0017) writes them: its own names first, then its
  // parent's, and so on. Written again here for every category at once: calling the function once per category
  // took 11-17 ms for 152 categories, this 2 ms. A change to the function must change this too.
  return first(sql`
    with recursive up (category, id, parent_id, depth) as (
      select ${categories.id}, ${categories.id}, ${categories.parentId}, 0 from ${categories}
      union all
      select up.category, c.id, c.parent_id, up.depth + 1 from up join ${categories} c on c.id = up.parent_id
      where up.depth < 16
    ),
    named as (
      select up.category from up join ${categories} c on c.id = up.id
      group by up.category
      having to_tsvector('simple', isoko_unaccent(string_agg(concat_ws(' ', c.name, c.names->>'rw', c.names->>'fr'), ' ' order by up.depth))) @@ (${query})
    ),
    bound as (
      select count(*) as n from (
        select 1 from ${products}
        where ${products.listed} and ${products.categoryId} in (select category from named)
          ${scope ? sql`and ${inArray(products.categoryId, scope)}` : sql``}
        limit ${limit}
      ) as by_category
    )
    select case when bound.n >= ${limit} then bound.n else ${counted} end as n from bound
  `)
}

/** A page of public products matching the filters, the number of them and the price range of the category. */
export async function listProducts(ctx: ServiceContext, filters: ProductFilters): Promise<ProductListing> {
  const listing = await listOnce(ctx, filters)
  if (listing.total > 0 || !filters.q) return listing
  // Nothing for the words as typed: the closest known words, when there are, are searched instead. The title words
  // are only ever added to (a product renamed, unlisted or in a suspended store keeps its words there), so a
  // correction that finds nothing either is not offered: the shopper sees the empty result of what they typed.
  const suggestion = await didYouMean(ctx, filters.q)
  if (!suggestion) return listing
  const corrected = await listOnce(ctx, { ...filters, q: suggestion })
  return corrected.total > 0 ? { ...corrected, didYouMean: suggestion } : listing
}

async function listOnce(ctx: ServiceContext, filters: ProductFilters): Promise<ProductListing> {
  const perPage = Math.min(Math.max(Math.trunc(filters.perPage) || 24, 1), 96)
  const [categoryIds, search] = await Promise.all([
    scopeCategoryIds(ctx, filters.category, filters.subcategory),
    filters.q ? searchPlan(ctx, filters.q) : undefined,
  ])

  const [lo, hi] = [filters.min, filters.max]
  const [priceMin, priceMax] = lo != null && hi != null && lo > hi ? [hi, lo] : [lo, hi]
  // Every filter other than the category scope and the words: any of them rules out cappedCount's bound by
  // category, which counts the categories' products without them.
  const narrowing = [
    filters.vendorId ? eq(products.vendorId, filters.vendorId) : undefined,
    filters.stores?.length ? inArray(products.vendorId, filters.stores) : undefined,
    priceMin != null ? gte(products.price, priceMin) : undefined,
    priceMax != null ? lte(products.price, priceMax) : undefined,
    filters.sale ? and(isNotNull(products.compareAtPrice), gt(products.compareAtPrice, products.price)) : undefined,
    filters.minRating ? gte(products.ratingAvg, filters.minRating) : undefined,
    variantCondition(filters),
  ].filter((c) => c !== undefined)
  const where = and(
    listedProduct,
    categoryIds ? inArray(products.categoryId, categoryIds) : undefined,
    search?.condition,
    ...narrowing,
  )
  const byCategory =
    search?.textOnly && narrowing.length === 0 ? { query: search.textOnly, scope: categoryIds } : undefined
  const [found, facts] = await Promise.all([
    cappedCount(ctx, where, byCategory),
    scopeFacts(ctx, categoryIds, filters.vendorId),
  ])
  const total = Math.min(found, RESULT_CAP)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(filters.page) || 1, 1), pageCount)
  const offset = (page - 1) * perPage
  // The last page stops at the cap: the rows after it are not counted, so they are not shown either.
  const limit = Math.min(perPage, total - offset)

  let rows: CardRow[] = []
  // Relevance: the first matches in the featured order (a pool of about RANK_POOL, whole pages) are ranked by how
  // well their words match (a title word weighs most), then in the featured order; the pages after the pool go on
  // in the featured order, so no product is shown twice or skipped.
  const pool = Math.ceil(RANK_POOL / perPage) * perPage
  if (total > 0 && search && found <= RESULT_CAP) {
    // A search with at most RESULT_CAP matches: they are all fetched through the text index (the subquery with
    // OFFSET 0 is planned on its own, without the ORDER BY and LIMIT) and sorted. Walking a sort's index instead
    // would be slow when the matches sit at its far end.
    const matches = ctx.db
      .select({
        ...cardColumns,
        doc: products.searchDoc,
        featuredScore: products.featuredScore,
        ratingAvg: products.ratingAvg,
      })
      .from(products)
      .where(where)
      .offset(0)
      .as('matches')
    const m = matches
    const order: Record<ProductFilters['sort'], SQL[]> = {
      'price-low': [asc(m.price), asc(m.id)],
      'price-high': [desc(m.price), asc(m.id)],
      rating: [desc(m.ratingAvg), desc(m.reviewCount), asc(m.id)],
      newest: [desc(m.createdAt), desc(m.id)],
      featured: [
        ...(search.rankQuery ? [desc(sql`ts_rank(${m.doc}, ${search.rankQuery})`)] : []),
        desc(m.featuredScore),
        desc(m.ratingAvg),
        desc(m.reviewCount),
        asc(m.id),
      ],
    }
    rows = await ctx.db
      .select({
        id: m.id,
        slug: m.slug,
        title: m.title,
        price: m.price,
        compareAtPrice: m.compareAtPrice,
        badge: m.badge,
        ratingSum: m.ratingSum,
        reviewCount: m.reviewCount,
        createdAt: m.createdAt,
        vendorId: m.vendorId,
      })
      .from(m)
      .orderBy(...order[filters.sort])
      .limit(limit)
      .offset(offset)
  } else if (total > 0 && search?.rankQuery && filters.sort === 'featured' && offset < pool) {
    const candidates = ctx.db
      .select({
        ...cardColumns,
        doc: products.searchDoc,
        featuredScore: products.featuredScore,
        ratingAvg: products.ratingAvg,
      })
      .from(products)
      .where(where)
      .orderBy(...orderFor('featured'))
      .limit(pool)
      .as('candidates')
    rows = await ctx.db
      .select({
        id: candidates.id,
        slug: candidates.slug,
        title: candidates.title,
        price: candidates.price,
        compareAtPrice: candidates.compareAtPrice,
        badge: candidates.badge,
        ratingSum: candidates.ratingSum,
        reviewCount: candidates.reviewCount,
        createdAt: candidates.createdAt,
        vendorId: candidates.vendorId,
      })
      .from(candidates)
      .orderBy(
        desc(sql`ts_rank(${candidates.doc}, ${search.rankQuery})`),
        desc(candidates.featuredScore),
        desc(candidates.ratingAvg),
        desc(candidates.reviewCount),
        asc(candidates.id),
      )
      .limit(limit)
      .offset(offset)
  } else if (total > 0) {
    rows = await ctx.db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(filters.sort))
      .limit(limit)
      .offset(offset)
  }

  return {
    items: await toCards(ctx, rows, filters.locale),
    total,
    totalCapped: found > RESULT_CAP,
    page,
    pageCount,
    priceBounds: facts.priceBounds,
    didYouMean: null,
    options: facts.options,
  }
}

/** The closest title word to `word` (trigram similarity), or null when none is close. */
async function closestWord(ctx: ServiceContext, word: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(sql`${searchWords.word} % ${word}`)
    .orderBy(desc(sql`similarity(${searchWords.word}, ${word})`), asc(searchWords.word))
    .limit(1)
  return row?.word ?? null
}

/**
 * Whether a word finds a listed product: a word that begins a title word does (the small words table answers);
 * otherwise the text index is asked. When the word's completions are known (completionsOf), the title words that
 * begin with it are among them, so they are looked up by key (none when it has no completion, as a typo has)
 * rather than by a scan of every title word with ILIKE. The text index lookup is a materialized CTE so that it is
 * planned without the LIMIT: a plain `LIMIT 1` makes a scan of the whole table in the featured order look cheap,
 * and for a word that finds nothing it reads every row.
 */
async function wordFindsSomething(
  ctx: ServiceContext,
  word: string,
  completions: string[] | undefined,
  query: SQL,
): Promise<boolean> {
  const titleWord =
    completions === undefined
      ? ilike(searchWords.word, `${escapeLike(word)}%`)
      : completions.length > 0
        ? inArray(searchWords.word, completions)
        : undefined
  const [known] = titleWord
    ? await ctx.db.select({ word: searchWords.word }).from(searchWords).where(titleWord).limit(1)
    : []
  if (known) return true
  // Both engines answer execute() with { rows }.
  const result = (await ctx.db.execute(
    sql`with found as materialized (select ${products.id} from ${products} where ${listedProduct} and ${products.searchDoc} @@ ${query}) select 1 as hit from found limit 1`,
  )) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}

/**
 * The query with each word that finds no listed product replaced by the closest word of the titles or the category
 * names, or null when there is nothing to correct (every word finds something, or no known word is close).
 */
export async function didYouMean(ctx: ServiceContext, q: string): Promise<string | null> {
  const words = queryWords(q)
  if (words.length === 0) return null
  // Only a plain word of three letters or more is corrected; the others are kept as typed.
  const correctable = (word: string) => {
    const tokens = tokensOf(word)
    return tokens.length === 1 && tokens[0] === word && word.length >= 3
  }
  const completions = await completionsOf(ctx, words.filter(correctable))
  let changed = false
  const out: string[] = []
  for (const word of words) {
    const query = correctable(word) ? wordMatchQuery(word, completions) : null
    if (!query) {
      out.push(word)
      continue
    }
    if (await wordFindsSomething(ctx, word, completions.get(word), query)) {
      out.push(word)
      continue
    }
    const close = await closestWord(ctx, word)
    if (close && close !== word) {
      out.push(close)
      changed = true
    } else out.push(word)
  }
  return changed ? out.join(' ') : null
}

/** Cards of the best-liked listed products (the featured order: score, then rating), cached for a minute. */
export function listPopularProducts(
  ctx: ServiceContext,
  locale: Locale = 'en',
  limit = 12,
): Promise<ProductCardData[]> {
  const n = Math.min(Math.max(Math.trunc(limit) || 12, 1), 48)
  return cached(ctx, `popular:${locale}:${n}`, async () => {
    const rows = await ctx.db
      .select(cardColumns)
      .from(products)
      .where(listedProduct)
      .orderBy(...orderFor('featured'))
      .limit(n)
    return toCards(ctx, rows, locale)
  })
}

export type SearchSuggestions = {
  products: { slug: string; title: string; price: number }[]
  categories: { slug: string; name: string; department: string | null }[]
}

/**
 * What the search box proposes while a shopper types: listed products whose words start with the typed ones (the
 * featured first), and categories whose name (in any language) does, named in `locale`.
 */
export async function suggestSearch(
  ctx: ServiceContext,
  q: string,
  locale: Locale = 'en',
  limit = 6,
): Promise<SearchSuggestions> {
  const n = Math.min(Math.max(Math.trunc(limit) || 6, 1), 20)
  const words = queryWords(q.slice(0, 100))
  const tokens = words.flatMap(tokensOf)
  if (tokens.length === 0) return { products: [], categories: [] }
  const [rows, tree] = await Promise.all([
    ctx.db
      .select({ id: products.id, slug: products.slug, title: products.title, price: products.price })
      .from(products)
      .where(and(listedProduct, sql`${products.searchDoc} @@ ${prefixQuery(tokens)}`))
      .orderBy(...orderFor('featured'))
      .limit(n),
    getCategoryTree(ctx, locale),
  ])
  const translated = await translationsOf(
    ctx,
    rows.map((r) => r.id),
    locale,
  )
  const categoriesFound: SearchSuggestions['categories'] = []
  for (const department of tree) {
    for (const node of subtree(department)) {
      if (categoriesFound.length >= n) break
      const names = Object.values(node.names).filter((v): v is string => !!v)
      const starts = names.some((name) => {
        const nameWords = fold(name).split(/[^\p{L}\p{N}]+/u)
        return tokens.every((t) => nameWords.some((w) => w.startsWith(t)))
      })
      if (starts || words.every((w) => names.some((name) => nameMatches(name, w)) && w.length >= 3)) {
        categoriesFound.push({
          slug: node.slug,
          name: node.name,
          department: node.id === department.id ? null : department.name,
        })
      }
    }
  }
  return {
    products: rows.map((r) => ({ slug: r.slug, title: translated.get(r.id)?.title || r.title, price: r.price })),
    categories: categoriesFound,
  }
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
  /** In the vendor's order; `colour` is the one colour a photo shows (null: every colour). */
  images: (ImageData & { colour: string | null })[]
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
        colour: productImages.colour,
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
        price: productVariants.price,
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
