import { isLocale } from '#app/lib/i18n.tsx'
import { type AccountsContext, passwordResetEmail, phoneCodeSms } from '#app/modules/accounts/accounts.server.ts'
import { createAuth } from '#app/modules/accounts/auth.server.ts'
import { emailChangeLinkEmail } from '#app/modules/accounts/email-change.server.ts'
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
