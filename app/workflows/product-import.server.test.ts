import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCategory } from '#app/modules/catalog/catalog-admin.server.ts'
import { PRODUCT_CSV_COLUMNS } from '#app/modules/catalog/product-csv.ts'
import { siteOrigins } from '#app/modules/catalog/product-import.server.ts'
import { productImages, products } from '#app/modules/catalog/tables.server.ts'
import { setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import { applyStoreImport, exportStoreProducts, previewStoreImport } from './product-import.server.ts'

// The import as the page runs it: the store comes from the account, photos come from a zip and are stored on
// Apply, and a second Apply of the same preview (a double click, a reload) imports nothing twice.

let t: TestDatabase
let dir: string
let imageOptions: { dir: string; cacheDir: false }

beforeAll(async () => {
  t = await createTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'isoko-product-import-'))
  imageOptions = { dir: path.join(dir, 'images'), cacheDir: false }
  for (const id of ['import-owner-a', 'import-owner-b']) {
    await t.ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
  }
  await setVendorOwner(t.ctx, (await makeVendor(t.ctx, 'import-wf-a')).id, 'import-owner-a')
  await setVendorOwner(t.ctx, (await makeVendor(t.ctx, 'import-wf-b')).id, 'import-owner-b')
  const women = await createCategory(t.ctx, { slug: 'wf-women', name: 'Women', level: 0 })
  const clothing = await createCategory(t.ctx, { slug: 'wf-clothing', name: 'Clothing', level: 1, parentId: women.id })
  await createCategory(t.ctx, { slug: 'wf-dresses', name: 'Dresses', level: 2, parentId: clothing.id })
})
afterAll(async () => {
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

async function photo(colour: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 240, height: 300, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  )
}

const csv = [
  PRODUCT_CSV_COLUMNS.join(','),
  'zip-dress,Zip dress,A dress whose photo comes in a zip.,Women > Dresses,9000,,active,,M,Green,ZIP-1,2,,front.jpg,',
].join('\n')

describe('importing with a zip of photos', () => {
  test('preview names the photo, apply stores it once; a second apply of the same preview changes nothing', async () => {
    const zip = zipSync({ 'shoot/front.jpg': await photo('#2a7') })
    const importsRoot = path.join(dir, 'imports')
    const previewed = await previewStoreImport(t.ctx, { ownerUserId: 'import-owner-a', csv, zip, importsRoot })
    if (!previewed?.ok) throw new Error(`refused: ${JSON.stringify(previewed)}`)
    expect(previewed.preview.errors).toEqual([])
    expect(previewed.preview.counts).toMatchObject({ productsCreated: 1, photosAdded: 1 })
    expect(previewed.preview.filesToStore).toEqual(['front.jpg'])
    const token = previewed.token as string
    expect(token).toMatch(/^[a-f0-9]{32}$/)

    // Another store cannot apply this preview: its token is looked up among that store's own.
    expect(await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-b', token, imageOptions, importsRoot })).toEqual({
      ok: false,
      code: 'expired',
    })

    // A double click: both applies at once; one imports, the other answers with its result or waits its turn.
    const [first, second] = await Promise.all([
      applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions, importsRoot }),
      applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions, importsRoot }),
    ])
    const outcomes = [first, second].map((o) => (o?.ok ? (o.repeated ? 'repeated' : 'applied') : o?.code))
    expect(outcomes).toContain('applied')
    const again = await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions, importsRoot })
    expect(again).toMatchObject({ ok: true, repeated: true, counts: { productsCreated: 1 } })

    const made = await t.ctx.db.select().from(products).where(eq(products.slug, 'zip-dress'))
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ status: 'active', listed: true })
    const photos = await t.ctx.db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, [made[0]?.id as number]))
    expect(photos).toHaveLength(1)
    expect(photos[0]?.imageKey).toMatch(/^up-[a-f0-9]{24}$/)

    // The export names the stored photo by this site's address; importing it back keeps the photo.
    const exported = await exportStoreProducts(t.ctx, {
      ownerUserId: 'import-owner-a',
      // This site's address as the server knows it (PUBLIC_URL, or localhost and the port another file may set).
      origin: siteOrigins()[0],
    })
    expect(exported).toContain(`/images/${photos[0]?.imageKey}-800.webp`)
    const back = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-a',
      csv: exported as string,
      zip: null,
      importsRoot,
    })
    expect(back).toMatchObject({ ok: true, token: null, preview: { errors: [], counts: { productsUnchanged: 1 } } })

    // Another store naming the first store's photo address is refused: not its picture.
    const theirs = (exported as string).replaceAll('zip-dress', 'copied-dress').replace('ZIP-1', 'COPY-1')
    const copied = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: theirs,
      zip: null,
      importsRoot,
    })
    expect(copied?.ok && copied.preview.errors.map((e) => e.code)).toEqual(['photo-not-ours'])
  })

  test('a photo missing from the zip, or not a picture, is a line error; a broken zip is refused', async () => {
    const importsRoot = path.join(dir, 'imports')
    const notPicture = zipSync({ 'front.jpg': new TextEncoder().encode('not a picture') })
    const bad = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: csv.replaceAll('zip-dress', 'zip-dress-b').replace('ZIP-1', 'ZIPB-1'),
      zip: notPicture,
      importsRoot,
    })
    expect(bad?.ok && [bad.token, bad.preview.errors.map((e) => [e.line, e.code])]).toEqual([
      null,
      [[2, 'photo-not-image']],
    ])
    const none = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: csv.replaceAll('zip-dress', 'zip-dress-b').replace('ZIP-1', 'ZIPB-1'),
      zip: null,
      importsRoot,
    })
    expect(none?.ok && none.preview.errors.map((e) => e.code)).toEqual(['photo-not-in-zip'])
    const broken = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv,
      zip: new Uint8Array(100).fill(7),
      importsRoot,
    })
    expect(broken).toEqual({ ok: false, code: 'zip-not-zip' })
    // An account without a store gets nothing.
    expect(await previewStoreImport(t.ctx, { ownerUserId: 'nobody', csv, zip: null, importsRoot })).toBeNull()
  })
})
