import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Counters of attempts (contact form, newsletter, messages, reviews, search, failed sign-ins), in the database so
 * that every app server on one PostgreSQL counts together. One row per key and fixed window; a back-off row (failed
 * sign-ins) uses the epoch as its window and says until when the key is refused.
 */
export const throttles = pgTable(
  'throttles',
  {
    /** What is counted, and for whom: `contact:ip:1.2.3.4`, `contact:acct:<userId>`, `signin:<hash>`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    /** After this the row counts nothing and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Back-off rows only: attempts are refused until then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('throttles_expires_idx').on(t.expiresAt)],
)
