import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
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
    /** What the whole-payment refund returns: what was left of the payment when it started (null: all of it). */
    refundAmount: integer('refund_amount'),
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

/**
 * Where a refund that staff made stands. `to_send`: a cash-on-delivery refund waiting for its mobile-money
 * disbursement to the customer's number (no provider holds that money: it is sent from Isoko's disbursement
 * account).
 */
export type PartRefundStatus = 'pending' | 'succeeded' | 'failed' | 'to_send'

/**
 * A refund staff made on an order: part or all of a payment, or of one vendor's part of it. Several may be made on
 * one payment; together they never exceed what it took (checked under the payment's row lock). `reference` is the
 * form's own UUIDv4, so a second submit of the same form finds the first refund instead of making another.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The vendor order it refunds (a part cancelled by staff), or null for a refund of the order as a whole. */
    vendorOrderId: integer('vendor_order_id'),
    reference: text('reference').notNull(),
    /** Integer francs. */
    amount: integer('amount').notNull(),
    status: text('status').$type<PartRefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, when it has its own. */
    providerRefundId: text('provider_refund_id'),
    /** Cash on delivery: the number the disbursement goes to (E.164). */
    payeePhone: text('payee_phone'),
    reason: text('reason').notNull(),
    /**
     * The part of `amount` that is the order's delivery fee given back (a return of the whole order, or the store's
     * fault), and who bears it: the platform (its delivery revenue) or the store (its payable).
     */
    deliveryAmount: integer('delivery_amount').notNull().default(0),
    deliveryBorneBy: text('delivery_borne_by').$type<'platform' | 'vendor'>(),
    /** A goodwill refund staff decided in a dispute: Isoko pays it, the store's lines are not touched. */
    platformBears: boolean('platform_bears').notNull().default(false),
    /** `staff:<user id>`. */
    actor: text('actor').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_reference_idx').on(t.reference),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_status_idx').on(t.status, t.checkedAt),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
)
