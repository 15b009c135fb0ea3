import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { imageFileNames, storeImage } from '#app/modules/images/images.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { deleteUnusedImages, isImageKeyInUse } from './images.server.ts'

// A picture's files go only when no module's rows name its key: product photos (catalog), store logos and
// banners (vendors). Here one key of each kind is held by one module only, and the other module must not free it.

let db: TestDatabase
let root: string

const KEYS = {
  productPhoto: 'p-held-by-a-product',
  storeLogo: 'logo-held-by-a-store',
  storeBanner: 'banner-held-by-a-store',
  free: 'up-held-by-nothing',
}

beforeAll(async () => {
  db = await createTestDatabase()
  root = await mkdtemp(path.join(tmpdir(), 'isoko-image-references-'))
  const { id: vendorId } = await createVendor(db.ctx, {
    name: 'Picture Keeper',
    slug: 'picture-keeper',
    ownerName: 'Owner',
    email: 'keeper@example.rw',
    phone: '+250788000000',
    description: 'Keeps pictures',
    about: 'About',
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    avatarKey: KEYS.storeLogo,
    bannerKey: KEYS.storeBanner,
    status: 'approved',
  })
  const dept = await createCategory(db.ctx, { slug: 'home', name: 'Home', level: 0 })
  const group = await createCategory(db.ctx, { slug: 'home-decor', name: 'Decor', level: 1, parentId: dept.id })
  const item = await createCategory(db.ctx, { slug: 'home-baskets', name: 'Baskets', level: 2, parentId: group.id })
  await createProduct(db.ctx, {
    vendorId,
    categoryId: item.id,
    title: 'Basket',
    slug: 'basket',
    description: 'A basket',
    price: 10_000,
    variants: [{ size: null, colour: null, sku: 'basket-1', stock: 1 }],
    images: [{ imageKey: KEYS.productPhoto, alt: 'Basket', width: 800, height: 1000, placeholder: '#cccccc' }],
  })
}, 60_000)

afterAll(async () => {
  await db?.close()
  await rm(root, { recursive: true, force: true })
})

async function storeAll(dir: string) {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>'
  for (const key of Object.values(KEYS)) {
    await storeImage(svg, key, key.startsWith('logo-') ? 'logo' : key.startsWith('banner-') ? 'banner' : 'product', {
      dir,
      cacheDir: false,
    })
  }
}

describe('isImageKeyInUse', () => {
  it('sees a product photo, a store logo and a store banner, and nothing else', async () => {
    expect(await isImageKeyInUse(db.ctx, KEYS.productPhoto)).toBe(true)
    expect(await isImageKeyInUse(db.ctx, KEYS.storeLogo)).toBe(true)
    expect(await isImageKeyInUse(db.ctx, KEYS.storeBanner)).toBe(true)
    expect(await isImageKeyInUse(db.ctx, KEYS.free)).toBe(false)
  })
})

describe('deleteUnusedImages', () => {
  it('deletes only the files of keys that no product photo and no store picture names', async () => {
    const dir = await mkdtemp(path.join(root, 'files-'))
    await storeAll(dir)
    expect(await deleteUnusedImages(db.ctx, Object.values(KEYS), { dir })).toEqual([KEYS.free])
    expect((await readdir(dir)).sort()).toEqual(
      [KEYS.productPhoto, KEYS.storeLogo, KEYS.storeBanner].flatMap((k) => imageFileNames(k)).sort(),
    )
  })

  it('deletes nothing inside an open transaction, whose commit it cannot see', async () => {
    const dir = await mkdtemp(path.join(root, 'files-'))
    await storeAll(dir)
    const before = (await readdir(dir)).sort()
    await db.ctx.db.transaction(async (tx) => {
      expect(await deleteUnusedImages({ db: tx }, [KEYS.free], { dir })).toEqual([])
    })
    expect((await readdir(dir)).sort()).toEqual(before)
  })
})
