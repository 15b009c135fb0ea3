import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'

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

/**
 * A support ticket: a message from the help page's form (by e-mail) or a chat a signed-in customer started, and
 * the replies that follow (`supportReplies`). New until staff open it; waiting for the customer after a staff reply;
 * open again when the customer writes; solved when staff close it.
 */
export type TicketStatus = 'new' | 'open' | 'waiting' | 'solved'
export type TicketChannel = 'form' | 'chat'

export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('new'),
    channel: text('channel').$type<TicketChannel>().notNull().default('form'),
    /** The customer's account, when they wrote signed in (their orders show beside the ticket). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The staff member looking after it. */
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** When staff first answered, and when the customer last wrote (the 24-hour promise runs from it). */
    firstReplyAt: timestamp('first_reply_at', { withTimezone: true }),
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_status_idx').on(t.status, t.lastCustomerAt),
    index('support_messages_customer_idx').on(t.customerId),
  ],
)

export type ReplySide = 'customer' | 'staff'

/** A reply in a ticket's conversation: the customer's, or a staff member's (sent to the customer by e-mail). */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    side: text('side').$type<ReplySide>().notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_replies_ticket_idx').on(t.ticketId, t.id)],
)
