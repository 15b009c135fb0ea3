import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeProduct, makeVendor, stockOf, type TestProduct } from '#tests/shop.ts'
import {
  applyStoreStock,
  exportStoreStock,
  getStoreInventory,
  previewStoreStock,
  setStoreVariantStock,
} from './inventory.server.ts'

// The inventory page's store is the signed-in account's own: another store's variants and SKUs are out of reach.

let t: TestDatabase
let mine: TestProduct
let theirs: TestProduct

beforeAll(async () => {
  t = await createTestDatabase()
  for (const id of ['owner-a', 'owner-b', 'customer-c']) {
    await t.ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
  }
  const a = (await makeVendor(t.ctx, 'inv-wf-a')).id
  const b = (await makeVendor(t.ctx, 'inv-wf-b')).id
  await setVendorOwner(t.ctx, a, 'owner-a')
  await setVendorOwner(t.ctx, b, 'owner-b')
  mine = await makeProduct(t.ctx, a, { title: 'Mine', stocks: [4] })
  theirs = await makeProduct(t.ctx, b, { title: 'Theirs', stocks: [9] })
})
afterAll(() => t.close())

async function skuOf(ownerUserId: string): Promise<string> {
  const listing = await getStoreInventory(t.ctx, { ownerUserId, filter: 'all', page: 1 })
  return listing?.items[0]?.sku ?? ''
}

describe('the store comes from the account', () => {
  test('each owner sees their own variants only; an account without a store has none', async () => {
    const listing = await getStoreInventory(t.ctx, { ownerUserId: 'owner-a', filter: 'all', page: 1 })
    expect(listing?.items.map((i) => i.title)).toEqual(['Mine'])
    expect(listing?.counts).toEqual({ all: 1, low: 1, out: 0 })
    expect(await getStoreInventory(t.ctx, { ownerUserId: 'customer-c', filter: 'all', page: 1 })).toBeNull()
    expect(await exportStoreStock(t.ctx, { ownerUserId: 'customer-c' })).toBeNull()
    expect(await exportStoreStock(t.ctx, { ownerUserId: 'owner-a' })).not.toContain('Theirs')
  })

  test("another store's variant id: not found, unchanged", async () => {
    const id = theirs.variantIds[0] as number
    expect(await setStoreVariantStock(t.ctx, { ownerUserId: 'owner-a', variantId: id, stock: 0 })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await setStoreVariantStock(t.ctx, { ownerUserId: 'customer-c', variantId: id, stock: 0 })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await stockOf(t.ctx, id)).toBe(9)
    const own = mine.variantIds[0] as number
    expect(await setStoreVariantStock(t.ctx, { ownerUserId: 'owner-a', variantId: own, stock: 6 })).toMatchObject({
      ok: true,
      stock: 6,
    })
  })

  test("another store's SKU in a file reads as unknown, and applying it changes nothing", async () => {
    const csv = `sku,stock\n${await skuOf('owner-a')},8\n${await skuOf('owner-b')},1\n`
    const preview = await previewStoreStock(t.ctx, { ownerUserId: 'owner-a', csv })
    expect(preview).toMatchObject({ ok: true, errors: [{ line: 3, code: 'sku-unknown' }] })
    const seen: [number, number][] = [
      [mine.variantIds[0] as number, 6],
      [theirs.variantIds[0] as number, 9],
    ]
    expect(await applyStoreStock(t.ctx, { ownerUserId: 'owner-a', csv, seen })).toMatchObject({
      ok: false,
      code: 'invalid',
    })
    expect(await stockOf(t.ctx, mine.variantIds[0] as number)).toBe(6)
    expect(await stockOf(t.ctx, theirs.variantIds[0] as number)).toBe(9)
    expect(await applyStoreStock(t.ctx, { ownerUserId: 'customer-c', csv, seen })).toBeNull()
  })
})
