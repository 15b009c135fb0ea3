import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { testVendorFields } from '#tests/shop.ts'
import type { ProductFilters } from './catalog.schemas.ts'
import {
  clearCategoryTreeCache,
  didYouMean,
  listPopularProducts,
  listProducts,
  MAX_COMPLETIONS,
  RESULT_CAP,
  suggestSearch,
} from './catalog.server.ts'
import { createCategory, createProduct, createProducts } from './catalog-admin.server.ts'
import { countProductsByDepartment, countPublicProducts } from './storefront-home.server.ts'
import { categories, products, productTranslations } from './tables.server.ts'

// The search read model (migration 0017) and the listing built on it: the `listed` flag kept by triggers, the
// full-text document (translations and store names included), typo correction, the facet filters, the capped
// count and the cached figures.

let t: TestDatabase
const ids = { fabrics: 0, dresses: 0, bags: 0, store: 0, other: 0, pending: 0 }

function filters(f: Partial<ProductFilters> = {}): ProductFilters {
  return { sort: 'featured', page: 1, perPage: 24, ...f }
}

async function slugs(f: Partial<ProductFilters>): Promise<string[]> {
  return (await listProducts(t.ctx, filters(f))).items.map((p) => p.slug).sort()
}

async function listedOf(slug: string): Promise<boolean | undefined> {
  const [row] = await t.ctx.db.select({ listed: products.listed }).from(products).where(eq(products.slug, slug))
  return row?.listed
}

let n = 0
function product(
  vendorId: number,
  categoryId: number,
  over: Partial<Parameters<typeof createProduct>[1]> & { slug: string },
): Parameters<typeof createProduct>[1] {
  n += 1
  return {
    vendorId,
    categoryId,
    title: over.slug,
    description: 'Made in Kigali',
    price: 10_000,
    variants: [{ size: 'M', colour: 'Blue', sku: `SKU-${n}`, stock: 5 }],
    images: [],
    ...over,
  }
}

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.ctx.db
  const women = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  const bags = await createCategory(t.ctx, {
    slug: 'bags',
    name: 'Bags',
    names: { rw: 'Ibikapu', fr: 'Sacs' },
    level: 0,
    position: 1,
  })
  ids.bags = bags.id
  ids.fabrics = (
    await createCategory(t.ctx, { slug: 'women-fabrics', name: 'Fabrics', level: 1, parentId: women.id })
  ).id
  ids.dresses = (
    await createCategory(t.ctx, { slug: 'women-dresses', name: 'Dresses', level: 1, parentId: women.id })
  ).id
  const [store, other, pending] = await db
    .insert(vendors)
    .values([
      { ...testVendorFields, name: 'Inzozi Atelier', slug: 'inzozi', email: 'a@example.rw', status: 'approved' },
      { ...testVendorFields, name: 'Huye Weavers', slug: 'huye', email: 'b@example.rw', status: 'approved' },
      { ...testVendorFields, name: 'Waiting Shop', slug: 'waiting', email: 'c@example.rw', status: 'pending' },
    ])
    .returning()
  if (!store || !other || !pending) throw new Error('fixture')
  Object.assign(ids, { store: store.id, other: other.id, pending: pending.id })

  await createProducts(t.ctx, [
    product(store.id, ids.fabrics, {
      slug: 'wax-kitenge',
      title: 'Wax Kitenge Fabric',
      price: 8_000,
      featuredScore: 3,
      variants: [
        { size: 'S', colour: 'Red', sku: 'K-S-RED', stock: 0 },
        { size: 'L', colour: 'Yellow', sku: 'K-L-YEL', stock: 4 },
      ],
    }),
    product(store.id, ids.dresses, {
      slug: 'evening-dress',
      title: 'Evening Dress',
      description: 'Silk, for a wedding',
      price: 40_000,
      featuredScore: 5,
      variants: [{ size: 'M', colour: 'Black', sku: 'D-M-BLK', stock: 2 }],
    }),
    product(other.id, ids.bags, {
      slug: 'woven-basket',
      title: 'Woven Basket',
      price: 15_000,
      variants: [{ size: null, colour: 'Natural', sku: 'B-NAT', stock: 0 }],
    }),
    product(pending.id, ids.dresses, { slug: 'waiting-dress', title: 'Waiting Dress' }),
    product(store.id, ids.dresses, { slug: 'draft-dress', title: 'Draft Dress', status: 'draft' }),
  ])
  // Ratings: the kitenge averages 4.5, the basket 3.
  await db.execute(sql`update products set rating_sum = 9, review_count = 2 where slug = 'wax-kitenge'`)
  await db.execute(sql`update products set rating_sum = 3, review_count = 1 where slug = 'woven-basket'`)
  const [basket] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'woven-basket'))
  if (!basket) throw new Error('fixture')
  await db.insert(productTranslations).values({
    productId: basket.id,
    locale: 'rw',
    title: 'Agaseke keza',
    description: 'Cyarabohwe mu Rwanda',
  })
})

afterAll(async () => {
  await t?.close()
})

describe('the listed flag', () => {
  it('is set for active products of approved stores only', async () => {
    expect(await listedOf('wax-kitenge')).toBe(true)
    expect(await listedOf('waiting-dress')).toBe(false)
    expect(await listedOf('draft-dress')).toBe(false)
  })

  it("follows a product's status in the same statement", async () => {
    await t.ctx.db.update(products).set({ status: 'archived' }).where(eq(products.slug, 'evening-dress'))
    expect(await listedOf('evening-dress')).toBe(false)
    expect(await slugs({ q: 'evening' })).toEqual([])
    await t.ctx.db.update(products).set({ status: 'active' }).where(eq(products.slug, 'evening-dress'))
    expect(await listedOf('evening-dress')).toBe(true)
  })

  it("follows a store's approval, suspension and reinstatement, and rolls back with it", async () => {
    await t.ctx.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, ids.pending))
    expect(await listedOf('waiting-dress')).toBe(true)
    await t.ctx.db.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, ids.pending))
    expect(await listedOf('waiting-dress')).toBe(false)
    // A draft stays unlisted when its store is approved.
    await t.ctx.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, ids.store))
    expect(await listedOf('draft-dress')).toBe(false)
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, ids.store))
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await listedOf('wax-kitenge')).toBe(true)
  })
})

describe('search', () => {
  it('finds words of titles and descriptions, whole or begun, ignoring case and accents', async () => {
    expect(await slugs({ q: 'KITENGE' })).toEqual(['wax-kitenge'])
    expect(await slugs({ q: 'kit' })).toEqual(['wax-kitenge'])
    expect(await slugs({ q: 'wédding' })).toEqual(['evening-dress'])
  })

  it("finds a product by its translation and by its store's name, also after a rename", async () => {
    expect(await slugs({ q: 'agaseke' })).toEqual(['woven-basket'])
    expect(await slugs({ q: 'huye weavers' })).toEqual(['woven-basket'])
    await t.ctx.db.update(vendors).set({ name: 'Nyanza Weavers' }).where(eq(vendors.id, ids.other))
    expect(await slugs({ q: 'nyanza' })).toEqual(['woven-basket'])
    expect(await slugs({ q: 'huye weavers' })).toEqual([])
    await t.ctx.db.update(vendors).set({ name: 'Huye Weavers' }).where(eq(vendors.id, ids.other))
  })

  it('finds the products of a category named by the query, in another language too', async () => {
    expect(await slugs({ q: 'dresses' })).toEqual(['evening-dress'])
    expect(await slugs({ q: 'sacs' })).toEqual(['woven-basket'])
    expect(await slugs({ q: 'ibikapu' })).toEqual(['woven-basket'])
  })

  it('follows a category renamed and a product moved to another category', async () => {
    await t.ctx.db.update(categories).set({ name: 'Totes' }).where(eq(categories.id, ids.bags))
    expect(await slugs({ q: 'totes' })).toEqual(['woven-basket'])
    await t.ctx.db.update(categories).set({ name: 'Bags' }).where(eq(categories.id, ids.bags))
    await t.ctx.db.update(products).set({ categoryId: ids.fabrics }).where(eq(products.slug, 'woven-basket'))
    expect(await slugs({ q: 'fabrics' })).toEqual(['wax-kitenge', 'woven-basket'])
    await t.ctx.db.update(products).set({ categoryId: ids.bags }).where(eq(products.slug, 'woven-basket'))
    expect(await slugs({ q: 'fabrics' })).toEqual(['wax-kitenge'])
    clearListingCaches()
  })

  it('ranks a title match above a description match', async () => {
    await createProduct(
      t.ctx,
      product(ids.other, ids.bags, {
        slug: 'kitenge-mention',
        title: 'Market Tote',
        description: 'Lined with kitenge',
        featuredScore: 9,
      }),
    )
    const r = await listProducts(t.ctx, filters({ q: 'kitenge' }))
    expect(r.items.map((p) => p.slug)).toEqual(['wax-kitenge', 'kitenge-mention'])
    await t.ctx.db.delete(products).where(eq(products.slug, 'kitenge-mention'))
    clearListingCaches()
  })

  it('corrects a typo to the closest title word and says so', async () => {
    expect(await didYouMean(t.ctx, 'kitnge')).toBe('kitenge')
    expect(await didYouMean(t.ctx, 'kitenge')).toBeNull()
    expect(await didYouMean(t.ctx, 'qqqqzz')).toBeNull()
    const r = await listProducts(t.ctx, filters({ q: 'kitnge' }))
    expect(r.didYouMean).toBe('kitenge')
    expect(r.items.map((p) => p.slug)).toEqual(['wax-kitenge'])
    const none = await listProducts(t.ctx, filters({ q: 'qqqqzz' }))
    expect(none).toMatchObject({ total: 0, didYouMean: null, items: [] })
    expect((await listProducts(t.ctx, filters({ q: 'kitenge' }))).didYouMean).toBeNull()
  })

  it('suggests no correction that finds nothing: a title word of products no longer listed', async () => {
    const [hidden] = await createProducts(t.ctx, [product(ids.pending, ids.bags, { slug: 'zebrawood-stool' })])
    onTestFinished(async () => {
      await t.ctx.db.delete(products).where(eq(products.id, hidden?.id ?? 0))
      clearListingCaches()
    })
    expect(await listedOf('zebrawood-stool')).toBe(false)
    const r = await listProducts(t.ctx, filters({ q: 'zebrawod' }))
    expect(r).toMatchObject({ total: 0, didYouMean: null, items: [] })
  })

  it('suggests products and categories as the shopper types', async () => {
    const s = await suggestSearch(t.ctx, 'dres')
    expect(s.products.map((p) => p.slug)).toEqual(['evening-dress'])
    expect(s.products[0]).toMatchObject({ title: 'Evening Dress', price: 40_000 })
    expect(s.categories).toEqual([{ slug: 'women-dresses', name: 'Dresses', department: 'Women' }])
    const rw = await suggestSearch(t.ctx, 'agas', 'rw')
    expect(rw.products).toEqual([{ slug: 'woven-basket', title: 'Agaseke keza', price: 15_000 }])
    expect(await suggestSearch(t.ctx, '  ')).toEqual({ products: [], categories: [] })
    expect((await suggestSearch(t.ctx, 'a', 'en', 1)).products.length).toBeLessThanOrEqual(1)
  })
})

describe('facet filters', () => {
  it('filters by size, colour and stock on one variant', async () => {
    expect(await slugs({ sizes: ['S'] })).toEqual(['wax-kitenge'])
    expect(await slugs({ sizes: ['S', 'M'] })).toEqual(['evening-dress', 'wax-kitenge'])
    expect(await slugs({ colours: ['Red'] })).toEqual(['wax-kitenge'])
    // The red one is size S with no stock: nothing red in stock.
    expect(await slugs({ colours: ['Red'], inStock: true })).toEqual([])
    expect(await slugs({ sizes: ['S'], colours: ['Yellow'] })).toEqual([])
    expect(await slugs({ inStock: true })).toEqual(['evening-dress', 'wax-kitenge'])
  })

  it('filters by rating floor and by stores', async () => {
    expect(await slugs({ minRating: 4 })).toEqual(['wax-kitenge'])
    expect(await slugs({ minRating: 3 })).toEqual(['wax-kitenge', 'woven-basket'])
    expect(await slugs({ stores: [ids.other] })).toEqual(['woven-basket'])
    expect(await slugs({ stores: [ids.other, ids.store] })).toHaveLength(3)
    expect(await slugs({ stores: [999_999] })).toEqual([])
  })

  it("offers the scope's sizes, colours and stores", async () => {
    clearListingCaches()
    const all = await listProducts(t.ctx, filters())
    expect(all.options.sizes).toEqual(['S', 'M', 'L'])
    expect(all.options.colours).toEqual(['Black', 'Natural', 'Red', 'Yellow'])
    expect(all.options.stores).toEqual([
      { id: ids.store, name: 'Inzozi Atelier' },
      { id: ids.other, name: 'Huye Weavers' },
    ])
    const bags = await listProducts(t.ctx, filters({ category: 'bags' }))
    expect(bags.options).toEqual({ sizes: [], colours: ['Natural'], stores: [{ id: ids.other, name: 'Huye Weavers' }] })
  })
})

describe('capped count and cached figures', () => {
  it('counts at most RESULT_CAP matches and pages no deeper', async () => {
    const many = Array.from({ length: RESULT_CAP + 5 }, (_, i) =>
      product(ids.other, ids.bags, { slug: `bulk-${i}`, title: `Bulk Item ${i}`, price: 20_000 + i }),
    )
    await createProducts(t.ctx, many)
    const r = await listProducts(t.ctx, filters({ category: 'bags', page: 2000 }))
    expect(r).toMatchObject({ total: RESULT_CAP, totalCapped: true, pageCount: Math.ceil(RESULT_CAP / 24) })
    expect(r.page).toBe(r.pageCount)
    expect(r.items).toHaveLength(RESULT_CAP % 24 || 24)
    // A search's pages: the relevance-ranked first pages, then the featured order, never a product twice.
    const seen = new Set<string>()
    for (let page = 1; page <= Math.ceil(RESULT_CAP / 96); page++) {
      const p = await listProducts(t.ctx, filters({ q: 'bulk', perPage: 96, page }))
      for (const item of p.items) seen.add(item.slug)
    }
    expect(seen.size).toBe(RESULT_CAP)
    const few = await listProducts(t.ctx, filters({ category: 'women' }))
    expect(few).toMatchObject({ total: 2, totalCapped: false, pageCount: 1 })
  })

  it('says "1,000+" from a category the words name only when its listed products in scope are more', async () => {
    const home = await createCategory(t.ctx, { slug: 'home', name: 'Home', level: 0, position: 2 })
    const lamps = await createCategory(t.ctx, {
      slug: 'home-lamps',
      name: 'Lamps',
      names: { rw: 'Amatara', fr: 'Lampes' },
      level: 1,
      parentId: home.id,
    })
    // Titles without the words: these products are found by their category's names alone.
    const many = Array.from({ length: RESULT_CAP + 3 }, (_, i) =>
      product(ids.other, lamps.id, { slug: `light-${i}`, title: `Desk Light ${i}`, price: 30_000 + i }),
    )
    await createProducts(t.ctx, many)
    onTestFinished(async () => {
      // The other tests search this database too.
      await t.ctx.db.delete(products).where(eq(products.categoryId, lamps.id))
      await t.ctx.db.delete(categories).where(sql`${categories.id} in (${lamps.id}, ${home.id})`)
      clearCategoryTreeCache(t.ctx)
    })
    const capped = { total: RESULT_CAP, totalCapped: true }
    // By the category's name, a prefix of it, its name in French, its parent's name.
    for (const q of ['lamps', 'lamp', 'lampes', 'home', 'desk lamps']) {
      expect(await listProducts(t.ctx, filters({ q })), q).toMatchObject(capped)
    }
    // Only the scope's categories count: none of the lamps is under Women.
    expect(await listProducts(t.ctx, filters({ q: 'lamps', category: 'women' }))).toMatchObject({
      total: 0,
      totalCapped: false,
    })
    // A word the category's names lack is looked for in each product: none has it.
    expect(await listProducts(t.ctx, filters({ q: 'lamps silk' }))).toMatchObject({ total: 0 })
    // With three of them unlisted, the category's listed products are RESULT_CAP: counted, not "1,000+".
    await t.ctx.db
      .update(products)
      .set({ status: 'draft' })
      .where(sql`${products.slug} in ('light-0', 'light-1', 'light-2')`)
    expect(await listProducts(t.ctx, filters({ q: 'lamps' }))).toMatchObject({
      total: RESULT_CAP,
      totalCapped: false,
    })
    // Another filter than the words and the category: the products themselves are counted.
    expect(await listProducts(t.ctx, filters({ q: 'lamps', max: 30_009 }))).toMatchObject({
      total: 7,
      totalCapped: false,
    })
  })

  it('caches the price bounds of a scope until the catalogue changes', async () => {
    const before = (await listProducts(t.ctx, filters({ category: 'women' }))).priceBounds
    expect(before).toEqual({ min: 8_000, max: 40_000 })
    // A change behind the services' back is not seen until the cache is cleared...
    await t.ctx.db.update(products).set({ price: 90_000 }).where(eq(products.slug, 'evening-dress'))
    expect((await listProducts(t.ctx, filters({ category: 'women' }))).priceBounds).toEqual(before)
    clearListingCaches()
    expect((await listProducts(t.ctx, filters({ category: 'women' }))).priceBounds).toEqual({ min: 8_000, max: 90_000 })
    // ...and a product added through the catalogue's service clears it.
    await createProduct(t.ctx, product(ids.store, ids.fabrics, { slug: 'cheap-fabric', title: 'Cotton', price: 600 }))
    expect((await listProducts(t.ctx, filters({ category: 'women' }))).priceBounds).toEqual({ min: 500, max: 90_000 })
  })

  it('caches the home figures and the popular products until the catalogue changes', async () => {
    clearListingCaches()
    const count = await countPublicProducts(t.ctx)
    const byDepartment = await countProductsByDepartment(t.ctx)
    expect(byDepartment.women).toBe(3)
    await createProduct(t.ctx, product(ids.store, ids.dresses, { slug: 'new-dress', title: 'New Dress' }))
    expect(await countPublicProducts(t.ctx)).toBe(count + 1)
    expect((await countProductsByDepartment(t.ctx)).women).toBe(4)
    const popular = await listPopularProducts(t.ctx, 'en', 2)
    expect(popular.map((p) => p.slug)).toEqual(['evening-dress', 'wax-kitenge'])
  })
})

// A word is looked for as the exact lexemes of search_lexemes that begin with it (migration 0024), so that table
// must hold every word of every document, whichever column it comes from and however it got there.
describe('search words as the lexemes that begin with them', () => {
  // 'linen' begins a title word of one product and, for each of the others, a word found only in its description,
  // its store's name or its category's name: a table of title words alone would find the first only.
  const linen = ['linen-desc', 'linen-shirt', 'linen-store', 'linen-wear']
  const own = { linenStore: 0, rubavu: 0, linenWear: 0, pottery: 0 }

  beforeAll(async () => {
    const [linenStore, rubavu] = await t.ctx.db
      .insert(vendors)
      .values([
        { ...testVendorFields, name: 'Linenworks', slug: 'linenworks', email: 'l@example.rw', status: 'approved' },
        { ...testVendorFields, name: 'Rubavu Crafts', slug: 'rubavu', email: 'r@example.rw', status: 'approved' },
      ])
      .returning()
    if (!linenStore || !rubavu) throw new Error('fixture')
    Object.assign(own, { linenStore: linenStore.id, rubavu: rubavu.id })
    own.linenWear = (
      await createCategory(t.ctx, { slug: 'women-linenwear', name: 'Linenwear', level: 1, parentId: ids.dresses })
    ).id
    own.pottery = (
      await createCategory(t.ctx, { slug: 'women-pottery', name: 'Pottery', level: 1, parentId: ids.dresses })
    ).id
    await createProducts(t.ctx, [
      product(ids.store, ids.fabrics, { slug: 'linen-shirt', title: 'Linen Shirt', description: 'Made in Kigali' }),
      product(ids.store, ids.fabrics, { slug: 'linen-desc', title: 'Summer Top', description: 'Cut from linens' }),
      product(own.linenStore, ids.fabrics, { slug: 'linen-store', title: 'Cotton Wrap', description: 'Soft' }),
      product(ids.store, own.linenWear, { slug: 'linen-wear', title: 'Evening Wrap', description: 'Soft' }),
      product(ids.store, ids.fabrics, { slug: 'kids-tee', title: 'Kids T-Shirt', description: 'Soft' }),
      product(own.rubavu, ids.fabrics, { slug: 'rubavu-bowl', title: 'Clay Bowl', description: 'Soft' }),
      product(ids.store, own.pottery, { slug: 'clay-pot', title: 'Clay Pot', description: 'Soft' }),
    ])
    clearListingCaches()
  })

  it('finds a longer word of a description, a store name or a category name by its beginning', async () => {
    expect(await slugs({ q: 'linen' })).toEqual(linen)
    expect(await slugs({ q: 'Linens' })).toEqual(['linen-desc'])
    expect(await slugs({ q: 'linenw' })).toEqual(['linen-store', 'linen-wear'])
    // Both words, each by its beginning.
    expect(await slugs({ q: 'linen kigal' })).toEqual(['linen-shirt'])
    expect(await slugs({ q: 'soft linenwo' })).toEqual(['linen-store'])
  })

  it("finds a new product's words, and a product's words after its text, store or category changes", async () => {
    await createProduct(
      t.ctx,
      product(ids.other, ids.bags, { slug: 'linen-new', title: 'Market Tote', description: 'Lined with linenfold' }),
    )
    expect(await slugs({ q: 'linen' })).toEqual([...linen, 'linen-new'].sort())
    // The description rewritten: its new word is found by its beginning.
    await t.ctx.db.update(products).set({ description: 'Lined with linenette' }).where(eq(products.slug, 'linen-new'))
    expect(await slugs({ q: 'linen' })).toEqual([...linen, 'linen-new'].sort())
    expect(await slugs({ q: 'linenet' })).toEqual(['linen-new'])
    await t.ctx.db.delete(products).where(eq(products.slug, 'linen-new'))
    // A store renamed: its products are found by the beginning of the new name, and no longer by the old one.
    await t.ctx.db.update(vendors).set({ name: 'Linenhaus Crafts' }).where(eq(vendors.id, own.rubavu))
    expect(await slugs({ q: 'linen' })).toEqual([...linen, 'rubavu-bowl'].sort())
    await t.ctx.db.update(vendors).set({ name: 'Rubavu Crafts' }).where(eq(vendors.id, own.rubavu))
    expect(await slugs({ q: 'linen' })).toEqual(linen)
    // A category renamed, and a product moved into a category whose name no product held yet.
    await t.ctx.db.update(categories).set({ name: 'Linenry' }).where(eq(categories.id, own.pottery))
    expect(await slugs({ q: 'linen' })).toEqual([...linen, 'clay-pot'].sort())
    await t.ctx.db.update(categories).set({ name: 'Pottery' }).where(eq(categories.id, own.pottery))
    const linenique = await createCategory(t.ctx, {
      slug: 'women-linenique',
      name: 'Linenique Sets',
      level: 1,
      parentId: ids.dresses,
    })
    await t.ctx.db.update(products).set({ categoryId: linenique.id }).where(eq(products.slug, 'rubavu-bowl'))
    expect(await slugs({ q: 'linen' })).toEqual([...linen, 'rubavu-bowl'].sort())
    await t.ctx.db.update(products).set({ categoryId: ids.fabrics }).where(eq(products.slug, 'rubavu-bowl'))
    expect(await slugs({ q: 'linen' })).toEqual(linen)
    clearListingCaches()
  })

  it('finds every completion of a word that begins more words than are looked up one by one', async () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const many = Array.from({ length: MAX_COMPLETIONS + 5 }, (_, i) => {
      const word = `quilt${letters[Math.floor(i / 26)]}${letters[i % 26]}`
      return product(ids.other, ids.bags, { slug: `many-${word}`, title: `Patch ${word}` })
    })
    await createProducts(t.ctx, many)
    const r = await listProducts(t.ctx, filters({ q: 'quilt', perPage: 96 }))
    expect(r.total).toBe(MAX_COMPLETIONS + 5)
    expect((await listProducts(t.ctx, filters({ q: 'quilta patch', perPage: 96 }))).total).toBe(26)
    expect(await slugs({ q: 'quiltbc' })).toEqual(['many-quiltbc'])
    await t.ctx.db.delete(products).where(sql`${products.slug} like 'many-%'`)
    clearListingCaches()
  })

  it('finds a word of one or two letters as the beginning of longer ones', async () => {
    expect(await slugs({ q: 'li' })).toEqual(expect.arrayContaining(linen))
    expect(await slugs({ q: 'li wrap' })).toEqual(['linen-store', 'linen-wear'])
    expect(await slugs({ q: 'ki shirt' })).toEqual(['kids-tee', 'linen-shirt'])
    // 't' begins the lexeme 't-shirt', which is looked for as it is.
    expect(await slugs({ q: 't-shirt' })).toEqual(['kids-tee'])
    expect(await slugs({ q: 'kids t' })).toEqual(['kids-tee'])
  })
})
