import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import {
  claimProductImport,
  finishProductImport,
  keepProductImport,
  releaseProductImport,
  renewProductImportClaim,
} from './product-import-batches.server.ts'
import { productImports } from './tables.server.ts'

// The previewed imports' storage on its own: the bytes come back exactly, one claim at a time, and a renewed claim
// is not taken for a stopped server's.

let t: TestDatabase
let vendorId: number

beforeAll(async () => {
  t = await createTestDatabase()
  vendorId = (await makeVendor(t.ctx, 'import-batches')).id
})
afterAll(() => t.close())

const backdate = (token: string, minutes: number) =>
  t.ctx.db
    .update(productImports)
    .set({ updatedAt: sql`now() - ${`${minutes} minutes`}::interval` })
    .where(eq(productImports.token, token))

test('the zip comes back byte for byte; a claim is one at a time, released, then done with its counts', async () => {
  const zip = new Uint8Array(70_000).map((_, i) => (i * 7) % 256)
  const token = await keepProductImport(t.ctx, { vendorId, csv: 'handle,title\nä,ü', zip })
  expect(token).toMatch(/^[a-f0-9]{32}$/)
  const claimed = await claimProductImport(t.ctx, { vendorId, token })
  if (claimed.state !== 'claimed') throw new Error(`not claimed: ${claimed.state}`)
  expect(claimed.csv).toBe('handle,title\nä,ü')
  expect(claimed.zip && Buffer.from(claimed.zip).equals(Buffer.from(zip))).toBe(true)
  expect(await claimProductImport(t.ctx, { vendorId, token })).toEqual({ state: 'unavailable' })
  await releaseProductImport(t.ctx, { vendorId, token })
  expect(await claimProductImport(t.ctx, { vendorId, token })).toMatchObject({ state: 'claimed' })
  const counts = { productsCreated: 2, productsUpdated: 1 } as Parameters<typeof finishProductImport>[1]['counts']
  await finishProductImport(t.ctx, { vendorId, token, counts })
  expect(await claimProductImport(t.ctx, { vendorId, token })).toEqual({ state: 'done', counts })
  expect(await claimProductImport(t.ctx, { vendorId: vendorId + 1000, token })).toEqual({ state: 'unavailable' })
  expect(await claimProductImport(t.ctx, { vendorId, token: 'not-a-token' })).toEqual({ state: 'unavailable' })
})

test('an empty zip is kept as none; a renewed claim is not claimable again, a stale one is', async () => {
  const token = await keepProductImport(t.ctx, { vendorId, csv: 'x', zip: new Uint8Array(0) })
  expect(await claimProductImport(t.ctx, { vendorId, token })).toEqual({ state: 'claimed', csv: 'x', zip: null })
  await backdate(token, 11)
  await renewProductImportClaim(t.ctx, { vendorId, token })
  expect(await claimProductImport(t.ctx, { vendorId, token })).toEqual({ state: 'unavailable' })
  await backdate(token, 11)
  expect(await claimProductImport(t.ctx, { vendorId, token })).toMatchObject({ state: 'claimed' })
})
