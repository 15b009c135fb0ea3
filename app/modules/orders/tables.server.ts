import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { products, productVariants } from '#app/modules/catalog/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

export type OrderStatus =
  | 'pending_payment'
  | 'paid'
  | 'confirmed'
  | 'partly_shipped'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
export type VendorOrderStatus = 'new' | 'packed' | 'dispatched' | 'delivered' | 'cancelled'
/** A customer's request to cancel a vendor order that is already packed: the vendor accepts or refuses it. */
export type CancellationStatus = 'requested' | 'accepted' | 'refused'
export type PaymentMethod = 'momo' | 'airtel' | 'card' | 'cod'
export type DeliveryOption = 'standard' | 'express'

/** Human-readable order numbers (ISK-100001, ...): a sequence, so two checkouts never share one. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 })

/** One checkout: the customer's order, holding one vendor order per vendor (STYLE.md, point 5). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().default(sql`'ISK-' || nextval('order_number_seq')`),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The checkout's idempotency key: a double click or a resubmitted form finds the order it already made. */
    checkoutKey: text('checkout_key').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    deliveryOption: text('delivery_option').$type<DeliveryOption>().notNull(),
    /** The delivery address as it was at checkout (a later edit of the saved address does not move the parcel). */
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    district: text('district').notNull(),
    sector: text('sector').notNull(),
    cell: text('cell').notNull(),
    landmark: text('landmark').notNull(),
    /** Integer francs, VAT included. */
    subtotal: integer('subtotal').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    total: integer('total').notNull(),
    /** The VAT part of the total (18% included), shown on the receipt. */
    vatAmount: integer('vat_amount').notNull(),
    itemCount: integer('item_count').notNull(),
    /** Business days, as promised at checkout. */
    deliveryDaysMin: integer('delivery_days_min').notNull(),
    deliveryDaysMax: integer('delivery_days_max').notNull(),
    /** Whether the order's units are held in stock right now (released when a payment fails, taken again on retry). */
    stockReserved: boolean('stock_reserved').notNull().default(true),
    /** An unpaid order is cancelled (and its stock released) when this passes. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_checkout_key_idx').on(t.customerId, t.checkoutKey),
    index('orders_customer_idx').on(t.customerId, t.placedAt),
    index('orders_status_idx').on(t.status, t.paymentDueAt),
    check('orders_total_sum', sql`${t.total} = ${t.subtotal} + ${t.deliveryFee}`),
  ],
)

/** A vendor's part of an order: what they pack and send. */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    status: text('status').$type<VendorOrderStatus>().notNull().default('new'),
    subtotal: integer('subtotal').notNull(),
    itemCount: integer('item_count').notNull(),
    /** Set when the order is paid (or confirmed for cash on delivery): only then does the vendor see it. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Cash on delivery: when the courier handed over the money. */
    cashCollectedAt: timestamp('cash_collected_at', { withTimezone: true }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_orders_order_vendor_idx').on(t.orderId, t.vendorId),
    index('vendor_orders_vendor_idx').on(t.vendorId, t.releasedAt),
  ],
)

/** What was bought, as it was bought: name, variant and price paid stay even if the product changes. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    size: text('size'),
    colour: text('colour'),
    sku: text('sku').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_vendor_order_idx').on(t.vendorOrderId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Every status change of an order or a vendor order: who, when, from what to what. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id').references(() => vendorOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `customer`, `vendor:<id>`, `staff:<user id>`, `payments`, `system`. */
    actor: text('actor').notNull(),
    note: text('note'),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/**
 * After packing, a customer's cancel is a request to each vendor whose part is packed (one row per vendor order):
 * the order is cancelled once every one of them accepted; a refusal keeps the order going.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    status: text('status').$type<CancellationStatus>().notNull().default('requested'),
    /** One of CANCEL_REASONS (order-status.ts), with the customer's own words when they chose `other`. */
    reason: text('reason').notNull(),
    note: text('note'),
    /** Why the vendor refused (shown to the customer). */
    refusal: text('refusal'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('cancellation_requests_order_idx').on(t.orderId),
    // A vendor order is asked at most once: a refusal is the answer, not an invitation to ask again.
    uniqueIndex('cancellation_requests_vendor_order_idx').on(t.vendorOrderId),
  ],
)

export type DeliveryZoneId = 'kigali' | 'secondary' | 'rest'

/**
 * The delivery fees staff set (docs/ledger.md, "Delivery fees"): one row per change, never updated; the one in
 * force is the latest whose `effective_from` has come. An order keeps the fee it was placed with (`orders`).
 */
export const deliveryFeeSchedules = pgTable(
  'delivery_fee_schedules',
  {
    id: serial('id').primaryKey(),
    /** Standard delivery is free for an order whose items come to at least this (integer francs). */
    freeStandardAbove: integer('free_standard_above').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    /** `staff:<user id>`, or `system` for the seeded defaults. */
    setBy: text('set_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_fee_schedules_effective_idx').on(t.effectiveFrom),
    check('delivery_fee_schedules_threshold', sql`${t.freeStandardAbove} >= 0`),
  ],
)

/** One fee of a schedule: a zone and an option, in integer francs. */
export const deliveryFeeRates = pgTable(
  'delivery_fee_rates',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => deliveryFeeSchedules.id),
    zone: text('zone').$type<DeliveryZoneId>().notNull(),
    option: text('option').$type<DeliveryOption>().notNull(),
    fee: integer('fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.zone, t.option] }),
    check('delivery_fee_rates_fee', sql`${t.fee} >= 0`),
  ],
)

/** Staff's own notes on an order: never shown to the customer or the vendor. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `staff:<user id>`. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
)
