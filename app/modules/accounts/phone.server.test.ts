import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { configureThrottles } from '#app/modules/throttle/throttle.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { type AccountsContext, createAccount, findActor, signInWithPassword } from './accounts.server.ts'
import { isPhoneOnlyEmail } from './auth.server.ts'
import {
  addEmailAndPassword,
  addPhoneToAccount,
  findSignInIdentifiers,
  secondsUntilResend,
  sendPhoneCode,
  signInWithPhoneCode,
} from './phone.server.ts'
import { PHONE_CODE } from './phone-code.ts'
import { users, verifications } from './tables.server.ts'

let t: TestDatabase
let ctx: AccountsContext
let address = 0
let numbers = 0
const page = (cookie?: string, lang?: string) =>
  new Request('http://localhost:3000/phone-sign-in', {
    headers: { ...(cookie ? { cookie } : {}), ...(lang ? { 'accept-language': lang } : {}) },
  })
// A new network address and a new number for each test, so each meets only the limits it is about.
const call = (cookie?: string, lang?: string) => ({ request: page(cookie, lang), clientAddress: `10.1.0.${++address}` })
const newNumber = () => `+250788${String(1000000 + ++numbers).slice(1)}`
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

/** The code of the newest SMS to `phone`, as the person reads it. */
async function codeSentTo(phone: string): Promise<{ code: string; body: string }> {
  const [sms] = await listMessages(t.ctx, { recipient: phone, limit: 1 })
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1]
  if (!sms || !code) throw new Error(`No code was sent to ${phone}`)
  return { code, body: sms.body }
}

beforeAll(async () => {
  // The limits as production has them (another test file in this process may have scaled them).
  configureThrottles({ scale: 1 })
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 100 })
})
afterAll(() => t.close())

describe('signing in with a phone number and a code by SMS', () => {
  it('sends a 6-digit code in the language of the page, then makes the account the first time it is typed', async () => {
    const phone = newNumber()
    expect(await sendPhoneCode(ctx, call(undefined, 'rw'), phone)).toEqual({ ok: true })
    const { code, body } = await codeSentTo(phone)
    expect(code).toHaveLength(PHONE_CODE.digits)
    expect(body).toContain('kode yawe ni')
    const signedIn = await signInWithPhoneCode(ctx, call(), { phone, code })
    expect(signedIn).toMatchObject({ ok: true, role: 'customer', created: true })
    if (!signedIn.ok) return
    // The session works, the number is verified, and the account has no e-mail address anyone could write to.
    const actor = await findActor(ctx, page(cookieHeader(signedIn.cookies)))
    expect(actor).toMatchObject({ userId: signedIn.userId, email: null })
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, signedIn.userId))
    expect(row).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true })
    expect(isPhoneOnlyEmail(row?.email)).toBe(true)
    expect(await findSignInIdentifiers(t.ctx, signedIn.userId)).toEqual({ phone, email: null })
  })

  it('signs the same account in the next time, and a code works once', async () => {
    const phone = newNumber()
    await sendPhoneCode(ctx, call(), phone)
    const first = await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    expect(first).toMatchObject({ ok: true, created: true })
    const again = await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    expect(again).toEqual({ ok: false, reason: 'expired' })
    await sendPhoneCode(ctx, call(), phone, new Date(Date.now() + 61_000))
    const second = await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    expect(second).toMatchObject({ ok: true, created: false })
    if (first.ok && second.ok) expect(second.userId).toBe(first.userId)
  })

  it('refuses a wrong code, and after five wrong ones the code itself', async () => {
    const phone = newNumber()
    await sendPhoneCode(ctx, call(), phone)
    const { code } = await codeSentTo(phone)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await signInWithPhoneCode(ctx, call(), { phone, code: wrong })).toEqual({ ok: false, reason: 'wrong' })
    for (let i = 1; i < PHONE_CODE.tries; i++) await signInWithPhoneCode(ctx, call(), { phone, code: wrong })
    const after = await signInWithPhoneCode(ctx, call(), { phone, code })
    expect(after.ok).toBe(false)
    if (!after.ok) expect(['too-many', 'expired']).toContain(after.reason)
    // No account was made for the number.
    expect(await t.ctx.db.select().from(users).where(eq(users.phoneNumber, phone))).toEqual([])
  })

  it('refuses a code older than ten minutes', async () => {
    const phone = newNumber()
    await sendPhoneCode(ctx, call(), phone)
    const { code } = await codeSentTo(phone)
    await t.ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%${phone}`))
    expect(await signInWithPhoneCode(ctx, call(), { phone, code })).toEqual({ ok: false, reason: 'expired' })
  })

  it('sends again only a minute after the last code, and five codes an hour to one number', async () => {
    const phone = newNumber()
    // From the start of an hour: the limit counts per clock hour, and these six sends take five minutes.
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000)
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    expect(await sendPhoneCode(ctx, call(), phone, at(0))).toEqual({ ok: true })
    const early = await sendPhoneCode(ctx, call(), phone, at(30))
    expect(early).toEqual({ ok: false, reason: 'wait', retryAfterSeconds: 30 })
    expect(await secondsUntilResend(t.ctx, phone, at(45))).toBe(15)
    for (let i = 1; i < PHONE_CODE.perNumberPerHour; i++) {
      expect(await sendPhoneCode(ctx, call(), phone, at(61 * i))).toEqual({ ok: true })
    }
    const sixth = await sendPhoneCode(ctx, call(), phone, at(61 * PHONE_CODE.perNumberPerHour))
    expect(sixth).toMatchObject({ ok: false, reason: 'rate-limited' })
  })

  it('sends at most twenty codes an hour from one network address, whatever the numbers', async () => {
    const from = { request: page(), clientAddress: '10.9.9.9' }
    for (let i = 0; i < PHONE_CODE.perAddressPerHour; i++) {
      expect(await sendPhoneCode(ctx, from, newNumber())).toEqual({ ok: true })
    }
    expect(await sendPhoneCode(ctx, from, newNumber())).toMatchObject({ ok: false, reason: 'rate-limited' })
  })
})

describe('an account with both identifiers', () => {
  it('an e-mail account adds its number with a code, and then signs in with either', async () => {
    const created = await createAccount(ctx, call(), {
      name: 'Grace Ingabire',
      email: 'grace@example.rw',
      password: 'Imigongo-Art-88',
      role: 'customer',
    })
    if (!created.ok) throw new Error('no account')
    const phone = newNumber()
    const mine = call(cookieHeader(created.cookies))
    await sendPhoneCode(ctx, mine, phone)
    expect(await addPhoneToAccount(ctx, mine, { phone, code: (await codeSentTo(phone)).code })).toEqual({ ok: true })
    await sendPhoneCode(ctx, call(), phone, new Date(Date.now() + 61_000))
    const byPhone = await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    expect(byPhone).toMatchObject({ ok: true, userId: created.userId, created: false })
    expect(
      await signInWithPassword(ctx, call(), { email: 'grace@example.rw', password: 'Imigongo-Art-88' }),
    ).toMatchObject({ ok: true, userId: created.userId })
  })

  it('a number another account signs in with cannot be added', async () => {
    const phone = newNumber()
    await sendPhoneCode(ctx, call(), phone)
    await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    const other = await createAccount(ctx, call(), {
      name: 'Other',
      email: 'other@example.rw',
      password: 'Imigongo-Art-88',
      role: 'customer',
    })
    if (!other.ok) throw new Error('no account')
    const result = await addPhoneToAccount(ctx, call(cookieHeader(other.cookies)), { phone, code: '123456' })
    expect(result).toEqual({ ok: false, reason: 'taken' })
  })

  it('a phone-only account adds an e-mail address and a password, then signs in with them; a taken address is refused', async () => {
    const phone = newNumber()
    await sendPhoneCode(ctx, call(), phone)
    const signedIn = await signInWithPhoneCode(ctx, call(), { phone, code: (await codeSentTo(phone)).code })
    if (!signedIn.ok) throw new Error('no account')
    const mine = call(cookieHeader(signedIn.cookies))
    const taken = await addEmailAndPassword(ctx, mine, {
      userId: signedIn.userId,
      email: 'grace@example.rw',
      password: 'Kitenge-Blue-42',
    })
    expect(taken).toEqual({ ok: false, reason: 'email-taken' })
    const added = await addEmailAndPassword(ctx, mine, {
      userId: signedIn.userId,
      email: 'jeanne@example.rw',
      password: 'Kitenge-Blue-42',
    })
    expect(added).toEqual({ ok: true })
    expect(
      await signInWithPassword(ctx, call(), { email: 'jeanne@example.rw', password: 'Kitenge-Blue-42' }),
    ).toMatchObject({ ok: true, userId: signedIn.userId })
    expect(await findSignInIdentifiers(t.ctx, signedIn.userId)).toEqual({ phone, email: 'jeanne@example.rw' })
    // Once it has an address, it does not add another over it.
    const twice = await addEmailAndPassword(ctx, mine, {
      userId: signedIn.userId,
      email: 'jeanne2@example.rw',
      password: 'Kitenge-Blue-42',
    })
    expect(twice).toEqual({ ok: false, reason: 'has-email' })
  })
})
