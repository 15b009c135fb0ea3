import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Raw bytes (PostgreSQL's bytea): a Buffer from node-postgres, a Uint8Array from PGlite; both read as Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/** The category tree: level 0 department, 1 group, 2 item (the mega menu). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The name in the other interface languages ({ rw: 'Inkweto', fr: 'Chaussures' }); English is `name`. */
    names: jsonb('names').$type<CategoryNames>().notNull().default({}),
    level: smallint('level').notNull(),
    position: integer('position').notNull().default(0),
    emoji: text('emoji'),
    /**
     * Days after delivery within which its products may be returned; null takes the parent's (or the platform's,
     * RETURN_WINDOW_DAYS), 0 means no returns (e.g. cosmetics, for hygiene).
     */
    returnDays: integer('return_days'),
    /**
     * Hidden by staff (migration 0020): not in the shoppers' menus, and its products (and those of the categories
     * below it) are not listed; they stay in their vendors' workspaces.
     */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_parent_idx').on(t.parentId)],
)

/** A category's name in Kinyarwanda and French. */
export type CategoryNames = { rw?: string; fr?: string }

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    badge: text('badge').$type<'new' | 'bestseller' | 'limited'>(),
    status: text('status').$type<'draft' | 'active' | 'archived'>().notNull().default('active'),
    /** Kept by the reviews service: sum of ratings and their count, so sorting by rating stays cheap. */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Higher comes first under the 'featured' sort. */
    featuredScore: integer('featured_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The search read model (migration 0017). Triggers keep `listed` and `search_extra` in the transaction that
    // changes a product, its translations or its store; the two generated columns follow their inputs.
    // Moderation (migration 0020): staff hide a product with a reason the vendor sees (only staff can unhide it),
    // and mark newly listed products as reviewed.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Shown to shoppers: an active product, not hidden by staff, of an approved store, in a shown category. */
    listed: boolean('listed').notNull().default(false),
    /** The average rating (0 without reviews), for the rating sort and filter. */
    ratingAvg: doublePrecision('rating_avg')
      .notNull()
      .generatedAlwaysAs(sql`case when review_count > 0 then rating_sum::float8 / review_count else 0 end`),
    /** Words a product is also found by: its translations' titles and descriptions, and its store's name. */
    searchExtra: text('search_extra').notNull().default(''),
    /** The full-text document of title (weight A), store name and translations, description. */
    searchDoc: tsvector('search_doc')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', isoko_unaccent(title)), 'A') || setweight(to_tsvector('simple', isoko_unaccent(search_extra)), 'B') || setweight(to_tsvector('simple', isoko_unaccent(left(description, 2000))), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_vendor_idx').on(t.vendorId),
    index('products_category_idx').on(t.categoryId),
    index('products_price_idx').on(t.price),
    index('products_created_idx').on(t.createdAt),
    index('products_featured_idx').on(t.featuredScore),
    check('products_price_positive', sql`${t.price} > 0`),
    // Search: the full-text document, and trigrams of titles for suggestions.
    index('products_search_doc_idx').using('gin', t.searchDoc),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // One index per listing order over the listed products only, and by category for each.
    index('products_listed_featured_idx')
      .on(t.featuredScore.desc(), t.ratingAvg.desc(), t.reviewCount.desc(), t.id)
      .where(sql`listed`),
    index('products_listed_price_idx').on(t.price, t.id).where(sql`listed`),
    index('products_listed_price_desc_idx').on(t.price.desc(), t.id).where(sql`listed`),
    index('products_listed_rating_idx').on(t.ratingAvg.desc(), t.reviewCount.desc(), t.id).where(sql`listed`),
    index('products_listed_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`listed`),
    index('products_listed_category_featured_idx')
      .on(t.categoryId, t.featuredScore.desc(), t.ratingAvg.desc(), t.reviewCount.desc(), t.id)
      .where(sql`listed`),
    index('products_listed_category_price_idx').on(t.categoryId, t.price, t.id).where(sql`listed`),
    index('products_listed_category_rating_idx')
      .on(t.categoryId, t.ratingAvg.desc(), t.reviewCount.desc(), t.id)
      .where(sql`listed`),
    index('products_listed_category_newest_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()).where(sql`listed`),
    index('products_listed_vendor_idx').on(t.vendorId).where(sql`listed`),
    // The staff's queue of newly listed products not yet reviewed.
    index('products_review_queue_idx').on(t.createdAt, t.id).where(sql`listed AND reviewed_at IS NULL`),
  ],
)

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size'),
    colour: text('colour'),
    sku: text('sku').notNull(),
    stock: integer('stock').notNull().default(0),
    /** This variant's own price in RWF (an XL dearer than an S); null: the product's price. */
    price: integer('price'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_sku_idx').on(t.sku),
    // The product import matches SKUs in any case: `upper(sku) in (...)`, this very expression.
    index('product_variants_sku_upper_idx').on(sql`upper(${t.sku})`),
    index('product_variants_product_idx').on(t.productId),
    // The size, colour and stock filters: EXISTS on a product's variants, answered from the index alone.
    index('product_variants_filter_idx').on(t.productId, t.size, t.colour, t.stock),
    // ...and from the other side, the products having a variant of a size (and colour), or of a colour.
    index('product_variants_size_idx').on(t.size, t.colour, t.productId, t.stock),
    index('product_variants_colour_idx').on(t.colour, t.productId, t.stock),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_positive', sql`${t.price} is null or ${t.price} > 0`),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Key of the stored image set; files are `<key>-<width>.<avif|webp>`. */
    imageKey: text('image_key').notNull(),
    alt: text('alt').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A colour shown while the picture loads. */
    placeholder: text('placeholder').notNull(),
    /** The colour of the product's variants this photo shows (the product page shows it when that colour is
     * picked); null: every colour. */
    colour: text('colour'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    // Whether any photo still names a picture, asked before its files are deleted.
    index('product_images_image_key_idx').on(t.imageKey),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The store's public answer, written by the vendor who sells the product. */
    vendorReply: text('vendor_reply'),
    vendorRepliedAt: timestamp('vendor_replied_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId),
    // Once per purchased product: a customer reviews a product at most once.
    uniqueIndex('reviews_product_customer_idx').on(t.productId, t.customerId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
)

/**
 * A product's title and description in another language, written by its vendor (optional): the storefront shows
 * them to readers of that language, and search finds them. The vendor's own text stays in `products`.
 */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<'rw' | 'fr'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
)

/**
 * Every word of a listed product's title once (folded, 3+ letters), kept by a trigger: the vocabulary a typo is
 * corrected to ("kitnge" → "kitenge") by trigram similarity.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
])

/**
 * Every lexeme that the products' full-text documents (`search_doc`) hold or have held, kept by a trigger on
 * products (migration 0024). A search word is looked for as the exact lexemes that begin with it rather than as a
 * prefix (GIN's prefix match reads the postings of every completion into a bitmap before it can intersect the
 * words: 'red:* & dress:*' costs four times 'red & (dress | dresses)'). Words are only ever added: one that no
 * product holds any more is an exact lookup with nothing behind it, which costs nothing. The `text_pattern_ops`
 * index answers `word LIKE 'red%'` whatever the database's collation.
 */
export const searchLexemes = pgTable('search_lexemes', { word: text('word').primaryKey() }, (t) => [
  index('search_lexemes_prefix_idx').using('btree', t.word.op('text_pattern_ops')),
])

export type ProductImportState = 'waiting' | 'applying' | 'done'

/**
 * A previewed product import waiting for Apply: the vendor's file and zip of photos, kept in the database so that
 * Apply may reach any server. Claimed by moving it from 'waiting' to 'applying' in one UPDATE; 'done' keeps the
 * counts a repeated Apply answers with. Only valid for its store (vendor_id is part of every lookup).
 */
export const productImports = pgTable(
  'product_imports',
  {
    token: text('token').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    csv: text('csv').notNull(),
    zip: bytea('zip'),
    state: text('state').$type<ProductImportState>().notNull().default('waiting'),
    /** The import's counts once done. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_imports_vendor_idx').on(t.vendorId),
    index('product_imports_created_idx').on(t.createdAt),
    check('product_imports_state_check', sql`${t.state} in ('waiting', 'applying', 'done')`),
  ],
)
