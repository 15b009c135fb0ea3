import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { imageFileNames } from '#app/modules/images/images.server.ts'
import { createOrder } from '#app/modules/orders/orders.server.ts'
import { applyBulkChange } from '#app/workflows/vendor-products-bulk.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeOwnedVendor, orderAddress, STANDARD_DELIVERY } from '#tests/shop.ts'
import { findProductBySlug } from './catalog.server.ts'
import { createCategory } from './catalog-admin.server.ts'
import type { ProductFormValues } from './product-editor.schemas.ts'
import { productImages, products, productTranslations, productVariants } from './tables.server.ts'
import {
  addProductPhotos,
  changeProductPhoto,
  createOwnProduct,
  findOwnProduct,
  listOwnProducts,
  parseProductForm,
} from './vendor-products.server.ts'
import {
  type BulkChange,
  type BulkTarget,
  changedPrice,
  parseBulkForm,
  readBulkForm,
} from './vendor-products-bulk.schemas.ts'
import { duplicateOwnProduct } from './vendor-products-bulk.server.ts'

let db: TestDatabase
let imageDir: string
const cat = { item: 0, other: 0 }
const A = { ownerUserId: 'bulk-a' }
const B = { ownerUserId: 'bulk-b' }
let seq = 0

async function create(owner: typeof A, over: Partial<ProductFormValues> = {}) {
  const n = ++seq
  const parsed = parseProductForm({
    title: `Bulk dress ${n}`,
    description: 'A wrap dress in bold kitenge print, sewn in Kigali.',
    translations: { rw: { title: '', description: '' }, fr: { title: '', description: '' } },
    categoryId: String(cat.item),
    price: '10 000',
    compareAtPrice: '',
    badge: '',
    status: 'draft',
    variants: [
      { id: '', size: 'S', colour: 'Blue', sku: `BK-${n}-S`, stock: '3' },
      { id: '', size: 'M', colour: 'Blue', sku: `BK-${n}-M`, stock: '5' },
    ],
    ...over,
  })
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  const result = await createOwnProduct(db.ctx, { ...owner, product: parsed.input })
  if (!result.ok) throw new Error(JSON.stringify(result))
  return result
}

let photoSeed = 0
/** A small JPEG, different each call (its own key): a smooth gradient, quick to encode. */
async function photo(): Promise<File> {
  const seed = ++photoSeed
  const [width, height] = [240, 300]
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = (x + seed * 7) % 256
      pixels[i + 1] = (y + seed * 13) % 256
      pixels[i + 2] = (seed * 29) % 256
    }
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer()
  return new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' })
}

async function addPhoto(owner: typeof A, productId: number, dir = imageDir) {
  const result = await addProductPhotos(db.ctx, {
    ...owner,
    productId,
    files: [await photo()],
    imageOptions: { dir, cacheDir: false },
  })
  if (!result.ok) throw new Error(JSON.stringify(result))
}

const row = async (id: number) => (await db.ctx.db.select().from(products).where(eq(products.id, id)))[0]
const ids = (...list: number[]): BulkTarget => ({ kind: 'ids', ids: list })

/** A bulk change applied at once (a confirmed one through its own preview's fingerprint). */
async function apply(owner: typeof A, target: BulkTarget, change: BulkChange) {
  const request = { target, change }
  const preview = await applyBulkChange(db.ctx, { ...owner, request, preview: true })
  if (!preview.ok) return preview
  return applyBulkChange(db.ctx, {
    ...owner,
    request,
    confirm: preview.outcome.fingerprint,
    imageOptions: { dir: imageDir, cacheDir: false },
  })
}

beforeAll(async () => {
  db = await createTestDatabase()
  imageDir = await mkdtemp(path.join(tmpdir(), 'isoko-bulk-'))
  await makeOwnedVendor(db.ctx, A.ownerUserId)
  await makeOwnedVendor(db.ctx, B.ownerUserId)
  const dept = (await createCategory(db.ctx, { slug: 'bulk-women', name: 'Women', level: 0 })).id
  const group = (await createCategory(db.ctx, { slug: 'bulk-clothing', name: 'Clothing', level: 1, parentId: dept })).id
  cat.item = (await createCategory(db.ctx, { slug: 'bulk-dresses', name: 'Dresses', level: 2, parentId: group })).id
  cat.other = (await createCategory(db.ctx, { slug: 'bulk-skirts', name: 'Skirts', level: 2, parentId: group })).id
}, 60_000)

afterAll(async () => {
  await db?.close()
  await rm(imageDir, { recursive: true, force: true })
})

describe('the bulk form', () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData()
    for (const [k, v] of entries) f.append(k, v)
    return parseBulkForm(readBulkForm(f))
  }

  it('reads ticked ids, the page with "all on this page", or the filter with "all matching"', () => {
    expect(
      form([
        ['action', 'activate'],
        ['id', '3'],
        ['id', '5'],
        ['id', 'x'],
      ]),
    ).toEqual({
      ok: true,
      request: { target: { kind: 'ids', ids: [3, 5] }, change: { kind: 'status', status: 'active' } },
    })
    expect(
      form([
        ['action', 'archive'],
        ['allOnPage', '1'],
        ['pageId', '7'],
        ['pageId', '8'],
      ]),
    ).toMatchObject({
      ok: true,
      request: { target: { kind: 'ids', ids: [7, 8] } },
    })
    expect(
      form([
        ['action', 'draft'],
        ['scope', 'matching'],
        ['status', 'active'],
        ['q', ' dress '],
        ['id', '1'],
      ]),
    ).toMatchObject({ ok: true, request: { target: { kind: 'matching', status: 'active', q: 'dress' } } })
  })

  it('refuses no product, no action, a bad amount or percent, with a message on the field', () => {
    expect(form([['action', 'activate']])).toEqual({ ok: false, errors: { scope: 'vendorProducts.bulk.error.none' } })
    expect(form([['id', '1']])).toEqual({ ok: false, errors: { action: 'vendorProducts.bulk.error.action' } })
    const price = (direction: string, mode: string, amount: string) =>
      form([
        ['action', 'price'],
        ['id', '1'],
        ['direction', direction],
        ['mode', mode],
        ['amount', amount],
      ])
    expect(price('down', 'percent', '100')).toEqual({
      ok: false,
      errors: { amount: 'vendorProducts.bulk.error.percentDown' },
    })
    expect(price('up', 'amount', '2.5')).toEqual({
      ok: false,
      errors: { amount: 'vendorProducts.bulk.error.wholeFrancs' },
    })
    expect(price('up', 'amount', '')).toEqual({
      ok: false,
      errors: { amount: 'vendorProducts.bulk.error.amountRequired' },
    })
    expect(price('up', 'percent', '0')).toEqual({
      ok: false,
      errors: { amount: 'vendorProducts.bulk.error.amountPositive' },
    })
    expect(price('up', 'amount', '2 500')).toMatchObject({
      ok: true,
      request: { change: { kind: 'price', direction: 'up', mode: 'amount', value: 2500 } },
    })
    expect(price('down', 'percent', '7,5')).toMatchObject({
      ok: true,
      request: { change: { kind: 'price', direction: 'down', mode: 'percent', value: 7.5 } },
    })
    expect(
      form([
        ['action', 'category'],
        ['id', '1'],
      ]),
    ).toEqual({
      ok: false,
      errors: { categoryId: 'vendorProducts.bulk.error.category' },
    })
  })

  it('rounds a percent change to whole francs, half up', () => {
    const pct = (direction: 'up' | 'down', value: number) =>
      ({ kind: 'price', direction, mode: 'percent', value }) as const
    expect(changedPrice(12_345, pct('up', 10))).toBe(13_580) // 13 579.5
    expect(changedPrice(12_345, pct('down', 10))).toBe(11_111) // 11 110.5
    expect(changedPrice(999, pct('down', 33.33))).toBe(666) // 666.03
    expect(changedPrice(5_000, { kind: 'price', direction: 'down', mode: 'amount', value: 5_000 })).toBe(0)
  })
})

describe('the list', () => {
  it('sorts by name, price, stock and date, and shows a range when variants have their own prices', async () => {
    const mark = `Sortme${Date.now().toString(36)}`
    const b = await create(B, {
      title: `${mark} b`,
      price: '3 000',
      variants: [{ id: '', size: '', colour: '', sku: `${mark}-B`, stock: '9' }],
    })
    const a = await create(B, {
      title: `${mark} A`,
      price: '5 000',
      variants: [{ id: '', size: '', colour: '', sku: `${mark}-A`, stock: '1' }],
    })
    const c = await create(B, {
      title: `${mark} c`,
      price: '4 000',
      variants: [
        { id: '', size: 'S', colour: '', sku: `${mark}-C`, stock: '5' },
        { id: '', size: 'XL', colour: '', sku: `${mark}-CX`, stock: '0' },
      ],
    })
    await db.ctx.db
      .update(productVariants)
      .set({ price: 4_500 })
      .where(eq(productVariants.sku, `${mark}-CX`.toUpperCase()))
    const order = async (sort: Parameters<typeof listOwnProducts>[1]['sort']) =>
      (await listOwnProducts(db.ctx, { ...B, status: 'all', q: mark, sort }))?.items.map((p) => p.id)
    expect(await order('name')).toEqual([a.id, b.id, c.id])
    expect(await order('name-desc')).toEqual([c.id, b.id, a.id])
    expect(await order('price-asc')).toEqual([b.id, c.id, a.id])
    expect(await order('price-desc')).toEqual([a.id, c.id, b.id])
    expect(await order('stock-asc')).toEqual([a.id, c.id, b.id])
    expect(await order('stock-desc')).toEqual([b.id, c.id, a.id])
    expect(await order('newest')).toEqual([c.id, a.id, b.id])
    expect(await order('oldest')).toEqual([b.id, a.id, c.id])
    const list = await listOwnProducts(db.ctx, { ...B, status: 'all', q: `${mark}-cx` })
    expect(list?.items).toEqual([
      expect.objectContaining({
        id: c.id,
        price: 4_000,
        minPrice: null,
        maxPrice: 4_500,
        totalStock: 5,
        variantCount: 2,
      }),
    ])
  })
})

describe('bulk status', () => {
  it("activates the owner's drafts that have a photo, skips the others with the reason, never another store's", async () => {
    const withPhoto = await create(A)
    await addPhoto(A, withPhoto.id)
    const noPhoto = await create(A)
    const theirs = await create(B)
    await addPhoto(B, theirs.id)
    const result = await apply(A, ids(withPhoto.id, noPhoto.id, theirs.id, 999_999), {
      kind: 'status',
      status: 'active',
    })
    expect(result).toMatchObject({
      ok: true,
      applied: true,
      outcome: {
        matched: 2,
        changed: 1,
        unchanged: 0,
        skippedCount: 1,
        skipped: [{ id: noPhoto.id, title: expect.any(String), reason: 'needs-photo' }],
      },
    })
    expect((await row(withPhoto.id)).status).toBe('active')
    expect((await row(withPhoto.id)).listed).toBe(true)
    expect(await findProductBySlug(db.ctx, withPhoto.slug)).not.toBeNull()
    expect((await row(noPhoto.id)).status).toBe('draft')
    expect((await row(theirs.id)).status).toBe('draft')

    // Again: already active, nothing changes (a double submit is harmless).
    const again = await apply(A, ids(withPhoto.id), { kind: 'status', status: 'active' })
    expect(again).toMatchObject({ ok: true, outcome: { changed: 0, unchanged: 1 } })

    // Archived: off the storefront in the same transaction.
    await apply(A, ids(withPhoto.id), { kind: 'status', status: 'archived' })
    expect(await findProductBySlug(db.ctx, withPhoto.slug)).toBeNull()
  })

  it("'all matching' applies to the list's filter across pages, not to the ids posted", async () => {
    const mark = `Matchme${Date.now().toString(36)}`
    const made = []
    for (let i = 0; i < 5; i++) made.push(await create(A, { title: `${mark} shirt ${i}` }))
    const other = await create(A, { title: 'Unrelated wrap' })
    const theirs = await create(B, { title: `${mark} shirt of B` })
    const page = await listOwnProducts(db.ctx, { ...A, status: 'draft', q: mark.toLowerCase(), perPage: 2 })
    expect(page).toMatchObject({ total: 5, pageCount: 3 })
    const result = await apply(
      A,
      { kind: 'matching', status: 'draft', q: mark.toLowerCase() },
      {
        kind: 'status',
        status: 'archived',
      },
    )
    expect(result).toMatchObject({ ok: true, outcome: { matched: 5, changed: 5 } })
    for (const p of made) expect((await row(p.id)).status).toBe('archived')
    expect((await row(other.id)).status).toBe('draft')
    expect((await row(theirs.id)).status).toBe('draft')
  })

  it('finds products by SKU for "all matching", in any case', async () => {
    const p = await create(A, {
      variants: [{ id: '', size: '', colour: '', sku: 'ZZSKU-MATCH-1', stock: '1' }],
    })
    const result = await apply(
      A,
      { kind: 'matching', status: 'all', q: 'zzsku-match' },
      {
        kind: 'status',
        status: 'archived',
      },
    )
    expect(result).toMatchObject({ ok: true, outcome: { matched: 1, changed: 1, lines: [{ id: p.id }] } })
  })
})

describe('bulk price', () => {
  it('changes by an amount or a percent, rounded, the variant and "was" prices alike; skips a price that would be 0', async () => {
    const plain = await create(A, { price: '12 345' })
    const onSale = await create(A, { price: '10 000', compareAtPrice: '12 000' })
    const cheap = await create(A, { price: '2 000' })
    await db.ctx.db
      .update(productVariants)
      .set({ price: 11_000 })
      .where(
        eq(productVariants.sku, (await findOwnProduct(db.ctx, { ...A, productId: onSale.id }))?.variants[1].sku ?? ''),
      )
    const theirs = await create(B, { price: '10 000' })

    const down = await apply(A, ids(plain.id, onSale.id, cheap.id, theirs.id), {
      kind: 'price',
      direction: 'down',
      mode: 'amount',
      value: 2_000,
    })
    expect(down).toMatchObject({
      ok: true,
      applied: true,
      outcome: {
        matched: 3,
        changed: 2,
        lines: [
          { id: plain.id, before: 12_345, after: 10_345 },
          { id: onSale.id, before: 10_000, after: 8_000 },
        ],
        skipped: [{ id: cheap.id, reason: 'price-not-positive' }],
      },
    })
    expect(await row(onSale.id)).toMatchObject({ price: 8_000, compareAtPrice: 10_000 })
    expect((await row(cheap.id)).price).toBe(2_000)
    expect((await row(theirs.id)).price).toBe(10_000)
    const variantPrices = async (id: number) =>
      (await db.ctx.db.select().from(productVariants).where(eq(productVariants.productId, id))).map((v) => v.price)
    expect(await variantPrices(onSale.id)).toEqual([null, 9_000])

    const up = await apply(A, ids(plain.id, onSale.id), { kind: 'price', direction: 'up', mode: 'percent', value: 10 })
    expect(up).toMatchObject({ ok: true, outcome: { changed: 2 } })
    expect((await row(plain.id)).price).toBe(11_380) // 10 345 × 1.1 = 11 379.5
    expect(await row(onSale.id)).toMatchObject({ price: 8_800, compareAtPrice: 11_000 })
    expect(await variantPrices(onSale.id)).toEqual([null, 9_900])
  })

  it('asks for a confirmation first, and a second confirmation of the same preview changes nothing more', async () => {
    const p = await create(A, { price: '10 000' })
    const request = {
      target: ids(p.id),
      change: { kind: 'price', direction: 'up', mode: 'amount', value: 500 } as const,
    }
    const preview = await applyBulkChange(db.ctx, { ...A, request })
    expect(preview).toMatchObject({ ok: true, applied: false, outcome: { changed: 1, lines: [{ after: 10_500 }] } })
    expect((await row(p.id)).price).toBe(10_000)
    if (!preview.ok) return
    const confirm = preview.outcome.fingerprint
    // Two confirmations at once (a double click): one applies, the other finds the price moved.
    const results = await Promise.all([
      applyBulkChange(db.ctx, { ...A, request, confirm }),
      applyBulkChange(db.ctx, { ...A, request, confirm }),
    ])
    expect(results.filter((r) => r.ok && r.applied)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.code === 'stale')).toHaveLength(1)
    expect((await row(p.id)).price).toBe(10_500)
  })

  it('drops a "was" price that would no longer be above the price', async () => {
    const p = await create(A, { price: '10 000', compareAtPrice: '10 500' })
    // 10% down: 9 000, was 9 450; then up 1 000 francs: 10 000, was 10 450.
    await apply(A, ids(p.id), { kind: 'price', direction: 'down', mode: 'percent', value: 10 })
    expect(await row(p.id)).toMatchObject({ price: 9_000, compareAtPrice: 9_450 })
    await db.ctx.db.update(products).set({ compareAtPrice: 9_001 }).where(eq(products.id, p.id))
    await apply(A, ids(p.id), { kind: 'price', direction: 'down', mode: 'percent', value: 50 })
    expect(await row(p.id)).toMatchObject({ price: 4_500, compareAtPrice: 4_501 })
    await apply(A, ids(p.id), { kind: 'price', direction: 'down', mode: 'percent', value: 99.99 })
    expect(await row(p.id)).toMatchObject({ price: 4_500 }) // 0.45: skipped
  })
})

describe('bulk category', () => {
  it("files the owner's products under a category; refuses a category that is not a product category", async () => {
    const p = await create(A)
    const theirs = await create(B)
    expect(await apply(A, ids(p.id, theirs.id), { kind: 'category', categoryId: cat.other })).toMatchObject({
      ok: true,
      outcome: { matched: 1, changed: 1 },
    })
    expect((await row(p.id)).categoryId).toBe(cat.other)
    expect((await row(theirs.id)).categoryId).toBe(cat.item)
    const group = (await db.ctx.db.select().from(products).where(eq(products.id, p.id)))[0].categoryId
    expect(group).toBe(cat.other)
    expect(await apply(A, ids(p.id), { kind: 'category', categoryId: 999_999 })).toEqual({
      ok: false,
      code: 'category',
    })
  })
})

describe('bulk delete', () => {
  it('deletes only drafts without orders; an active one or one an order names is skipped with the reason', async () => {
    const draft = await create(A)
    await addPhoto(A, draft.id)
    const active = await create(A)
    await addPhoto(A, active.id)
    await apply(A, ids(active.id), { kind: 'status', status: 'active' })
    const ordered = await create(A)
    const theirs = await create(B)
    const o = await findOwnProduct(db.ctx, { ...A, productId: ordered.id })
    const variant = o?.variants[0]
    if (!variant) throw new Error('no variant')
    const customer = await createCustomer(db.ctx, { firstName: 'Aline', lastName: 'B', email: 'bulk-buyer@example.rw' })
    await createOrder(db.ctx, {
      customerId: customer.id,
      checkoutKey: 'bulk-1',
      paymentMethod: 'cod',
      delivery: STANDARD_DELIVERY,
      address: orderAddress({ recipient: 'Aline' }),
      lines: [
        {
          variantId: variant.id,
          productId: ordered.id,
          vendorId: (await row(ordered.id)).vendorId,
          title: 'Ordered',
          slug: ordered.slug,
          size: variant.size,
          colour: variant.colour,
          sku: variant.sku,
          unitPrice: 10_000,
          quantity: 1,
        },
      ],
      paymentDueAt: null,
      vatAmount: 0,
    })
    const [{ imageKey }] = await db.ctx.db.select().from(productImages).where(eq(productImages.productId, draft.id))
    const request = { target: ids(draft.id, active.id, ordered.id, theirs.id), change: { kind: 'delete' } as const }
    const preview = await applyBulkChange(db.ctx, { ...A, request })
    expect(preview).toMatchObject({
      ok: true,
      applied: false,
      outcome: {
        matched: 3,
        changed: 1,
        lines: [{ id: draft.id }],
        skipped: [
          { id: active.id, reason: 'not-draft' },
          { id: ordered.id, reason: 'ordered' },
        ],
      },
    })
    expect(await row(draft.id)).toBeDefined()
    if (!preview.ok) return
    const done = await applyBulkChange(db.ctx, {
      ...A,
      request,
      confirm: preview.outcome.fingerprint,
      imageOptions: { dir: imageDir, cacheDir: false },
    })
    expect(done).toMatchObject({ ok: true, applied: true, outcome: { changed: 1 } })
    expect(await row(draft.id)).toBeUndefined()
    expect(await row(active.id)).toBeDefined()
    expect(await row(ordered.id)).toBeDefined()
    expect(await row(theirs.id)).toBeDefined()
    // The deleted draft's picture files went with it (no other row named them).
    const left = await readdir(imageDir)
    for (const name of imageFileNames(imageKey)) expect(left).not.toContain(name)
    // The same confirmation again: the draft is gone, nothing else is deleted.
    const again = await applyBulkChange(db.ctx, { ...A, request, confirm: preview.outcome.fingerprint })
    expect(again).toMatchObject({ ok: false, code: 'stale', outcome: { changed: 0 } })
  })
})

describe('duplicate', () => {
  it("copies a product as a draft with new SKUs, no stock, the same photos and translations; not another store's", async () => {
    const dir = await mkdtemp(path.join(imageDir, 'dup-'))
    const source = await create(A, {
      title: 'Imigongo cushion',
      compareAtPrice: '12 000',
      translations: {
        rw: { title: 'Umusego w’imigongo', description: 'Umusego ukozwe mu Rwanda, mu buryo bw’imigongo.' },
        fr: { title: '', description: '' },
      },
    })
    await addPhoto(A, source.id, dir)
    await apply(A, ids(source.id), { kind: 'status', status: 'active' })
    const copyTitle = (title: string) => `Copy of ${title}`
    expect(await duplicateOwnProduct(db.ctx, { ...B, productId: source.id, copyTitle })).toEqual({
      ok: false,
      code: 'not_found',
    })
    const result = await duplicateOwnProduct(db.ctx, { ...A, productId: source.id, copyTitle })
    if (!result.ok) throw new Error('refused')
    const [original, copy] = await Promise.all([
      findOwnProduct(db.ctx, { ...A, productId: source.id }),
      findOwnProduct(db.ctx, { ...A, productId: result.id }),
    ])
    expect(copy).toMatchObject({
      title: 'Copy of Imigongo cushion',
      status: 'draft',
      price: 10_000,
      compareAtPrice: 12_000,
      categoryId: cat.item,
      translations: { rw: { title: 'Umusego w’imigongo' } },
    })
    expect(copy?.slug).not.toBe(original?.slug)
    expect(copy?.variants.map((v) => [v.size, v.sku, v.stock])).toEqual(
      original?.variants.map((v) => [v.size, `${v.sku}-C`, 0]),
    )
    expect(copy?.photos.map((p) => p.imageKey)).toEqual(original?.photos.map((p) => p.imageKey))

    // A second click within seconds gives the same copy; a later one a new copy, with SKUs unique again.
    expect(await duplicateOwnProduct(db.ctx, { ...A, productId: source.id, copyTitle })).toEqual(result)
    const later = await duplicateOwnProduct(db.ctx, {
      ...A,
      productId: source.id,
      copyTitle,
      now: new Date(Date.now() + 60_000),
    })
    if (!later.ok) throw new Error('refused')
    expect(later.id).not.toBe(result.id)
    const skus = (
      await db.ctx.db
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(productVariants.productId, [source.id, result.id, later.id]))
    ).map((r) => r.sku)
    expect(new Set(skus).size).toBe(6)
    expect(skus.filter((s) => s.endsWith('-C2'))).toHaveLength(2)

    // Deleting the copy's photo, then the copy itself, keeps the original's picture files.
    const key = original?.photos[0]?.imageKey ?? ''
    const copyPhoto = copy?.photos[0]?.id ?? 0
    await changeProductPhoto(db.ctx, {
      ...A,
      productId: result.id,
      photoId: copyPhoto,
      change: { kind: 'delete' },
      imageOptions: { dir, cacheDir: false },
    })
    const preview = await applyBulkChange(db.ctx, {
      ...A,
      request: { target: ids(later.id), change: { kind: 'delete' } },
    })
    if (!preview.ok) throw new Error('refused')
    await applyBulkChange(db.ctx, {
      ...A,
      request: { target: ids(later.id), change: { kind: 'delete' } },
      confirm: preview.outcome.fingerprint,
      imageOptions: { dir, cacheDir: false },
    })
    expect(await row(later.id)).toBeUndefined()
    const files = await readdir(dir)
    for (const name of imageFileNames(key)) expect(files).toContain(name)
    expect(
      await db.ctx.db.select().from(productTranslations).where(eq(productTranslations.productId, source.id)),
    ).toHaveLength(1)
  })
})
