import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { findProductBySlug } from '#app/modules/catalog/catalog.server.ts'
import { createCategory } from '#app/modules/catalog/catalog-admin.server.ts'
import type { ProductFormValues, ProductInput } from '#app/modules/catalog/product-editor.schemas.ts'
import { STOCK_MAX } from '#app/modules/catalog/stock-levels.ts'
import { productVariants } from '#app/modules/catalog/tables.server.ts'
import type { GridRow } from '#app/modules/catalog/variant-grid.ts'
import {
  addProductPhotos,
  changeProductPhoto,
  createOwnProduct,
  findOwnProduct,
  parseProductForm,
  setOwnProductStatus,
} from '#app/modules/catalog/vendor-products.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { updateOwnProduct } from '#app/workflows/vendor-products.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type EditorActionData, productEditorAction } from './product-editor.server.ts'

// The product editor's size × colour grid, variant prices and photos tied to a colour (issue 17), through its
// action (as a vendor's posts reach it, with or without JavaScript) and the catalogue's services.

let db: TestDatabase
let imageDir: string
let categoryId = 0
const A = { ownerUserId: 'grid-vendor-a' }
const B = { ownerUserId: 'grid-vendor-b' }
let seq = 0

async function addStore(ownerUserId: string) {
  await db.ctx.db
    .insert(users)
    .values({ id: ownerUserId, name: ownerUserId, email: `${ownerUserId}@example.rw`, role: 'vendor' })
  await createVendor(db.ctx, {
    name: `Store ${ownerUserId}`,
    slug: ownerUserId,
    ownerName: 'Owner',
    email: `${ownerUserId}-store@example.rw`,
    phone: '+250788000000',
    description: 'A store that sells things',
    about: 'About the store',
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    status: 'approved',
    ownerUserId,
  })
}

const row = (over: Partial<GridRow>): GridRow => ({
  id: '',
  size: '',
  colour: '',
  sku: '',
  stock: '1',
  price: '',
  ...over,
})

function form(over: Partial<ProductFormValues> = {}): ProductFormValues {
  const n = ++seq
  return {
    title: 'Kitenge shirt',
    description: 'A kitenge shirt sewn in Kigali.',
    translations: { rw: { title: '', description: '' }, fr: { title: '', description: '' } },
    categoryId: String(categoryId),
    price: '10 000',
    compareAtPrice: '',
    badge: '',
    status: 'draft',
    sizes: 'S, XL',
    colours: 'Red',
    variants: [
      row({ size: 'S', colour: 'Red', sku: `ks-${n}-s`, stock: '3' }),
      row({ size: 'XL', colour: 'Red', sku: `ks-${n}-xl`, stock: '2', price: '12.500' }),
    ],
    ...over,
  }
}

function input(values: ProductFormValues): ProductInput {
  const parsed = parseProductForm(values)
  if (!parsed.ok) throw new Error(`form refused: ${JSON.stringify(parsed.errors)}`)
  return parsed.input
}

async function create(owner = A, over: Partial<ProductFormValues> = {}) {
  const result = await createOwnProduct(db.ctx, { ...owner, product: input(form(over)) })
  if (!result.ok) throw new Error(`create refused: ${JSON.stringify(result)}`)
  return result
}

async function photo(seed: number): Promise<File> {
  const bytes = await sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: seed * 40, g: 90, b: 120 } },
  })
    .jpeg({ quality: 70 })
    .toBuffer()
  return new File([new Uint8Array(bytes)], `photo-${seed}.jpg`, { type: 'image/jpeg' })
}

const actorOf = (owner: typeof A): Actor => ({ userId: owner.ownerUserId, role: 'vendor', email: null, name: 'Vendor' })

/** The editor's action answering a post, as the route calls it. */
async function post(owner: typeof A, productId: number | null, fields: [string, string][]) {
  const body = new FormData()
  for (const [k, v] of fields) body.append(k, v)
  const url = `http://localhost/vendor-dashboard/products/${productId ?? 'new'}`
  const answer = await productEditorAction(
    db.ctx,
    new Request(url, { method: 'POST', body }),
    actorOf(owner),
    productId === null ? undefined : String(productId),
  )
  return answer as { data: EditorActionData; init: { status?: number } | null }
}

function fieldsOf(values: ProductFormValues, intent: string): [string, string][] {
  const fields: [string, string][] = [
    ['intent', intent],
    ['title', values.title],
    ['description', values.description],
    ['categoryId', values.categoryId],
    ['price', values.price],
    ['compareAtPrice', values.compareAtPrice],
    ['badge', values.badge],
    ['status', values.status],
    ['sizes', values.sizes ?? ''],
    ['colours', values.colours ?? ''],
  ]
  values.variants.forEach((v, i) => {
    for (const key of ['id', 'size', 'colour', 'sku', 'stock', 'price'] as const)
      fields.push([`variants[${i}].${key}`, v[key] ?? ''])
  })
  return fields
}

beforeAll(async () => {
  db = await createTestDatabase()
  imageDir = await mkdtemp(path.join(tmpdir(), 'isoko-variant-grid-'))
  await addStore(A.ownerUserId)
  await addStore(B.ownerUserId)
  const dept = await createCategory(db.ctx, { slug: 'grid-women', name: 'Women', level: 0 })
  const group = await createCategory(db.ctx, { slug: 'grid-clothing', name: 'Clothing', level: 1, parentId: dept.id })
  categoryId = (await createCategory(db.ctx, { slug: 'grid-shirts', name: 'Shirts', level: 2, parentId: group.id })).id
}, 60_000)

afterAll(async () => {
  await db?.close()
  await rm(imageDir, { recursive: true, force: true })
})

describe('variant prices in the editor', () => {
  it('stores a variant’s own price (typed as “12.500”) and null for the product’s price', async () => {
    const { id } = await create()
    const p = await findOwnProduct(db.ctx, { ...A, productId: id })
    expect(p?.variants.map((v) => [v.size, v.price])).toEqual([
      ['S', null],
      ['XL', 12_500],
    ])
  })

  it('reads a form built without the grid’s fields or variant prices as the product’s price', () => {
    const { sizes: _s, colours: _c, ...rest } = form()
    const values = { ...rest, variants: rest.variants.map(({ price: _p, ...v }) => v) }
    const parsed = parseProductForm(values)
    expect(parsed.ok ? parsed.input.variants.map((v) => v.price) : parsed.errors).toEqual([null, null])
  })

  it('refuses a variant cheaper than the product, on that row’s price', () => {
    const values = form()
    values.variants[1].price = '9 000'
    const parsed = parseProductForm(values)
    expect(parsed.ok ? null : parsed.errors['variants[1].price']).toBe('productEditor.error.variantPriceLow')
  })

  it('refuses a stock above the one stock limit every tool shares', () => {
    const values = form()
    values.variants[0].stock = String(STOCK_MAX + 1)
    const parsed = parseProductForm(values)
    expect(parsed.ok ? null : parsed.errors['variants[0].stock']).toBe('productEditor.error.stockHigh')
    values.variants[0].stock = String(STOCK_MAX)
    expect(parseProductForm(values).ok).toBe(true)
  })
})

describe('the variant limit', () => {
  it('keeps every posted row and refuses more than 100 with a message, never cutting silently', async () => {
    const many = Array.from({ length: 101 }, (_, i) => row({ size: String(i + 1), sku: `MANY-${seq}-${i}` }))
    const values = form({ sizes: many.map((r) => r.size).join(', '), colours: '', variants: many })
    const answer = await post(A, null, fieldsOf(values, 'save'))
    expect(answer.init?.status).toBe(400)
    expect(answer.data.errors?.variants).toBe('productEditor.error.variantsMany')
    // Every row comes back as typed, the 101st too.
    expect(answer.data.values?.variants).toHaveLength(101)
    const exactly = form({
      sizes: many
        .slice(0, 100)
        .map((r) => r.size)
        .join(', '),
      colours: '',
      variants: many.slice(0, 100),
    })
    expect(parseProductForm(exactly).ok).toBe(true)
  })

  it('refuses to build a grid over the limit, with a message', async () => {
    const sizes = Array.from({ length: 11 }, (_, i) => `S${i}`).join(', ')
    const colours = Array.from({ length: 10 }, (_, i) => `C${i}`).join(', ')
    const answer = await post(A, null, fieldsOf(form({ sizes, colours }), 'buildGrid'))
    expect(answer.init?.status).toBe(400)
    expect(answer.data.errors?.variants).toBe('productEditor.error.gridTooBig')
  })
})

describe('building the grid without JavaScript', () => {
  it('answers with every combination, keeping the rows typed, and saves it as a plain post', async () => {
    const values = form({ sizes: 'S, M, XL', colours: 'Red, Blue' })
    values.variants[1].stock = '9'
    const built = await post(A, null, fieldsOf(values, 'buildGrid'))
    const grid = built.data.values?.variants ?? []
    expect(grid.map((r) => `${r.size}/${r.colour}`)).toEqual([
      'S/Red',
      'S/Blue',
      'M/Red',
      'M/Blue',
      'XL/Red',
      'XL/Blue',
    ])
    const xlRed = grid[4]
    expect([xlRed.sku, xlRed.stock, xlRed.price]).toEqual([values.variants[1].sku, '9', '12.500'])
    expect(grid[5].sku).toBe('KITENGE-SHIRT-XL-BLUE')

    // A save whose sizes changed since the grid was built saves nothing and answers with the new grid.
    const stale = await post(A, null, fieldsOf({ ...values, variants: grid, sizes: 'S, M, XL, XXL' }, 'save'))
    expect(stale.init?.status).toBe(400)
    expect(stale.data.notice).toBe('productEditor.grid.rebuilt')
    expect(stale.data.values?.variants).toHaveLength(8)

    const saved = await post(
      A,
      null,
      fieldsOf({ ...values, variants: grid.map((r) => ({ ...r, sku: `${r.sku}-${seq}` })) }, 'save'),
    )
    expect(saved).toBeInstanceOf(Response)
  })

  it('fills a size preset', async () => {
    const built = await post(A, null, fieldsOf(form({ colours: '' }), 'sizePreset:letters'))
    expect(built.data.values?.sizes).toBe('XS, S, M, L, XL, XXL')
    expect(built.data.values?.variants.map((r) => r.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL'])
  })
})

describe('another vendor’s product', () => {
  it('cannot get variants or prices set, whatever ids are posted', async () => {
    const theirs = await create(B)
    const mine = await create(A)
    const theirVariants = await db.ctx.db
      .select({ id: productVariants.id, price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.productId, theirs.id))
    // Their product id in the address: not found, whatever the intent.
    for (const intent of ['save', 'buildGrid', 'removeVariant:0', 'photoColour']) {
      const thrown = await post(A, theirs.id, fieldsOf(form(), intent)).catch((e: unknown) => e)
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404)
    }
    // My product id with their variant ids in the rows: refused, their variants untouched.
    const values = form()
    values.variants = values.variants.map((v, i) => ({ ...v, id: String(theirVariants[i].id), price: '50 000' }))
    const result = await updateOwnProduct(db.ctx, { ...A, productId: mine.id, product: input(values) })
    expect(result.ok).toBe(false)
    const after = await db.ctx.db
      .select({ id: productVariants.id, price: productVariants.price })
      .from(productVariants)
      .where(eq(productVariants.productId, theirs.id))
    expect(after).toEqual(theirVariants)
  })
})

describe('photos tied to a colour', () => {
  it('ties a photo to one of the product’s colours (or all), and the product page lists each photo’s colour', async () => {
    const { id, slug } = await create(A, {
      sizes: 'S',
      colours: 'Red, Blue',
      variants: [
        row({ size: 'S', colour: 'Red', sku: `PH-${seq}-R`, stock: '2' }),
        row({ size: 'S', colour: 'Blue', sku: `PH-${seq}-B`, stock: '2' }),
      ],
    })
    const added = await addProductPhotos(db.ctx, {
      ...A,
      productId: id,
      files: [await photo(1), await photo(2)],
      imageOptions: { dir: imageDir, cacheDir: false },
    })
    expect(added.ok).toBe(true)
    const photos = (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos ?? []
    const blue = photos[1].id
    expect(
      await changeProductPhoto(db.ctx, {
        ...A,
        productId: id,
        photoId: blue,
        change: { kind: 'colour', colour: 'blue' },
      }),
    ).toEqual({ ok: true })
    // A colour the product does not come in is refused; another store cannot change it.
    expect(
      await changeProductPhoto(db.ctx, {
        ...A,
        productId: id,
        photoId: blue,
        change: { kind: 'colour', colour: 'Green' },
      }),
    ).toEqual({ ok: false, code: 'no-such-colour' })
    expect(
      await changeProductPhoto(db.ctx, {
        ...B,
        productId: id,
        photoId: blue,
        change: { kind: 'colour', colour: null },
      }),
    ).toEqual({ ok: false, code: 'not_found' })
    expect((await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos.map((p) => p.colour)).toEqual([null, 'Blue'])

    expect(await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'active' })).toEqual({ ok: true })
    const page = await findProductBySlug(db.ctx, slug)
    expect(page?.images.map((i) => i.colour)).toEqual([null, 'Blue'])

    // Back to every colour.
    await changeProductPhoto(db.ctx, { ...A, productId: id, photoId: blue, change: { kind: 'colour', colour: null } })
    expect((await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos.map((p) => p.colour)).toEqual([null, null])
  })
})
