import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnv } from '#app/lib/env.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { imageFileNames } from '#app/modules/images/images.server.ts'
import { LocalStorage } from '#app/modules/images/storage.server.ts'
import { createOrder } from '#app/modules/orders/orders.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { checkVariantRemovable, updateOwnProduct } from '#app/workflows/vendor-products.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { findProductBySlug, listProducts } from './catalog.server.ts'
import { createCategory } from './catalog-admin.server.ts'
import { emptyVariant, type ProductFormValues, type ProductInput, readProductForm } from './product-editor.schemas.ts'
import { productImages, products, productVariants } from './tables.server.ts'
import {
  addProductPhotos,
  changeProductPhoto,
  createOwnProduct,
  findOwnProduct,
  listCategoryChoices,
  listOwnProducts,
  parseProductForm,
  setOwnProductStatus,
  slugify,
} from './vendor-products.server.ts'

let db: TestDatabase
let imageDir: string
const cat = { dept: 0, group: 0, item: 0 }
const A = { ownerUserId: 'vendor-a' }
const B = { ownerUserId: 'vendor-b' }
const P = { ownerUserId: 'vendor-pending' }
let skuSeq = 0

async function addStore(name: string, ownerUserId: string, status: 'approved' | 'pending') {
  await db.ctx.db.insert(users).values({ id: ownerUserId, name, email: `${ownerUserId}@example.rw`, role: 'vendor' })
  const { id } = await createVendor(db.ctx, {
    name,
    slug: ownerUserId,
    ownerName: 'Owner',
    email: `${ownerUserId}-store@example.rw`,
    phone: '+250788000000',
    description: `${name} sells things`,
    about: `About ${name}`,
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    status,
    ownerUserId,
  })
  return id
}

/** A valid form as the browser posts it; variant rows get fresh SKUs. */
function form(over: Partial<ProductFormValues> = {}): ProductFormValues {
  const n = ++skuSeq
  return {
    title: 'Kitenge wrap dress',
    description: 'A wrap dress in bold kitenge print, sewn in Kigali.',
    translations: { rw: { title: '', description: '' }, fr: { title: '', description: '' } },
    categoryId: String(cat.item),
    price: '25 000',
    compareAtPrice: '',
    badge: 'new',
    status: 'draft',
    sizes: 'S, M',
    colours: 'Blue',
    variants: [
      { id: '', size: 'S', colour: 'Blue', sku: `kw-${n}-s`, stock: '3', price: '' },
      { id: '', size: 'M', colour: 'Blue', sku: `kw-${n}-m`, stock: '5', price: '' },
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

/** Back to the form's strings, as the editor shows a saved product. */
async function asForm(owner: typeof A, productId: number): Promise<ProductFormValues> {
  const p = await findOwnProduct(db.ctx, { ...owner, productId })
  if (!p) throw new Error('not found')
  return {
    title: p.title,
    description: p.description,
    translations: p.translations,
    categoryId: String(p.categoryId),
    price: String(p.price),
    compareAtPrice: p.compareAtPrice == null ? '' : String(p.compareAtPrice),
    badge: p.badge ?? '',
    status: p.status,
    sizes: '',
    colours: '',
    variants: p.variants.map((v) => ({
      id: String(v.id),
      size: v.size ?? '',
      colour: v.colour ?? '',
      sku: v.sku,
      stock: String(v.stock),
      price: v.price == null ? '' : String(v.price),
    })),
  }
}

let photoSeed = 0
/**
 * A small JPEG, different each call (so each gets its own key): a smooth gradient, which encodes within its budget
 * at the first quality tried (noise went through every quality step, about 1.3 s a photo instead of 0.2 s).
 */
async function photo(name = 'photo.jpg', width = 240, height = 300): Promise<File> {
  const seed = ++photoSeed
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
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
}

const imageOptions = () => ({ dir: imageDir, cacheDir: false as const })

async function addPhotos(owner: typeof A, productId: number, count = 1) {
  const files = await Promise.all(Array.from({ length: count }, () => photo()))
  return addProductPhotos(db.ctx, { ...owner, productId, files, imageOptions: imageOptions() })
}

beforeAll(async () => {
  db = await createTestDatabase()
  imageDir = await mkdtemp(path.join(tmpdir(), 'isoko-vendor-products-'))
  await addStore('Store A', A.ownerUserId, 'approved')
  await addStore('Store B', B.ownerUserId, 'approved')
  await addStore('Pending store', P.ownerUserId, 'pending')
  cat.dept = (await createCategory(db.ctx, { slug: 'women', name: 'Women', level: 0 })).id
  cat.group = (
    await createCategory(db.ctx, { slug: 'women-clothing', name: 'Clothing', level: 1, parentId: cat.dept })
  ).id
  cat.item = (
    await createCategory(db.ctx, { slug: 'women-dresses', name: 'Dresses', level: 2, parentId: cat.group })
  ).id
}, 60_000)

afterAll(async () => {
  await db?.close()
  await rm(imageDir, { recursive: true, force: true })
})

describe('the product form', () => {
  it('reads indexed variant rows in order and keeps every value as typed', () => {
    const f = new FormData()
    f.set('title', ' Dress ')
    f.set('variants[1].sku', 'B')
    f.set('variants[0].sku', 'A')
    f.set('variants[0].id', '7')
    const values = readProductForm(f)
    expect(values.title).toBe(' Dress ')
    expect(values.variants.map((v) => [v.id, v.sku])).toEqual([
      ['7', 'A'],
      ['', 'B'],
    ])
  })

  it('refuses missing fields, with a message on each', () => {
    const result = parseProductForm({
      ...form(),
      title: '',
      description: '',
      categoryId: '',
      price: '',
      variants: [{ ...emptyVariant(), stock: '' }],
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toMatchObject({
      title: 'productEditor.error.required',
      description: 'productEditor.error.required',
      categoryId: 'productEditor.error.category',
      price: 'productEditor.error.required',
      'variants[0].sku': 'productEditor.error.required',
      'variants[0].stock': 'productEditor.error.required',
    })
  })

  it('takes whole francs and wants the compare-at price above the price', () => {
    expect(input(form({ price: '12,500', compareAtPrice: '15 000' }))).toMatchObject({
      price: 12_500,
      compareAtPrice: 15_000,
    })
    expect(input(form({ compareAtPrice: '' })).compareAtPrice).toBeNull()
    // As Kinyarwanda and French write them too.
    expect(input(form({ price: '25.000', compareAtPrice: '30 000' }))).toMatchObject({
      price: 25_000,
      compareAtPrice: 30_000,
    })
    const errorsOf = (over: Partial<ProductFormValues>) => {
      const r = parseProductForm(form(over))
      return r.ok ? {} : r.errors
    }
    expect(errorsOf({ price: '12.5' }).price).toBe('productEditor.error.wholeFrancs')
    expect(errorsOf({ price: '12.50' }).price).toBe('productEditor.error.wholeFrancs')
    expect(errorsOf({ price: '0' }).price).toBe('productEditor.error.pricePositive')
    expect(errorsOf({ price: '20000', compareAtPrice: '20000' }).compareAtPrice).toBe('productEditor.error.compareAt')
    expect(errorsOf({ price: '20000', compareAtPrice: '1000' }).compareAtPrice).toBe('productEditor.error.compareAt')
    expect(errorsOf({ badge: 'free' }).badge).toBe('productEditor.error.badge')
  })

  it('needs a variant, and refuses a repeated SKU or size and colour within the form', () => {
    const none = parseProductForm(form({ variants: [] }))
    expect(none.ok ? null : none.errors.variants).toBe('productEditor.error.variantsNone')
    const repeated = parseProductForm(
      form({
        variants: [
          { id: '', size: 'S', colour: 'Blue', sku: 'DUP-1', stock: '1', price: '' },
          { id: '', size: 'M', colour: 'Blue', sku: 'dup-1', stock: '1', price: '' },
          { id: '', size: 's', colour: 'blue', sku: 'OTHER-1', stock: '1', price: '' },
        ],
      }),
    )
    expect(repeated.ok).toBe(false)
    if (repeated.ok) return
    expect(repeated.errors['variants[1].sku']).toBe('productEditor.error.skuRepeated')
    expect(repeated.errors['variants[2].size']).toBe('productEditor.error.optionRepeated')
    expect(repeated.errors['variants[0].sku']).toBeUndefined()
  })
})

describe('creating and saving products', () => {
  it('creates a draft with its variants and a unique slug from the title', async () => {
    const first = await create(A, { title: 'Imigongo bowl' })
    const second = await create(B, { title: 'Imigongo Bowl!' })
    const third = await create(A, { title: 'Imigongo bowl' })
    expect([first.slug, second.slug, third.slug]).toEqual(['imigongo-bowl', 'imigongo-bowl-2', 'imigongo-bowl-3'])
    expect(slugify('  Ëlégant   café ')).toBe('elegant-cafe')
    const product = await findOwnProduct(db.ctx, { ...A, productId: first.id })
    expect(product).toMatchObject({ status: 'draft', price: 25_000, badge: 'new', photos: [] })
    expect(product?.variants.map((v) => [v.size, v.stock])).toEqual([
      ['S', 3],
      ['M', 5],
    ])
  })

  it('files a product only under a level-2 category', async () => {
    for (const categoryId of [cat.dept, cat.group, 999_999]) {
      const result = await createOwnProduct(db.ctx, { ...A, product: input(form({ categoryId: String(categoryId) })) })
      expect(result).toEqual({ ok: false, code: 'invalid', errors: { categoryId: 'productEditor.error.category' } })
    }
    const choices = await listCategoryChoices(db.ctx)
    expect(choices).toEqual([{ label: 'Women · Clothing', options: [{ id: cat.item, name: 'Dresses' }] }])
  })

  it("refuses a SKU another product already uses, on that row's SKU field", async () => {
    const other = await create(B)
    const taken = (await findOwnProduct(db.ctx, { ...B, productId: other.id }))?.variants[1].sku ?? ''
    const values = form()
    values.variants[1].sku = taken.toLowerCase()
    const result = await createOwnProduct(db.ctx, { ...A, product: input(values) })
    expect(result).toEqual({
      ok: false,
      code: 'invalid',
      errors: { 'variants[1].sku': 'productEditor.error.skuTaken' },
    })
    const before = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '' })
    expect(before?.items.some((p) => p.title === values.title && p.totalStock === 0)).toBe(false)
  })

  it('updates fields and variants (add, change, remove, swap SKUs) in one save, keeping the slug', async () => {
    const { id, slug } = await create(A, { title: 'Basket original' })
    const values = await asForm(A, id)
    const [s, m] = values.variants
    values.title = 'Basket renamed'
    values.variants = [
      { ...s, sku: m.sku, stock: '9' },
      { ...emptyVariant(), size: 'L', colour: 'Blue', sku: `${s.sku}-new`, stock: '2' },
    ]
    values.variants.push({ ...emptyVariant(), size: 'XL', colour: 'Blue', sku: s.sku, stock: '1' })
    const result = await updateOwnProduct(db.ctx, { ...A, productId: id, product: input(values) })
    expect(result).toEqual({ ok: true, id, slug })
    const saved = await findOwnProduct(db.ctx, { ...A, productId: id })
    expect(saved?.title).toBe('Basket renamed')
    expect(saved?.variants.map((v) => [v.size, v.sku, v.stock])).toEqual([
      ['S', m.sku, 9],
      ['L', `${s.sku}-new`.toUpperCase(), 2],
      ['XL', s.sku, 1],
    ])
    expect(saved?.variants[0].id).toBe(Number(s.id))
  })

  it('changes nothing when a save is refused', async () => {
    const { id } = await create(A, { title: 'Unchanged title' })
    const values = await asForm(A, id)
    values.title = 'Changed title'
    values.categoryId = String(cat.group)
    const result = await updateOwnProduct(db.ctx, { ...A, productId: id, product: input(values) })
    expect(result.ok).toBe(false)
    expect((await findOwnProduct(db.ctx, { ...A, productId: id }))?.title).toBe('Unchanged title')
  })

  it('makes a product active only once it has a photo', async () => {
    const created = await createOwnProduct(db.ctx, { ...A, product: input(form({ status: 'active' })) })
    expect(created).toEqual({ ok: false, code: 'invalid', errors: { status: 'productEditor.error.activeNeedsPhoto' } })
    const { id, slug } = await create(A, { title: 'Woven tote' })
    expect(await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'active' })).toEqual({
      ok: false,
      code: 'needs-photo',
    })
    const values = { ...(await asForm(A, id)), status: 'active' }
    expect(await updateOwnProduct(db.ctx, { ...A, productId: id, product: input(values) })).toMatchObject({
      ok: false,
      errors: { status: 'productEditor.error.activeNeedsPhoto' },
    })
    expect(await addPhotos(A, id)).toEqual({ ok: true, added: 1 })
    expect(await updateOwnProduct(db.ctx, { ...A, productId: id, product: input(values) })).toMatchObject({ ok: true })
    // The storefront shows it: an approved store's active product.
    expect((await findProductBySlug(db.ctx, slug))?.title).toBe('Woven tote')
    expect(await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'archived' })).toEqual({ ok: true })
    expect(await findProductBySlug(db.ctx, slug)).toBeNull()
  })

  it('keeps the translations the vendor writes, and shoppers of that language read and find the product by them', async () => {
    const translations = {
      rw: { title: 'Ikanzu y’igitenge', description: 'Ikanzu y’igitenge cy’amabara meza, idodewe i Kigali.' },
      fr: { title: '', description: '' },
    }
    const { id, slug } = await create(A, { title: 'Ankara wrap dress', translations })
    expect((await asForm(A, id)).translations).toEqual(translations)
    await addPhotos(A, id)
    expect(await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'active' })).toEqual({ ok: true })
    // Kinyarwanda readers read the vendor's Kinyarwanda; French readers, for whom there is none, the vendor's own.
    expect(await findProductBySlug(db.ctx, slug, 'rw')).toMatchObject({
      title: 'Ikanzu y’igitenge',
      description: translations.rw.description,
    })
    expect(await findProductBySlug(db.ctx, slug, 'fr')).toMatchObject({ title: 'Ankara wrap dress' })
    const found = await listProducts(db.ctx, { q: 'ikanzu', sort: 'featured', page: 1, perPage: 24, locale: 'rw' })
    expect(found.items.map((c) => c.title)).toEqual(['Ikanzu y’igitenge'])
    // A translation shorter than a title may be is refused next to its field; an empty one leaves the language out.
    const refused = parseProductForm({
      ...form(),
      translations: { ...translations, fr: { title: 'ab', description: '' } },
    })
    expect(refused).toEqual({ ok: false, errors: { 'translations.fr.title': 'productEditor.error.short' } })
  })

  it("lets a pending store store an active product that the storefront doesn't show", async () => {
    const { id, slug } = await create(P, { title: 'Pending shawl' })
    await addPhotos(P, id)
    expect(await setOwnProductStatus(db.ctx, { ...P, productId: id, status: 'active' })).toEqual({ ok: true })
    expect(await findProductBySlug(db.ctx, slug)).toBeNull()
  })

  it('keeps a variant that an order names, with a message on its row', async () => {
    const { id, slug } = await create(A, { title: 'Ordered dress' })
    const values = await asForm(A, id)
    const [ordered, free] = values.variants
    const vendorId = (await db.ctx.db.select().from(products).where(eq(products.id, id)))[0].vendorId
    const customer = await createCustomer(db.ctx, { firstName: 'Aline', lastName: 'Buyer', email: 'buyer@example.rw' })
    await createOrder(db.ctx, {
      customerId: customer.id,
      checkoutKey: 'k-1',
      paymentMethod: 'cod',
      delivery: { option: 'standard', fee: 0, daysMin: 1, daysMax: 2, available: true },
      address: {
        recipient: 'Aline',
        phone: '+250788123456',
        province: 'Kigali',
        district: 'Gasabo',
        sector: 'Kimironko',
        cell: 'Bibare',
        landmark: 'Green gate',
      },
      lines: [
        {
          variantId: Number(ordered.id),
          productId: id,
          vendorId,
          title: 'Ordered dress',
          slug,
          size: ordered.size,
          colour: ordered.colour,
          sku: ordered.sku,
          unitPrice: 25_000,
          quantity: 1,
        },
      ],
      paymentDueAt: null,
      vatAmount: 0,
    })
    const variantId = Number(ordered.id)
    expect(await checkVariantRemovable(db.ctx, { ...A, productId: id, variantId })).toEqual({
      ok: false,
      code: 'ordered',
    })
    expect(await checkVariantRemovable(db.ctx, { ...A, productId: id, variantId: Number(free.id) })).toEqual({
      ok: true,
    })
    const result = await updateOwnProduct(db.ctx, {
      ...A,
      productId: id,
      product: input({ ...values, variants: [free] }),
    })
    expect(result).toEqual({ ok: false, code: 'invalid', errors: { variants: 'productEditor.error.variantOrdered' } })
    expect((await findOwnProduct(db.ctx, { ...A, productId: id }))?.variants).toHaveLength(2)
    // Stock 0 is the way to stop selling it.
    const zero = { ...values, variants: [{ ...ordered, stock: '0' }, free] }
    expect(await updateOwnProduct(db.ctx, { ...A, productId: id, product: input(zero) })).toMatchObject({ ok: true })
  })

  it('lists the store’s own products by status tab with counts, and by title or SKU', async () => {
    const listing = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '' })
    const all = listing?.counts.all ?? 0
    expect(all).toBeGreaterThan(3)
    expect((listing?.counts.draft ?? 0) + (listing?.counts.active ?? 0) + (listing?.counts.archived ?? 0)).toBe(all)
    const archived = await listOwnProducts(db.ctx, { ...A, status: 'archived', q: '' })
    expect(archived?.items.map((p) => p.title)).toEqual(['Woven tote'])
    expect(archived?.items[0].image).not.toBeNull()
    const search = await listOwnProducts(db.ctx, { ...A, status: 'all', q: 'BASKET' })
    expect(search?.items.map((p) => [p.title, p.totalStock])).toEqual([['Basket renamed', 12]])
    // A SKU typed in any case finds its product; each row says how many variants it has.
    const basket = await findOwnProduct(db.ctx, { ...A, productId: search?.items[0]?.id ?? 0 })
    const sku = basket?.variants[0]?.sku ?? 'none'
    const bySku = await listOwnProducts(db.ctx, { ...A, status: 'all', q: sku.toLowerCase() })
    expect(bySku?.items.map((p) => p.title)).toContain('Basket renamed')
    expect(bySku?.items.find((p) => p.title === 'Basket renamed')?.variantCount).toBe(basket?.variants.length)
    expect((await listOwnProducts(db.ctx, { ...B, status: 'all', q: sku }))?.items).toEqual([])
    const other = await listOwnProducts(db.ctx, { ...B, status: 'all', q: '' })
    expect(other?.items.every((p) => !['Woven tote', 'Basket renamed'].includes(p.title))).toBe(true)
    expect(await listOwnProducts(db.ctx, { ownerUserId: 'nobody', status: 'all', q: '' })).toBeNull()
  })

  it('pages the list: every product once over the pages, and a page past the last gives the last', async () => {
    const all = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '', perPage: 1000 })
    const total = all?.total ?? 0
    expect(total).toBe(all?.counts.all)
    const perPage = 2
    const first = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '', page: 1, perPage })
    expect(first).toMatchObject({ total, page: 1, pageCount: Math.ceil(total / perPage) })
    const seen: number[] = []
    for (let page = 1; page <= (first?.pageCount ?? 0); page++) {
      const listing = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '', page, perPage })
      seen.push(...(listing?.items.map((p) => p.id) ?? []))
    }
    expect(seen).toEqual(all?.items.map((p) => p.id))
    const past = await listOwnProducts(db.ctx, { ...A, status: 'all', q: '', page: 999, perPage })
    expect(past?.page).toBe(first?.pageCount)
    expect(past?.items.length).toBeGreaterThan(0)
    const search = await listOwnProducts(db.ctx, { ...A, status: 'all', q: 'BASKET', perPage })
    expect(search).toMatchObject({ total: 1, pageCount: 1 })
  })
})

describe('photos', () => {
  it('adds photos in order, moves them, picks the main one, edits alt text and deletes rows', async () => {
    const { id } = await create(A, { title: 'Photo dress' })
    expect(await addPhotos(A, id, 3)).toEqual({ ok: true, added: 3 })
    const ids = async () => (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos.map((p) => p.id) ?? []
    const [p1, p2, p3] = await ids()
    const change = (photoId: number, c: Parameters<typeof changeProductPhoto>[1]['change']) =>
      changeProductPhoto(db.ctx, { ...A, productId: id, photoId, change: c, imageOptions: imageOptions() })
    expect(await change(p3, { kind: 'move', direction: 'up' })).toEqual({ ok: true })
    expect(await ids()).toEqual([p1, p3, p2])
    expect(await change(p2, { kind: 'main' })).toEqual({ ok: true })
    expect(await ids()).toEqual([p2, p1, p3])
    expect(await change(p1, { kind: 'alt', alt: 'Back of the dress' })).toEqual({ ok: true })
    expect(await change(p2, { kind: 'delete' })).toEqual({ ok: true })
    const left = (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos
    expect(left?.map((p) => [p.id, p.position, p.alt])).toEqual([
      [p1, 0, 'Back of the dress'],
      [p3, 1, 'Photo dress'],
    ])
  })

  it('refuses more photos than UPLOAD_MAX_PHOTOS, and a file that is not a photo, adding none', async () => {
    const { id } = await create(A, { title: 'Many photos' })
    expect(await addPhotos(A, id, 9)).toEqual({ ok: false, code: 'too_many' })
    const text = new File(['not a photo at all'], 'fake.jpg', { type: 'image/jpeg' })
    const result = await addProductPhotos(db.ctx, {
      ...A,
      productId: id,
      files: [await photo(), text],
      imageOptions: imageOptions(),
    })
    expect(result).toEqual({ ok: false, code: 'not_image', fileName: 'fake.jpg' })
    expect(await db.ctx.db.select().from(productImages).where(eq(productImages.productId, id))).toEqual([])
  })

  it('keeps the last photo of an active product', async () => {
    const { id } = await create(A, { title: 'Last photo' })
    await addPhotos(A, id)
    await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'active' })
    const [only] = (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos ?? []
    expect(
      await changeProductPhoto(db.ctx, { ...A, productId: id, photoId: only.id, change: { kind: 'delete' } }),
    ).toEqual({ ok: false, code: 'last-photo-active' })
  })
})

describe('photo files', () => {
  /** A folder of its own for one test's pictures, so what is left in it is exactly what the test made. */
  const freshDir = () => mkdtemp(path.join(imageDir, 'files-'))
  const filesIn = async (dir: string) => (await readdir(dir).catch(() => [])).sort()
  const filesOf = (...keys: string[]) => keys.flatMap((k) => imageFileNames(k)).sort()
  const keysOf = async (productId: number) =>
    (await db.ctx.db.select().from(productImages).where(eq(productImages.productId, productId))).map((r) => r.imageKey)
  const add = (productId: number, files: File[], dir: string) =>
    addProductPhotos(db.ctx, { ...A, productId, files, imageOptions: { dir, cacheDir: false } })
  const remove = (productId: number, photoId: number, dir: string) =>
    changeProductPhoto(db.ctx, {
      ...A,
      productId,
      photoId,
      change: { kind: 'delete' },
      imageOptions: { dir, cacheDir: false },
    })
  const notAPhoto = () => new File(['not a photo at all'], 'fake.jpg', { type: 'image/jpeg' })

  it('a batch refused for a bad file after good ones leaves no new file behind', async () => {
    const dir = await freshDir()
    const { id } = await create(A, { title: 'Refused batch' })
    const result = await add(id, [await photo(), await photo(), notAPhoto()], dir)
    expect(result).toEqual({ ok: false, code: 'not_image', fileName: 'fake.jpg' })
    expect(await keysOf(id)).toEqual([])
    expect(await filesIn(dir)).toEqual([])
  })

  it('a batch whose storage fails part-way through a file leaves none of its files behind', async () => {
    const dir = await freshDir()
    const { id } = await create(A, { title: 'Storage fails' })
    let puts = 0
    const failing = new (class extends LocalStorage {
      override async put(name: string, bytes: Buffer, type?: string) {
        // The first photo's six files, then the second photo's first file, then the disk is full.
        if (++puts > 7) throw new Error('disk full')
        return super.put(name, bytes, type)
      }
    })(dir)
    const result = await addProductPhotos(db.ctx, {
      ...A,
      productId: id,
      files: [await photo(), await photo('second.jpg')],
      imageOptions: { storage: failing, cacheDir: false },
    })
    expect(result).toMatchObject({ ok: false, fileName: 'second.jpg' })
    expect(puts).toBeGreaterThan(7)
    expect(await keysOf(id)).toEqual([])
    expect(await filesIn(dir)).toEqual([])
  })

  it('a refused batch keeps the files of a picture another product already shows', async () => {
    const dir = await freshDir()
    const shown = await create(A, { title: 'Shows the picture' })
    const other = await create(A, { title: 'Refused with it' })
    const same = await photo()
    expect(await add(shown.id, [same], dir)).toEqual({ ok: true, added: 1 })
    const result = await add(other.id, [same, await photo(), notAPhoto()], dir)
    expect(result).toMatchObject({ ok: false, code: 'not_image' })
    expect(await filesIn(dir)).toEqual(filesOf(...(await keysOf(shown.id))))
  })

  it('a batch refused by the count check under the lock (two uploads at once) leaves only the photo kept', async () => {
    const dir = await freshDir()
    const { id } = await create(A, { title: 'Two uploads at once' })
    // One place left: rows naming a picture without files (cheaper than encoding them).
    const max = getEnv().UPLOAD_MAX_PHOTOS
    await db.ctx.db.insert(productImages).values(
      Array.from({ length: max - 1 }, (_, position) => ({
        productId: id,
        imageKey: 'up-already-there',
        alt: 'x',
        width: 800,
        height: 1000,
        placeholder: '#000000',
        position,
      })),
    )
    const [first, second] = await Promise.all([photo(), photo()])
    // Both pass the early count (one place left each time); the second to take the product's lock finds too many.
    const results = await Promise.all([add(id, [first], dir), add(id, [second], dir)])
    expect(results).toContainEqual({ ok: true, added: 1 })
    expect(results).toContainEqual({ ok: false, code: 'too_many' })
    const kept = (await keysOf(id)).filter((k) => k !== 'up-already-there')
    expect(kept).toHaveLength(1)
    expect(await filesIn(dir)).toEqual(filesOf(...kept))
  })

  it("a deleted photo's files are gone, the other photos' stay", async () => {
    const dir = await freshDir()
    const { id } = await create(A, { title: 'Delete one' })
    await add(id, [await photo(), await photo()], dir)
    const [gone, stays] = (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos ?? []
    expect(await remove(id, gone.id, dir)).toEqual({ ok: true })
    expect(await filesIn(dir)).toEqual(filesOf(stays.imageKey))
  })

  it('a picture shared by two products survives deleting it from one, and goes with the last', async () => {
    const dir = await freshDir()
    const one = await create(A, { title: 'Shared one' })
    const two = await create(A, { title: 'Shared two' })
    const same = await photo()
    await add(one.id, [same], dir)
    await add(two.id, [same], dir)
    const [photoOne] = (await findOwnProduct(db.ctx, { ...A, productId: one.id }))?.photos ?? []
    const [photoTwo] = (await findOwnProduct(db.ctx, { ...A, productId: two.id }))?.photos ?? []
    expect(photoOne.imageKey).toBe(photoTwo.imageKey)
    await remove(one.id, photoOne.id, dir)
    expect(await filesIn(dir)).toEqual(filesOf(photoTwo.imageKey))
    await remove(two.id, photoTwo.id, dir)
    expect(await filesIn(dir)).toEqual([])
  })

  it('a delete inside a transaction that rolls back keeps the photo and its files', async () => {
    const dir = await freshDir()
    const { id } = await create(A, { title: 'Rolled back' })
    await add(id, [await photo()], dir)
    const [only] = (await findOwnProduct(db.ctx, { ...A, productId: id }))?.photos ?? []
    const rollback = new Error('rolled back on purpose')
    await expect(
      db.ctx.db.transaction(async (tx) => {
        const result = await changeProductPhoto(
          { db: tx },
          { ...A, productId: id, photoId: only.id, change: { kind: 'delete' }, imageOptions: { dir, cacheDir: false } },
        )
        expect(result).toEqual({ ok: true })
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(await keysOf(id)).toEqual([only.imageKey])
    expect(await filesIn(dir)).toEqual(filesOf(only.imageKey))
  })
})

describe("another store's ids", () => {
  it('are not found on get, update, status, variant and photo actions, and nothing changes', async () => {
    const { id } = await create(B, { title: 'B only' })
    await addPhotos(B, id)
    const theirs = await findOwnProduct(db.ctx, { ...B, productId: id })
    if (!theirs) throw new Error('missing')
    const photoId = theirs.photos[0].id
    const variantId = theirs.variants[0].id

    expect(await findOwnProduct(db.ctx, { ...A, productId: id })).toBeNull()
    const values = await asForm(B, id)
    expect(
      await updateOwnProduct(db.ctx, { ...A, productId: id, product: input({ ...values, title: 'Hijacked' }) }),
    ).toEqual({ ok: false, code: 'not_found' })
    expect(await setOwnProductStatus(db.ctx, { ...A, productId: id, status: 'archived' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await checkVariantRemovable(db.ctx, { ...A, productId: id, variantId })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await addPhotos(A, id)).toEqual({ ok: false, code: 'not_found' })
    for (const change of [
      { kind: 'delete' },
      { kind: 'main' },
      { kind: 'alt', alt: 'x' },
      { kind: 'move', direction: 'down' },
    ] as const) {
      expect(await changeProductPhoto(db.ctx, { ...A, productId: id, photoId, change })).toEqual({
        ok: false,
        code: 'not_found',
      })
    }
    // A's own product with B's photo or variant id: still not found.
    const mine = await create(A, { title: 'A own' })
    expect(await changeProductPhoto(db.ctx, { ...A, productId: mine.id, photoId, change: { kind: 'delete' } })).toEqual(
      { ok: false, code: 'not_found' },
    )
    expect(await checkVariantRemovable(db.ctx, { ...A, productId: mine.id, variantId })).toEqual({
      ok: false,
      code: 'not_found',
    })
    const mineValues = await asForm(A, mine.id)
    mineValues.variants[0].id = String(variantId)
    const stolen = await updateOwnProduct(db.ctx, { ...A, productId: mine.id, product: input(mineValues) })
    expect(stolen.ok).toBe(false)

    expect(await findOwnProduct(db.ctx, { ...B, productId: id })).toEqual(theirs)
    const [row] = await db.ctx.db.select().from(productVariants).where(eq(productVariants.id, variantId))
    expect(row.productId).toBe(id)
  })
})
