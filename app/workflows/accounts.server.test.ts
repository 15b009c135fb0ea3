import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsContext, accountOwnerKey } from '#app/modules/accounts/accounts.server.ts'
import { addToCart, getCart, getFavouriteIds, toggleFavourite } from '#app/modules/cart/cart.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { findCustomerByUserId } from '#app/modules/customers/customers.server.ts'
import { findPayoutTarget } from '#app/modules/vendors/vendors.server.ts'
import { createVendor, findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  applyAsVendor,
  deleteCustomerAccount,
  landingAfterSignIn,
  registerCustomer,
  signIn,
  typedValues,
} from './accounts.server.ts'

let t: TestDatabase
let ctx: AccountsContext
let variant: number
let productId: number
let n = 0

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) f.append(k, value)
  return f
}
const caller = (guestKey: string | null = null) => ({
  request: new Request('http://localhost:3000/customer-login'),
  clientAddress: `10.1.0.${++n}`,
  guestKey,
})

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 100 })
  const dept = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  const { id: vendorId } = await createVendor(t.ctx, {
    name: 'Kigali Fashion',
    slug: 'kigali-fashion',
    ownerName: 'Claudine',
    email: 'shop@example.rw',
    phone: '+250788123456',
    description: 'Tailor',
    about: 'Tailor in Kigali',
    businessAddress: 'KN 4 Ave, Kigali',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'within 2 hours',
    status: 'approved',
    avatarColours: ['#0b5d7a', '#fad201'],
  })
  const product = await createProduct(t.ctx, {
    vendorId,
    categoryId: dept.id,
    title: 'Kitenge dress',
    slug: 'kitenge-dress',
    description: 'A dress',
    price: 12_500,
    status: 'active',
    variants: [{ size: 'M', colour: 'Blue', sku: 'kd-m', stock: 4 }],
    images: [],
  })
  variant = product.variantIds[0] as number
  productId = product.id
})
afterAll(() => t.close())

const customer = {
  firstName: 'Aline',
  lastName: 'Uwase',
  email: 'aline@example.rw',
  password: 'Kitenge-Blue-42',
  confirmPassword: 'Kitenge-Blue-42',
}

describe('customer registration', () => {
  it('creates the account and its profile, and brings the guest cart along', async () => {
    const guest = 'guest:00000000-0000-4000-8000-000000000001'
    await addToCart(t.ctx, guest, { variantId: variant, quantity: 1 })
    const result = await registerCustomer(ctx, caller(guest), form(customer))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.cookies.some((c) => c.startsWith('isoko.session_token='))).toBe(true)
    expect(await findCustomerByUserId(t.ctx, result.userId)).toMatchObject({
      firstName: 'Aline',
      lastName: 'Uwase',
      email: 'aline@example.rw',
    })
    expect((await getCart(t.ctx, accountOwnerKey(result.userId))).itemCount).toBe(1)
  })

  it('refuses a taken address on the e-mail field and keeps what was typed, never the password', async () => {
    const result = await registerCustomer(ctx, caller(), form({ ...customer, email: 'ALINE@example.rw' }))
    expect(result).toEqual({
      ok: false,
      errors: { email: 'account.error.emailTaken' },
      values: { firstName: 'Aline', lastName: 'Uwase', email: 'ALINE@example.rw' },
    })
  })

  it('refuses a mismatched confirmation before creating anything', async () => {
    const result = await registerCustomer(
      ctx,
      caller(),
      form({ ...customer, email: 'other@example.rw', confirmPassword: 'Kitenge-Blue-43' }),
    )
    expect(result).toMatchObject({ ok: false, errors: { confirmPassword: 'account.mismatch' } })
    const again = await signIn(ctx, caller(), form({ email: 'other@example.rw', password: 'Kitenge-Blue-42' }))
    expect(again).toMatchObject({ ok: false, errors: { password: 'account.error.invalidCredentials' } })
  })
})

describe('sign-in', () => {
  it('refuses a held-back e-mail address above the form, with the minutes to wait, keeping the address', async () => {
    for (let i = 0; i < 5; i++) {
      await signIn(ctx, caller(), form({ email: 'held@example.rw', password: 'wrong-guess-1' }))
    }
    expect(await signIn(ctx, caller(), form({ email: 'held@example.rw', password: 'wrong-guess-1' }))).toEqual({
      ok: false,
      errors: { form: 'account.error.locked' },
      values: { email: 'held@example.rw' },
      messageValues: { minutes: 1 },
    })
  })

  it('adds the guest cart to the account cart (capped by stock) and keeps favourites', async () => {
    const guest = 'guest:00000000-0000-4000-8000-000000000002'
    await addToCart(t.ctx, guest, { variantId: variant, quantity: 4 })
    await toggleFavourite(t.ctx, guest, productId, true)
    const result = await signIn(ctx, caller(guest), form({ email: 'aline@example.rw', password: 'Kitenge-Blue-42' }))
    expect(result).toMatchObject({ ok: true, role: 'customer' })
    if (!result.ok) return
    const cart = await getCart(t.ctx, accountOwnerKey(result.userId))
    expect(cart.lines.map((l) => l.quantity)).toEqual([4]) // 1 + 4, capped at the 4 in stock
    expect(await getFavouriteIds(t.ctx, accountOwnerKey(result.userId))).toEqual([productId])
    expect((await getCart(t.ctx, guest)).itemCount).toBe(0)
  })

  it('lands on the page the visitor came from, or the dashboard; never another site', () => {
    expect(landingAfterSignIn('customer', '/checkout')).toBe('/checkout')
    expect(landingAfterSignIn('customer', null)).toBe('/customer-dashboard')
    expect(landingAfterSignIn('vendor', '')).toBe('/vendor-dashboard')
    expect(landingAfterSignIn('admin', '//evil.example')).toBe('/admin')
    expect(landingAfterSignIn('customer', 'https://evil.example')).toBe('/customer-dashboard')
  })
})

describe('vendor application', () => {
  const application = {
    ownerName: 'Jean Bosco',
    businessName: 'Bosco Tailors',
    email: 'bosco@example.rw',
    phone: '078 812 3456',
    businessAddress: 'KN 4 Ave, Kigali',
    businessDescription: 'Made-to-measure kitenge shirts and safari suits.',
    district: 'Gasabo',
    categories: ['men', 'accessories'],
    password: 'Umushanana-2026',
    confirmPassword: 'Umushanana-2026',
  }

  it('creates a vendor account and its pending store', async () => {
    const result = await applyAsVendor(ctx, caller(), form(application))
    expect(result).toMatchObject({ ok: true, role: 'vendor', name: 'Bosco Tailors' })
    if (!result.ok) return
    expect(await findVendorByOwner(t.ctx, result.userId)).toMatchObject({
      name: 'Bosco Tailors',
      status: 'pending',
      phone: '+250788123456',
      district: 'Gasabo',
      city: 'Kigali',
      categories: ['men', 'accessories'],
    })
    const signedIn = await signIn(ctx, caller(), form({ email: 'bosco@example.rw', password: 'Umushanana-2026' }))
    expect(signedIn).toMatchObject({ ok: true, role: 'vendor' })
  })

  it('saves the payout number given with the application; refuses half of one or a number on another network', async () => {
    const apply = (over: Record<string, string>, email: string) =>
      applyAsVendor(ctx, caller(), form({ ...application, email, ...over }))
    expect(await apply({ payoutPhone: '0788 123 456' }, 'half@example.rw')).toMatchObject({
      ok: false,
      errors: { payoutProvider: 'payouts.method.error.provider' },
    })
    const wrong = await apply({ payoutProvider: 'airtel', payoutPhone: '0788 123 456' }, 'wrong@example.rw')
    expect(wrong).toMatchObject({ ok: false, errors: { payoutPhone: 'payouts.method.error.network.airtel' } })
    if (!wrong.ok) expect(wrong.values.payoutPhone).toBe('0788 123 456')
    expect(await apply({ payoutProvider: 'momo', payoutPhone: '12' }, 'short@example.rw')).toMatchObject({
      ok: false,
      errors: { payoutPhone: 'payouts.method.error.phone' },
    })
    // Nothing was made for the refused applications: the e-mail is still free.
    const made = await apply({ payoutProvider: 'momo', payoutPhone: '0788 123 456' }, 'half@example.rw')
    expect(made).toMatchObject({ ok: true })
    if (!made.ok) return
    const store = await findVendorByOwner(t.ctx, made.userId)
    expect(await findPayoutTarget(t.ctx, { vendorId: store?.id as number })).toMatchObject({
      payoutMethod: { provider: 'momo', phone: '+250788123456' },
    })
    // Left empty: no payout method yet.
    const none = await apply({ payoutProvider: '', payoutPhone: '' }, 'none@example.rw')
    if (!none.ok) throw new Error('refused')
    const bare = await findVendorByOwner(t.ctx, none.userId)
    expect(await findPayoutTarget(t.ctx, { vendorId: bare?.id as number })).toMatchObject({ payoutMethod: null })
  })

  it('refuses a district that is not in Rwanda, keeping the departments ticked', async () => {
    const result = await applyAsVendor(
      ctx,
      caller(),
      form({ ...application, email: 'another@example.rw', district: 'Nairobi' }),
    )
    expect(result).toMatchObject({ ok: false, errors: { district: 'account.error.district' } })
    if (result.ok) return
    expect(result.values.categories).toBe('men,accessories')
  })
})

describe('delete account', () => {
  it('needs the password and the tick, then removes the account, its profile and its cart', async () => {
    const created = await registerCustomer(
      ctx,
      caller(),
      form({ ...customer, email: 'leaving@example.rw', firstName: 'Eric' }),
    )
    if (!created.ok) throw new Error('registration failed')
    await addToCart(t.ctx, accountOwnerKey(created.userId), { variantId: variant, quantity: 1 })
    const session = created.cookies.map((c) => c.split(';')[0]).join('; ')
    const as = () => ({
      request: new Request('http://localhost:3000/delete-account', { headers: { cookie: session } }),
      clientAddress: `10.3.0.${++n}`,
      guestKey: null,
    })
    const actor = { userId: created.userId }
    expect(await deleteCustomerAccount(ctx, as(), actor, form({ password: 'Kitenge-Blue-42' }))).toMatchObject({
      ok: false,
      errors: { confirm: 'account.error.deleteConfirm' },
    })
    expect(
      await deleteCustomerAccount(ctx, as(), actor, form({ password: 'not-my-password', confirm: 'yes' })),
    ).toMatchObject({ ok: false, errors: { password: 'account.error.wrongPassword' } })
    expect(await findCustomerByUserId(t.ctx, created.userId)).not.toBeNull()

    const done = await deleteCustomerAccount(ctx, as(), actor, form({ password: 'Kitenge-Blue-42', confirm: 'yes' }))
    expect(done.ok).toBe(true)
    expect(await findCustomerByUserId(t.ctx, created.userId)).toBeNull()
    expect((await getCart(t.ctx, accountOwnerKey(created.userId))).itemCount).toBe(0)
    expect(
      await signIn(ctx, caller(), form({ email: 'leaving@example.rw', password: 'Kitenge-Blue-42' })),
    ).toMatchObject({ ok: false, errors: { password: 'account.error.invalidCredentials' } })
  })
})

describe('typedValues', () => {
  it('sends back only what a form of ours could hold: no passwords, no odd names, no payload', () => {
    const form = new FormData()
    form.set('email', 'aline@example.rw')
    form.set('password', 'secret-password')
    form.set('redirectTo', '/elsewhere')
    form.set('<script>', 'x')
    form.set('businessDescription', 'd'.repeat(50_000))
    for (let i = 0; i < 100; i++) form.set(`extra${i}`, 'x')
    const values = typedValues(form)
    expect(values.email).toBe('aline@example.rw')
    expect(values.password).toBeUndefined()
    expect(values.redirectTo).toBeUndefined()
    expect(values['<script>']).toBeUndefined()
    expect(values.businessDescription).toHaveLength(2000)
    expect(Object.keys(values).length).toBeLessThanOrEqual(30)
  })
})
