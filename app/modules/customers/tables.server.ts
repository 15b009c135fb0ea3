import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** A customer's profile (prototype section 3). The accounts issue links it to a sign-in identity. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_idx').on(t.email)],
)
