import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AccountsContext, createAccount, findAccountLocale } from '#app/modules/accounts/accounts.server.ts'
import { createCustomer, findCustomerByUserId } from '#app/modules/customers/customers.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { finishPhoneSignIn, startAddPhone, startPhoneSignIn } from './phone-accounts.server.ts'

// The phone sign-in as the pages run it: the number (and the name), the code, the account and its profile.

let t: TestDatabase
let ctx: AccountsContext
let address = 0
const caller = (lang = 'en', cookie?: string) => ({
  request: new Request('http://localhost:3000/phone-sign-in', {
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
  }),
  clientAddress: `10.2.0.${++address}`,
  guestKey: null,
})
const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}
async function codeSentTo(phone: string): Promise<string> {
  const [sms] = await listMessages(t.ctx, { recipient: phone, limit: 1 })
  return sms?.body.match(/\b(\d{6})\b/)?.[1] ?? ''
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t)
})
afterAll(() => t.close())

describe('signing up with a phone number', () => {
  test('makes the customer account and its profile, without e-mail, in the language of the page', async () => {
    const started = await startPhoneSignIn(
      ctx,
      caller('rw'),
      formOf({ firstName: ' Aline ', lastName: 'Mukamana', phone: '0788 300 001' }),
      'sign-up',
    )
    expect(started).toMatchObject({ ok: true, pending: { phone: '+250788300001', firstName: 'Aline' } })
    if (!started.ok) return
    const done = await finishPhoneSignIn(
      ctx,
      caller('rw'),
      started.pending,
      formOf({ code: await codeSentTo('+250788300001') }),
    )
    expect(done).toMatchObject({ ok: true, role: 'customer', needsName: false, locale: 'rw' })
    if (!done.ok) return
    expect(await findCustomerByUserId(t.ctx, done.userId)).toMatchObject({
      firstName: 'Aline',
      lastName: 'Mukamana',
      email: null,
      phone: '+250788300001',
    })
    expect(await findAccountLocale(t.ctx, done.userId)).toBe('rw')
  })

  test('signing in with a new number makes the account too, and asks for the name after', async () => {
    const started = await startPhoneSignIn(ctx, caller(), formOf({ phone: '+250 788 300 002' }), 'sign-in')
    if (!started.ok) throw new Error('refused')
    const done = await finishPhoneSignIn(
      ctx,
      caller(),
      started.pending,
      formOf({ code: await codeSentTo('+250788300002') }),
    )
    expect(done).toMatchObject({ ok: true, needsName: true })
  })

  test('refuses a number that is not a Rwandan mobile, and a code that is not six digits, next to the field', async () => {
    expect(await startPhoneSignIn(ctx, caller(), formOf({ phone: '0212 345 678' }), 'sign-in')).toMatchObject({
      ok: false,
      errors: { phone: 'account.error.phone' },
      values: { phone: '0212 345 678' },
    })
    expect(
      await startPhoneSignIn(ctx, caller(), formOf({ firstName: '', lastName: 'X', phone: '0788300003' }), 'sign-up'),
    ).toMatchObject({ ok: false, errors: { firstName: 'account.error.required' } })
    const pending = { phone: '+250788300004' }
    expect(await finishPhoneSignIn(ctx, caller(), pending, formOf({ code: '12a45' }))).toMatchObject({
      ok: false,
      errors: { code: 'account.phone.error.codeShape' },
    })
  })

  test('a second code within the minute is refused with the seconds to wait', async () => {
    const form = formOf({ phone: '0788300005' })
    expect(await startPhoneSignIn(ctx, caller(), form, 'sign-in')).toMatchObject({ ok: true })
    const again = await startPhoneSignIn(ctx, caller(), form, 'sign-in')
    expect(again).toMatchObject({ ok: false, errors: { phone: 'account.phone.error.wait' } })
    if (!again.ok) expect(again.messageValues?.seconds).toBeGreaterThan(50)
  })

  test('does not make a second account for a number an e-mail account gives in its profile; that account adds it', async () => {
    const email = await createAccount(ctx, caller(), {
      name: 'Grace Ingabire',
      email: 'grace@example.rw',
      password: 'Imigongo-Art-88',
      role: 'customer',
    })
    if (!email.ok) throw new Error('no account')
    await createCustomer(t.ctx, {
      firstName: 'Grace',
      lastName: 'Ingabire',
      email: 'grace@example.rw',
      phone: '+250788300006',
      userId: email.userId,
    })
    expect(await startPhoneSignIn(ctx, caller(), formOf({ phone: '0788300006' }), 'sign-in')).toMatchObject({
      ok: false,
      errors: { phone: 'account.phone.error.onEmailAccount' },
    })
    expect(await listMessages(t.ctx, { recipient: '+250788300006' })).toEqual([])
    // Signed in with e-mail, the account itself adds the number (its own profile's).
    const session = email.cookies.map((c) => c.split(';')[0]).join('; ')
    expect(
      await startAddPhone(ctx, caller('en', session), { userId: email.userId }, formOf({ phone: '0788300006' })),
    ).toMatchObject({ ok: true })
  })
})
