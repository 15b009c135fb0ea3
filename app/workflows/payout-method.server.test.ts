import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AccountsContext, createAccount } from '#app/modules/accounts/accounts.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import type { DisbursementProvider } from '#app/modules/payments/provider.ts'
import { findPayoutTarget } from '#app/modules/vendors/vendors.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { seedAvailablePayable } from '#tests/factories/payouts.ts'
import { changePayoutMethod } from './payout-method.server.ts'
import { requestVendorPayout } from './payouts.server.ts'

// The store's payout method through its workflow: set the first time by the signed-in owner, changed only with the
// current password (better-auth checks it), refused on the wrong network, and every change e-mailed to the owner.

let t: TestDatabase
let ctx: AccountsContext
let n = 0
const ORIGIN = 'http://localhost:3000'
const formOf = (values: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) form.set(k, v)
  return form
}
const PASSWORD = 'Kitenge-Blue-42'

async function owner(slug: string) {
  const email = `${slug}@example.rw`
  const caller = { request: new Request(`${ORIGIN}/vendor-onboarding`), clientAddress: `10.9.0.${++n}`, guestKey: null }
  const account = await createAccount(ctx, caller, { name: 'Aline', email, password: PASSWORD, role: 'vendor' })
  if (!account.ok) throw new Error(account.reason)
  const cookie = account.cookies.map((c) => c.split(';')[0]).join('; ')
  const store = await createVendor(t.ctx, {
    name: `Store ${slug}`,
    slug,
    ownerName: 'Aline Uwase',
    email,
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
    ownerUserId: account.userId,
  })
  const caller2 = () => ({
    request: new Request(`${ORIGIN}/vendor-dashboard/settings`, { headers: { cookie } }),
    clientAddress: `10.9.1.${++n}`,
    guestKey: null,
  })
  return { actor: { userId: account.userId, email }, storeId: store.id, caller: caller2 }
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t)
})
afterAll(() => t.close())

test('the first payout method needs no password; a change needs the current one and is e-mailed', async () => {
  const o = await owner('payout-method-a')
  const first = await changePayoutMethod(ctx, o.caller(), o.actor, formOf({ provider: 'momo', phone: '078 812 3456' }))
  expect(first).toEqual({ ok: true, changed: true })
  expect((await findPayoutTarget(t.ctx, { vendorId: o.storeId }))?.payoutMethod).toMatchObject({
    provider: 'momo',
    phone: '+250788123456',
  })

  const change = { provider: 'airtel', phone: '0731234567' }
  const noPassword = await changePayoutMethod(ctx, o.caller(), o.actor, formOf(change))
  expect(noPassword).toMatchObject({ ok: false, errors: { currentPassword: 'payouts.method.error.passwordRequired' } })
  const wrong = await changePayoutMethod(
    ctx,
    o.caller(),
    o.actor,
    formOf({ ...change, currentPassword: 'nope-nope-1' }),
  )
  expect(wrong).toMatchObject({ ok: false, errors: { currentPassword: 'payouts.method.error.wrongPassword' } })
  expect((await findPayoutTarget(t.ctx, { vendorId: o.storeId }))?.payoutMethod?.provider).toBe('momo')

  const right = await changePayoutMethod(ctx, o.caller(), o.actor, formOf({ ...change, currentPassword: PASSWORD }))
  expect(right).toEqual({ ok: true, changed: true })
  expect((await findPayoutTarget(t.ctx, { vendorId: o.storeId }))?.payoutMethod).toMatchObject({
    provider: 'airtel',
    phone: '+250731234567',
  })
  const mails = await listMessages(t.ctx, { recipient: o.actor.email })
  expect(mails).toHaveLength(2)
  expect(mails[0]?.body).toContain('Airtel Money +250 731 234 567')
  expect(mails[0]?.body).toContain('If this was not you')
})

test('a number on the other network, or not Rwandan, is refused next to the field', async () => {
  const o = await owner('payout-method-b')
  const other = await changePayoutMethod(ctx, o.caller(), o.actor, formOf({ provider: 'momo', phone: '0731234567' }))
  expect(other).toMatchObject({ ok: false, errors: { phone: 'payouts.method.error.network.momo' } })
  const foreign = await changePayoutMethod(
    ctx,
    o.caller(),
    o.actor,
    formOf({ provider: 'airtel', phone: '+254712345678' }),
  )
  expect(foreign).toMatchObject({ ok: false, errors: { phone: 'payouts.method.error.phone' } })
  const noProvider = await changePayoutMethod(
    ctx,
    o.caller(),
    o.actor,
    formOf({ provider: 'cash', phone: '0788123456' }),
  )
  expect(noProvider).toMatchObject({ ok: false, errors: { provider: 'payouts.method.error.provider' } })
  expect((await findPayoutTarget(t.ctx, { vendorId: o.storeId }))?.payoutMethod).toBeNull()
})

test('an account without a store has nothing to set', async () => {
  const caller = { request: new Request(`${ORIGIN}/x`), clientAddress: '10.9.2.1', guestKey: null }
  const account = await createAccount(ctx, caller, {
    name: 'No store',
    email: 'payout-nostore@example.rw',
    password: PASSWORD,
    role: 'vendor',
  })
  if (!account.ok) throw new Error(account.reason)
  const outcome = await changePayoutMethod(
    ctx,
    caller,
    { userId: account.userId, email: 'payout-nostore@example.rw' },
    formOf({ provider: 'momo', phone: '0788123456' }),
  )
  expect(outcome).toEqual({ ok: false, code: 'no-store' })
})

test('Request payout: refused without a method, below the minimum and while one is open; the store is the owner’s', async () => {
  const o = await owner('payout-request')
  /** A provider that accepts every transfer and keeps it pending. */
  const accepting = (method: 'momo' | 'airtel'): DisbursementProvider => ({
    method,
    transfer: async () => ({ state: 'pending', raw: null }),
    transferStatus: async () => ({ state: 'pending', raw: null }),
    verifyCallback: () => null,
  })
  const deps = { providers: { momo: accepting('momo'), airtel: accepting('airtel') }, minimum: 5000 }
  await seedAvailablePayable(t.ctx, o.storeId, 4000)
  expect(await requestVendorPayout(t.ctx, { ownerUserId: o.actor.userId }, deps)).toEqual({
    ok: false,
    code: 'no_payout_method',
  })
  await changePayoutMethod(ctx, o.caller(), o.actor, formOf({ provider: 'momo', phone: '0788123456' }))
  expect(await requestVendorPayout(t.ctx, { ownerUserId: o.actor.userId }, deps)).toEqual({
    ok: false,
    code: 'below_minimum',
    amount: 4000,
    minimum: 5000,
  })
  await seedAvailablePayable(t.ctx, o.storeId, 3000)
  const made = await requestVendorPayout(t.ctx, { ownerUserId: o.actor.userId }, deps)
  expect(made.ok && made.payout).toMatchObject({
    vendorId: o.storeId,
    amount: 7000,
    requestedBy: 'vendor',
    requestedByUser: o.actor.userId,
    phone: '+250788123456',
    accountName: 'Store payout-request',
  })
  // A second click (or a second tab) finds the open payout: nothing is paid twice.
  expect(await requestVendorPayout(t.ctx, { ownerUserId: o.actor.userId }, deps)).toEqual({
    ok: false,
    code: 'open_payout',
  })
  expect(await requestVendorPayout(t.ctx, { ownerUserId: 'someone-without-a-store' }, deps)).toEqual({
    ok: false,
    code: 'no_store',
  })
})
