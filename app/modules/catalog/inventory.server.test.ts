import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeProduct, makeVendor, setStock, stockOf, type TestProduct } from '#tests/shop.ts'
import {
  applyStockCsv,
  exportStockCsv,
  listInventory,
  previewStockCsv,
  type SeenStock,
  updateVariantStock,
} from './inventory.server.ts'

let t: TestDatabase
let shopA: number
let shopB: number
/** Shop A: a dress in S/M/L at 10, 3, 0 and a shirt in S/M at 5, 40. Shop B: one product at 7. */
let dress: TestProduct
let shirt: TestProduct
let other: TestProduct

beforeAll(async () => {
  t = await createTestDatabase()
  shopA = (await makeVendor(t.ctx, 'inventory-a')).id
  shopB = (await makeVendor(t.ctx, 'inventory-b')).id
  dress = await makeProduct(t.ctx, shopA, { title: 'Agaseke dress', stocks: [10, 3, 0] })
  shirt = await makeProduct(t.ctx, shopA, { title: 'Batik shirt', stocks: [5, 40] })
  other = await makeProduct(t.ctx, shopB, { title: 'Agaseke basket', stocks: [7] })
})
afterAll(() => t.close())

/** The SKUs as the factory wrote them, found through the listing (the factory numbers them itself). */
async function skusOf(vendorId: number): Promise<Map<number, string>> {
  const listing = await listInventory(t.ctx, { vendorId, perPage: 100 })
  return new Map(listing.items.map((i) => [i.variantId, i.sku]))
}

async function stocks(p: TestProduct): Promise<number[]> {
  return Promise.all(p.variantIds.map((id) => stockOf(t.ctx, id)))
}

async function resetStocks() {
  for (const [p, values] of [
    [dress, [10, 3, 0]],
    [shirt, [5, 40]],
    [other, [7]],
  ] as const) {
    for (const [i, id] of p.variantIds.entries()) await setStock(t.ctx, id, values[i] ?? 0)
  }
}

describe('listInventory', () => {
  test('every variant of the store, with the counts of each tab; low is 1..5, out is 0', async () => {
    await resetStocks()
    const all = await listInventory(t.ctx, { vendorId: shopA })
    expect(all.counts).toEqual({ all: 5, low: 2, out: 1 })
    expect(all.items.map((i) => [i.title, i.size, i.stock])).toEqual([
      ['Agaseke dress', 'S', 10],
      ['Agaseke dress', 'M', 3],
      ['Agaseke dress', 'L', 0],
      ['Batik shirt', 'S', 5],
      ['Batik shirt', 'M', 40],
    ])
    expect(all.items[0]).toMatchObject({ colour: 'Blue', productStatus: 'active', productId: dress.productId })
    const low = await listInventory(t.ctx, { vendorId: shopA, filter: 'low' })
    expect(low.items.map((i) => i.stock)).toEqual([3, 5])
    const out = await listInventory(t.ctx, { vendorId: shopA, filter: 'out' })
    expect(out.items.map((i) => i.variantId)).toEqual([dress.variantIds[2]])
  })

  test('search by title or SKU, counts follow the search; pages', async () => {
    const byTitle = await listInventory(t.ctx, { vendorId: shopA, q: 'agaseke' })
    expect(byTitle.counts).toEqual({ all: 3, low: 1, out: 1 })
    expect(byTitle.items.every((i) => i.title === 'Agaseke dress')).toBe(true)
    const skus = await skusOf(shopA)
    const shirtSku = skus.get(shirt.variantIds[1] as number) as string
    const bySku = await listInventory(t.ctx, { vendorId: shopA, q: shirtSku.toLowerCase() })
    expect(bySku.items.map((i) => i.variantId)).toEqual([shirt.variantIds[1]])
    const wild = await listInventory(t.ctx, { vendorId: shopA, q: '%' })
    expect(wild.total).toBe(0)
    const page2 = await listInventory(t.ctx, { vendorId: shopA, page: 2, perPage: 2 })
    expect(page2).toMatchObject({ page: 2, pageCount: 3, total: 5 })
    expect(page2.items.map((i) => i.stock)).toEqual([0, 5])
  })

  test("another store's variants never appear", async () => {
    const listing = await listInventory(t.ctx, { vendorId: shopA, q: 'basket' })
    expect(listing.total).toBe(0)
    const b = await listInventory(t.ctx, { vendorId: shopB })
    expect(b.items.map((i) => i.variantId)).toEqual(other.variantIds)
  })
})

describe('updateVariantStock', () => {
  test("sets one of the store's variants", async () => {
    await resetStocks()
    const id = dress.variantIds[1] as number
    const outcome = await updateVariantStock(t.ctx, { vendorId: shopA, variantId: id, stock: 12 })
    expect(outcome).toMatchObject({ ok: true, variantId: id, stock: 12 })
    expect(await stockOf(t.ctx, id)).toBe(12)
  })

  test("another store's variant, or one that does not exist, is not found and unchanged", async () => {
    await resetStocks()
    const id = other.variantIds[0] as number
    expect(await updateVariantStock(t.ctx, { vendorId: shopA, variantId: id, stock: 99 })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await stockOf(t.ctx, id)).toBe(7)
    expect(await updateVariantStock(t.ctx, { vendorId: shopA, variantId: 9_999_999, stock: 1 })).toMatchObject({
      code: 'not_found',
    })
    expect(await updateVariantStock(t.ctx, { vendorId: shopA, variantId: 2 ** 40, stock: 1 })).toMatchObject({
      code: 'not_found',
    })
  })

  test('a stock that is negative, too big or not whole is refused', async () => {
    const id = dress.variantIds[0] as number
    for (const stock of [-1, 100_001, 2.5]) {
      expect(await updateVariantStock(t.ctx, { vendorId: shopA, variantId: id, stock })).toEqual({
        ok: false,
        code: 'invalid',
      })
    }
    expect(await stockOf(t.ctx, id)).toBe(10)
  })
})

describe('stock by CSV', () => {
  test('the export lists the store, and reads back as a file that changes nothing', async () => {
    await resetStocks()
    const csv = await exportStockCsv(t.ctx, { vendorId: shopA })
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('sku,stock,product,size,colour')
    expect(lines).toHaveLength(6)
    expect(lines[1]).toMatch(/^SKU-\d+-0,10,Agaseke dress,S,Blue$/)
    expect(csv).not.toContain('basket')
    expect(await previewStockCsv(t.ctx, { vendorId: shopA, csv })).toEqual({
      ok: true,
      changes: [],
      unchanged: 5,
      errors: [],
    })
  })

  test('preview lists each change and each bad row by line; another store’s SKU reads like an unknown one', async () => {
    await resetStocks()
    const skus = await skusOf(shopA)
    const otherSku = (await skusOf(shopB)).get(other.variantIds[0] as number) as string
    const s = (id: number | undefined) => skus.get(id as number) as string
    const csv = [
      'sku,stock',
      `${s(dress.variantIds[0])},10`,
      `${s(dress.variantIds[1])},8`,
      `${otherSku},50`,
      'NOPE-1,4',
      `${s(shirt.variantIds[0])},-1`,
      `${s(dress.variantIds[1])},9`,
    ].join('\n')
    const preview = await previewStockCsv(t.ctx, { vendorId: shopA, csv })
    expect(preview).toEqual({
      ok: true,
      unchanged: 1,
      changes: [
        {
          line: 3,
          variantId: dress.variantIds[1],
          sku: s(dress.variantIds[1]),
          title: 'Agaseke dress',
          size: 'M',
          colour: 'Blue',
          from: 3,
          to: 8,
        },
      ],
      errors: [
        { line: 4, sku: otherSku, code: 'sku-unknown' },
        { line: 5, sku: 'NOPE-1', code: 'sku-unknown' },
        { line: 6, sku: s(shirt.variantIds[0]), code: 'stock-negative' },
        { line: 7, sku: s(dress.variantIds[1]), code: 'duplicate', firstLine: 3 },
      ],
    })
    expect(await stocks(dress)).toEqual([10, 3, 0])
  })

  test('apply: a file with one bad row changes nothing', async () => {
    await resetStocks()
    const skus = await skusOf(shopA)
    const csv = `sku,stock\n${skus.get(dress.variantIds[0] as number)},1\n${skus.get(shirt.variantIds[1] as number)},abc\n`
    const seen: SeenStock = [[dress.variantIds[0] as number, 10]]
    const outcome = await applyStockCsv(t.ctx, { vendorId: shopA, csv, seen })
    expect(outcome).toMatchObject({
      ok: false,
      code: 'invalid',
      preview: { errors: [{ line: 3, code: 'stock-invalid' }] },
    })
    expect(await stocks(dress)).toEqual([10, 3, 0])
    expect(await stocks(shirt)).toEqual([5, 40])
  })

  test("apply: another store's SKU is refused and neither store changes", async () => {
    await resetStocks()
    const skus = await skusOf(shopA)
    const otherSku = (await skusOf(shopB)).get(other.variantIds[0] as number)
    const csv = `sku,stock\n${skus.get(dress.variantIds[0] as number)},1\n${otherSku},99\n`
    const outcome = await applyStockCsv(t.ctx, {
      vendorId: shopA,
      csv,
      seen: [
        [dress.variantIds[0] as number, 10],
        [other.variantIds[0] as number, 7],
      ],
    })
    expect(outcome).toMatchObject({
      ok: false,
      code: 'invalid',
      preview: { errors: [{ line: 3, code: 'sku-unknown' }] },
    })
    expect(await stocks(dress)).toEqual([10, 3, 0])
    expect(await stocks(other)).toEqual([7])
  })

  test('apply: all changes at once, as previewed', async () => {
    await resetStocks()
    const skus = await skusOf(shopA)
    const csv = `\uFEFFsku,stock\r\n${skus.get(dress.variantIds[2] as number)},25\r\n${skus.get(shirt.variantIds[0] as number)},6\r\n${skus.get(shirt.variantIds[1] as number)},40\r\n`
    const preview = await previewStockCsv(t.ctx, { vendorId: shopA, csv })
    if (!preview.ok) throw new Error('refused')
    const seen: SeenStock = preview.changes.map((c) => [c.variantId, c.from])
    expect(seen).toEqual([
      [dress.variantIds[2], 0],
      [shirt.variantIds[0], 5],
    ])
    expect(await applyStockCsv(t.ctx, { vendorId: shopA, csv, seen })).toEqual({ ok: true, updated: 2 })
    expect(await stocks(dress)).toEqual([10, 3, 25])
    expect(await stocks(shirt)).toEqual([6, 40])
  })

  test('apply: refused with a fresh preview when a stock changed since the preview', async () => {
    await resetStocks()
    const skus = await skusOf(shopA)
    const csv = `sku,stock\n${skus.get(dress.variantIds[0] as number)},20\n${skus.get(dress.variantIds[1] as number)},30\n`
    const preview = await previewStockCsv(t.ctx, { vendorId: shopA, csv })
    if (!preview.ok) throw new Error('refused')
    const seen: SeenStock = preview.changes.map((c) => [c.variantId, c.from])
    // A sale takes one unit meanwhile.
    await setStock(t.ctx, dress.variantIds[1] as number, 2)
    const outcome = await applyStockCsv(t.ctx, { vendorId: shopA, csv, seen })
    expect(outcome).toMatchObject({
      ok: false,
      code: 'stale',
      preview: {
        changes: [
          { variantId: dress.variantIds[0], from: 10, to: 20 },
          { variantId: dress.variantIds[1], from: 2, to: 30 },
        ],
      },
    })
    expect(await stocks(dress)).toEqual([10, 2, 0])
    // A row that changed nothing at preview time but would now is a change the vendor never saw: refused too.
    const csv2 = `sku,stock\n${skus.get(dress.variantIds[0] as number)},10\n`
    await setStock(t.ctx, dress.variantIds[0] as number, 9)
    expect(await applyStockCsv(t.ctx, { vendorId: shopA, csv: csv2, seen: [] })).toMatchObject({ code: 'stale' })
    expect(await stocks(dress)).toEqual([9, 2, 0])
  })

  test('apply: a file refused as a whole (wrong columns) changes nothing', async () => {
    await resetStocks()
    expect(await applyStockCsv(t.ctx, { vendorId: shopA, csv: 'code,qty\nX,1\n', seen: [] })).toEqual({
      ok: false,
      code: 'wrong-columns',
      missing: ['sku', 'stock'],
    })
  })
})
