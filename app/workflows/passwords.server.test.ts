import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  type AccountsContext,
  checkPasswordResetToken,
  createAccount,
  findActor,
  signInWithPassword,
} from '#app/modules/accounts/accounts.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { askForPasswordReset, changeAccountPassword, chooseNewPassword } from './passwords.server.ts'

// The forgotten password's whole path, from the form to the e-mail in the outbox and the link's page, and a
// signed-in customer's change of password: what the journeys cannot reach until the admin mailbox exists.

let t: TestDatabase
let ctx: AccountsContext
let n = 0
const ORIGIN = 'http://localhost:3000'
const page = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} })
/** A caller from a new address each time (only the rate-limit test shares one). */
const caller = (
  path = '/forgot-password',
  cookie?: string,
  clientAddress = `10.2.${Math.floor(++n / 250)}.${n % 250}`,
) => ({
  request: page(path, cookie),
  clientAddress,
  guestKey: null,
})
const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')
const formOf = (values: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) form.set(k, v)
  return form
}

async function account(email: string, password = 'Kitenge-Blue-42') {
  const result = await createAccount(ctx, caller('/customer-signup'), {
    name: 'Aline Uwase',
    email,
    password,
    role: 'customer',
  })
  if (!result.ok) throw new Error(result.reason)
  return { cookie: cookieHeader(result.cookies) }
}

/** The link of the newest reset e-mail to an address, and its token. */
async function linkFor(email: string) {
  const mails = await listMessages(t.ctx, { recipient: email })
  const mail = mails.at(0)
  if (!mail) return null
  const link = mail.body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? ''
  return { mail, link, token: new URL(link).searchParams.get('token') ?? '' }
}

const signsIn = async (email: string, password: string) =>
  (await signInWithPassword(ctx, caller('/customer-login'), { email, password })).ok

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 5 })
})
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
})

describe('asking for a reset link', () => {
  test('an account’s address gets an e-mail with a link to /reset-password on this site', async () => {
    await account('aline@example.rw')
    expect(await askForPasswordReset(ctx, caller(), formOf({ email: ' Aline@Example.rw ' }))).toEqual({
      ok: true,
      email: 'aline@example.rw',
    })
    const found = await linkFor('aline@example.rw')
    expect(found?.mail).toMatchObject({ channel: 'email', subject: 'Reset your Isoko password' })
    expect(found?.link.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true)
    expect(found?.mail.body).toContain('within the hour')
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), found?.token ?? '')).toBe(true)
  })

  test('an unknown address gets the same answer and no e-mail (no account discovery)', async () => {
    const answer = await askForPasswordReset(ctx, caller(), formOf({ email: 'nobody@example.rw' }))
    expect(answer).toEqual({ ok: true, email: 'nobody@example.rw' })
    expect(await listMessages(t.ctx, { recipient: 'nobody@example.rw' })).toEqual([])
  })

  test('a malformed address is refused next to the field, and kept', async () => {
    expect(await askForPasswordReset(ctx, caller(), formOf({ email: 'aline@' }))).toEqual({
      ok: false,
      errors: { email: 'account.error.email' },
      values: { email: 'aline@' },
    })
    expect(await askForPasswordReset(ctx, caller(), formOf({ email: '' }))).toMatchObject({
      ok: false,
      errors: { email: 'account.error.required' },
    })
  })

  test('too many requests from one connection are refused, and said so', async () => {
    const answers = []
    for (let i = 0; i < 6; i++) {
      answers.push(
        await askForPasswordReset(
          ctx,
          caller('/forgot-password', undefined, '10.9.9.9'),
          formOf({ email: 'x@example.rw' }),
        ),
      )
    }
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true)
    expect(answers[5]).toEqual({
      ok: false,
      errors: { form: 'account.error.rateLimited' },
      values: { email: 'x@example.rw' },
    })
  })
})

describe('choosing a new password from the link', () => {
  test('sets the password once, ends every session of the account, and the link is then used up', async () => {
    const { cookie } = await account('grace@example.rw')
    expect(await findActor(ctx, page('/customer-dashboard', cookie))).not.toBeNull()
    await askForPasswordReset(ctx, caller(), formOf({ email: 'grace@example.rw' }))
    const { token } = (await linkFor('grace@example.rw')) as { token: string }

    const done = await chooseNewPassword(
      ctx,
      caller('/reset-password'),
      formOf({ token, password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
    )
    expect(done).toEqual({ ok: true })
    expect(await signsIn('grace@example.rw', 'Umushanana-2026')).toBe(true)
    expect(await signsIn('grace@example.rw', 'Kitenge-Blue-42')).toBe(false)
    expect(await findActor(ctx, page('/customer-dashboard', cookie))).toBeNull()

    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), token)).toBe(false)
    const again = await chooseNewPassword(
      ctx,
      caller('/reset-password'),
      formOf({ token, password: 'Another-Pass-2026', confirmPassword: 'Another-Pass-2026' }),
    )
    expect(again).toMatchObject({ ok: false, errors: { form: 'account.error.resetExpired' } })
    expect(await signsIn('grace@example.rw', 'Umushanana-2026')).toBe(true)
  })

  test('a link more than an hour old no longer works', async () => {
    await account('late@example.rw')
    await askForPasswordReset(ctx, caller(), formOf({ email: 'late@example.rw' }))
    const { token } = (await linkFor('late@example.rw')) as { token: string }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 })
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), token)).toBe(false)
    const late = await chooseNewPassword(
      ctx,
      caller('/reset-password'),
      formOf({ token, password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
    )
    expect(late).toMatchObject({ ok: false, errors: { form: 'account.error.resetExpired' } })
    vi.useRealTimers()
    expect(await signsIn('late@example.rw', 'Kitenge-Blue-42')).toBe(true)
  })

  test('a made-up or missing token is refused as an expired link', async () => {
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), 'made-up-token')).toBe(false)
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), '')).toBe(false)
    for (const token of ['made-up-token', '']) {
      expect(
        await chooseNewPassword(
          ctx,
          caller('/reset-password'),
          formOf({ token, password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
        ),
      ).toMatchObject({ ok: false, errors: { form: 'account.error.resetExpired' } })
    }
  })

  test('a mismatched confirmation or a weak password is refused before the link is used', async () => {
    await account('weak@example.rw')
    await askForPasswordReset(ctx, caller(), formOf({ email: 'weak@example.rw' }))
    const { token } = (await linkFor('weak@example.rw')) as { token: string }
    const reset = (password: string, confirmPassword: string) =>
      chooseNewPassword(ctx, caller('/reset-password'), formOf({ token, password, confirmPassword }))
    expect(await reset('Umushanana-2026', 'Umushanana-2025')).toMatchObject({
      ok: false,
      errors: { confirmPassword: 'account.mismatch' },
    })
    expect(await reset('short', 'short')).toMatchObject({
      ok: false,
      errors: { password: 'account.error.passwordShort' },
    })
    expect(await reset('password123', 'password123')).toMatchObject({
      ok: false,
      errors: { password: 'account.error.passwordCommon' },
    })
    // The link still works after the refusals.
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), token)).toBe(true)
    expect(await reset('Umushanana-2026', 'Umushanana-2026')).toEqual({ ok: true })
  })
})

describe('limits on reset links', () => {
  test('sends at most three reset e-mails an hour to one account; the fourth request answers the same, sends nothing', async () => {
    await account('often@example.rw')
    for (let i = 0; i < 4; i++) {
      expect(await askForPasswordReset(ctx, caller(), formOf({ email: 'often@example.rw' }))).toEqual({
        ok: true,
        email: 'often@example.rw',
      })
    }
    expect(await listMessages(t.ctx, { recipient: 'often@example.rw' })).toHaveLength(3)
    // An hour later it may have another.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 })
    await askForPasswordReset(ctx, caller(), formOf({ email: 'often@example.rw' }))
    vi.useRealTimers()
    expect(await listMessages(t.ctx, { recipient: 'often@example.rw' })).toHaveLength(4)
  })

  test('a reset with the newer link voids the older link', async () => {
    await account('twice@example.rw')
    await askForPasswordReset(ctx, caller(), formOf({ email: 'twice@example.rw' }))
    const older = (await linkFor('twice@example.rw')) as { token: string }
    await askForPasswordReset(ctx, caller(), formOf({ email: 'twice@example.rw' }))
    const newer = (await linkFor('twice@example.rw')) as { token: string }
    expect(newer.token).not.toBe(older.token)
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), older.token)).toBe(true)

    expect(
      await chooseNewPassword(
        ctx,
        caller('/reset-password'),
        formOf({ token: newer.token, password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
      ),
    ).toEqual({ ok: true })
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), older.token)).toBe(false)
    const stale = await chooseNewPassword(
      ctx,
      caller('/reset-password'),
      formOf({ token: older.token, password: 'Taken-Over-2026', confirmPassword: 'Taken-Over-2026' }),
    )
    expect(stale).toMatchObject({ ok: false, errors: { form: 'account.error.resetExpired' } })
    expect(await signsIn('twice@example.rw', 'Umushanana-2026')).toBe(true)
    expect(await signsIn('twice@example.rw', 'Taken-Over-2026')).toBe(false)
  })

  test('voiding one account’s links leaves another account’s link working', async () => {
    await account('first@example.rw')
    await account('second@example.rw')
    await askForPasswordReset(ctx, caller(), formOf({ email: 'first@example.rw' }))
    await askForPasswordReset(ctx, caller(), formOf({ email: 'second@example.rw' }))
    const first = (await linkFor('first@example.rw')) as { token: string }
    const second = (await linkFor('second@example.rw')) as { token: string }
    await chooseNewPassword(
      ctx,
      caller('/reset-password'),
      formOf({ token: first.token, password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
    )
    expect(await checkPasswordResetToken(ctx, caller('/reset-password'), second.token)).toBe(true)
  })
})

describe('changing the password when signed in', () => {
  test('a wrong current password is refused next to that field, and nothing changes', async () => {
    const { cookie } = await account('change@example.rw')
    const refused = await changeAccountPassword(
      ctx,
      caller('/customer-dashboard/password', cookie),
      formOf({ currentPassword: 'not-my-password', password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
    )
    expect(refused).toEqual({
      ok: false,
      errors: { currentPassword: 'customer.password.error.wrongCurrent' },
      values: {},
    })
    expect(await signsIn('change@example.rw', 'Kitenge-Blue-42')).toBe(true)
  })

  test('the new password works, the other sessions end, and this one carries on with its new cookie', async () => {
    const { cookie } = await account('move@example.rw')
    const other = await signInWithPassword(ctx, caller('/customer-login'), {
      email: 'move@example.rw',
      password: 'Kitenge-Blue-42',
    })
    if (!other.ok) throw new Error('sign-in failed')
    const otherCookie = cookieHeader(other.cookies)
    const changed = await changeAccountPassword(
      ctx,
      caller('/customer-dashboard/password', cookie),
      formOf({ currentPassword: 'Kitenge-Blue-42', password: 'Umushanana-2026', confirmPassword: 'Umushanana-2026' }),
    )
    expect(changed.ok).toBe(true)
    if (!changed.ok) return
    expect(await findActor(ctx, page('/customer-dashboard', otherCookie))).toBeNull()
    expect(await findActor(ctx, page('/customer-dashboard', cookieHeader(changed.cookies)))).toMatchObject({
      email: 'move@example.rw',
    })
    expect(await signsIn('move@example.rw', 'Umushanana-2026')).toBe(true)
    expect(await signsIn('move@example.rw', 'Kitenge-Blue-42')).toBe(false)
  })

  test('the new password follows the same rules, and must be confirmed', async () => {
    const { cookie } = await account('rules@example.rw')
    const change = (password: string, confirmPassword: string) =>
      changeAccountPassword(
        ctx,
        caller('/customer-dashboard/password', cookie),
        formOf({ currentPassword: 'Kitenge-Blue-42', password, confirmPassword }),
      )
    expect(await change('Umushanana-2026', 'Umushanana')).toMatchObject({
      errors: { confirmPassword: 'account.mismatch' },
    })
    expect(await change('1234567', '1234567')).toMatchObject({ errors: { password: 'account.error.passwordShort' } })
    expect(await signsIn('rules@example.rw', 'Kitenge-Blue-42')).toBe(true)
  })
})
