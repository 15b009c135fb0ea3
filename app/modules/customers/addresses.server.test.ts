import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  createAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  MAX_ADDRESSES,
  placeChoices,
  setDefaultAddress,
  updateAddress,
} from './addresses.server.ts'
import { profileCompleteness } from './customers.schemas.ts'
import { createCustomer, updateCustomerProfile } from './customers.server.ts'
import { customers } from './tables.server.ts'

let t: TestDatabase
let alice: number
let bob: number
let seq = 0

/** A valid address in Kigali; fields can be replaced. */
const kigali = (over: Record<string, unknown> = {}) => ({
  label: 'Home',
  recipient: 'Aline Uwase',
  phone: '078 123 4567',
  province: 'Kigali',
  district: 'Gasabo',
  sector: 'Kimironko',
  cell: 'Bibare',
  landmark: 'Near the market, green gate',
  ...over,
})

async function newCustomer() {
  const { id } = await createCustomer(t.ctx, {
    firstName: 'Test',
    lastName: `Customer ${++seq}`,
    email: `customer-${seq}@example.rw`,
  })
  return id
}

async function add(customerId: number, over: Record<string, unknown> = {}) {
  const outcome = await createAddress(t.ctx, customerId, kigali(over))
  if (!outcome.ok) throw new Error(JSON.stringify(outcome))
  return outcome.id
}

const defaults = async (customerId: number) =>
  (await listAddresses(t.ctx, customerId)).filter((a) => a.isDefault).map((a) => a.label)

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())
beforeEach(async () => {
  alice = await newCustomer()
  bob = await newCustomer()
})

describe('an address is a place in Rwanda’s administrative tree', () => {
  test('a province, district, sector and cell that belong together are saved, with the phone in E.164', async () => {
    const id = await add(alice, { phone: '+250 78 123 4567' })
    expect(await findAddress(t.ctx, alice, id)).toMatchObject({
      label: 'Home',
      province: 'Kigali',
      district: 'Gasabo',
      sector: 'Kimironko',
      cell: 'Bibare',
      phone: '+250781234567',
    })
    const musanze = await createAddress(
      t.ctx,
      alice,
      kigali({ label: 'Parents', province: 'North', district: 'Musanze', sector: 'Muhoza', cell: 'Ruhengeri' }),
    )
    expect(musanze.ok).toBe(true)
  })

  test('each level that does not belong to the one above is refused next to its field, and nothing is saved', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ province: 'Nairobi' }, 'province'],
      [{ district: 'Musanze' }, 'district'], // Musanze is in the North, not in Kigali
      [{ sector: 'Muhoza' }, 'sector'], // a sector of Musanze, not of Gasabo
      [{ cell: 'Ruhengeri' }, 'cell'], // a cell of Muhoza, not of Kimironko
      [{ province: 'kigali' }, 'province'], // spelled as the tree spells it
    ]
    for (const [over, field] of cases) {
      const outcome = await createAddress(t.ctx, alice, kigali(over))
      expect(outcome).toEqual({
        ok: false,
        code: 'invalid',
        errors: { [field]: `customer.address.error.${field}` },
      })
    }
    expect(await listAddresses(t.ctx, alice)).toEqual([])
  })

  test('every field is required; the phone must be a Rwandan mobile number', async () => {
    const outcome = await createAddress(t.ctx, alice, {})
    expect(outcome).toEqual({
      ok: false,
      code: 'invalid',
      errors: {
        label: 'account.error.required',
        recipient: 'account.error.required',
        phone: 'account.error.required',
        province: 'customer.address.error.province',
        district: 'customer.address.error.district',
        sector: 'customer.address.error.sector',
        cell: 'customer.address.error.cell',
        landmark: 'account.error.required',
      },
    })
    for (const phone of ['0252 123 456', '12345', '+254712345678']) {
      expect(await createAddress(t.ctx, alice, kigali({ phone }))).toEqual({
        ok: false,
        code: 'invalid',
        errors: { phone: 'account.error.phone' },
      })
    }
    for (const [typed, e164] of [
      ['0788123456', '+250788123456'],
      ['250 72 123 4567', '+250721234567'],
      ['0791-234-567', '+250791234567'],
    ]) {
      const id = await add(alice, { phone: typed })
      expect((await findAddress(t.ctx, alice, id))?.phone).toBe(e164)
    }
  })

  test('the pickers keep a choice only under its own parent, and list the next level', () => {
    const chosen = placeChoices({ province: 'Kigali', district: 'Gasabo', sector: 'Kimironko', cell: 'Bibare' })
    expect(chosen.place).toEqual({ province: 'Kigali', district: 'Gasabo', sector: 'Kimironko', cell: 'Bibare' })
    expect(chosen.options.districts).toEqual(['Gasabo', 'Kicukiro', 'Nyarugenge'])
    expect(chosen.options.cells).toContain('Bibare')
    // A new province: the district, sector and cell chosen under the old one are cleared.
    const moved = placeChoices({ province: 'North', district: 'Gasabo', sector: 'Kimironko', cell: 'Bibare' })
    expect(moved.place).toEqual({ province: 'North', district: '', sector: '', cell: '' })
    expect(moved.options.districts).toContain('Musanze')
    expect(moved.options.sectors).toEqual([])
    expect(placeChoices({}).options).toMatchObject({ districts: [], sectors: [], cells: [] })
    expect(placeChoices({}).options.provinces).toEqual(['East', 'Kigali', 'North', 'South', 'West'])
  })
})

describe('one default address', () => {
  test('the first address is the default; a later one only when asked', async () => {
    await add(alice, { label: 'Home' })
    await add(alice, { label: 'Work' })
    expect(await defaults(alice)).toEqual(['Home'])
    await add(alice, { label: 'Parents', isDefault: 'on' })
    expect(await defaults(alice)).toEqual(['Parents'])
    expect((await listAddresses(t.ctx, alice))[0]?.label).toBe('Parents')
  })

  test('choosing another default moves it; unticking it on the default address keeps it', async () => {
    const home = await add(alice, { label: 'Home' })
    const work = await add(alice, { label: 'Work' })
    expect(await setDefaultAddress(t.ctx, alice, work)).toEqual({ ok: true, id: work })
    expect(await defaults(alice)).toEqual(['Work'])
    expect(await updateAddress(t.ctx, alice, work, kigali({ label: 'Office' }))).toEqual({ ok: true, id: work })
    expect(await defaults(alice)).toEqual(['Office'])
    expect(await updateAddress(t.ctx, alice, home, kigali({ label: 'Home', isDefault: 'on' }))).toMatchObject({
      ok: true,
    })
    expect(await defaults(alice)).toEqual(['Home'])
  })

  test('deleting the default makes the newest remaining address the default; the last one leaves none', async () => {
    const home = await add(alice, { label: 'Home' })
    await add(alice, { label: 'Work' })
    const parents = await add(alice, { label: 'Parents' })
    expect(await deleteAddress(t.ctx, alice, home)).toEqual({ ok: true, id: home })
    expect(await defaults(alice)).toEqual(['Parents'])
    expect(await deleteAddress(t.ctx, alice, parents)).toMatchObject({ ok: true })
    expect(await defaults(alice)).toEqual(['Work'])
    const [work] = await listAddresses(t.ctx, alice)
    await deleteAddress(t.ctx, alice, work?.id as number)
    expect(await listAddresses(t.ctx, alice)).toEqual([])
    // Deleting something that is no longer there changes nothing and says so.
    expect(await deleteAddress(t.ctx, alice, home)).toEqual({ ok: false, code: 'not_found' })
  })

  test('a customer keeps at most the maximum number of addresses', async () => {
    for (let i = 0; i < MAX_ADDRESSES; i++) await add(alice, { label: `Place ${i}` })
    expect(await createAddress(t.ctx, alice, kigali({ label: 'One more' }))).toEqual({
      ok: false,
      code: 'invalid',
      errors: { form: 'customer.address.error.tooMany' },
    })
    expect((await listAddresses(t.ctx, alice)).length).toBe(MAX_ADDRESSES)
  })

  test('additions at once still leave exactly one default', async () => {
    // Each of the first ones finds no address yet, so each would be the default, but they take turns.
    await Promise.all(Array.from({ length: 6 }, (_, i) => add(alice, { label: `First ${i}` })))
    expect((await defaults(alice)).length).toBe(1)
    await Promise.all(Array.from({ length: 6 }, (_, i) => add(bob, { label: `Mine ${i}`, isDefault: 'on' })))
    expect((await defaults(bob)).length).toBe(1)
  })
})

describe('a customer reaches only their own addresses', () => {
  test('customer B cannot read, update, make default or delete customer A’s address', async () => {
    const home = await add(alice, { label: 'Home' })
    const work = await add(alice, { label: 'Work' })
    await add(bob, { label: 'Bob home' })
    const before = await listAddresses(t.ctx, alice)

    expect(await findAddress(t.ctx, bob, home)).toBeNull()
    expect(await updateAddress(t.ctx, bob, work, kigali({ label: 'Taken' }))).toEqual({
      ok: false,
      code: 'not_found',
    })
    // Not found even when the changes would be refused: nothing tells B what A's address holds.
    expect(await updateAddress(t.ctx, bob, work, {})).toEqual({ ok: false, code: 'not_found' })
    expect(await setDefaultAddress(t.ctx, bob, work)).toEqual({ ok: false, code: 'not_found' })
    expect(await deleteAddress(t.ctx, bob, home)).toEqual({ ok: false, code: 'not_found' })

    expect(await listAddresses(t.ctx, alice)).toEqual(before)
    expect(await defaults(bob)).toEqual(['Bob home'])
    expect((await listAddresses(t.ctx, bob)).map((a) => a.label)).toEqual(['Bob home'])
  })

  test('ids that are not ids are simply not found', async () => {
    for (const id of [0, -1, Number.NaN, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER + 1]) {
      expect(await findAddress(t.ctx, alice, id)).toBeNull()
      expect(await deleteAddress(t.ctx, alice, id)).toEqual({ ok: false, code: 'not_found' })
      expect(await setDefaultAddress(t.ctx, alice, id)).toEqual({ ok: false, code: 'not_found' })
    }
  })
})

describe("the profile's phone", () => {
  const profile = async (customerId: number) => {
    const [row] = await t.ctx.db.select().from(customers).where(eq(customers.id, customerId))
    if (!row) throw new Error(`no customer ${customerId}`)
    return row
  }

  test('a first address gives a profile without a number its phone, so the profile no longer says it is missing', async () => {
    expect(profileCompleteness({ ...(await profile(alice)), addressCount: 0 }).missing).toContain('phone')
    await add(alice, { phone: '0788 123 456' })
    const after = await profile(alice)
    expect(after.phone).toBe('+250788123456')
    expect(profileCompleteness({ ...after, addressCount: 1 }).missing).toEqual([])
  })

  test('a number the customer gave on the profile is theirs: an address never replaces it', async () => {
    const saved = await updateCustomerProfile(t.ctx, bob, {
      firstName: 'Bob',
      lastName: 'Mugisha',
      phone: '0722 000 111',
    })
    expect(saved.ok).toBe(true)
    await add(bob, { phone: '0788 123 456' })
    expect((await profile(bob)).phone).toBe('+250722000111')
  })
})
