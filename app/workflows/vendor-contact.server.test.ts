import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type AccountsContext, createAccount } from '#app/modules/accounts/accounts.server.ts'
import { findSignInIdentifiers } from '#app/modules/accounts/phone.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { findStoreContact } from '#app/modules/vendors/own-store.server.ts'
import { setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeVendor } from '#tests/shop.ts'
import {
  confirmAccountEmailChange,
  finishVendorPhoneChange,
  startEmailChange,
  startVendorPhoneChange,
} from './vendor-contact.server.ts'

// A vendor changes the e-mail address and the phone number of their account and store: each takes effect only once
// proved (the link sent to the new address, the code sent to the new number).

let t: TestDatabase
let ctx: AccountsContext
let address = 0
let vendor: { userId: string; session: string }
const caller = (session?: string) => ({
  request: new Request('http://localhost:3000/vendor-dashboard/settings/contact', {
    headers: { 'accept-language': 'en', ...(session ? { cookie: session } : {}) },
  }),
  clientAddress: `10.7.0.${++address}`,
  guestKey: null,
})
const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  form.set('currentPassword', 'Kigali-Boutique-77')
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}
async function linkSentTo(email: string): Promise<string> {
  const [mail] = await listMessages(t.ctx, { recipient: email, limit: 1 })
  return mail?.body.match(/token=([^\s]+)/)?.[1] ?? ''
}
async function codeSentTo(phone: string): Promise<string> {
  const [sms] = await listMessages(t.ctx, { recipient: phone, limit: 1 })
  return sms?.body.match(/\b(\d{6})\b/)?.[1] ?? ''
}
async function accountEmail(userId: string) {
  const [row] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email
}

async function makeVendorAccount(email: string) {
  const made = await createAccount(ctx, caller(), {
    name: 'Claudine U',
    email,
    password: 'Kigali-Boutique-77',
    role: 'vendor',
  })
  if (!made.ok) throw new Error('no account')
  const store = await makeVendor(t.ctx, `store-${email}`)
  await setVendorOwner(t.ctx, store.id, made.userId)
  return { userId: made.userId, session: made.cookies.map((c) => c.split(';')[0]).join('; ') }
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t)
  vendor = await makeVendorAccount('claudine@example.rw')
  await createAccount(ctx, caller(), {
    name: 'Other',
    email: 'taken@example.rw',
    password: 'Kigali-Boutique-77',
    role: 'customer',
  })
})
afterAll(() => t.close())

describe('changing the e-mail address', () => {
  test('asks for the password first: without it, or wrong, nothing is sent', async () => {
    const form = formOf({ email: 'elsewhere@example.rw' })
    form.set('currentPassword', 'not-my-password-1')
    expect(await startEmailChange(ctx, caller(vendor.session), vendor, form)).toMatchObject({
      ok: false,
      errors: { currentPassword: 'account.error.wrongPassword' },
      values: { email: 'elsewhere@example.rw' },
    })
    form.delete('currentPassword')
    expect(await startEmailChange(ctx, caller(vendor.session), vendor, form)).toMatchObject({
      ok: false,
      errors: { currentPassword: 'account.error.required' },
    })
    const phone = formOf({ phone: '0788400909' })
    phone.set('currentPassword', 'not-my-password-1')
    expect(await startVendorPhoneChange(ctx, caller(vendor.session), vendor, phone)).toMatchObject({
      ok: false,
      errors: { currentPassword: 'account.error.wrongPassword' },
    })
    expect(await listMessages(t.ctx, { recipient: 'elsewhere@example.rw' })).toEqual([])
    expect(await listMessages(t.ctx, { recipient: '+250788400909' })).toEqual([])
  })

  test('refuses an address another account has, or its own, next to the field, keeping what was typed', async () => {
    expect(
      await startEmailChange(ctx, caller(vendor.session), vendor, formOf({ email: ' Taken@Example.rw ' })),
    ).toMatchObject({
      ok: false,
      errors: { email: 'vendorSettings.email.error.taken' },
      values: { email: ' Taken@Example.rw ' },
    })
    expect(
      await startEmailChange(ctx, caller(vendor.session), vendor, formOf({ email: 'claudine@example.rw' })),
    ).toMatchObject({
      ok: false,
      errors: { email: 'vendorSettings.email.error.same' },
    })
    expect(
      await startEmailChange(ctx, caller(vendor.session), vendor, formOf({ email: 'not-an-address' })),
    ).toMatchObject({
      ok: false,
      errors: { email: 'account.error.email' },
    })
    expect(await listMessages(t.ctx, { recipient: 'taken@example.rw' })).toEqual([])
  })

  test('changes only once the link sent to the new address is opened; the old address is told; the link works once', async () => {
    const started = await startEmailChange(ctx, caller(vendor.session), vendor, formOf({ email: 'Shop@Example.rw' }))
    expect(started).toMatchObject({ ok: true, email: 'shop@example.rw' })
    expect(await accountEmail(vendor.userId)).toBe('claudine@example.rw')
    expect((await findStoreContact(t.ctx, { ownerUserId: vendor.userId }))?.email).not.toBe('shop@example.rw')
    const token = decodeURIComponent(await linkSentTo('shop@example.rw'))
    expect(token).not.toBe('')
    // Opened on another device, without a session.
    const done = await confirmAccountEmailChange(ctx, caller(), token)
    expect(done).toMatchObject({ ok: true, email: 'shop@example.rw' })
    expect(await accountEmail(vendor.userId)).toBe('shop@example.rw')
    expect((await findStoreContact(t.ctx, { ownerUserId: vendor.userId }))?.email).toBe('shop@example.rw')
    const [notice] = await listMessages(t.ctx, { recipient: 'claudine@example.rw', limit: 1 })
    expect(notice?.body).toContain('shop@example.rw')
    expect(await confirmAccountEmailChange(ctx, caller(), token)).toMatchObject({ ok: false, reason: 'invalid' })
    expect(await accountEmail(vendor.userId)).toBe('shop@example.rw')
  })

  test('a link past its hour changes nothing; a forged one neither', async () => {
    const other = await makeVendorAccount('late@example.rw')
    expect(
      await startEmailChange(ctx, caller(other.session), other, formOf({ email: 'later@example.rw' })),
    ).toMatchObject({ ok: true })
    const token = decodeURIComponent(await linkSentTo('later@example.rw'))
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 })
    try {
      expect(await confirmAccountEmailChange(ctx, caller(), token)).toMatchObject({ ok: false, reason: 'expired' })
    } finally {
      vi.useRealTimers()
    }
    const [head, , signature] = token.split('.')
    const forged = `${head}.${Buffer.from(JSON.stringify({ email: 'late@example.rw', updateTo: 'x@example.rw', userId: other.userId, requestType: 'change-email-verification' })).toString('base64url')}.${signature}`
    expect(await confirmAccountEmailChange(ctx, caller(), forged)).toMatchObject({ ok: false, reason: 'invalid' })
    expect(await accountEmail(other.userId)).toBe('late@example.rw')
  })
})

describe('changing the phone number', () => {
  test('changes the account’s and the store’s number only with the right code; a wrong one is counted', async () => {
    const started = await startVendorPhoneChange(ctx, caller(vendor.session), vendor, formOf({ phone: '0788 400 101' }))
    expect(started).toMatchObject({ ok: true, pending: { phone: '+250788400101' } })
    if (!started.ok) return
    const code = await codeSentTo('+250788400101')
    const wrong = code === '000000' ? '111111' : '000000'
    expect(
      await finishVendorPhoneChange(ctx, caller(vendor.session), vendor, started.pending, formOf({ code: wrong })),
    ).toMatchObject({
      ok: false,
      errors: { code: 'account.phone.error.wrong' },
    })
    expect((await findStoreContact(t.ctx, { ownerUserId: vendor.userId }))?.phone).not.toBe('+250788400101')
    expect(
      await finishVendorPhoneChange(ctx, caller(vendor.session), vendor, started.pending, formOf({ code })),
    ).toEqual({ ok: true })
    expect((await findStoreContact(t.ctx, { ownerUserId: vendor.userId }))?.phone).toBe('+250788400101')
    expect((await findSignInIdentifiers(t.ctx, vendor.userId)).phone).toBe('+250788400101')
    // Used once: typing it again does nothing more.
    expect(
      await finishVendorPhoneChange(ctx, caller(vendor.session), vendor, started.pending, formOf({ code })),
    ).toMatchObject({ ok: false })
  })

  test('five wrong codes end the code; another is sent only after a minute; another account’s number is refused', async () => {
    const other = await makeVendorAccount('phone-tries@example.rw')
    const started = await startVendorPhoneChange(ctx, caller(other.session), other, formOf({ phone: '0788400202' }))
    if (!started.ok) throw new Error('refused')
    const code = await codeSentTo('+250788400202')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      await finishVendorPhoneChange(ctx, caller(other.session), other, started.pending, formOf({ code: wrong }))
    }
    const after = await finishVendorPhoneChange(ctx, caller(other.session), other, started.pending, formOf({ code }))
    expect(after.ok).toBe(false)
    expect((await findStoreContact(t.ctx, { ownerUserId: other.userId }))?.phone).not.toBe('+250788400202')
    expect(
      await startVendorPhoneChange(ctx, caller(other.session), other, formOf({ phone: '0788400202' })),
    ).toMatchObject({
      ok: false,
      errors: { phone: 'account.phone.error.wait' },
    })
    expect(
      await startVendorPhoneChange(ctx, caller(other.session), other, formOf({ phone: '0788400101' })),
    ).toMatchObject({
      ok: false,
      errors: { phone: 'account.phone.error.taken' },
    })
  })
})
