import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createAccountDirect } from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { CustomerProfileSchema, profileCompleteness } from './customers.schemas.ts'
import {
  createCustomer,
  ensureCustomerProfile,
  findCustomerByUserId,
  updateCustomerProfile,
} from './customers.server.ts'

let t: TestDatabase
let n = 0

/** A sign-in account (customers.user_id refers to one). */
async function account(email: string, name: string) {
  const auth = createAuth({
    db: t.ctx.db,
    secret: 'a-test-secret-that-is-long-enough-to-use',
    attemptsPerMinute: 1000,
    publicUrl: 'http://localhost:3000',
    sendPasswordReset: async () => {},
    generateId: () => `test-user-${++n}`,
  })
  const result = await createAccountDirect(
    { db: t.ctx.db, auth },
    {
      email,
      name,
      password: 'Kitenge-Blue-42',
      role: 'customer',
    },
  )
  if (!result.ok) throw new Error(result.reason)
  return { userId: result.userId, email, name }
}

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

describe('the customer profile', () => {
  test('an account without a profile gets one, named from its display name, once', async () => {
    const a = await account('jean@example.rw', 'Jean  Claude Niyonzima')
    const first = await ensureCustomerProfile(t.ctx, a)
    expect(first).toMatchObject({ firstName: 'Jean', lastName: 'Claude Niyonzima', email: 'jean@example.rw' })
    const again = await ensureCustomerProfile(t.ctx, a)
    expect(again.id).toBe(first.id)
  })

  test('a shopper row with the same e-mail and no account is claimed, not duplicated', async () => {
    const shopper = await createCustomer(t.ctx, { firstName: 'Grace', lastName: 'Ingabire', email: 'grace@example.rw' })
    const a = await account('grace@example.rw', 'Grace Ingabire')
    const profile = await ensureCustomerProfile(t.ctx, a)
    expect(profile.id).toBe(shopper.id)
    expect((await findCustomerByUserId(t.ctx, a.userId))?.id).toBe(shopper.id)
  })

  test('names and a mobile number in any common form are saved, the number in E.164', async () => {
    const a = await account('eric@example.rw', 'Eric Habimana')
    const { id } = await ensureCustomerProfile(t.ctx, a)
    for (const typed of ['078 123 4567', '+250 78 123 4567', '250781234567', '0781-234-567', '(078) 123 4567']) {
      const outcome = await updateCustomerProfile(t.ctx, id, {
        firstName: ' Eric ',
        lastName: 'Habimana',
        phone: typed,
      })
      expect(outcome).toMatchObject({ ok: true, profile: { firstName: 'Eric', phone: '+250781234567' } })
    }
    const airtel = await updateCustomerProfile(t.ctx, id, { firstName: 'Eric', lastName: 'H', phone: '0731234567' })
    expect(airtel).toMatchObject({ ok: true, profile: { phone: '+250731234567' } })
  })

  test('an empty number removes it; a number that is not a Rwandan mobile one is refused next to the field', async () => {
    const a = await account('diane@example.rw', 'Diane Uwera')
    const { id } = await ensureCustomerProfile(t.ctx, a)
    await updateCustomerProfile(t.ctx, id, { firstName: 'Diane', lastName: 'Uwera', phone: '0788123456' })
    const cleared = await updateCustomerProfile(t.ctx, id, { firstName: 'Diane', lastName: 'Uwera', phone: '  ' })
    expect(cleared).toMatchObject({ ok: true, profile: { phone: null } })
    for (const phone of ['0252123456', '078123', '+254712345678', 'call me']) {
      const refused = await updateCustomerProfile(t.ctx, id, { firstName: 'Diane', lastName: 'Uwera', phone })
      expect(refused).toEqual({ ok: false, errors: { phone: 'account.error.phone' } })
    }
    expect((await findCustomerByUserId(t.ctx, a.userId))?.phone).toBeNull()
  })

  test('names are required, and not too long', async () => {
    const a = await account('kevin@example.rw', 'Kevin Mugisha')
    const { id } = await ensureCustomerProfile(t.ctx, a)
    expect(await updateCustomerProfile(t.ctx, id, { firstName: '  ', lastName: 'x'.repeat(61) })).toEqual({
      ok: false,
      errors: { firstName: 'account.error.required', lastName: 'account.error.tooLong' },
    })
    expect(await updateCustomerProfile(t.ctx, id, {})).toMatchObject({
      ok: false,
      errors: { firstName: 'account.error.required', lastName: 'account.error.required' },
    })
    expect((await findCustomerByUserId(t.ctx, a.userId))?.firstName).toBe('Kevin')
  })

  test('the schema gives null for no number', () => {
    expect(CustomerProfileSchema.parse({ firstName: 'A', lastName: 'B' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: null,
    })
  })
})

describe('profile completeness', () => {
  const full = {
    firstName: 'Aline',
    lastName: 'Uwase',
    email: 'aline@example.rw',
    phone: '+250781234567',
    addressCount: 1,
  }

  test('five parts, 20% each: first name, last name, e-mail, phone, one delivery address', () => {
    expect(profileCompleteness(full)).toEqual({ percent: 100, missing: [] })
    expect(profileCompleteness({ ...full, phone: null })).toEqual({ percent: 80, missing: ['phone'] })
    expect(profileCompleteness({ ...full, phone: null, addressCount: 0 })).toEqual({
      percent: 60,
      missing: ['phone', 'address'],
    })
    expect(profileCompleteness({ ...full, addressCount: 3 }).percent).toBe(100)
    expect(profileCompleteness({ firstName: ' ', lastName: '', email: null, phone: '', addressCount: 0 })).toEqual({
      percent: 0,
      missing: ['firstName', 'lastName', 'email', 'phone', 'address'],
    })
  })
})
