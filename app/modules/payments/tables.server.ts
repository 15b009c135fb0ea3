import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { orders } from '#app/modules/orders/tables.server.ts'

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'expired'
export type RefundStatus = 'pending' | 'succeeded' | 'failed'

/** One attempt to collect an order's money with one method; a declined attempt can be followed by another. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').$type<'momo' | 'airtel' | 'card' | 'cod'>().notNull(),
    /** Our reference for the attempt (UUIDv4): MoMo's X-Reference-Id, Airtel's transaction id, the card tx_ref. */
    reference: text('reference').notNull(),
    /** The provider's id of the money movement, once known. */
    providerTransactionId: text('provider_transaction_id'),
    /** Integer francs. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('RWF'),
    /** E.164: the wallet charged (mobile money). */
    payerPhone: text('payer_phone'),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** Card: the hosted checkout page the buyer was sent to. */
    redirectUrl: text('redirect_url'),
    /** A pending attempt is given up (and checked one last time) after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider was last asked about the attempt, or about its refund (polling recovers lost callbacks). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * A sweep's claim: until then no other sweep polls this attempt or its refund (several servers share the
     * work). Cleared when the sweep is done with the row; a sweep that died leaves it to expire.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    refundReference: text('refund_reference'),
    refundStatus: text('refund_status').$type<RefundStatus>(),
    /** The provider's id of the refund, when it has its own (card refunds are looked up by it). */
    refundProviderId: text('refund_provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_pending_idx').on(t.status, t.checkedAt),
  ],
)

/** Everything a provider told us or we asked it, as it was said: requests, callbacks, status answers, refunds. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** request, callback, status, return, refund, refund_status, error. */
    kind: text('kind').notNull(),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
)
