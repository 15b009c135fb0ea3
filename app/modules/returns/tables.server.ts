import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { productVariants } from '#app/modules/catalog/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { orderLines, orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

// Returns and disputes (issue 15): a customer's request to send back units of one order line, the store's
// answers, the refund or replacement; and the cases staff decide. return-status.ts holds the state machine.

export type ReturnStatus =
  | 'requested'
  | 'accepted'
  | 'refused'
  | 'received'
  | 'refunded'
  | 'replaced'
  | 'cancelled'
  | 'closed'
export type ReturnReason = 'wrong_size' | 'not_as_described' | 'damaged' | 'changed_mind'
export type ReturnResolution = 'refund' | 'replace'
export type ReturnMethod = 'pickup' | 'dropoff'

/** One request to return some or all units of one order line. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    quantity: integer('quantity').notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    note: text('note'),
    resolution: text('resolution').$type<ReturnResolution>().notNull().default('refund'),
    /** A replacement: the other size or colour of the same product the customer wants instead. */
    replacementVariantId: integer('replacement_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    replacementLabel: text('replacement_label'),
    /** Cash on delivery: the MoMo or Airtel Money number (E.164) the refund is sent to. */
    refundPhone: text('refund_phone'),
    /** The store's answer: how the parcel comes back, in its words (an address, a time, a courier). */
    method: text('method').$type<ReturnMethod>(),
    instructions: text('instructions'),
    refusal: text('refusal'),
    /** Set by the store when it receives the parcel: the units do not go back into stock. */
    unsellable: boolean('unsellable').notNull().default(false),
    /** The refund: goods and delivery fee in integer francs, and the refund's reference at the provider. */
    refundAmount: integer('refund_amount'),
    deliveryRefund: integer('delivery_refund').notNull().default(0),
    refundReference: text('refund_reference'),
    /** The store must answer before this (2 business days), or the request goes to staff by itself. */
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_line_idx').on(t.orderLineId),
    index('return_requests_vendor_idx').on(t.vendorId, t.status),
    index('return_requests_due_idx').on(t.status, t.answerDueAt),
    check('return_requests_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** A return's history: every step, who took it and why. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `customer`, `vendor:<id>`, `staff:<user id>`, `system`. */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
)

/** The customer's photos of what they return (stored pictures, by key: the images module keeps the files). */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    placeholder: text('placeholder').notNull(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId), index('return_photos_key_idx').on(t.imageKey)],
)

export type DisputeKind = 'return_refused' | 'not_received' | 'not_shipped' | 'no_answer' | 'other'
export type DisputeStatus = 'open' | 'decided' | 'closed'
export type DisputeSide = 'customer' | 'vendor' | 'staff' | 'system'
export type DisputeBearer = 'vendor' | 'platform'

/** A case staff decide between a customer and a store: about a return, or about a vendor order as a whole. */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendorOrderId: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DisputeKind>().notNull(),
    openedBy: text('opened_by').$type<DisputeSide>().notNull(),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    /** Staff's decision: a refund of so many francs borne by the store or by Isoko, or none; and why. */
    refundAmount: integer('refund_amount'),
    bearer: text('bearer').$type<DisputeBearer>(),
    decisionNote: text('decision_note'),
    refundReference: text('refund_reference'),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('disputes_status_idx').on(t.status, t.createdAt),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_return_idx').on(t.returnId),
  ],
)

/** What each side tells staff in a dispute (and staff's questions to them). */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: serial('id').primaryKey(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    side: text('side').$type<DisputeSide>().notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.disputeId, t.id)],
)
