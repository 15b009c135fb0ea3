import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { StoreDepartmentsSchema } from '#app/modules/accounts/accounts.schemas.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import { findStoreSettings, setStoreDepartments } from './own-store.server.ts'
import { setVendorOwner } from './vendors-admin.server.ts'

let t: TestDatabase
const owner = 'departments-owner'
const other = 'departments-other'
let otherStore: number

beforeAll(async () => {
  t = await createTestDatabase()
  const store = (await makeVendor(t.ctx, 'departments-store')).id
  otherStore = (await makeVendor(t.ctx, 'departments-other-store')).id
  await t.ctx.db.insert(users).values([
    { id: owner, name: owner, email: `${owner}@example.rw`, role: 'vendor' },
    { id: other, name: other, email: `${other}@example.rw`, role: 'vendor' },
  ])
  await setVendorOwner(t.ctx, store, owner)
  await setVendorOwner(t.ctx, otherStore, other)
})

afterAll(async () => {
  await t?.close()
})

describe('store departments', () => {
  test('the same rule as at onboarding: at least one, only the known choices', () => {
    expect(StoreDepartmentsSchema.safeParse([]).success).toBe(false)
    expect(StoreDepartmentsSchema.safeParse([]).error?.issues[0]?.message).toBe('account.error.categories')
    expect(StoreDepartmentsSchema.safeParse(['women', 'groceries']).success).toBe(false)
    expect(StoreDepartmentsSchema.parse(['women', 'home-living'])).toEqual(['women', 'home-living'])
  })

  test('saved for the owner’s own store only, once each', async () => {
    const before = await findStoreSettings(t.ctx, { ownerUserId: other })
    expect(
      await setStoreDepartments(t.ctx, { ownerUserId: owner, departments: ['beauty', 'shoes', 'beauty'] }),
    ).toEqual({ ok: true })
    expect((await findStoreSettings(t.ctx, { ownerUserId: owner }))?.categories).toEqual(['beauty', 'shoes'])
    expect((await findStoreSettings(t.ctx, { ownerUserId: other }))?.categories).toEqual(before?.categories)
  })

  test('an account without a store changes nothing', async () => {
    expect(await setStoreDepartments(t.ctx, { ownerUserId: 'nobody', departments: ['men'] })).toEqual({
      ok: false,
      code: 'no-store',
    })
  })
})
