import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  type AccountsContext,
  changePassword,
  createAccount,
  findActor,
  requestPasswordReset,
  resetPassword,
  signInWithPassword,
  signOut,
} from './accounts.server.ts'

let t: TestDatabase
let ctx: AccountsContext
const page = (cookie?: string) =>
  new Request('http://localhost:3000/customer-login', { headers: cookie ? { cookie } : {} })
let address = 0
// A new address for each call, so only the rate-limit test meets the limit.
const call = (cookie?: string, clientAddress = `10.0.${Math.floor(++address / 250)}.${address % 250}`) => ({
  request: page(cookie),
  clientAddress,
})
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 5 })
})
afterAll(() => t.close())

describe('accounts', () => {
  let cookies: string[] = []

  it('creates an account with a hashed password and a session cookie that is HttpOnly and SameSite', async () => {
    const result = await createAccount(ctx, call(), {
      name: 'Aline Uwase',
      email: 'aline@example.rw',
      password: 'Kitenge-Blue-42',
      role: 'customer',
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    cookies = result.cookies
    const session = cookies.find((c) => c.startsWith('isoko.session_token='))
    expect(session).toBeDefined()
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    const actor = await findActor(ctx, page(cookieHeader(cookies)))
    expect(actor).toMatchObject({ email: 'aline@example.rw', role: 'customer', name: 'Aline Uwase' })
    const stored = await t.ctx.db.query.authAccounts.findFirst()
    expect(stored?.password).toBeTruthy()
    expect(stored?.password).not.toContain('Kitenge-Blue-42')
  })

  it('refuses a second account with the same address, whatever its case', async () => {
    const result = await createAccount(ctx, call(), {
      name: 'Someone Else',
      email: 'ALINE@example.rw',
      password: 'Another-pass-77',
      role: 'customer',
    })
    expect(result).toEqual({ ok: false, reason: 'email-taken' })
  })

  it('signs in with the right password and refuses a wrong one', async () => {
    const wrong = await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'not-the-password' })
    expect(wrong).toEqual({ ok: false, reason: 'invalid' })
    const unknown = await signInWithPassword(ctx, call(), { email: 'nobody@example.rw', password: 'Kitenge-Blue-42' })
    expect(unknown).toEqual({ ok: false, reason: 'invalid' })
    const right = await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'Kitenge-Blue-42' })
    expect(right).toMatchObject({ ok: true, role: 'customer' })
  })

  it('gives a vendor account its role', async () => {
    const result = await createAccount(ctx, call(), {
      name: 'Jean Bosco',
      email: 'bosco@example.rw',
      password: 'Umushanana-2026',
      role: 'vendor',
    })
    expect(result.ok).toBe(true)
    const signedIn = await signInWithPassword(ctx, call(), { email: 'bosco@example.rw', password: 'Umushanana-2026' })
    expect(signedIn).toMatchObject({ ok: true, role: 'vendor' })
  })

  it('says too many attempts after five tries a minute from one address, and not for another address', async () => {
    // A different account each time, so that the per-account back-off (tested below) stays out of it.
    let guess = 0
    const attempt = (address: string) =>
      signInWithPassword(ctx, call(undefined, address), {
        email: `guess${++guess}@example.rw`,
        password: 'guess-guess',
      })
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await attempt('10.9.9.9'))
    expect(answers.slice(0, 5).every((a) => !a.ok && a.reason === 'invalid')).toBe(true)
    expect(answers[5]).toEqual({ ok: false, reason: 'rate-limited' })
    expect(await attempt('10.9.9.10')).toEqual({ ok: false, reason: 'invalid' })
  })

  it('signs out: the session no longer works', async () => {
    const signedIn = await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'Kitenge-Blue-42' })
    if (!signedIn.ok) throw new Error('sign-in failed')
    const header = cookieHeader(signedIn.cookies)
    expect(await findActor(ctx, page(header))).not.toBeNull()
    const cleared = await signOut(ctx, call(header))
    expect(cleared.some((c) => c.startsWith('isoko.session_token=;') || /Max-Age=0/i.test(c))).toBe(true)
    expect(await findActor(ctx, page(header))).toBeNull()
  })

  it('changes the password with the current one, and refuses a wrong current one', async () => {
    const signedIn = await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'Kitenge-Blue-42' })
    if (!signedIn.ok) throw new Error('sign-in failed')
    const header = cookieHeader(signedIn.cookies)
    const wrong = await changePassword(ctx, call(header), {
      currentPassword: 'nope-nope-nope',
      password: 'New-Pass-2026',
    })
    expect(wrong).toEqual({ ok: false, reason: 'invalid' })
    const right = await changePassword(ctx, call(header), {
      currentPassword: 'Kitenge-Blue-42',
      password: 'New-Pass-2026',
    })
    expect(right.ok).toBe(true)
    expect(
      await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'New-Pass-2026' }),
    ).toMatchObject({ ok: true })
  })

  it('resets a forgotten password through the e-mailed link, once', async () => {
    expect(await requestPasswordReset(ctx, call(), 'aline@example.rw')).toEqual({ ok: true })
    expect(await requestPasswordReset(ctx, call(), 'nobody@example.rw')).toEqual({ ok: true })
    const [mail] = await listMessages(t.ctx, { recipient: 'aline@example.rw' })
    expect(mail?.subject).toBe('Reset your Isoko password')
    expect(await listMessages(t.ctx, { recipient: 'nobody@example.rw' })).toEqual([])
    const token = decodeURIComponent(mail?.body.match(/reset-password\?token=([^\s]+)/)?.[1] ?? '')
    expect(mail?.body).toContain('http://localhost:3000/reset-password?token=')
    // A request that claims another host does not move the link there.
    await requestPasswordReset(
      ctx,
      { request: new Request('http://evil.example/forgot-password'), clientAddress: '10.2.0.1' },
      'aline@example.rw',
    )
    const [poisoned] = await listMessages(t.ctx, { recipient: 'aline@example.rw' })
    expect(poisoned?.body).toContain('http://localhost:3000/reset-password?token=')
    expect(poisoned?.body).not.toContain('evil.example')
    expect(await resetPassword(ctx, call(), { token, password: 'Reset-Pass-2026' })).toEqual({ ok: true })
    expect(await resetPassword(ctx, call(), { token, password: 'Again-Pass-2026' })).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(
      await signInWithPassword(ctx, call(), { email: 'aline@example.rw', password: 'Reset-Pass-2026' }),
    ).toMatchObject({ ok: true })
  })
})

describe('back-off on failed sign-ins per account', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 8, minute))
  const signIn = (email: string, password: string, now: Date) =>
    signInWithPassword(ctx, call(), { email, password, now })

  it('refuses even the right password after five failures for one e-mail from many addresses, until the wait ends', async () => {
    await createAccount(ctx, call(), {
      name: 'Claude Mugisha',
      email: 'claude@example.rw',
      password: 'Igitenge-Red-9',
      role: 'customer',
    })
    for (let i = 0; i < 5; i++) {
      expect(await signIn('claude@example.rw', 'wrong-guess-1', at(0))).toEqual({ ok: false, reason: 'invalid' })
    }
    expect(await signIn('claude@example.rw', 'Igitenge-Red-9', at(0))).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: 60,
    })
    // Another account is not held back by it.
    expect(await signIn('bosco@example.rw', 'Umushanana-2026', at(0))).toMatchObject({ ok: true })
    // After the minute, the right password works and forgets the failures.
    expect(await signIn('claude@example.rw', 'Igitenge-Red-9', at(2))).toMatchObject({ ok: true })
    expect(await signIn('claude@example.rw', 'wrong-guess-2', at(2))).toEqual({ ok: false, reason: 'invalid' })
    expect(await signIn('claude@example.rw', 'Igitenge-Red-9', at(2))).toMatchObject({ ok: true })
  })

  it('waits longer after each further failure, up to fifteen minutes', async () => {
    const email = 'claude@example.rw'
    for (let i = 0; i < 5; i++) await signIn(email, 'wrong-guess-3', at(10))
    const waits: number[] = []
    let minute = 10
    for (let i = 0; i < 6; i++) {
      const refused = await signIn(email, 'Igitenge-Red-9', at(minute))
      if (refused.ok || refused.reason !== 'locked') throw new Error('expected a wait')
      waits.push(Math.ceil((refused.retryAfterSeconds ?? 0) / 60))
      minute += waits.at(-1) ?? 0
      expect(await signIn(email, 'wrong-guess-4', at(minute))).toEqual({ ok: false, reason: 'invalid' })
    }
    expect(waits).toEqual([1, 2, 4, 8, 15, 15])
  })

  it('holds back an e-mail address that has no account just the same (nothing to learn from it)', async () => {
    for (let i = 0; i < 5; i++) await signIn('nobody-here@example.rw', 'wrong-guess-5', at(40))
    expect(await signIn('nobody-here@example.rw', 'wrong-guess-5', at(40))).toEqual({
      ok: false,
      reason: 'locked',
      retryAfterSeconds: 60,
    })
  })
})
