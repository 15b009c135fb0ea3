import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsContext, createAccountDirect, signInWithPassword } from '#app/modules/accounts/accounts.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { createAdmin, parseArgs, passwordReader } from './create-admin.ts'

let t: TestDatabase
let ctx: AccountsContext
let address = 0
const signIn = (email: string, password: string) =>
  signInWithPassword(
    ctx,
    { request: new Request('http://localhost:3000/customer-login'), clientAddress: `10.1.0.${++address}` },
    { email, password },
  )
/** The staff role the account has (every staff account made by the command is an owner: issue 17). */
const staffRoleOf = async (email: string) =>
  (await t.ctx.db.select({ staffRole: users.staffRole }).from(users).where(eq(users.email, email)))[0]?.staffRole
const never = async () => {
  throw new Error('the password should not be asked for')
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
})
afterAll(() => t?.close())

describe('createAdmin', () => {
  it('creates a staff account that signs in as an admin', async () => {
    const outcome = await createAdmin(ctx, {
      email: ' Mugisha@Isoko.RW ',
      name: 'Patrick Mugisha',
      readPassword: async () => 'Imigongo-Art-2026',
    })
    expect(outcome).toMatchObject({ ok: true, action: 'created', email: 'mugisha@isoko.rw' })
    expect(await signIn('mugisha@isoko.rw', 'Imigongo-Art-2026')).toMatchObject({ ok: true, role: 'admin' })
    expect(await staffRoleOf('mugisha@isoko.rw')).toBe('owner')
  })

  it('makes an existing account an admin without asking for or changing its password', async () => {
    const existing = await createAccountDirect(ctx, {
      name: 'Aline Uwase',
      email: 'aline@example.rw',
      password: 'Kitenge-Blue-42',
      role: 'customer',
    })
    expect(existing.ok).toBe(true)
    const outcome = await createAdmin(ctx, { email: 'ALINE@example.rw', readPassword: never })
    expect(outcome).toEqual({ ok: true, action: 'promoted', email: 'aline@example.rw' })
    expect(await signIn('aline@example.rw', 'Kitenge-Blue-42')).toMatchObject({ ok: true, role: 'admin' })
    expect(await staffRoleOf('aline@example.rw')).toBe('owner')
  })

  it('refuses a bad address, a weak password and no password, and creates nothing', async () => {
    expect(await createAdmin(ctx, { email: 'not-an-address', readPassword: never })).toEqual({
      ok: false,
      message: 'Not an e-mail address: not-an-address',
    })
    const refusals = [
      ['short', 'The password is too short: use at least 8 characters.'],
      ['password123', 'The password is one of the most common ones: choose one that is harder to guess.'],
      ['x'.repeat(129), 'The password is too long: use at most 128 characters.'],
    ] as const
    for (const [password, message] of refusals) {
      const outcome = await createAdmin(ctx, { email: 'new@isoko.rw', readPassword: async () => password })
      expect(outcome).toEqual({ ok: false, message })
    }
    const none = await createAdmin(ctx, { email: 'new@isoko.rw', readPassword: async () => null })
    expect(none).toMatchObject({ ok: false, message: expect.stringContaining('ADMIN_PASSWORD') })
    expect(await signIn('new@isoko.rw', 'short')).toMatchObject({ ok: false, reason: 'invalid' })
  })
})

describe('the command line', () => {
  it('reads --email, --name and --password, with a space or an equals sign', () => {
    expect(parseArgs(['--email', 'a@isoko.rw', '--name=Aline Uwase', '--password', 'pw'])).toEqual({
      ok: true,
      args: { email: 'a@isoko.rw', name: 'Aline Uwase', password: 'pw' },
    })
    expect(parseArgs(['--help'])).toEqual({ ok: false, help: true })
    expect(parseArgs([])).toMatchObject({ ok: false, message: '--email is required.' })
    expect(parseArgs(['--email'])).toMatchObject({ ok: false, message: '--email needs a value.' })
    expect(parseArgs(['--email', '--name', 'x'])).toMatchObject({ ok: false, message: '--email needs a value.' })
    expect(parseArgs(['--email', 'a@isoko.rw', '--role', 'admin'])).toMatchObject({
      ok: false,
      message: 'Unknown argument: --role',
    })
  })

  it('takes the password from --password, then ADMIN_PASSWORD; without a terminal, none', async () => {
    expect(await passwordReader({ email: 'a', password: 'from-flag' }, { ADMIN_PASSWORD: 'from-env' })()).toBe(
      'from-flag',
    )
    expect(await passwordReader({ email: 'a' }, { ADMIN_PASSWORD: 'from-env' })()).toBe('from-env')
    // Vitest's workers have no terminal: nobody to ask.
    expect(await passwordReader({ email: 'a' }, {})()).toBeNull()
  })
})
