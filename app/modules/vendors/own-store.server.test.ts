import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkValues } from '#app/lib/forms.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { categories, products } from '#app/modules/catalog/tables.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { findStoreDashboard } from '#app/queries/vendor-dashboard.server.ts'
import { findVendorStore } from '#app/queries/vendor-directory.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { findStoreSettings, updateStoreSettings } from './own-store.server.ts'
import { type StoreSettingsInput, StoreSettingsSchema, splitSpecialties } from './store-settings.schemas.ts'
import { vendors } from './tables.server.ts'
import { cityOfDistrict } from './vendors.schemas.ts'
import { createVendor, followVendor } from './vendors-admin.server.ts'

let db: TestDatabase
const ids = { a: 0, b: 0, pending: 0 }

async function addUser(id: string, role: 'vendor' | 'customer' = 'vendor') {
  await db.ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role })
}

async function addStore(name: string, ownerUserId: string, status: 'approved' | 'pending' = 'approved') {
  const { id } = await createVendor(db.ctx, {
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    ownerName: 'Owner',
    email: `${name.toLowerCase().replace(/\W+/g, '')}@example.rw`,
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
    status,
    ownerUserId,
  })
  return id
}

/** A valid form, as the browser posts it (every value a string). */
function form(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Umutako Boutique',
    description: 'Kitenge dresses and umushanana, made in Kigali.',
    about: 'We started in 2015 with one sewing machine.\n\nToday we dress weddings across Rwanda.',
    district: 'Musanze',
    specialties: 'Kitenge, Umushanana\n  Bridal wear  \nkitenge\n\n',
    returns: 'Returns within 14 days, unworn with tags.',
    shipping: 'Free delivery across Rwanda in 2-4 days.',
    warranty: 'Six months on stitching.',
    responseTime: 'hour',
    ...overrides,
  }
}

function parse(overrides: Record<string, string> = {}): StoreSettingsInput {
  return StoreSettingsSchema.parse(form(overrides))
}

function errorsOf(overrides: Record<string, string>): Record<string, string> {
  const result = checkValues(StoreSettingsSchema, form(overrides))
  return result.ok ? {} : result.errors
}

beforeAll(async () => {
  db = await createTestDatabase()
  await addUser('owner-a')
  await addUser('owner-b')
  await addUser('owner-pending')
  await addUser('no-store')
  ids.a = await addStore('Store A', 'owner-a')
  ids.b = await addStore('Store B', 'owner-b')
  ids.pending = await addStore('Pending Store', 'owner-pending', 'pending')
})

afterAll(async () => {
  await db?.close()
})

describe('the store settings form', () => {
  it('accepts a complete form, trimmed, with specialties split, de-duplicated and in order', () => {
    const input = parse({ name: '  Umutako Boutique  ' })
    expect(input.name).toBe('Umutako Boutique')
    expect(input.specialties).toEqual(['Kitenge', 'Umushanana', 'Bridal wear'])
  })

  it('splits specialties on commas and lines', () => {
    expect(splitSpecialties('a,b\nc\r\n , d  e ,')).toEqual(['a', 'b', 'c', 'd e'])
    expect(splitSpecialties('')).toEqual([])
    expect(parse({ specialties: '' }).specialties).toEqual([])
  })

  it('says what is wrong with each field', () => {
    expect(errorsOf({ name: '   ' })).toEqual({ name: 'vendor.settings.error.required' })
    expect(errorsOf({ name: 'A' })).toEqual({ name: 'vendor.settings.error.short' })
    expect(errorsOf({ name: 'x'.repeat(81) })).toEqual({ name: 'vendor.settings.error.long' })
    expect(errorsOf({ description: 'Too short' })).toEqual({ description: 'vendor.settings.error.short' })
    expect(errorsOf({ about: 'y'.repeat(2001) })).toEqual({ about: 'vendor.settings.error.long' })
    expect(errorsOf({ returns: '', warranty: '' })).toEqual({
      returns: 'vendor.settings.error.required',
      warranty: 'vendor.settings.error.required',
    })
    // A choice from the list only: what another language cannot say is refused.
    expect(errorsOf({ responseTime: 'Within 2 hours' })).toEqual({ responseTime: 'vendor.settings.error.responseTime' })
    expect(errorsOf({ district: '' })).toEqual({ district: 'vendor.settings.error.required' })
  })

  it('allows at most 8 specialties of at most 40 characters', () => {
    expect(parse({ specialties: 'a,b,c,d,e,f,g,h' }).specialties).toHaveLength(8)
    expect(errorsOf({ specialties: 'a,b,c,d,e,f,g,h,i' })).toEqual({
      specialties: 'vendor.settings.error.specialtiesMany',
    })
    expect(errorsOf({ specialties: `ok, ${'z'.repeat(41)}` })).toEqual({
      specialties: 'vendor.settings.error.specialtyLong',
    })
  })

  it('refuses a missing field (a hand-made post)', () => {
    const { shipping: _, ...rest } = form()
    const result = StoreSettingsSchema.safeParse(rest)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: ['shipping'], message: 'vendor.settings.error.required' })
  })
})

describe('updateStoreSettings', () => {
  it('saves the owner’s store, the city following the district, and leaves every other store alone', async () => {
    const before = await db.ctx.db.select().from(vendors).where(eq(vendors.id, ids.b))
    const result = await updateStoreSettings(db.ctx, { ...parse(), ownerUserId: 'owner-a' })
    expect(result).toEqual({ ok: true, id: ids.a })
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'owner-a' })).toMatchObject({
      id: ids.a,
      name: 'Umutako Boutique',
      district: 'Musanze',
      city: 'Musanze',
      specialties: ['Kitenge', 'Umushanana', 'Bridal wear'],
      policies: {
        returns: 'Returns within 14 days, unworn with tags.',
        shipping: 'Free delivery across Rwanda in 2-4 days.',
        warranty: 'Six months on stitching.',
      },
      responseTime: 'hour',
    })
    const after = await db.ctx.db.select().from(vendors).where(eq(vendors.id, ids.b))
    expect(after).toEqual(before)
  })

  it('shows the changes on the public store page', async () => {
    await updateStoreSettings(db.ctx, { ...parse({ district: 'Kicukiro' }), ownerUserId: 'owner-a' })
    const store = await findVendorStore(db.ctx, ids.a)
    expect(store).toMatchObject({
      name: 'Umutako Boutique',
      about: 'We started in 2015 with one sewing machine.\n\nToday we dress weddings across Rwanda.',
      district: 'Kicukiro',
      city: 'Kigali',
      specialties: ['Kitenge', 'Umushanana', 'Bridal wear'],
      responseTime: 'hour',
    })
  })

  it('reaches only the store of the account given: vendor A can never change store B', async () => {
    const storeB = await findStoreSettings(db.ctx, { ownerUserId: 'owner-b' })
    // Whatever else the input carries (an id, another owner's store), only owner-a's store is written.
    const sneaky = { ...parse({ name: 'Taken Over' }), ownerUserId: 'owner-a', id: ids.b, vendorId: ids.b }
    expect(await updateStoreSettings(db.ctx, sneaky)).toEqual({ ok: true, id: ids.a })
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'owner-b' })).toEqual(storeB)
    expect((await findStoreSettings(db.ctx, { ownerUserId: 'owner-a' }))?.name).toBe('Taken Over')
  })

  it('answers no-store for an account that runs no store, and changes nothing', async () => {
    const [before] = await db.ctx.db.select({ n: vendors.name }).from(vendors).where(eq(vendors.id, ids.b))
    expect(await updateStoreSettings(db.ctx, { ...parse(), ownerUserId: 'no-store' })).toEqual({
      ok: false,
      code: 'no-store',
    })
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'no-store' })).toBeNull()
    const [after] = await db.ctx.db.select({ n: vendors.name }).from(vendors).where(eq(vendors.id, ids.b))
    expect(after).toEqual(before)
  })

  it('refuses a district that is not in Rwanda’s tree', async () => {
    const before = await findStoreSettings(db.ctx, { ownerUserId: 'owner-a' })
    const result = await updateStoreSettings(db.ctx, { ...parse({ district: 'Atlantis' }), ownerUserId: 'owner-a' })
    expect(result).toEqual({ ok: false, code: 'invalid', errors: { district: 'vendor.settings.error.district' } })
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'owner-a' })).toEqual(before)
  })

  it('lets a pending vendor prepare the store, which stays hidden until approved', async () => {
    const result = await updateStoreSettings(db.ctx, {
      ...parse({ name: 'Ready Soon' }),
      ownerUserId: 'owner-pending',
    })
    expect(result).toEqual({ ok: true, id: ids.pending })
    expect(await findStoreSettings(db.ctx, { ownerUserId: 'owner-pending' })).toMatchObject({
      status: 'pending',
      name: 'Ready Soon',
    })
    expect(await findVendorStore(db.ctx, ids.pending)).toBeNull()
  })

  it('puts Kigali’s three districts in the city of Kigali, other districts in themselves', () => {
    expect(cityOfDistrict('Gasabo')).toBe('Kigali')
    expect(cityOfDistrict('Kicukiro')).toBe('Kigali')
    expect(cityOfDistrict('Nyarugenge')).toBe('Kigali')
    expect(cityOfDistrict('Huye')).toBe('Huye')
  })
})

describe('findStoreDashboard', () => {
  it('counts the store’s active products and followers; a store with no orders counts none', async () => {
    const [dept] = await db.ctx.db
      .insert(categories)
      .values({ slug: 'women', name: 'Women', level: 0 })
      .returning({ id: categories.id })
    const product = (n: number, status: 'active' | 'draft') => ({
      vendorId: ids.b,
      categoryId: dept.id,
      title: `P${n}`,
      slug: `p-${n}`,
      description: 'A product',
      price: 10_000,
      status,
    })
    await db.ctx.db.insert(products).values([product(1, 'active'), product(2, 'active'), product(3, 'draft')])
    for (const n of [1, 2, 3]) {
      const { id } = await createCustomer(db.ctx, { firstName: 'C', lastName: `${n}`, email: `c${n}@example.rw` })
      await followVendor(db.ctx, { vendorId: ids.b, customerId: id })
    }
    expect(await findStoreDashboard(db.ctx, { ownerUserId: 'owner-b' })).toMatchObject({
      id: ids.b,
      name: 'Store B',
      status: 'approved',
      statusReason: null,
      productCount: 2,
      followerCount: 3,
      orderCount: 0,
      revenue: 0,
      customerCount: 0,
    })
    expect(await findStoreDashboard(db.ctx, { ownerUserId: 'owner-pending' })).toMatchObject({
      status: 'pending',
      productCount: 0,
      followerCount: 0,
    })
    expect(await findStoreDashboard(db.ctx, { ownerUserId: 'no-store' })).toBeNull()
  })

  it('gives the reason of a rejected or suspended store', async () => {
    await db.ctx.db
      .update(vendors)
      .set({ status: 'suspended', statusReason: 'Counterfeit goods reported' })
      .where(eq(vendors.id, ids.b))
    expect(await findStoreDashboard(db.ctx, { ownerUserId: 'owner-b' })).toMatchObject({
      status: 'suspended',
      statusReason: 'Counterfeit goods reported',
    })
  })
})
