import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeProduct, makeVendor } from '#tests/shop.ts'
import { createCategory } from './catalog-admin.server.ts'
import { PRODUCT_CSV_COLUMNS, parseProductCsv } from './product-csv.ts'
import {
  applyProductImport,
  exportProductCsv,
  type PhotoFileCheck,
  previewProductImport,
  type StoredPhoto,
} from './product-import.server.ts'
import { productImages, products, productVariants } from './tables.server.ts'

// The product file against a real catalogue, on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let t: TestDatabase
let shopA: number
let shopB: number
let otherSku: string

beforeAll(async () => {
  t = await createTestDatabase()
  shopA = (await makeVendor(t.ctx, 'import-a')).id
  shopB = (await makeVendor(t.ctx, 'import-b')).id
  const women = await createCategory(t.ctx, {
    slug: 'imp-women',
    name: 'Women',
    names: { rw: 'Abagore', fr: 'Femmes' },
    level: 0,
  })
  const clothing = await createCategory(t.ctx, { slug: 'imp-clothing', name: 'Clothing', level: 1, parentId: women.id })
  await createCategory(t.ctx, {
    slug: 'imp-dresses',
    name: 'Dresses',
    names: { fr: 'Robes' },
    level: 2,
    parentId: clothing.id,
  })
  const men = await createCategory(t.ctx, { slug: 'imp-men', name: 'Men', level: 0 })
  const menClothing = await createCategory(t.ctx, {
    slug: 'imp-men-clothing',
    name: 'Clothing',
    level: 1,
    parentId: men.id,
  })
  await createCategory(t.ctx, { slug: 'imp-shirts', name: 'Shirts', level: 2, parentId: menClothing.id })
  await createCategory(t.ctx, { slug: 'imp-men-dresses', name: 'Dresses', level: 2, parentId: menClothing.id })
  const other = await makeProduct(t.ctx, shopB, { title: 'Other store dress' })
  const [v] = await t.ctx.db.select().from(productVariants).where(eq(productVariants.productId, other.productId))
  otherSku = v?.sku as string
})
afterAll(() => t.close())

const HEADER = PRODUCT_CSV_COLUMNS.join(',')
const desc = 'A fine dress made in Kigali.'

/** Parses and previews a file for a store; `files` are the zip's photo checks. */
async function preview(csv: string, vendorId = shopA, files = new Map<string, PhotoFileCheck>()) {
  const parsed = parseProductCsv(csv, { origins: ['https://isoko.test'] })
  if (!parsed.ok) throw new Error(`refused: ${parsed.code}`)
  const input = {
    vendorId,
    products: parsed.products,
    errors: parsed.errors,
    files,
    otherCategories: parsed.otherCategories,
  }
  return { input, preview: await previewProductImport(t.ctx, input) }
}

async function apply(
  csv: string,
  vendorId = shopA,
  files = new Map<string, PhotoFileCheck>(),
  stored = new Map<string, StoredPhoto>(),
) {
  const { input } = await preview(csv, vendorId, files)
  return applyProductImport(t.ctx, { ...input, stored })
}

const codes = (errors: { line: number; code: string }[]) => errors.map((e) => [e.line, e.code])

describe('product import against the catalogue', () => {
  test('every column read: a new product with two variants, a variant price and photos from the zip', async () => {
    const csv = [
      HEADER,
      `wrap-dress,Wrap dress,"${desc} Soft, light",Women > Dresses,"25,000",30.000,active,new,S,Blue,wd-s-blue,10,,front.jpg|back.jpg,blue.jpg`,
      'wrap-dress,,,,,,,,XL,Blue,WD-XL-BLUE,4,28 000,,',
    ].join('\n')
    const files = new Map<string, PhotoFileCheck>([
      ['front.jpg', { ok: true, key: 'up-front' }],
      ['back.jpg', { ok: true, key: 'up-back' }],
      ['blue.jpg', { ok: true, key: 'up-blue' }],
    ])
    const { preview: p } = await preview(csv, shopA, files)
    expect(p.errors).toEqual([])
    expect(p.counts).toEqual({
      productsCreated: 1,
      productsUpdated: 0,
      productsUnchanged: 0,
      variantsCreated: 2,
      variantsUpdated: 0,
      photosAdded: 3,
    })
    const stored = new Map(
      ['up-front', 'up-back', 'up-blue'].map((key) => [key, { key, width: 800, height: 1000, placeholder: '#123456' }]),
    )
    const done = await apply(csv, shopA, files, stored)
    expect(done.ok).toBe(true)
    const [row] = await t.ctx.db.select().from(products).where(eq(products.slug, 'wrap-dress'))
    expect(row).toMatchObject({
      vendorId: shopA,
      title: 'Wrap dress',
      description: `${desc} Soft, light`,
      price: 25000,
      compareAtPrice: 30000,
      status: 'active',
      badge: 'new',
    })
    const variants = await t.ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row?.id as number))
    expect(variants.map((v) => [v.size, v.colour, v.sku, v.stock, v.price])).toEqual([
      ['S', 'Blue', 'WD-S-BLUE', 10, null],
      ['XL', 'Blue', 'WD-XL-BLUE', 4, 28000],
    ])
    const photos = await t.ctx.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, row?.id as number))
    expect(photos.map((p) => [p.imageKey, p.colour, p.position])).toEqual([
      ['up-front', null, 0],
      ['up-back', null, 1],
      ['up-blue', 'Blue', 2],
    ])
  })

  test('bad rows are reported by line, and nothing is written (all or nothing)', async () => {
    const csv = [
      HEADER,
      `good-one,Good one,${desc},Women > Dresses,5000,,draft,,M,,GOOD-1,3,,,`,
      `bad-cat,Bad category,${desc},Women > Hats,5000,,draft,,,,BAD-1,1,,,`,
      `bad-price,Bad price,${desc},Women > Gowns,5.5,,draft,,,,BAD-2,1,,,`,
      `no-title,,${desc},Women > Dresses,5000,,draft,,,,BAD-3,1,,,`,
      `dup-sku,Duplicate,${desc},Women > Dresses,5000,,draft,,S,,good-1,1,,,`,
      `theirs,Theirs,${desc},Women > Dresses,5000,,draft,,,,${otherSku.toLowerCase()},1,,,`,
      `bad-status,Bad status,${desc},Women > Dresses,5000,,sold,,,,BAD-4,1,,,`,
      `conflict,Conflict,${desc},Women > Dresses,5000,,draft,,S,,BAD-5,1,,,`,
      'conflict,Another title,,,,,,,M,,BAD-6,1,,,',
      `ambiguous,Ambiguous,${desc},Clothing > Dresses,5000,,draft,,,,BAD-7,1,,,`,
      `web-photo,Web photo,${desc},Women > Dresses,5000,,draft,,,,BAD-8,1,,https://example.com/a.jpg,`,
      `no-zip,No zip,${desc},Women > Dresses,5000,,draft,,,,BAD-9,1,,missing.jpg,`,
      `active-bare,Active bare,${desc},Women > Dresses,5000,,active,,,,BAD-10,1,,,`,
    ].join('\r\n')
    const { preview: p } = await preview(csv)
    expect(codes(p.errors)).toEqual([
      [3, 'category-unknown'],
      [4, 'price-invalid'],
      [4, 'category-unknown'],
      [5, 'title-missing'],
      [6, 'sku-duplicate'],
      [7, 'sku-other-store'],
      [8, 'status-invalid'],
      [10, 'conflict'],
      [11, 'category-ambiguous'],
      [12, 'photo-not-ours'],
      [13, 'photo-not-in-zip'],
      [14, 'active-needs-photo'],
    ])
    expect(p.errors.find((e) => e.code === 'sku-duplicate')).toMatchObject({ firstLine: 2, value: 'GOOD-1' })
    expect(p.errors.find((e) => e.code === 'conflict')).toMatchObject({ column: 'title', firstLine: 9 })
    const result = await apply(csv)
    expect(result.ok).toBe(false)
    const written = await t.ctx.db.select().from(products).where(eq(products.slug, 'good-one'))
    expect(written).toEqual([])
  })

  test('semicolons, a byte order mark, quoted fields with separators and line breaks; names in French', async () => {
    const csv = `\uFEFF${PRODUCT_CSV_COLUMNS.join(';')}\r\nsemi-dress;"Robe; légère";"Ligne un\nLigne deux, trois";Femmes > Robes;25 000;;draft;;S;Red;SEMI-1;2;;;\r\n`
    const { preview: p } = await preview(csv)
    expect(p.errors).toEqual([])
    expect(await apply(csv)).toMatchObject({ ok: true })
    const [row] = await t.ctx.db.select().from(products).where(eq(products.slug, 'semi-dress'))
    expect(row).toMatchObject({ title: 'Robe; légère', description: 'Ligne un\nLigne deux, trois', price: 25000 })
  })

  test('SKUs match in any case: an own SKU updates its variant, one of another product is an error', async () => {
    const csv = `${HEADER}\nsemi-dress,"Robe; légère","Ligne un\nLigne deux, trois",Femmes > Robes,25000,,draft,,S,Red,semi-1,9,,,\n`
    const { preview: p } = await preview(csv)
    expect(p.counts).toMatchObject({ productsUpdated: 1, variantsUpdated: 1, variantsCreated: 0 })
    expect(await apply(csv)).toMatchObject({ ok: true })
    const [v] = await t.ctx.db.select().from(productVariants).where(eq(productVariants.sku, 'SEMI-1'))
    expect(v?.stock).toBe(9)
    const moved = `${HEADER}\nanother,Another one,${desc},Women > Dresses,5000,,draft,,,,Semi-1,1,,,\n`
    expect(codes((await preview(moved)).preview.errors)).toEqual([[2, 'sku-other-product']])
  })

  test('export then import is a no-op: same rows, nothing to change', async () => {
    const before = await exportProductCsv(t.ctx, { vendorId: shopA, origin: 'https://isoko.test' })
    expect(before.split('\r\n')[0]).toBe(HEADER)
    const { preview: p } = await preview(before)
    expect(p.errors).toEqual([])
    expect(p.counts).toMatchObject({
      productsCreated: 0,
      productsUpdated: 0,
      variantsCreated: 0,
      variantsUpdated: 0,
      photosAdded: 0,
    })
    expect(p.counts.productsUnchanged).toBeGreaterThanOrEqual(2)
    expect(await apply(before)).toMatchObject({ ok: true })
    expect(await exportProductCsv(t.ctx, { vendorId: shopA, origin: 'https://isoko.test' })).toBe(before)
  })

  test("a vendor never touches another store's products: handles and SKUs of others are refused", async () => {
    const [theirs] = await t.ctx.db.select().from(products).where(eq(products.vendorId, shopB))
    const csv = `${HEADER}\n${theirs?.slug},Hijacked,${desc},Women > Dresses,1,,draft,,,,NEW-SKU-9,1,,,\n`
    const { preview: p } = await preview(csv)
    expect(codes(p.errors)).toEqual([[2, 'handle-taken']])
    expect((await apply(csv)).ok).toBe(false)
    const [after] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.id, theirs?.id as number))
    expect(after?.title).toBe('Other store dress')
    // Its export never shows another store's product.
    const exported = await exportProductCsv(t.ctx, { vendorId: shopA })
    expect(exported).not.toContain(theirs?.slug)
  })

  test('5,000 rows preview well within the budget', async () => {
    const lines = [HEADER]
    for (let i = 0; i < 5000; i++) {
      const handle = `bulk-${Math.floor(i / 5)}`
      lines.push(
        i % 5 === 0
          ? `${handle},Bulk shirt ${Math.floor(i / 5)},${desc},Men > Shirts,12000,,draft,,S${i % 5},White,BULK-${i},5,,,`
          : `${handle},,,,,,,,S${i % 5},White,BULK-${i},5,,,`,
      )
    }
    const started = performance.now()
    const { preview: p } = await preview(lines.join('\n'))
    const took = performance.now() - started
    expect(p.errors).toEqual([])
    expect(p.counts).toMatchObject({ productsCreated: 1000, variantsCreated: 5000 })
    expect(took).toBeLessThan(10_000)
    expect(await apply(lines.join('\n'))).toMatchObject({ ok: true })
    const made = await t.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.slug, ['bulk-0', 'bulk-999']))
    expect(made).toHaveLength(2)
    // Applying the same file again creates nothing more.
    expect(await apply(lines.join('\n'))).toMatchObject({
      ok: true,
      counts: { productsCreated: 0, variantsCreated: 0 },
    })
  }, 60_000)
})
