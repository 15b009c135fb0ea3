import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

// The money after the sale (docs/ledger.md). No foreign key to orders, vendors or payments: a ledger entry outlives
// anything that is deleted elsewhere, and is never updated or deleted itself.

/** Why money moved: each reason has its fixed shape of lines (docs/ledger.md). */
export type LedgerReason =
  | 'payment_received'
  | 'payment_unapplied'
  | 'refund'
  | 'cod_collected'
  | 'cod_commission_owed'
  | 'cod_delivery_fee'
  | 'cash_refund'
  | 'payout_netting'
  | 'payout_started'
  | 'payout_sent'
  | 'payout_failed'

/** One movement of money: a set of lines that sums to zero, posted once per (reason, source key). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    /** What caused it, unique with the reason: `payment:<id>`, `refund:<reference>`, `vendor_order:<id>`. */
    sourceKey: text('source_key').notNull(),
    orderId: integer('order_id'),
    vendorOrderId: integer('vendor_order_id'),
    paymentId: integer('payment_id'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_source_idx').on(t.reason, t.sourceKey),
    index('ledger_transactions_order_idx').on(t.orderId, t.id),
  ],
)

/**
 * One line of a transaction: integer francs, a debit positive and a credit negative. The account is a kind and,
 * for a vendor's accounts, the vendor (`vendor_payable:12`): `account` is the whole name, `vendorId` the owner.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    vendorId: integer('vendor_id'),
    /** The vendor order this line belongs to (a vendor's payable is held per vendor order until it is released). */
    vendorOrderId: integer('vendor_order_id'),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('ledger_lines_transaction_idx').on(t.transactionId),
    index('ledger_lines_account_idx').on(t.account),
    index('ledger_lines_vendor_idx').on(t.vendorId, t.account),
    check('ledger_lines_amount_not_zero', sql`${t.amount} <> 0`),
  ],
)

export type CommissionScope = 'platform' | 'category' | 'store'

/** A commission rate in basis points (1000 = 10%) for the platform, a category or a store, from a date on. */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').$type<CommissionScope>().notNull(),
    /** The category's or the store's id; null for the platform's rate. */
    scopeId: integer('scope_id'),
    rateBps: integer('rate_bps').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** `staff:<user id>`, or `system` for the seeded default. */
    setBy: text('set_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_rules_scope_idx').on(t.scope, t.scopeId, t.effectiveFrom),
    check('commission_rules_rate', sql`${t.rateBps} between 0 and 10000`),
    check('commission_rules_scope_id', sql`(${t.scope} = 'platform') = (${t.scopeId} is null)`),
  ],
)

/** One line of a vendor order as its commission was fixed: the rule that applied and what it takes. */
export type CommissionPart = { categoryId: number | null; amount: number; rateBps: number; ruleId: number | null }

/**
 * A vendor order's commission, fixed when the order is placed (a later rate change does not touch it), and when
 * the part was delivered (the vendor's payable for it is released a hold after that).
 */
export const vendorOrderTerms = pgTable(
  'vendor_order_terms',
  {
    vendorOrderId: integer('vendor_order_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    subtotal: integer('subtotal').notNull(),
    commission: integer('commission').notNull(),
    parts: jsonb('parts').$type<CommissionPart[]>().notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('vendor_order_terms_order_idx').on(t.orderId),
    index('vendor_order_terms_vendor_idx').on(t.vendorId),
    check('vendor_order_terms_commission', sql`${t.commission} between 0 and ${t.subtotal}`),
  ],
)
