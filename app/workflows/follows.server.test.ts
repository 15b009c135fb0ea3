import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { countFollowers } from '#app/modules/vendors/follows.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { changeFollow, followedStores } from './follows.server.ts'

let db: TestDatabase
let store = 0

const actor = (userId: string, role: Actor['role']): Actor & { email: string } => ({
  userId,
  role,
  email: `${userId}@example.rw`,
  name: userId,
})
const customer = actor('aline', 'customer')
const vendor = actor('claudine', 'vendor')
const admin = actor('staff', 'admin')
const profileless = actor('no-profile', 'customer')

beforeAll(async () => {
  db = await createTestDatabase()
  for (const a of [customer, vendor, admin, profileless]) {
    await db.ctx.db.insert(users).values({ id: a.userId, name: a.name, email: a.email, role: a.role })
  }
  await createCustomer(db.ctx, { firstName: 'Aline', lastName: 'Uwase', email: customer.email, userId: 'aline' })
  // A vendor who once shopped: still a vendor account, so still no follows.
  await createCustomer(db.ctx, { firstName: 'Claudine', lastName: 'M', email: vendor.email, userId: 'claudine' })
  store = (
    await createVendor(db.ctx, {
      name: 'Open Store',
      slug: 'open-store',
      ownerName: 'Owner',
      email: 'open@example.rw',
      phone: '+250788000000',
      description: 'Sells things',
      about: 'About',
      businessAddress: 'KN 1 St',
      district: 'Gasabo',
      city: 'Kigali',
      categories: ['women'],
      specialties: [],
      policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
      responseTime: 'Within 2 hours',
      avatarColours: ['#0f766e', '#f59e0b'],
      status: 'approved',
    })
  ).id
})

afterAll(async () => {
  await db?.close()
})

describe('changeFollow', () => {
  it('lets a signed-in customer follow and unfollow', async () => {
    expect(await changeFollow(db.ctx, customer, { intent: 'follow', vendorId: store })).toEqual({
      ok: true,
      following: true,
      followerCount: 1,
    })
    expect(await followedStores(db.ctx, customer, [store])).toEqual([store])
    expect(await changeFollow(db.ctx, customer, { intent: 'unfollow', vendorId: store })).toEqual({
      ok: true,
      following: false,
      followerCount: 0,
    })
    expect(await followedStores(db.ctx, customer, [store])).toEqual([])
  })

  it('sends a visitor to sign in, and changes nothing', async () => {
    expect(await changeFollow(db.ctx, null, { intent: 'follow', vendorId: store })).toEqual({
      ok: false,
      code: 'sign-in',
    })
    expect(await countFollowers(db.ctx, store)).toBe(0)
  })

  it('only customers follow: a vendor or an admin is refused, and nothing changes', async () => {
    for (const who of [vendor, admin, profileless]) {
      expect(await changeFollow(db.ctx, who, { intent: 'follow', vendorId: store }), who.userId).toEqual({
        ok: false,
        code: 'customers-only',
      })
    }
    expect(await countFollowers(db.ctx, store)).toBe(0)
  })

  it('shows no follows to visitors, vendors and admins', async () => {
    await changeFollow(db.ctx, customer, { intent: 'follow', vendorId: store })
    expect(await followedStores(db.ctx, null, [store])).toEqual([])
    expect(await followedStores(db.ctx, vendor, [store])).toEqual([])
    expect(await followedStores(db.ctx, admin, [store])).toEqual([])
    expect(await followedStores(db.ctx, customer, [])).toEqual([])
  })
})
