import { isLocale } from '#app/lib/i18n.tsx'
import {
  type AccountsContext,
  createAccountDirect,
  passwordResetEmail,
  phoneCodeSms,
  signInWithPassword,
} from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'
import { emailChangeLinkEmail } from '#app/modules/accounts/email-change.server.ts'
import { type AccountRole, STAFF_ROLES, type StaffRole } from '#app/modules/accounts/roles.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import type { TestDatabase } from './db.ts'

/** The accounts services on a test database: reset e-mails and one-time codes go to its outbox, as in the app. */
export function createTestAccountsContext(
  t: TestDatabase,
  options: { attemptsPerMinute?: number } = {},
): AccountsContext {
  return {
    db: t.ctx.db,
    auth: createAuth({
      db: t.ctx.db,
      secret: 'a-test-secret-that-is-long-enough-to-use',
      publicUrl: 'http://localhost:3000',
      attemptsPerMinute: options.attemptsPerMinute ?? 100,
      sendPasswordReset: async (input) => {
        await enqueueMessage(t.ctx, passwordResetEmail(input))
      },
      sendEmailChange: async (input) => {
        await enqueueMessage(t.ctx, emailChangeLinkEmail({ ...input, locale: 'en' }))
      },
      sendPhoneCode: async (input) => {
        await enqueueMessage(
          t.ctx,
          phoneCodeSms({ ...input, locale: isLocale(input.locale) ? input.locale : undefined }),
        )
      },
    }),
  }
}

/** The password of the accounts the tests make. */
export const TEST_PASSWORD = 'Kitenge-Blue-42'

/** An account made directly, with TEST_PASSWORD; its name is the e-mail's local part. Returns its user id. */
export async function makeAccount(
  accounts: AccountsContext,
  email: string,
  role: AccountRole,
  staffRole?: StaffRole,
): Promise<string> {
  const name = email.split('@')[0] as string
  const made = await createAccountDirect(accounts, { name, email, password: TEST_PASSWORD, role, staffRole })
  if (!made.ok) throw new Error(`account ${email}: ${made.reason}`)
  return made.userId
}

/** The Cookie header of a fresh sign-in with TEST_PASSWORD, as a browser would send it back. */
export async function signedInCookie(
  accounts: AccountsContext,
  email: string,
  clientAddress = '10.7.7.7',
): Promise<string> {
  const result = await signInWithPassword(
    accounts,
    { request: new Request('http://127.0.0.1:3000/customer-login'), clientAddress },
    { email, password: TEST_PASSWORD },
  )
  if (!result.ok) throw new Error(`sign-in ${email}: ${result.reason}`)
  return result.cookies.map((c) => c.split(';')[0]).join('; ')
}

/** A signed-in staff member of every role, `<role>@<domain>`, named after the role. */
export async function makeStaffOfEveryRole(
  accounts: AccountsContext,
  domain: string,
  clientAddress?: string,
): Promise<Record<StaffRole, { id: string; name: string; cookie: string }>> {
  const members = {} as Record<StaffRole, { id: string; name: string; cookie: string }>
  for (const role of STAFF_ROLES) {
    const email = `${role}@${domain}`
    const id = await makeAccount(accounts, email, 'admin', role)
    members[role] = { id, name: role, cookie: await signedInCookie(accounts, email, clientAddress) }
  }
  return members
}
