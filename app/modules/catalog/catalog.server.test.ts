import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '#app/modules/customers/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { testVendorFields } from '#tests/shop.ts'
import { type ProductFilters, ProductFiltersSchema, parseProductFilters } from './catalog.schemas.ts'
import {
  findProductBySlug,
  getCategoryTree,
  getProductCards,
  listProducts,
  resolveCategoryFilter,
} from './catalog.server.ts'
import { categories, productImages, products, productVariants, reviews } from './tables.server.ts'

let t: TestDatabase
const ids: Record<string, number> = {}

function filters(f: Partial<ProductFilters> = {}): ProductFilters {
  return { sort: 'featured', page: 1, perPage: 24, ...f }
}

async function titles(f: Partial<ProductFilters>): Promise<string[]> {
  const r = await listProducts(t.ctx, filters(f))
  return r.items.map((p) => p.title)
}

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.ctx.db

  // Two departments, one with a group of two items and a second group.
  const [women] = await db
    .insert(categories)
    .values({ slug: 'women', name: 'Women', level: 0, position: 0 })
    .returning()
  const [men] = await db.insert(categories).values({ slug: 'men', name: 'Men', level: 0, position: 1 }).returning()
  if (!women || !men) throw new Error('fixture')
  const [clothing, traditional] = await db
    .insert(categories)
    .values([
      { slug: 'women-traditional-wear', name: 'Traditional Wear', level: 1, position: 1, parentId: women.id },
      { slug: 'women-clothing', name: 'Clothing', level: 1, position: 0, parentId: women.id },
    ])
    .returning()
    .then((rows) => [rows[1], rows[0]])
  if (!clothing || !traditional) throw new Error('fixture')
  const [dresses, skirts, umushanana, shirts] = await db
    .insert(categories)
    .values([
      { slug: 'women-clothing-dresses', name: 'Dresses', level: 2, position: 0, parentId: clothing.id },
      { slug: 'women-clothing-skirts', name: 'Skirts', level: 2, position: 1, parentId: clothing.id },
      {
        slug: 'women-traditional-wear-umushanana',
        name: 'Umushanana',
        level: 2,
        position: 0,
        parentId: traditional.id,
      },
      { slug: 'men-shirts', name: 'Shirts', level: 1, position: 0, parentId: men.id },
    ])
    .returning()
  if (!dresses || !skirts || !umushanana || !shirts) throw new Error('fixture')

  const [good, pending] = await db
    .insert(vendors)
    .values([
      {
        ...testVendorFields,
        name: 'Kigali Threads',
        slug: 'kigali-threads',
        email: 'a@example.rw',
        status: 'approved',
      },
      { ...testVendorFields, name: 'Pending Shop', slug: 'pending-shop', email: 'b@example.rw', status: 'pending' },
    ])
    .returning()
  if (!good || !pending) throw new Error('fixture')
  ids.vendor = good.id

  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  const rows = await db
    .insert(products)
    .values([
      // Women > Clothing > Dresses
      {
        slug: 'red-dress',
        title: 'Red Dress',
        description: 'A bright dress',
        price: 12_300,
        compareAtPrice: 16_400,
        badge: 'new',
        vendorId: good.id,
        categoryId: dresses.id,
        featuredScore: 5,
        ratingSum: 9,
        reviewCount: 2,
        createdAt: day(1),
      },
      // Women > Clothing > Skirts
      {
        slug: 'denim-skirt',
        title: 'Denim Skirt',
        description: 'Blue 100% cotton',
        price: 8_000,
        vendorId: good.id,
        categoryId: skirts.id,
        featuredScore: 5,
        ratingSum: 10,
        reviewCount: 2,
        createdAt: day(3),
      },
      // Women > Traditional Wear > Umushanana
      {
        slug: 'gold-umushanana',
        title: 'Gold Umushanana',
        description: 'For weddings',
        price: 45_000,
        vendorId: good.id,
        categoryId: umushanana.id,
        featuredScore: 9,
        createdAt: day(2),
      },
      // Men > Shirts
      {
        slug: 'linen-shirt',
        title: 'Linen Shirt',
        description: 'Cool and light',
        price: 20_000,
        compareAtPrice: 15_000,
        vendorId: good.id,
        categoryId: shirts.id,
        featuredScore: 1,
        ratingSum: 12,
        reviewCount: 3,
        createdAt: day(4),
      },
      // Hidden: pending vendor, and a draft / archived product.
      {
        slug: 'hidden-vendor',
        title: 'Hidden Vendor Dress',
        description: 'x',
        price: 1_000,
        vendorId: pending.id,
        categoryId: dresses.id,
        featuredScore: 99,
      },
      {
        slug: 'draft-dress',
        title: 'Draft Dress',
        description: 'x',
        price: 1_000,
        status: 'draft',
        vendorId: good.id,
        categoryId: dresses.id,
        featuredScore: 99,
      },
      {
        slug: 'archived-dress',
        title: 'Archived Dress',
        description: 'x',
        price: 99_000,
        status: 'archived',
        vendorId: good.id,
        categoryId: dresses.id,
      },
    ])
    .returning()
  for (const p of rows) ids[p.slug] = p.id

  await db.insert(productVariants).values([
    { productId: ids['red-dress'] as number, size: 'S', colour: 'Red', sku: 'RD-S', stock: 0, position: 0 },
    { productId: ids['red-dress'] as number, size: 'M', colour: 'Red', sku: 'RD-M', stock: 3, position: 1 },
    { productId: ids['denim-skirt'] as number, size: 'M', colour: 'Blue', sku: 'DS-M', stock: 0 },
    { productId: ids['gold-umushanana'] as number, sku: 'GU', stock: 2 },
    { productId: ids['linen-shirt'] as number, size: 'L', sku: 'LS-L', stock: 5 },
  ])
  await db.insert(productImages).values([
    {
      productId: ids['red-dress'] as number,
      imageKey: 'red-2',
      alt: 'Back',
      width: 800,
      height: 1000,
      placeholder: '#a00',
      position: 1,
    },
    {
      productId: ids['red-dress'] as number,
      imageKey: 'red-1',
      alt: 'Front',
      width: 800,
      height: 1000,
      placeholder: '#f00',
      position: 0,
    },
  ])
  // Two customers named Aline U. (a customer reviews a product once).
  const [aline, another] = await db
    .insert(customers)
    .values([
      { firstName: 'Aline', lastName: 'uwase', email: 'aline@example.rw' },
      { firstName: 'Aline', lastName: 'Umutoni', email: 'aline.umutoni@example.rw' },
    ])
    .returning()
  if (!aline || !another) throw new Error('fixture')
  await db.insert(reviews).values([
    { productId: ids['red-dress'] as number, customerId: aline.id, rating: 4, body: 'Nice', createdAt: day(5) },
    { productId: ids['red-dress'] as number, customerId: another.id, rating: 5, body: 'Lovely', createdAt: day(6) },
  ])
})

afterAll(async () => {
  await t?.close()
})

describe('getCategoryTree', () => {
  it('nests departments, groups and items ordered by position', async () => {
    const tree = await getCategoryTree(t.ctx)
    expect(tree.map((d) => d.slug)).toEqual(['women', 'men'])
    expect(tree[0]?.children.map((g) => g.slug)).toEqual(['women-clothing', 'women-traditional-wear'])
    expect(tree[0]?.children[0]?.children.map((i) => i.slug)).toEqual([
      'women-clothing-dresses',
      'women-clothing-skirts',
    ])
  })
})

describe('resolveCategoryFilter', () => {
  it('gives the department, its groups with items, and the chosen subcategory', async () => {
    const f = await resolveCategoryFilter(t.ctx, { category: 'women', subcategory: 'women-clothing-skirts' })
    expect(f.departments.map((d) => d.slug)).toEqual(['women', 'men'])
    expect(f.department?.slug).toBe('women')
    expect(f.groups.map((g) => [g.slug, g.items.length])).toEqual([
      ['women-clothing', 2],
      ['women-traditional-wear', 1],
    ])
    expect(f.subcategory).toEqual({ slug: 'women-clothing-skirts', name: 'Skirts' })
  })

  it('drops unknown and mismatched slugs, and finds the department of a lone subcategory', async () => {
    expect(await resolveCategoryFilter(t.ctx, { category: 'nope', subcategory: 'nope' })).toMatchObject({
      department: null,
      groups: [],
      subcategory: null,
    })
    expect(
      (await resolveCategoryFilter(t.ctx, { category: 'men', subcategory: 'women-clothing' })).subcategory,
    ).toBeNull()
    expect((await resolveCategoryFilter(t.ctx, { subcategory: 'women-clothing' })).department?.slug).toBe('women')
  })
})

describe('listProducts', () => {
  it('shows only active products of approved vendors', async () => {
    const r = await listProducts(t.ctx, filters())
    expect(r.total).toBe(4)
    expect(r.items.map((p) => p.slug).sort()).toEqual(['denim-skirt', 'gold-umushanana', 'linen-shirt', 'red-dress'])
  })

  it('filters by department, group (with its items) and item', async () => {
    expect((await titles({ category: 'men' })).sort()).toEqual(['Linen Shirt'])
    expect((await titles({ category: 'women', subcategory: 'women-clothing' })).sort()).toEqual([
      'Denim Skirt',
      'Red Dress',
    ])
    expect(await titles({ category: 'women', subcategory: 'women-clothing-skirts' })).toEqual(['Denim Skirt'])
    // A subcategory outside the department is ignored; 'all' and unknown departments mean everything.
    expect((await titles({ category: 'men', subcategory: 'women-clothing' })).sort()).toEqual(['Linen Shirt'])
    expect(await titles({ category: 'all' })).toHaveLength(4)
    expect(await titles({ category: 'nope' })).toHaveLength(4)
  })

  it('filters by price range, inclusive, and swaps a reversed range', async () => {
    expect((await titles({ min: 8_000, max: 20_000 })).sort()).toEqual(['Denim Skirt', 'Linen Shirt', 'Red Dress'])
    expect((await titles({ min: 20_000, max: 8_000 })).sort()).toEqual(['Denim Skirt', 'Linen Shirt', 'Red Dress'])
    expect(await titles({ min: 30_000 })).toEqual(['Gold Umushanana'])
    expect(await titles({ max: 8_000 })).toEqual(['Denim Skirt'])
  })

  it('filters to products on sale (compare-at above the price)', async () => {
    expect(await titles({ sale: true })).toEqual(['Red Dress'])
  })

  it('searches title, description, vendor name and category names, case-insensitively', async () => {
    expect(await titles({ q: 'RED' })).toEqual(['Red Dress'])
    expect(await titles({ q: 'weddings' })).toEqual(['Gold Umushanana'])
    expect(await titles({ q: 'kigali threads' })).toHaveLength(4)
    expect(await titles({ q: 'skirts' })).toEqual(['Denim Skirt'])
    expect((await titles({ q: 'traditional' })).sort()).toEqual(['Gold Umushanana'])
    // Wildcards are literal; hidden products are not found.
    expect(await titles({ q: '100%' })).toEqual(['Denim Skirt'])
    expect(await titles({ q: '%' })).toEqual(['Denim Skirt'])
    expect(await titles({ q: '_' })).toEqual([])
    expect(await titles({ q: 'hidden' })).toEqual([])
  })

  it('sorts every way', async () => {
    // Featured: score desc, then rating (5.0 beats 4.5 at the same score).
    expect(await titles({ sort: 'featured' })).toEqual(['Gold Umushanana', 'Denim Skirt', 'Red Dress', 'Linen Shirt'])
    expect(await titles({ sort: 'price-low' })).toEqual(['Denim Skirt', 'Red Dress', 'Linen Shirt', 'Gold Umushanana'])
    expect(await titles({ sort: 'price-high' })).toEqual(['Gold Umushanana', 'Linen Shirt', 'Red Dress', 'Denim Skirt'])
    // Rating: average desc, then review count (4.0 with 3 reviews; unrated last).
    expect(await titles({ sort: 'rating' })).toEqual(['Denim Skirt', 'Red Dress', 'Linen Shirt', 'Gold Umushanana'])
    expect(await titles({ sort: 'newest' })).toEqual(['Linen Shirt', 'Denim Skirt', 'Gold Umushanana', 'Red Dress'])
  })

  it('pages with a total and a page count, clamping the page', async () => {
    const p1 = await listProducts(t.ctx, filters({ sort: 'price-low', perPage: 3 }))
    expect(p1).toMatchObject({ total: 4, page: 1, pageCount: 2 })
    expect(p1.items).toHaveLength(3)
    const p2 = await listProducts(t.ctx, filters({ sort: 'price-low', perPage: 3, page: 2 }))
    expect(p2.items.map((p) => p.title)).toEqual(['Gold Umushanana'])
    const p9 = await listProducts(t.ctx, filters({ sort: 'price-low', perPage: 3, page: 9 }))
    expect(p9.page).toBe(2)
    const none = await listProducts(t.ctx, filters({ q: 'zzz' }))
    expect(none).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 })
  })

  it('gives price bounds of the category rounded to 500', async () => {
    expect((await listProducts(t.ctx, filters())).priceBounds).toEqual({ min: 8_000, max: 45_000 })
    const w = await listProducts(t.ctx, filters({ category: 'women', subcategory: 'women-clothing', min: 10_000 }))
    expect(w.priceBounds).toEqual({ min: 8_000, max: 12_500 })
  })

  it('filters by vendor', async () => {
    expect(await titles({ vendorId: ids.vendor })).toHaveLength(4)
    expect(await titles({ vendorId: 999_999 })).toEqual([])
  })

  it('builds cards with first image, rating, stock and default variant', async () => {
    const [card] = (await listProducts(t.ctx, filters({ q: 'red dress' }))).items
    expect(card).toMatchObject({
      title: 'Red Dress',
      compareAtPrice: 16_400,
      badge: 'new',
      rating: 4.5,
      reviewCount: 2,
      vendor: { name: 'Kigali Threads' },
      image: { imageKey: 'red-1', alt: 'Front' },
      inStock: true,
      hasOptions: true,
    })
    const skirt = (await listProducts(t.ctx, filters({ q: 'denim' }))).items[0]
    expect(skirt).toMatchObject({ inStock: false, hasOptions: false, image: null })
    expect(skirt?.defaultVariantId).toBeTypeOf('number')
  })
})

describe('getProductCards', () => {
  it('keeps the order of the ids and leaves out hidden products', async () => {
    const cards = await getProductCards(t.ctx, [
      ids['linen-shirt'] as number,
      ids['hidden-vendor'] as number,
      ids['red-dress'] as number,
      ids['draft-dress'] as number,
    ])
    expect(cards.map((c) => c.slug)).toEqual(['linen-shirt', 'red-dress'])
    expect(await getProductCards(t.ctx, [])).toEqual([])
  })
})

describe('findProductBySlug', () => {
  it('gives the page data with images, variants, category path and reviews', async () => {
    const p = await findProductBySlug(t.ctx, 'red-dress')
    expect(p?.images.map((i) => i.imageKey)).toEqual(['red-1', 'red-2'])
    expect(p?.variants.map((v) => [v.size, v.stock])).toEqual([
      ['S', 0],
      ['M', 3],
    ])
    expect(p?.defaultVariantId).toBe(p?.variants[1]?.id)
    expect(p?.categoryPath.map((c) => c.slug)).toEqual(['women', 'women-clothing', 'women-clothing-dresses'])
    expect(p?.reviews.map((r) => [r.author, r.body])).toEqual([
      ['Aline U.', 'Lovely'],
      ['Aline U.', 'Nice'],
    ])
    expect(p?.rating).toBe(4.5)
  })

  it('returns null for unknown and hidden products', async () => {
    expect(await findProductBySlug(t.ctx, 'nope')).toBeNull()
    expect(await findProductBySlug(t.ctx, 'hidden-vendor')).toBeNull()
    expect(await findProductBySlug(t.ctx, 'draft-dress')).toBeNull()
  })
})

describe('ProductFiltersSchema', () => {
  it('parses good query values', () => {
    const f = parseProductFilters(
      new URLSearchParams(
        'q=+dress+&category=women&subcategory=women-clothing&min=500&max=9000&sort=price-low&sale=on&page=2',
      ),
    )
    expect(f).toEqual({
      q: 'dress',
      category: 'women',
      subcategory: 'women-clothing',
      min: 500,
      max: 9000,
      sort: 'price-low',
      sale: true,
      page: 2,
      perPage: 24,
    })
  })

  it('falls back to defaults on bad values instead of failing', () => {
    const f = ProductFiltersSchema.parse({
      category: '<script>',
      subcategory: '',
      min: 'cheap',
      max: '-5',
      sort: 'random',
      sale: 'maybe',
      page: '0',
      perPage: '5000',
      vendorId: 'x',
    })
    expect(f).toEqual({ sort: 'featured', page: 1, perPage: 24, sale: false })
    expect(parseProductFilters(new URLSearchParams('page=abc&min=1.5'))).toMatchObject({ page: 1, min: undefined })
    expect(parseProductFilters(new URLSearchParams(''))).toEqual({ sort: 'featured', page: 1, perPage: 24 })
  })

  it('bad values reach listProducts as defaults', async () => {
    const r = await listProducts(t.ctx, parseProductFilters(new URLSearchParams('sort=zzz&page=-1&min=x&category=%25')))
    expect(r.total).toBe(4)
    expect(r.page).toBe(1)
  })
})
