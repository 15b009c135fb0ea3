import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import type { OpeningHours } from './opening-hours.ts'

export type VendorStatus = 'pending' | 'approved' | 'rejected' | 'suspended'
/** The mobile-money network a store is paid on (MTN MoMo Disbursement or Airtel Money disbursement). */
export type PayoutProvider = 'momo' | 'airtel'
export type VendorPolicies = { returns: string; shipping: string; warranty: string }

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ownerName: text('owner_name').notNull(),
    email: text('email').notNull(),
    /** E.164, +2507XXXXXXXX. */
    phone: text('phone').notNull(),
    description: text('description').notNull(),
    about: text('about').notNull(),
    businessAddress: text('business_address').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    /** Department slugs the vendor mainly sells in. */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    specialties: jsonb('specialties').$type<string[]>().notNull().default([]),
    policies: jsonb('policies').$type<VendorPolicies>().notNull(),
    responseTime: text('response_time').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status').$type<VendorStatus>().notNull().default('pending'),
    /** Why an application was rejected or a store suspended, shown to the vendor. */
    statusReason: text('status_reason'),
    /** The account that runs the store (none for the seeded stores without a demo login). */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Opening hours in minutes after midnight, Africa/Kigali: the store answers ('Online Now') within them. */
    opensAt: integer('opens_at').notNull().default(480),
    closesAt: integer('closes_at').notNull().default(1140),
    /**
     * Opening hours as the owner set them, Monday first (seven entries), in minutes after midnight, Kigali time; a
     * day without an entry is closed. Null until the owner sets them: no hours are shown then (none invented).
     */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** Set while the owner has closed the store for a while: it and its products are not listed until reopened. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set when the owner closed their account for good (issue 17): the store stays closed (closedAt) and is never
     * reopened; its orders and ledger stay, its owner's contact details are cleared.
     */
    accountClosedAt: timestamp('account_closed_at', { withTimezone: true }),
    bannerKey: text('banner_key'),
    avatarKey: text('avatar_key'),
    /** Two colours of the avatar's gradient, e.g. ['#0f766e', '#f59e0b']. */
    avatarColours: jsonb('avatar_colours').$type<[string, string]>().notNull(),
    featuredScore: integer('featured_score').notNull().default(0),
    /** Where payouts go: the network and its E.164 number (in the store's name); null until the owner sets it. */
    payoutProvider: text('payout_provider').$type<PayoutProvider>(),
    payoutPhone: text('payout_phone'),
    payoutMethodSetAt: timestamp('payout_method_set_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendors_slug_idx').on(t.slug),
    index('vendors_status_idx').on(t.status),
    uniqueIndex('vendors_owner_idx').on(t.ownerUserId),
  ],
)

export const follows = pgTable(
  'follows',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.customerId] }), index('follows_customer_idx').on(t.customerId)],
)

/** Every change of a store's status: from, to, why, who and when (the admin console's history). */
export const vendorStatusEvents = pgTable(
  'vendor_status_events',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<VendorStatus>().notNull(),
    toStatus: text('to_status').$type<VendorStatus>().notNull(),
    reason: text('reason'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_status_events_vendor_idx').on(t.vendorId)],
)

/** Every grant or removal of a store's Verified badge: why, who and when (migration 0020). */
export const vendorVerificationEvents = pgTable(
  'vendor_verification_events',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The badge after this change. */
    verified: boolean('verified').notNull(),
    reason: text('reason').notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_verification_events_vendor_idx').on(t.vendorId)],
)
