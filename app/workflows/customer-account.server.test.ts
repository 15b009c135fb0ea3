import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AccountsContext, type Actor, accountOwnerKey, findActor } from '#app/modules/accounts/accounts.server.ts'
import { toggleFavourite } from '#app/modules/cart/cart.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { createAddress } from '#app/modules/customers/addresses.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { registerCustomer } from './accounts.server.ts'
import { customerOf, getCustomerDashboard, updateProfile } from './customer-account.server.ts'

let t: TestDatabase
let ctx: AccountsContext
const products: number[] = []
let address = 0
const page = (cookie?: string) =>
  new Request('http://localhost:3000/customer-dashboard', { headers: cookie ? { cookie } : {} })
const caller = () => ({ request: page(), clientAddress: `10.1.0.${++address}`, guestKey: null })
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

/** A customer as the sign-up form makes one, and their session's actor and cookie. */
async function signUp(email: string, firstName: string, lastName: string) {
  const form = new FormData()
  for (const [k, v] of Object.entries({
    firstName,
    lastName,
    email,
    password: 'Kitenge-Blue-42',
    confirmPassword: 'Kitenge-Blue-42',
  })) {
    form.set(k, v)
  }
  const result = await registerCustomer(ctx, caller(), form)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  const cookie = cookieHeader(result.cookies)
  const actor = (await findActor(ctx, page(cookie))) as Actor
  return { actor, cookie }
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
  const dept = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  const vendor = await createVendor(t.ctx, {
    name: 'Kigali Fashion',
    slug: 'kigali-fashion',
    ownerName: 'Claudine Mukamana',
    email: 'shop@example.rw',
    phone: '+250788123456',
    description: 'Tailor',
    about: 'Tailor in Kigali',
    businessAddress: 'KN 4 Ave, Kigali',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: ['Kitenge'],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'within 2 hours',
    status: 'approved',
    avatarColours: ['#0b5d7a', '#fad201'],
  })
  for (const slug of ['kitenge-dress', 'imigongo-frame', 'basket']) {
    const p = await createProduct(t.ctx, {
      vendorId: vendor.id,
      categoryId: dept.id,
      title: slug,
      slug,
      description: 'Made in Rwanda',
      price: 12_500,
      status: 'active',
      variants: [{ size: 'M', colour: 'Blue', sku: `${slug}-m`, stock: 3 }],
      images: [],
    })
    products.push(p.id)
  }
})
afterAll(() => t.close())

describe('the customer dashboard', () => {
  test('a new customer: no orders, an empty wishlist, a profile 60% complete', async () => {
    const { actor } = await signUp('new@example.rw', 'Aline', 'Uwase')
    expect(await getCustomerDashboard(t.ctx, actor)).toEqual({
      name: 'Aline Uwase',
      orders: 0,
      pendingOrders: 0,
      recentOrders: [],
      wishlist: 0,
      addressCount: 0,
      messagesUnread: 0,
      completeness: { percent: 60, missing: ['phone', 'address'] },
    })
  })

  test('the wishlist counts the account’s own favourites; phone and address complete the profile', async () => {
    const { actor } = await signUp('fans@example.rw', 'Grace', 'Ingabire')
    const other = await signUp('other@example.rw', 'Eric', 'Habimana')
    await toggleFavourite(t.ctx, accountOwnerKey(actor.userId), products[0] as number)
    await toggleFavourite(t.ctx, accountOwnerKey(actor.userId), products[1] as number)
    await toggleFavourite(t.ctx, accountOwnerKey(other.actor.userId), products[2] as number)
    await updateProfile(t.ctx, actor, { firstName: 'Grace', lastName: 'Ingabire', phone: '0788123456' })
    const profile = await customerOf(t.ctx, actor)
    await createAddress(t.ctx, profile.id, {
      label: 'Home',
      recipient: 'Grace Ingabire',
      phone: '0788123456',
      province: 'Kigali',
      district: 'Kicukiro',
      sector: 'Niboye',
      cell: 'Niboye',
      landmark: 'Behind the church',
    })
    const dashboard = await getCustomerDashboard(t.ctx, actor)
    expect(dashboard).toMatchObject({ wishlist: 2, addressCount: 1, completeness: { percent: 100, missing: [] } })
    expect((await getCustomerDashboard(t.ctx, other.actor)).wishlist).toBe(1)
  })
})

describe('editing the profile', () => {
  test('renames the account too: the session’s name (the header and the greeting) follows', async () => {
    const { actor, cookie } = await signUp('rename@example.rw', 'Jean', 'Bosco')
    const outcome = await updateProfile(t.ctx, actor, {
      firstName: 'Jean-Paul',
      lastName: 'Nshimiyimana',
      phone: '+250 72 123 4567',
    })
    expect(outcome).toMatchObject({ ok: true, profile: { phone: '+250721234567' } })
    expect(await findActor(ctx, page(cookie))).toMatchObject({ name: 'Jean-Paul Nshimiyimana' })
  })

  test('a refused edit changes neither the profile nor the account’s name', async () => {
    const { actor, cookie } = await signUp('refused@example.rw', 'Diane', 'Uwera')
    const outcome = await updateProfile(t.ctx, actor, { firstName: 'Someone', lastName: 'Else', phone: '12345' })
    expect(outcome).toEqual({ ok: false, errors: { phone: 'account.error.phone' } })
    expect(await findActor(ctx, page(cookie))).toMatchObject({ name: 'Diane Uwera' })
    expect(await customerOf(t.ctx, actor)).toMatchObject({ firstName: 'Diane', phone: null })
  })
})
