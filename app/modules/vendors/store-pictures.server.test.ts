import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { imageFileNames } from '#app/modules/images/images.server.ts'
import { LocalStorage } from '#app/modules/images/storage.server.ts'
import { findVendorStore } from '#app/queries/vendor-directory.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { findStoreSettings, removeStorePicture, setStorePicture } from './own-store.server.ts'
import { vendors } from './tables.server.ts'
import { createVendor } from './vendors-admin.server.ts'

// Store logo and banner uploads: only the owner's store changes, a refused file changes nothing, Remove clears.

let db: TestDatabase
let dir: string
const ids = { a: 0, b: 0, pending: 0 }

async function addStore(name: string, ownerUserId: string, status: 'approved' | 'pending' = 'approved') {
  await db.ctx.db.insert(users).values({ id: ownerUserId, name, email: `${ownerUserId}@example.rw`, role: 'vendor' })
  const { id } = await createVendor(db.ctx, {
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    ownerName: 'Owner',
    email: `${ownerUserId}-store@example.rw`,
    phone: '+250788000000',
    description: `${name} sells things`,
    about: `About ${name}`,
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: ['Kitenge'],
    policies: { returns: '30 days', shipping: 'Free in Rwanda', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    bannerKey: 'banner-seeded',
    status,
    ownerUserId,
  })
  return id
}

async function photo(width: number, height: number, colour = '#0b5d7a'): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer()
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })
}

const keysOf = async (id: number) => {
  const [row] = await db.ctx.db
    .select({ avatarKey: vendors.avatarKey, bannerKey: vendors.bannerKey })
    .from(vendors)
    .where(eq(vendors.id, id))
  return row
}

beforeAll(async () => {
  db = await createTestDatabase()
  dir = await mkdtemp(path.join(tmpdir(), 'isoko-store-pictures-'))
  ids.a = await addStore('Umutako Boutique', 'owner-a')
  ids.b = await addStore('Kigali Crafts', 'owner-b')
  ids.pending = await addStore('New Shop', 'owner-p', 'pending')
})

afterAll(async () => {
  await db.close()
  await rm(dir, { recursive: true, force: true })
})

const opts = () => ({ dir, cacheDir: false as const })

describe('setStorePicture', () => {
  it("stores the owner's logo as 96/192 AVIF+WebP and shows it on the public store", async () => {
    const result = await setStorePicture(
      db.ctx,
      { ownerUserId: 'owner-a', picture: 'logo', file: await photo(400, 400) },
      opts(),
    )
    expect(result).toMatchObject({ ok: true, key: expect.stringMatching(/^logo-up-[0-9a-f]{24}$/) })
    if (!result.ok) return
    expect((await readdir(dir)).filter((n) => n.startsWith(result.key)).sort()).toEqual(
      ['192.avif', '192.webp', '96.avif', '96.webp'].map((s) => `${result.key}-${s}`),
    )
    expect(await keysOf(ids.a)).toEqual({ avatarKey: result.key, bannerKey: 'banner-seeded' })
    expect(await keysOf(ids.b)).toEqual({ avatarKey: null, bannerKey: 'banner-seeded' })
    const store = await findVendorStore(db.ctx, ids.a)
    expect(store).toMatchObject({ avatarKey: result.key })
  })

  it('stores a banner at 3:1 for a pending store too', async () => {
    const result = await setStorePicture(
      db.ctx,
      { ownerUserId: 'owner-p', picture: 'banner', file: await photo(1500, 500, '#f59e0b') },
      opts(),
    )
    expect(result).toMatchObject({ ok: true, key: expect.stringMatching(/^banner-up-/) })
    if (!result.ok) return
    const meta = await sharp(path.join(dir, `${result.key}-1280.webp`)).metadata()
    expect([meta.width, meta.height]).toEqual([1280, 427])
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'owner-p' })).toMatchObject({ bannerKey: result.key })
  })

  it('refuses a text file as not a photo and changes nothing', async () => {
    const before = await keysOf(ids.a)
    const files = (await readdir(dir)).length
    const text = new Blob(['hello, this is not a picture'], { type: 'image/jpeg' })
    expect(await setStorePicture(db.ctx, { ownerUserId: 'owner-a', picture: 'logo', file: text }, opts())).toEqual({
      ok: false,
      code: 'not_image',
    })
    expect(await setStorePicture(db.ctx, { ownerUserId: 'owner-a', picture: 'banner', file: null }, opts())).toEqual({
      ok: false,
      code: 'missing',
    })
    expect(
      await setStorePicture(db.ctx, { ownerUserId: 'owner-a', picture: 'logo', file: await photo(120, 120) }, opts()),
    ).toEqual({ ok: false, code: 'too_small' })
    expect(await keysOf(ids.a)).toEqual(before)
    expect((await readdir(dir)).length).toBe(files)
  })

  it('an account without a store (a customer, a stranger) changes no store and stores no file', async () => {
    const files = (await readdir(dir)).length
    const all = await db.ctx.db.select({ a: vendors.avatarKey, b: vendors.bannerKey }).from(vendors)
    expect(
      await setStorePicture(
        db.ctx,
        { ownerUserId: 'someone-else', picture: 'logo', file: await photo(300, 300, '#ff0000') },
        opts(),
      ),
    ).toEqual({ ok: false, code: 'no-store' })
    expect(await removeStorePicture(db.ctx, { ownerUserId: 'someone-else', picture: 'banner' }, opts())).toEqual({
      ok: false,
      code: 'no-store',
    })
    expect(await db.ctx.db.select({ a: vendors.avatarKey, b: vendors.bannerKey }).from(vendors)).toEqual(all)
    expect((await readdir(dir)).length).toBe(files)
  })
})

describe('removeStorePicture', () => {
  it("clears only the owner's logo or banner", async () => {
    await removeStorePicture(db.ctx, { ownerUserId: 'owner-a', picture: 'logo' }, opts())
    expect(await keysOf(ids.a)).toEqual({ avatarKey: null, bannerKey: 'banner-seeded' })
    expect(await removeStorePicture(db.ctx, { ownerUserId: 'owner-a', picture: 'banner' }, opts())).toEqual({
      ok: true,
    })
    expect(await keysOf(ids.a)).toEqual({ avatarKey: null, bannerKey: null })
    expect(await keysOf(ids.b)).toEqual({ avatarKey: null, bannerKey: 'banner-seeded' })
  })
})

describe('the files of a replaced or removed picture', () => {
  /** A folder of its own for one test's pictures, so what is left in it is exactly what the test made. */
  const freshDir = () => mkdtemp(path.join(dir, 'files-'))
  const filesIn = async (folder: string) => (await readdir(folder).catch(() => [])).sort()
  const filesOf = (...keys: string[]) => keys.flatMap((k) => imageFileNames(k)).sort()
  const set = async (ownerUserId: string, picture: 'logo' | 'banner', file: Blob, folder: string) => {
    const result = await setStorePicture(db.ctx, { ownerUserId, picture, file }, { dir: folder, cacheDir: false })
    if (!result.ok) throw new Error(result.code)
    return result.key
  }

  it("replacing a logo deletes the old logo's files; the same picture again keeps them", async () => {
    const folder = await freshDir()
    await addStore('Replacing Logos', 'owner-r')
    const first = await set('owner-r', 'logo', await photo(300, 300, '#112233'), folder)
    const second = await set('owner-r', 'logo', await photo(300, 300, '#445566'), folder)
    expect(second).not.toBe(first)
    expect(await filesIn(folder)).toEqual(filesOf(second))
    expect(await set('owner-r', 'logo', await photo(300, 300, '#445566'), folder)).toBe(second)
    expect(await filesIn(folder)).toEqual(filesOf(second))
  })

  it('a logo whose storage fails part-way leaves none of its files, and the store keeps its picture', async () => {
    const folder = await freshDir()
    const id = await addStore('Failing Disk', 'owner-f')
    const logo = await set('owner-f', 'logo', await photo(300, 300, '#123456'), folder)
    let puts = 0
    const failing = new (class extends LocalStorage {
      override async put(name: string, bytes: Buffer, type?: string) {
        if (++puts > 1) throw new Error('disk full')
        return super.put(name, bytes, type)
      }
    })(folder)
    const result = await setStorePicture(
      db.ctx,
      { ownerUserId: 'owner-f', picture: 'logo', file: await photo(300, 300, '#654321') },
      { storage: failing, cacheDir: false },
    )
    expect(result).toEqual({ ok: false, code: 'not_image' })
    expect(puts).toBeGreaterThan(1)
    expect((await keysOf(id)).avatarKey).toBe(logo)
    expect(await filesIn(folder)).toEqual(filesOf(logo))
  })

  it("removing a banner deletes its files, and leaves the logo's", async () => {
    const folder = await freshDir()
    await addStore('Removing Banners', 'owner-m')
    const logo = await set('owner-m', 'logo', await photo(300, 300, '#778899'), folder)
    await set('owner-m', 'banner', await photo(1500, 500, '#aabbcc'), folder)
    expect(await removeStorePicture(db.ctx, { ownerUserId: 'owner-m', picture: 'banner' }, { dir: folder })).toEqual({
      ok: true,
    })
    expect(await filesIn(folder)).toEqual(filesOf(logo))
  })

  it('a banner two stores uploaded survives removing it from one, and goes with the last', async () => {
    const folder = await freshDir()
    await addStore('Shared Banner One', 'owner-s1')
    await addStore('Shared Banner Two', 'owner-s2')
    const same = await photo(1500, 500, '#ddeeff')
    const key = await set('owner-s1', 'banner', same, folder)
    expect(await set('owner-s2', 'banner', same, folder)).toBe(key)
    await removeStorePicture(db.ctx, { ownerUserId: 'owner-s1', picture: 'banner' }, { dir: folder })
    expect(await filesIn(folder)).toEqual(filesOf(key))
    await removeStorePicture(db.ctx, { ownerUserId: 'owner-s2', picture: 'banner' }, { dir: folder })
    expect(await filesIn(folder)).toEqual([])
  })

  it('a removal inside a transaction that rolls back keeps the picture and its files', async () => {
    const folder = await freshDir()
    const id = await addStore('Rolled Back Logo', 'owner-t')
    const key = await set('owner-t', 'logo', await photo(300, 300, '#0f766e'), folder)
    const rollback = new Error('rolled back on purpose')
    await expect(
      db.ctx.db.transaction(async (tx) => {
        await removeStorePicture({ db: tx }, { ownerUserId: 'owner-t', picture: 'logo' }, { dir: folder })
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect((await keysOf(id)).avatarKey).toBe(key)
    expect(await filesIn(folder)).toEqual(filesOf(key))
  })
})
