import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { connectDatabase, type DatabaseConnection } from '#app/lib/db.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCategory } from '#app/modules/catalog/catalog-admin.server.ts'
import { PRODUCT_CSV_COLUMNS } from '#app/modules/catalog/product-csv.ts'
import { siteOrigins } from '#app/modules/catalog/product-import.server.ts'
import { claimProductImport } from '#app/modules/catalog/product-import-batches.server.ts'
import { productImages, productImports, products, productVariants } from '#app/modules/catalog/tables.server.ts'
import { findVendorByOwner, setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import { applyStoreImport, exportStoreProducts, previewStoreImport } from './product-import.server.ts'

// The import as the page runs it: the store comes from the account, photos come from a zip and are stored on
// Apply, and a second Apply of the same preview (a double click, a reload) imports nothing twice.

let t: TestDatabase
let dir: string
let imageOptions: { dir: string; cacheDir: false }
/** A second server: on PostgreSQL its own connection pool to the same database; on PGlite the same database. */
let second: { ctx: ServiceContext; connection: DatabaseConnection | null }

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
  const connection = t.url ? connectDatabase({ url: t.url }) : null
  second = { ctx: connection ? { db: connection.db } : t.ctx, connection }
})
afterAll(async () => {
  await second.connection?.close()
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
    const previewed = await previewStoreImport(t.ctx, { ownerUserId: 'import-owner-a', csv, zip })
    if (!previewed?.ok) throw new Error(`refused: ${JSON.stringify(previewed)}`)
    expect(previewed.preview.errors).toEqual([])
    expect(previewed.preview.counts).toMatchObject({ productsCreated: 1, photosAdded: 1 })
    expect(previewed.preview.filesToStore).toEqual(['front.jpg'])
    const token = previewed.token as string
    expect(token).toMatch(/^[a-f0-9]{32}$/)

    // Another store cannot apply this preview: its token is looked up among that store's own.
    expect(await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-b', token, imageOptions })).toEqual({
      ok: false,
      code: 'expired',
    })

    // A double click: both applies at once; one imports, the other answers with its result or waits its turn.
    const [first, second] = await Promise.all([
      applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }),
      applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }),
    ])
    const outcomes = [first, second].map((o) => (o?.ok ? (o.repeated ? 'repeated' : 'applied') : o?.code))
    expect(outcomes).toContain('applied')
    const again = await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })
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
    })
    expect(back).toMatchObject({ ok: true, token: null, preview: { errors: [], counts: { productsUnchanged: 1 } } })

    // Another store naming the first store's photo address is refused: not its picture.
    const theirs = (exported as string).replaceAll('zip-dress', 'copied-dress').replace('ZIP-1', 'COPY-1')
    const copied = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: theirs,
      zip: null,
    })
    expect(copied?.ok && copied.preview.errors.map((e) => e.code)).toEqual(['photo-not-ours'])
  })

  test('a photo missing from the zip, or not a picture, is a line error; a broken zip is refused', async () => {
    const notPicture = zipSync({ 'front.jpg': new TextEncoder().encode('not a picture') })
    const bad = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: csv.replaceAll('zip-dress', 'zip-dress-b').replace('ZIP-1', 'ZIPB-1'),
      zip: notPicture,
    })
    expect(bad?.ok && [bad.token, bad.preview.errors.map((e) => [e.line, e.code])]).toEqual([
      null,
      [[2, 'photo-not-image']],
    ])
    const none = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv: csv.replaceAll('zip-dress', 'zip-dress-b').replace('ZIP-1', 'ZIPB-1'),
      zip: null,
    })
    expect(none?.ok && none.preview.errors.map((e) => e.code)).toEqual(['photo-not-in-zip'])
    const broken = await previewStoreImport(t.ctx, {
      ownerUserId: 'import-owner-b',
      csv,
      zip: new Uint8Array(100).fill(7),
    })
    expect(broken).toEqual({ ok: false, code: 'zip-not-zip' })
    // An account without a store gets nothing.
    expect(await previewStoreImport(t.ctx, { ownerUserId: 'nobody', csv, zip: null })).toBeNull()
  })
})

/** A one-product file of its own handle and SKU, its photo from the zip. */
const fileOf = (handle: string, sku: string) =>
  [
    PRODUCT_CSV_COLUMNS.join(','),
    `${handle},Shared dress,A dress applied on any server.,Women > Dresses,9000,,active,,M,Green,${sku},2,,front.jpg,`,
  ].join('\n')

async function previewed(ctx: ServiceContext, owner: string, handle: string, sku: string): Promise<string> {
  const zip = zipSync({ 'front.jpg': await photo('#a72') })
  const result = await previewStoreImport(ctx, { ownerUserId: owner, csv: fileOf(handle, sku), zip })
  if (!result?.ok || !result.token) throw new Error(`no token: ${JSON.stringify(result)}`)
  return result.token
}

const outcomeOf = (o: Awaited<ReturnType<typeof applyStoreImport>>) =>
  o?.ok ? (o.repeated ? 'repeated' : 'applied') : o?.code

async function stateOf(token: string) {
  const [row] = await t.ctx.db
    .select({ state: productImports.state })
    .from(productImports)
    .where(eq(productImports.token, token))
  return row?.state ?? null
}

describe('a previewed import waits in the database, for any server', () => {
  test('previewed on one server, applied on another (no shared disk); a repeat on the first answers the same', async () => {
    const token = await previewed(t.ctx, 'import-owner-a', 'any-server-dress', 'ANY-1')
    const applied = await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })
    expect(applied).toMatchObject({ ok: true, repeated: false, counts: { productsCreated: 1, photosAdded: 1 } })
    const again = await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })
    expect(again).toMatchObject({ ok: true, repeated: true, counts: { productsCreated: 1 } })
    const made = await t.ctx.db.select().from(products).where(eq(products.slug, 'any-server-dress'))
    expect(made).toHaveLength(1)
    // Once done, the files are no longer kept: only the counts.
    const [row] = await t.ctx.db.select().from(productImports).where(eq(productImports.token, token))
    expect(row).toMatchObject({ state: 'done', csv: '', zip: null })
  })

  test('two applies at once, one on each server, import once', async () => {
    const token = await previewed(t.ctx, 'import-owner-a', 'twice-dress', 'TWICE-1')
    const outcomes = (
      await Promise.all([
        applyStoreImport(t.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }),
        applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }),
      ])
    ).map(outcomeOf)
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1)
    expect(outcomes.filter((o) => o !== 'applied')[0]).toMatch(/^(repeated|expired)$/)
    const made = await t.ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, 'twice-dress'))
    expect(made).toHaveLength(1)
    const variants = await t.ctx.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, made[0]?.id as number))
    expect(variants).toHaveLength(1)
    expect(await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })).toMatchObject({
      ok: true,
      repeated: true,
    })
  })

  test('an apply left half-way by a stopped server may be claimed again after ten minutes, not before', async () => {
    const token = await previewed(t.ctx, 'import-owner-a', 'crashed-dress', 'CRASH-1')
    const vendorId = (await findVendorByOwner(t.ctx, 'import-owner-a'))?.id as number
    // A server claims it, then stops before writing anything.
    expect(await claimProductImport(t.ctx, { vendorId, token })).toMatchObject({ state: 'claimed' })
    expect(await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })).toEqual({
      ok: false,
      code: 'expired',
    })
    await t.ctx.db
      .update(productImports)
      .set({ updatedAt: sql`now() - interval '9 minutes'` })
      .where(eq(productImports.token, token))
    expect(outcomeOf(await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }))).toBe(
      'expired',
    )
    await t.ctx.db
      .update(productImports)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(productImports.token, token))
    expect(outcomeOf(await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions }))).toBe(
      'applied',
    )
    expect(await stateOf(token)).toBe('done')
  })

  test("another store's token is refused and left waiting; a failed apply waits again for Apply", async () => {
    const token = await previewed(t.ctx, 'import-owner-a', 'contested-dress', 'CONTESTED-1')
    expect(await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-b', token, imageOptions })).toEqual({
      ok: false,
      code: 'expired',
    })
    expect(await stateOf(token)).toBe('waiting')
    // Meanwhile the other store takes the SKU: the first store's apply now finds a bad row and writes nothing.
    const theirs = await previewed(t.ctx, 'import-owner-b', 'their-dress', 'contested-1')
    expect(
      outcomeOf(await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-b', token: theirs, imageOptions })),
    ).toBe('applied')
    const refused = await applyStoreImport(second.ctx, { ownerUserId: 'import-owner-a', token, imageOptions })
    expect(refused).toMatchObject({ ok: false, code: 'invalid' })
    expect(await t.ctx.db.select().from(products).where(eq(products.slug, 'contested-dress'))).toHaveLength(0)
    expect(await stateOf(token)).toBe('waiting')
  })

  test('a new preview sweeps imports nobody applied for a day and finished ones after an hour', async () => {
    const old = await previewed(t.ctx, 'import-owner-b', 'old-dress', 'OLD-1')
    const done = await previewed(t.ctx, 'import-owner-b', 'done-dress', 'DONE-1')
    const recent = await previewed(t.ctx, 'import-owner-b', 'recent-dress', 'RECENT-1')
    expect(outcomeOf(await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-b', token: done, imageOptions }))).toBe(
      'applied',
    )
    await t.ctx.db
      .update(productImports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(productImports.token, old))
    await t.ctx.db
      .update(productImports)
      .set({ updatedAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(productImports.token, done), eq(productImports.state, 'done')))
    // An import older than a day is expired even before any sweep.
    expect(outcomeOf(await applyStoreImport(t.ctx, { ownerUserId: 'import-owner-b', token: old, imageOptions }))).toBe(
      'expired',
    )
    await previewed(second.ctx, 'import-owner-a', 'sweeper-dress', 'SWEEP-1')
    expect([await stateOf(old), await stateOf(done), await stateOf(recent)]).toEqual([null, null, 'waiting'])
  })
})
