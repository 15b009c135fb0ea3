import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export type OutboxChannel = 'email' | 'sms'
export type OutboxStatus = 'pending' | 'sent' | 'failed'

/**
 * Messages to send (DESIGN.md section 2): written in the same transaction as the change they tell of, sent by a
 * worker that claims rows (one UPDATE … FOR UPDATE SKIP LOCKED), commits, sends outside any transaction, then
 * marks them, so any number of app servers can run one and a slow provider never holds a lock. In development the
 * admin console's mailbox shows what was sent.
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
    /** Attempts started (counted when a worker claims the row, so a crash mid-send still counts). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Which transport delivered it ('development' keeps it for the mailbox). */
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not claimed before this (the back-off after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while it is in the future, no other worker claims the row. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The claim that holds the lease: only that claim may mark the row sent or failed. */
    claimToken: text('claim_token'),
    /** The provider's id for the sent message (Africa's Talking messageId, the SMTP server's queue id). */
    providerMessageId: text('provider_message_id'),
    /** The latest delivery report's status (Africa's Talking: Success, Failed, Rejected, …) and failure reason. */
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.id),
    index('outbox_recipient_idx').on(t.recipient),
    index('outbox_provider_message_idx').on(t.providerMessageId),
  ],
)
