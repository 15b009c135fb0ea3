import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { type PayoutProvider, vendors } from '#app/modules/vendors/tables.server.ts'

export type PayoutStatus = 'pending' | 'succeeded' | 'failed'
/** Who asked for a payout: the schedule's sweep, the vendor's button, or staff (a retry). */
export type PayoutRequester = 'schedule' | 'vendor' | 'staff'

/**
 * One transfer of a vendor's balance to its mobile-money number (docs/ledger.md, payouts). At most one is pending
 * per vendor (a partial unique index): a second sweep or a double click finds it and pays nothing twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** Integer francs sent. */
    amount: integer('amount').notNull(),
    /** What was owed on cash sales and netted from the balance before this payout (integer francs). */
    netted: integer('netted').notNull().default(0),
    currency: text('currency').notNull().default('RWF'),
    provider: text('provider').$type<PayoutProvider>().notNull(),
    /** E.164: the wallet paid, as the payout method said when the payout was made. */
    phone: text('phone').notNull(),
    /** The account name sent with the transfer (the store's name). */
    accountName: text('account_name').notNull(),
    /** Our reference (UUIDv4): MoMo's X-Reference-Id, Airtel's transaction id; the idempotency key. */
    reference: text('reference').notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    /** The provider's failure code as sent (never shown to a person: see failure-reasons.ts). */
    failureReason: text('failure_reason'),
    providerTransactionId: text('provider_transaction_id'),
    requestedBy: text('requested_by').$type<PayoutRequester>().notNull(),
    /** The account that asked (vendor or staff); null for the schedule. */
    requestedByUser: text('requested_by_user'),
    /** The failed payout this one retries (staff), if any. */
    retryOf: integer('retry_of'),
    /** When the provider last accepted our transfer request (null: not yet; the poller sends it again). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A sweep's claim (lease): no other sweep polls this payout until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_reference_idx').on(t.reference),
    uniqueIndex('payouts_one_open_idx').on(t.vendorId).where(sql`${t.status} = 'pending'`),
    index('payouts_vendor_idx').on(t.vendorId, t.id),
    index('payouts_status_idx').on(t.status, t.checkedAt),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
)

/** Everything a provider told us or we asked it about a payout, as it was said. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    /** request, callback, status, error. */
    kind: text('kind').notNull(),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payoutId, t.id)],
)

/**
 * One scheduled payout run, by the instant it was due: the first server to insert it runs it, so several servers
 * (or a restart) run each slot once. A run missed while no server was up is caught up at the next start.
 */
export const payoutRuns = pgTable('payout_runs', {
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Payouts the run made. */
  made: integer('made'),
})
