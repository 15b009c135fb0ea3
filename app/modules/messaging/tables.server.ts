import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

export type ConversationSide = 'customer' | 'vendor'
export type ReportAction = 'warned' | 'closed' | 'suspended'

/**
 * One thread between a customer and a store (Contact Vendor). Each side's unread count is the number of the
 * other side's messages newer than that side's read mark. Staff read a thread only once a side has reported it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The id of the last message each side has read (0: none). */
    customerReadId: integer('customer_read_id').notNull().default(0),
    vendorReadId: integer('vendor_read_id').notNull().default(0),
    /** Set when a side reports the thread to staff, with who and why. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportedBy: text('reported_by').$type<ConversationSide>(),
    reportReason: text('report_reason'),
    /**
     * Staff's handling of the report: a warning to the reported side, closed with a note, or the store suspended;
     * with the note, who and when. Unset while the report waits.
     */
    reportAction: text('report_action').$type<ReportAction>(),
    reportNote: text('report_note'),
    reportHandledBy: text('report_handled_by'),
    reportHandledAt: timestamp('report_handled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_vendor_customer_idx').on(t.vendorId, t.customerId),
    index('conversations_customer_idx').on(t.customerId, t.lastMessageAt),
    index('conversations_vendor_idx').on(t.vendorId, t.lastMessageAt),
    index('conversations_reported_idx').on(t.reportedAt),
  ],
)

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<ConversationSide>().notNull(),
    /** The account that wrote it (kept when the account is deleted as null). */
    senderUserId: text('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    check('conversation_messages_sender', sql`${t.sender} in ('customer', 'vendor')`),
  ],
)
