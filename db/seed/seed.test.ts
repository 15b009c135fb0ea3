import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseProductFilters } from '#app/modules/catalog/catalog.schemas.ts'
import { listProducts } from '#app/modules/catalog/catalog.server.ts'
import { categories, productImages, products, productVariants, reviews } from '#app/modules/catalog/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { getAccountBalances, getVendorBalances, listUnbalancedTransactions } from '#app/modules/ledger/ledger.server.ts'
import { follows, vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { flattenItems } from './catalogue.ts'
import { ISOKO_OPENED, isDatabaseEmpty, resetDatabase, SEED_NOW, type SeedSummary, seedDatabase } from './index.ts'

const PRODUCTS = 150

let first: TestDatabase
let second: TestDatabase
let summary: SeedSummary
let imagesDir: string

async function digest(t: TestDatabase): Promise<string> {
  const db = t.ctx.db
  const rows = {
    categories: await db.select().from(categories).orderBy(asc(categories.id)),
    vendors: await db.select().from(vendors).orderBy(asc(vendors.id)),
    customers: await db.select().from(customers).orderBy(asc(customers.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    variants: await db.select().from(productVariants).orderBy(asc(productVariants.id)),
    images: await db.select().from(productImages).orderBy(asc(productImages.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    follows: await db.select().from(follows).orderBy(asc(follows.vendorId), asc(follows.customerId)),
  }
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex')
}

beforeAll(async () => {
  imagesDir = await mkdtemp(path.join(tmpdir(), 'isoko-seed-test-'))
  first = await createTestDatabase()
  second = await createTestDatabase()
  expect(await isDatabaseEmpty(first.ctx)).toBe(true)
  summary = await seedDatabase(first.ctx, { products: PRODUCTS, imagesDir, skipImages: true })
  await seedDatabase(second.ctx, { products: PRODUCTS, imagesDir, skipImages: true })
})

afterAll(async () => {
  await first?.close()
  await second?.close()
  if (imagesDir) await rm(imagesDir, { recursive: true, force: true })
})

describe('seedDatabase', () => {
  it('gives the same rows every time', async () => {
    expect(await digest(first)).toBe(await digest(second))
  })

  it('is no longer empty, and --reset empties it again', async () => {
    expect(await isDatabaseEmpty(first.ctx)).toBe(false)
    await resetDatabase(second.ctx)
    expect(await isDatabaseEmpty(second.ctx)).toBe(true)
    // Ids restart, so a new seed gives the same rows as the first.
    await seedDatabase(second.ctx, { products: PRODUCTS, imagesDir, skipImages: true })
    expect(await digest(second)).toBe(await digest(first))
  })

  it('builds the mega menu with Home & Living', async () => {
    const rows = await first.ctx.db.select().from(categories)
    const departments = rows.filter((c) => c.level === 0).sort((a, b) => a.position - b.position)
    expect(departments.map((d) => d.slug)).toEqual([
      'women',
      'men',
      'kids',
      'accessories',
      'shoes',
      'beauty',
      'home-living',
    ])
    expect(departments.every((d) => d.emoji)).toBe(true)
    const slugs = new Set(rows.map((c) => c.slug))
    for (const s of [
      'women-clothing',
      'women-clothing-dresses',
      'women-traditional-wear-umushanana',
      'men-traditional-wear-safari-suits',
      'kids-girls-school-uniforms',
      'home-living-kitchen-dining-baskets-storage',
      'home-living-decor-imigongo-art',
    ]) {
      expect(slugs.has(s), s).toBe(true)
    }
    expect(rows.filter((c) => c.level === 2)).toHaveLength(flattenItems().length)
  })

  it('puts products in every category item', async () => {
    const rows = await first.ctx.db
      .select({ slug: categories.slug, productId: products.id })
      .from(categories)
      .leftJoin(products, eq(products.categoryId, categories.id))
      .where(eq(categories.level, 2))
    const empty = [...new Set(rows.filter((r) => r.productId == null).map((r) => r.slug))]
    expect(empty).toEqual([])
    expect(summary.products).toBe(PRODUCTS)
  })

  it('keeps the prototype stores at ids 1 to 3, approved and verified, with pending ones hidden apart', async () => {
    const rows = await first.ctx.db.select().from(vendors).orderBy(asc(vendors.id))
    expect(rows.slice(0, 3).map((v) => [v.id, v.name, v.status, v.verified])).toEqual([
      [1, 'Kigali Fashion House', 'approved', true],
      [2, 'Inzozi Beauty', 'approved', true],
      [3, 'Umurage Traditional Wear', 'approved', true],
    ])
    expect(rows.length).toBeGreaterThanOrEqual(30)
    expect(rows.filter((v) => v.status === 'pending').length).toBeGreaterThan(0)
    for (const v of rows) {
      expect(v.phone).toMatch(/^\+2507[2389]\d{7}$/)
      expect(v.joinedAt.getTime()).toBeGreaterThanOrEqual(ISOKO_OPENED.getTime())
      expect(v.joinedAt.getTime()).toBeLessThan(new Date('2026-11-02').getTime())
    }
    const districts = new Set(rows.map((v) => v.district))
    for (const d of ['Gasabo', 'Kicukiro', 'Nyarugenge', 'Musanze', 'Huye', 'Rubavu'])
      expect(districts.has(d), d).toBe(true)
    expect((await first.ctx.db.select().from(customers)).length).toBeGreaterThanOrEqual(600)
  })

  it('has prices in whole 500s, sales, sold-out products and consistent rating totals', async () => {
    const rows = await first.ctx.db.select().from(products)
    for (const p of rows) {
      expect(p.price % 500).toBe(0)
      expect(p.price).toBeGreaterThanOrEqual(1500)
      expect(p.price).toBeLessThanOrEqual(150_000)
      if (p.compareAtPrice != null) expect(p.compareAtPrice).toBeGreaterThan(p.price)
    }
    const onSale = rows.filter((p) => p.compareAtPrice != null).length / rows.length
    expect(onSale).toBeGreaterThan(0.15)
    expect(onSale).toBeLessThan(0.45)

    const variants = await first.ctx.db.select().from(productVariants)
    const stockOf = new Map<number, number>()
    for (const v of variants) stockOf.set(v.productId, (stockOf.get(v.productId) ?? 0) + v.stock)
    const soldOut = rows.filter((p) => (stockOf.get(p.id) ?? 0) === 0).length
    expect(soldOut).toBeGreaterThan(0)
    expect(soldOut / rows.length).toBeLessThan(0.2)

    const reviewRows = await first.ctx.db.select().from(reviews)
    const totals = new Map<number, { sum: number; n: number }>()
    for (const r of reviewRows) {
      const t = totals.get(r.productId) ?? { sum: 0, n: 0 }
      t.sum += r.rating
      t.n += 1
      totals.set(r.productId, t)
    }
    for (const p of rows) {
      expect([p.ratingSum, p.reviewCount]).toEqual([totals.get(p.id)?.sum ?? 0, totals.get(p.id)?.n ?? 0])
    }
    expect(reviewRows.length).toBeGreaterThan(0)
  })

  it('has few, varied reviews, each about the kind of thing it reviews', async () => {
    const rows = await first.ctx.db
      .select({ body: reviews.body, productId: reviews.productId, slug: categories.slug })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
    // A young mall: on average at most a review or two per product, and most products have few.
    expect(rows.length).toBeGreaterThan(PRODUCTS / 4)
    expect(rows.length).toBeLessThan(PRODUCTS * 1.5)
    // Varied: most texts are said once, and no product has the same text twice.
    expect(new Set(rows.map((r) => r.body)).size / rows.length).toBeGreaterThan(0.6)
    const seen = new Set<string>()
    for (const r of rows) {
      expect(seen.has(`${r.productId}:${r.body}`), r.body).toBe(false)
      seen.add(`${r.productId}:${r.body}`)
    }
    // Nobody wears a face cream to a wedding, nor finds a basket true to size.
    const worn = /\b(wore|wear|fits?|fabric|size|seams?|sole|leather|hem)\b/i
    const skin = /\b(skin|scent|absorb|greasy)\b/i
    for (const r of rows) {
      if (r.slug.startsWith('beauty-') || r.slug.startsWith('home-living-')) expect(r.body, r.slug).not.toMatch(worn)
      if (!r.slug.startsWith('beauty-')) expect(r.body, r.slug).not.toMatch(skin)
    }
  })

  it('gives every product a picture and variants with unique SKUs', async () => {
    const images = await first.ctx.db.select().from(productImages)
    const withImage = new Set(images.map((i) => i.productId))
    expect(withImage.size).toBe(PRODUCTS)
    for (const i of images) {
      expect(i.imageKey).toMatch(/^[a-z0-9-]+$/)
      expect(i.placeholder).toMatch(/^#[0-9a-f]{6}$/)
    }
    expect(await readdir(imagesDir)).toEqual([]) // skipImages: nothing encoded
  })
})

describe('demo money', () => {
  it('gives approved stores a payout number and the first stores balances from real ledger postings', async () => {
    const ctx = first.ctx
    const stores = await ctx.db.select().from(vendors).orderBy(asc(vendors.id))
    for (const s of stores) {
      if (s.status === 'approved') expect(s.payoutPhone, s.name).toMatch(/^\+2507881234\d\d$/)
      else expect(s.payoutPhone, s.name).toBeNull()
    }
    // Store 1 (the demo vendor's): a sale available to pay out, one held until delivered, commission owed on cash.
    const balances = await getVendorBalances(ctx, 1, { now: SEED_NOW, holdDays: 7 })
    expect(balances.available).toBeGreaterThan(0)
    expect(balances.onHold).toBeGreaterThan(0)
    expect(balances.owedOnCashSales).toBeGreaterThan(0)
    const all = await getAccountBalances(ctx)
    expect([...all.values()].reduce((sum, n) => sum + n, 0)).toBe(0)
    expect(await listUnbalancedTransactions(ctx)).toEqual([])
  })
})

describe('the default demo catalogue', () => {
  it('shows at least 400 products from approved stores', async () => {
    const t = await createTestDatabase()
    try {
      await seedDatabase(t.ctx, { imagesDir, skipImages: true })
      const listing = await listProducts(t.ctx, parseProductFilters({}))
      expect(listing.total).toBeGreaterThanOrEqual(400)
    } finally {
      await t.close()
    }
  })
})
