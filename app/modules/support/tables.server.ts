import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased, so one address subscribes once. */
    email: text('email').notNull(),
    /** The language the subscriber read the site in: the confirmation and the newsletter are written in it. */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Double opt-in: set when the e-mailed link is opened; until then nothing is sent to the address. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the pending confirmation link's token (the token itself is only in the e-mail). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_idx').on(t.email), index('newsletter_token_idx').on(t.confirmTokenHash)],
)

export const supportMessages = pgTable('support_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: text('status').$type<'new' | 'answered'>().notNull().default('new'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
