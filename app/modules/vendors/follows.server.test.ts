import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { findVendorStore, listVendors } from '#app/queries/vendor-directory.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { countFollowers, followedVendorIds, followStore, isFollowing, unfollowVendor } from './follows.server.ts'
import { createVendor } from './vendors-admin.server.ts'

let db: TestDatabase
const ids = { open: 0, other: 0, pending: 0, suspended: 0, aline: 0, eric: 0 }

async function addStore(name: string, status: 'approved' | 'pending' | 'suspended' = 'approved') {
  const slug = name.toLowerCase().replace(/\W+/g, '-')
  const { id } = await createVendor(db.ctx, {
    name,
    slug,
    ownerName: 'Owner',
    email: `${slug}@example.rw`,
    phone: '+250788000000',
    description: `${name} sells things`,
    about: `About ${name}`,
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free in Rwanda', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    status,
  })
  return id
}

beforeAll(async () => {
  db = await createTestDatabase()
  ids.open = await addStore('Open Store')
  ids.other = await addStore('Other Store')
  ids.pending = await addStore('Pending Store', 'pending')
  ids.suspended = await addStore('Suspended Store', 'suspended')
  ids.aline = (await createCustomer(db.ctx, { firstName: 'Aline', lastName: 'U', email: 'aline@example.rw' })).id
  ids.eric = (await createCustomer(db.ctx, { firstName: 'Eric', lastName: 'H', email: 'eric@example.rw' })).id
})

afterAll(async () => {
  await db?.close()
})

describe('following a store', () => {
  it('follows once, however often it is asked, and counts the follower', async () => {
    const aline = { vendorId: ids.open, customerId: ids.aline }
    expect(await isFollowing(db.ctx, aline)).toBe(false)
    expect(await followStore(db.ctx, aline)).toEqual({ ok: true, following: true, followerCount: 1 })
    expect(await followStore(db.ctx, aline)).toEqual({ ok: true, following: true, followerCount: 1 })
    expect(await isFollowing(db.ctx, aline)).toBe(true)
    expect(await followStore(db.ctx, { vendorId: ids.open, customerId: ids.eric })).toEqual({
      ok: true,
      following: true,
      followerCount: 2,
    })
    expect(await countFollowers(db.ctx, ids.open)).toBe(2)
    expect(await countFollowers(db.ctx, ids.other)).toBe(0)
  })

  it('shows the real count on the vendor list and the store page', async () => {
    const listing = await listVendors(db.ctx, {})
    const counts = Object.fromEntries(listing.items.map((v) => [v.name, v.followerCount]))
    expect(counts).toEqual({ 'Open Store': 2, 'Other Store': 0 })
    expect((await findVendorStore(db.ctx, ids.open))?.followerCount).toBe(2)
  })

  it('unfollows once, however often it is asked, and the count comes back down', async () => {
    const eric = { vendorId: ids.open, customerId: ids.eric }
    expect(await unfollowVendor(db.ctx, eric)).toEqual({ ok: true, following: false, followerCount: 1 })
    expect(await unfollowVendor(db.ctx, eric)).toEqual({ ok: true, following: false, followerCount: 1 })
    expect(await isFollowing(db.ctx, eric)).toBe(false)
    // Aline still follows.
    expect(await isFollowing(db.ctx, { vendorId: ids.open, customerId: ids.aline })).toBe(true)
    expect((await findVendorStore(db.ctx, ids.open))?.followerCount).toBe(1)
  })

  it('cannot follow a store that is not public, nor one that does not exist', async () => {
    for (const vendorId of [ids.pending, ids.suspended, 999_999, 0, -1, 1.5]) {
      expect(await followStore(db.ctx, { vendorId, customerId: ids.eric }), String(vendorId)).toEqual({
        ok: false,
        code: 'vendor-not-found',
      })
    }
    expect(await countFollowers(db.ctx, ids.pending)).toBe(0)
  })

  it('lists which stores a customer follows, among the ones asked about or all', async () => {
    await followStore(db.ctx, { vendorId: ids.other, customerId: ids.aline })
    expect(await followedVendorIds(db.ctx, { customerId: ids.aline })).toEqual([ids.open, ids.other])
    expect(await followedVendorIds(db.ctx, { customerId: ids.aline, vendorIds: [ids.other, ids.pending] })).toEqual([
      ids.other,
    ])
    expect(await followedVendorIds(db.ctx, { customerId: ids.aline, vendorIds: [] })).toEqual([])
    expect(await followedVendorIds(db.ctx, { customerId: ids.eric })).toEqual([])
  })
})
