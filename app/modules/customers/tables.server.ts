import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/tables.server.ts'

/** A customer's profile (prototype section 3); `userId` links it to the sign-in account (none for seeded shoppers). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; none for a customer who signed up with a phone number alone (receipts then go by SMS). */
    email: text('email'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** E.164 (+2507XXXXXXXX), optional. */
    phone: text('phone'),
    /** Order updates by SMS (placed, paid, dispatched, delivered), as the customer chose at checkout or in the profile. */
    smsUpdates: boolean('sms_updates').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_idx').on(t.email), uniqueIndex('customers_user_idx').on(t.userId)],
)

/** A delivery address in Rwanda's administrative tree (province, district, sector, cell) with a landmark. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    /** E.164 (+2507XXXXXXXX). */
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    district: text('district').notNull(),
    sector: text('sector').notNull(),
    cell: text('cell').notNull(),
    landmark: text('landmark').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
)
