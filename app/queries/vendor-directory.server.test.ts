import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products, reviews } from '#app/modules/catalog/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { follows, type VendorStatus, vendors } from '#app/modules/vendors/tables.server.ts'
import { parseVendorFilters, parseVendorId, vendorSorts } from '#app/modules/vendors/vendors.schemas.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { findVendorStore, isOpenAt, kigaliClock, listVendors } from './vendor-directory.server.ts'

// Kigali is UTC+2 all year (no daylight saving).
const at = (kigaliTime: string) => new Date(`2026-06-15T${kigaliTime}:00+02:00`)
const NOON = at('12:00')

let db: TestDatabase
const ids: Record<string, number> = {}

type VendorFixture = {
  name: string
  status?: VendorStatus
  district?: string
  city?: string
  categories?: string[]
  verified?: boolean
  opensAt?: number
  closesAt?: number
  featuredScore?: number
  joinedAt?: Date
  description?: string
}

async function addVendor(v: VendorFixture): Promise<number> {
  const slug = v.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const [row] = await db.ctx.db
    .insert(vendors)
    .values({
      name: v.name,
      slug,
      ownerName: 'Owner',
      email: `${slug}@example.rw`,
      phone: '+250788000000',
      description: v.description ?? `${v.name} sells things`,
      about: `About ${v.name}`,
      businessAddress: 'KN 1 St',
      district: v.district ?? 'Gasabo',
      city: v.city ?? 'Kigali',
      categories: v.categories ?? ['women'],
      specialties: ['Kitenge'],
      policies: { returns: '30 days', shipping: 'Free in Rwanda', warranty: 'None' },
      responseTime: 'Within 2 hours',
      verified: v.verified ?? false,
      status: v.status ?? 'approved',
      // The same hours every day of the week (08:00–19:00 unless given).
      openingHours: Array.from({ length: 7 }, () => ({ open: v.opensAt ?? 480, close: v.closesAt ?? 1140 })),
      avatarColours: ['#0f766e', '#f59e0b'],
      featuredScore: v.featuredScore ?? 0,
      joinedAt: v.joinedAt ?? new Date('2024-03-01T10:00:00Z'),
    })
    .returning({ id: vendors.id })
  return row.id
}

let productSeq = 0
async function addProduct(vendorId: number, status: 'active' | 'draft' | 'archived' = 'active'): Promise<number> {
  productSeq += 1
  const [row] = await db.ctx.db
    .insert(products)
    .values({
      vendorId,
      categoryId: ids.category,
      title: `Product ${productSeq}`,
      slug: `product-${productSeq}`,
      description: 'A product',
      price: 10_000,
      status,
    })
    .returning({ id: products.id })
  return row.id
}

let reviewerSeq = 0

/** One review per rating, each by its own customer (a customer reviews a product once). */
async function addReviews(productId: number, ratings: number[]) {
  const reviewers = await db.ctx.db
    .insert(customers)
    .values(ratings.map(() => ({ firstName: 'R', lastName: 'Test', email: `reviewer-${++reviewerSeq}@example.rw` })))
    .returning({ id: customers.id })
  await db.ctx.db
    .insert(reviews)
    .values(ratings.map((rating, i) => ({ productId, customerId: reviewers[i]?.id ?? 0, rating, body: 'Review' })))
}

beforeAll(async () => {
  db = await createTestDatabase()
  const [dept] = await db.ctx.db
    .insert(categories)
    .values({ slug: 'women', name: 'Women', level: 0 })
    .returning({ id: categories.id })
  ids.category = dept.id
  const people = await db.ctx.db
    .insert(customers)
    .values([1, 2, 3].map((n) => ({ firstName: `C${n}`, lastName: 'Test', email: `c${n}@example.rw` })))
    .returning({ id: customers.id })
  ids.customer1 = people[0].id

  // Umutako: 3 active products (1 draft, 1 archived), 5 reviews on active ones (4 happy), 2 of them on the draft
  // do not count; 3 followers; verified; Gasabo; featured most; joined 2021.
  ids.umutako = await addVendor({
    name: 'Umutako Boutique',
    district: 'Gasabo',
    categories: ['women', 'accessories'],
    verified: true,
    featuredScore: 90,
    joinedAt: new Date('2021-05-10T08:00:00Z'),
    description: 'Kitenge dresses and umushanana',
  })
  const u1 = await addProduct(ids.umutako)
  const u2 = await addProduct(ids.umutako)
  await addProduct(ids.umutako)
  const uDraft = await addProduct(ids.umutako, 'draft')
  await addProduct(ids.umutako, 'archived')
  await addReviews(u1, [5, 4, 4])
  await addReviews(u2, [5, 2])
  await addReviews(uDraft, [1, 1])
  await db.ctx.db.insert(follows).values(people.map((p) => ({ vendorId: ids.umutako, customerId: p.id })))

  // Nyamirambo Beauty: 1 product, 1 review of 3 (rating 3.0, satisfaction 0), 1 follower; Nyarugenge; beauty;
  // open only in the evening through midnight; joined this year (2026).
  ids.nyamirambo = await addVendor({
    name: 'Nyamirambo Beauty',
    district: 'Nyarugenge',
    categories: ['beauty'],
    opensAt: 20 * 60,
    closesAt: 2 * 60,
    featuredScore: 50,
    joinedAt: new Date('2026-01-20T08:00:00Z'),
  })
  const n1 = await addProduct(ids.nyamirambo)
  await addReviews(n1, [3])
  await db.ctx.db.insert(follows).values({ vendorId: ids.nyamirambo, customerId: people[1].id })

  // Musanze Crafts: 5 products, no reviews, no followers; outside Kigali; home-living; verified; joined 2025.
  ids.musanze = await addVendor({
    name: 'Musanze Crafts',
    district: 'Musanze',
    city: 'Musanze',
    categories: ['home-living'],
    verified: true,
    featuredScore: 10,
    joinedAt: new Date('2025-11-01T08:00:00Z'),
  })
  for (let i = 0; i < 5; i++) await addProduct(ids.musanze)

  // Kicukiro Kids: 2 products, 4 reviews all 5 (rating 5.0), joined 2023-12-31 23:30 Kigali time (still 2023 there).
  ids.kicukiro = await addVendor({
    name: 'Kicukiro Kids',
    district: 'Kicukiro',
    categories: ['kids'],
    featuredScore: 30,
    joinedAt: new Date('2023-12-31T21:30:00Z'),
  })
  const k1 = await addProduct(ids.kicukiro)
  await addProduct(ids.kicukiro)
  await addReviews(k1, [5, 5, 5, 5])

  // Not public: each would match every filter below if it were.
  ids.pending = await addVendor({ name: 'Pending Shop', status: 'pending', featuredScore: 100, verified: true })
  ids.rejected = await addVendor({ name: 'Rejected Shop', status: 'rejected', featuredScore: 100, verified: true })
  ids.suspended = await addVendor({ name: 'Suspended Shop', status: 'suspended', featuredScore: 100, verified: true })
  for (const id of [ids.pending, ids.rejected, ids.suspended]) await addReviews(await addProduct(id), [5])
})

afterAll(async () => {
  await db?.close()
})

const names = (listing: { items: { name: string }[] }) => listing.items.map((v) => v.name)
const list = (query: string, now = NOON) => listVendors(db.ctx, parseVendorFilters(new URLSearchParams(query)), { now })

describe('listVendors', () => {
  it('lists only approved vendors, featured first', async () => {
    const listing = await list('')
    expect(names(listing)).toEqual(['Umutako Boutique', 'Nyamirambo Beauty', 'Kicukiro Kids', 'Musanze Crafts'])
    expect(listing.total).toBe(4)
    expect(listing.page).toBe(1)
    expect(listing.pageCount).toBe(1)
  })

  it('computes each vendor’s figures from the rows', async () => {
    const listing = await list('')
    const byName = Object.fromEntries(listing.items.map((v) => [v.name, v]))
    expect(byName['Umutako Boutique']).toMatchObject({
      productCount: 3,
      reviewCount: 5,
      rating: 4, // (5+4+4+5+2)/5; the draft product's reviews do not count
      followerCount: 3,
      verified: true,
      categories: ['women', 'accessories'],
      district: 'Gasabo',
      city: 'Kigali',
      yearsActive: 5,
      avatarColours: ['#0f766e', '#f59e0b'],
      avatarKey: null,
    })
    expect(byName['Nyamirambo Beauty']).toMatchObject({ productCount: 1, reviewCount: 1, rating: 3, followerCount: 1 })
    expect(byName['Musanze Crafts']).toMatchObject({ productCount: 5, reviewCount: 0, rating: null, followerCount: 0 })
    expect(byName['Kicukiro Kids']).toMatchObject({ productCount: 2, reviewCount: 4, rating: 5, yearsActive: 3 })
  })

  it('rounds the rating to one decimal', async () => {
    const id = await addVendor({ name: 'Rounding Shop', status: 'suspended' })
    const p = await addProduct(id)
    await addReviews(p, [5, 4, 4]) // 4.333…
    await db.ctx.db.update(vendors).set({ status: 'approved' }).where(eqId(id))
    try {
      const listing = await list('q=Rounding')
      expect(listing.items[0].rating).toBe(4.3)
    } finally {
      await db.ctx.db.update(vendors).set({ status: 'suspended' }).where(eqId(id))
    }
  })

  it('sorts by each order', async () => {
    expect(names(await list('sort=rating'))).toEqual([
      'Kicukiro Kids',
      'Umutako Boutique',
      'Nyamirambo Beauty',
      'Musanze Crafts',
    ])
    expect(names(await list('sort=reviews'))).toEqual([
      'Umutako Boutique',
      'Kicukiro Kids',
      'Nyamirambo Beauty',
      'Musanze Crafts',
    ])
    expect(names(await list('sort=products'))).toEqual([
      'Musanze Crafts',
      'Umutako Boutique',
      'Kicukiro Kids',
      'Nyamirambo Beauty',
    ])
    expect(names(await list('sort=newest'))).toEqual([
      'Nyamirambo Beauty',
      'Musanze Crafts',
      'Kicukiro Kids',
      'Umutako Boutique',
    ])
    expect(vendorSorts).toEqual(['featured', 'rating', 'reviews', 'products', 'newest'])
  })

  it('searches name, description and place, every word', async () => {
    expect(names(await list('q=umushanana'))).toEqual(['Umutako Boutique'])
    expect(names(await list('q=musanze'))).toEqual(['Musanze Crafts'])
    expect(names(await list('q=kitenge+beauty'))).toEqual([])
    expect(names(await list('q=100%25'))).toEqual([])
  })

  it('filters by department', async () => {
    expect(names(await list('category=accessories'))).toEqual(['Umutako Boutique'])
    expect(names(await list('category=beauty'))).toEqual(['Nyamirambo Beauty'])
    expect((await list('category=all')).total).toBe(4)
  })

  it('treats an unknown department as all when the departments are given', async () => {
    const listing = await listVendors(
      db.ctx,
      { category: 'spaceships', departments: ['women', 'beauty'] },
      { now: NOON },
    )
    expect(listing.total).toBe(4)
    expect(listing.applied.category).toBeUndefined()
  })

  it('filters by location: Kigali, a district, another place', async () => {
    expect(names(await list('location=kigali'))).toEqual(['Umutako Boutique', 'Nyamirambo Beauty', 'Kicukiro Kids'])
    expect(names(await list('location=gasabo'))).toEqual(['Umutako Boutique'])
    expect(names(await list('location=nyarugenge'))).toEqual(['Nyamirambo Beauty'])
    expect(names(await list('location=kicukiro'))).toEqual(['Kicukiro Kids'])
    expect(names(await list('location=musanze'))).toEqual(['Musanze Crafts'])
    expect(names(await list('location=MUSANZE'))).toEqual(['Musanze Crafts'])
  })

  it('offers Kigali, its districts and the other places present among approved vendors', async () => {
    const { locations } = await list('')
    expect(locations.map((l) => l.value)).toEqual(['kigali', 'gasabo', 'nyarugenge', 'kicukiro', 'musanze'])
  })

  it('falls back to defaults on bad values', async () => {
    const all = await list('')
    for (const query of ['location=atlantis', 'location=%3Cscript%3E', 'sort=cheapest', 'page=abc', 'verified=maybe']) {
      const listing = await list(query)
      expect(names(listing), query).toEqual(names(all))
    }
    expect((await list('location=atlantis')).applied.location).toBeUndefined()
  })

  it('filters verified vendors', async () => {
    expect(names(await list('verified=1'))).toEqual(['Umutako Boutique', 'Musanze Crafts'])
  })

  it('filters vendors online now in Kigali time', async () => {
    // 12:00: the day stores are open, the evening one is not.
    expect(names(await list('online=1', at('12:00')))).toEqual(['Umutako Boutique', 'Kicukiro Kids', 'Musanze Crafts'])
    // 23:30 and 01:00: only the one open through midnight.
    expect(names(await list('online=1', at('23:30')))).toEqual(['Nyamirambo Beauty'])
    expect(names(await list('online=1', at('01:00')))).toEqual(['Nyamirambo Beauty'])
    // 08:00 opens, 19:00 closes.
    expect((await list('online=1', at('08:00'))).total).toBe(3)
    expect((await list('online=1', at('19:00'))).total).toBe(0)
    expect((await list('online=1', at('07:59'))).total).toBe(0)
    // Reads the instant in Kigali, not in the server's zone: 17:30 UTC is 19:30 in Kigali, everyone is closed;
    // 18:30 UTC is 20:30, the evening store is open.
    const closed = await listVendors(db.ctx, {}, { now: new Date('2026-06-15T17:30:00Z') })
    expect(closed.items.map((v) => v.isOnline)).toEqual([false, false, false, false])
    const evening = await listVendors(db.ctx, {}, { now: new Date('2026-06-15T18:30:00Z') })
    expect(Object.fromEntries(evening.items.map((v) => [v.name, v.isOnline]))).toEqual({
      'Umutako Boutique': false,
      'Nyamirambo Beauty': true,
      'Kicukiro Kids': false,
      'Musanze Crafts': false,
    })
  })

  it('combines filters', async () => {
    expect(names(await list('location=kigali&verified=1&category=women'))).toEqual(['Umutako Boutique'])
    expect((await list('location=musanze&category=women')).total).toBe(0)
  })

  it('pages, clamping the page to the last one', async () => {
    const first = await listVendors(db.ctx, { perPage: 3 }, { now: NOON })
    expect(first.pageCount).toBe(2)
    expect(first.items).toHaveLength(3)
    const second = await listVendors(db.ctx, { perPage: 3, page: 2 }, { now: NOON })
    expect(names(second)).toEqual(['Musanze Crafts'])
    const beyond = await listVendors(db.ctx, { perPage: 3, page: 50 }, { now: NOON })
    expect(beyond.page).toBe(2)
    expect(names(beyond)).toEqual(['Musanze Crafts'])
  })

  it('returns an empty page when nothing matches', async () => {
    const listing = await list('q=zzzz')
    expect(listing).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 })
  })
})

describe('findVendorStore', () => {
  it('gives the store page data with its figures', async () => {
    const store = await findVendorStore(db.ctx, ids.umutako, { now: NOON })
    expect(store).toMatchObject({
      id: ids.umutako,
      name: 'Umutako Boutique',
      about: 'About Umutako Boutique',
      specialties: ['Kitenge'],
      policies: { returns: '30 days', shipping: 'Free in Rwanda', warranty: 'None' },
      responseTime: 'Within 2 hours',
      bannerKey: null,
      productCount: 3,
      followerCount: 3,
      reviewCount: 5,
      rating: 4,
      satisfaction: 80, // 4 of 5 reviews rated 4 or 5
      yearsOnIsoko: 5,
      isOnline: true,
      joinedAt: '2021-05-10T08:00:00.000Z',
    })
  })

  it('computes satisfaction as a whole percent, null without reviews', async () => {
    expect((await findVendorStore(db.ctx, ids.nyamirambo, { now: NOON }))?.satisfaction).toBe(0)
    expect((await findVendorStore(db.ctx, ids.kicukiro, { now: NOON }))?.satisfaction).toBe(100)
    expect((await findVendorStore(db.ctx, ids.musanze, { now: NOON }))?.satisfaction).toBeNull()
  })

  it('counts years on Isoko in Kigali time, 0 for a vendor who joined this year', async () => {
    expect((await findVendorStore(db.ctx, ids.nyamirambo, { now: NOON }))?.yearsOnIsoko).toBe(0)
    // Joined 2023-12-31 23:30 in Kigali (21:30 UTC): 2023, so three years by 2026.
    expect((await findVendorStore(db.ctx, ids.kicukiro, { now: NOON }))?.yearsOnIsoko).toBe(3)
    // A clock set before the join year never gives a negative number.
    expect(
      (await findVendorStore(db.ctx, ids.nyamirambo, { now: new Date('2020-01-01T12:00:00Z') }))?.yearsOnIsoko,
    ).toBe(0)
  })

  it('hides pending, rejected and suspended vendors, and unknown ids', async () => {
    for (const id of [ids.pending, ids.rejected, ids.suspended, 99_999, 0, -3, 1.5, Number.NaN, 2 ** 40]) {
      expect(await findVendorStore(db.ctx, id), String(id)).toBeNull()
    }
  })
})

describe('parseVendorId', () => {
  it('reads a plain positive integer, 1 when missing', () => {
    expect(parseVendorId(undefined)).toBe(1)
    expect(parseVendorId('')).toBe(1)
    expect(parseVendorId('1')).toBe(1)
    expect(parseVendorId('42')).toBe(42)
    expect(parseVendorId('2147483647')).toBe(2_147_483_647)
  })

  it('refuses malformed ids', () => {
    for (const raw of ['abc', '1.5', '-3', '0', '01', '1e3', ' 1', '2147483648', '99999999999', '0x10']) {
      expect(parseVendorId(raw), raw).toBeNull()
    }
  })
})

describe('opening hours', () => {
  it('reads the Kigali clock', () => {
    expect(kigaliClock(new Date('2026-06-15T22:30:00Z'))).toEqual({ year: 2026, minutes: 30 })
    expect(kigaliClock(new Date('2025-12-31T22:05:00Z'))).toEqual({ year: 2026, minutes: 5 })
  })

  it('handles hours within a day and through midnight', () => {
    expect(isOpenAt(480, 1140, 480)).toBe(true)
    expect(isOpenAt(480, 1140, 1139)).toBe(true)
    expect(isOpenAt(480, 1140, 1140)).toBe(false)
    expect(isOpenAt(1200, 120, 1300)).toBe(true)
    expect(isOpenAt(1200, 120, 60)).toBe(true)
    expect(isOpenAt(1200, 120, 600)).toBe(false)
    expect(isOpenAt(0, 1440, 0)).toBe(true)
    expect(isOpenAt(600, 600, 600)).toBe(false)
  })
})

function eqId(id: number) {
  return eq(vendors.id, id)
}
