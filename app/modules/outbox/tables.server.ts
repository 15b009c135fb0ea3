import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export type OutboxChannel = 'email' | 'sms'
export type OutboxStatus = 'pending' | 'sent' | 'failed'

/**
 * Messages to send (DESIGN.md section 2): written in the same transaction as the change they tell of, sent by a
 * worker that claims rows with FOR UPDATE SKIP LOCKED, so any number of app servers can run one. In development
 * the transport keeps them: the admin console's mailbox shows what was sent.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Which transport delivered it ('development' keeps it for the mailbox). */
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.id), index('outbox_recipient_idx').on(t.recipient)],
)
