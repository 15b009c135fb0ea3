import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { products, productVariants } from '#app/modules/catalog/tables.server.ts'

/**
 * Cart lines and favourites belong to an owner key: `guest:<uuid>` from the signed guest cookie now,
 * an account key once accounts exist (the guest's lines are merged into it at sign-in).
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    ownerKey: text('owner_key').notNull(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.variantId] })],
)

export const favourites = pgTable(
  'favourites',
  {
    ownerKey: text('owner_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.productId] }), index('favourites_product_idx').on(t.productId)],
)
