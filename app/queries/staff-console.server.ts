import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { escapeLike } from '#app/lib/like.ts'
import { phoneDigits } from '#app/lib/phone.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { countReviewQueue } from '#app/modules/catalog/moderation.server.ts'
import { REVIEW_QUEUE_DAYS } from '#app/modules/catalog/moderation.ts'
import { toCsv } from '#app/modules/catalog/stock-csv.ts'
import { categories, products } from '#app/modules/catalog/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import { orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import { countOpenTickets } from '#app/modules/support/support-messages.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import type { VendorStatus } from '#app/modules/vendors/vendor-status.ts'
import { countOpenDisputes } from './staff-disputes.server.ts'

// The admin console's tables of stores and customers, their CSV exports, and the counts its navigation shows.

export const STAFF_TABLE_PAGE_SIZE = 25

/** What the console's navigation counts: work waiting for staff. */
export type ConsoleCounts = { applications: number; support: number; disputes: number; reviewQueue: number }

export async function consoleCounts(ctx: ServiceContext, now = new Date()): Promise<ConsoleCounts> {
  const [[pending], support, disputes, reviewQueue] = await Promise.all([
    ctx.db.select({ n: count() }).from(vendors).where(eq(vendors.status, 'pending')),
    countOpenTickets(ctx),
    countOpenDisputes(ctx, now),
    countReviewQueue(ctx, now),
  ])
  return { applications: Number(pending?.n ?? 0), support, disputes: disputes.open, reviewQueue }
}

// ---------------------------------------------------------------------------------------------------------------
// Stores

export type StaffStoresQuery = { q?: string; status?: 'approved' | 'suspended'; page?: number }

export type StaffStoreRow = {
  id: number
  name: string
  slug: string
  ownerName: string
  email: string
  phone: string
  status: VendorStatus
  verified: boolean
  products: number
  orders: number
  joinedAt: string
}

/** Word by word over the name, owner, e-mail and district; a phone number however it is typed. */
function storesWhere(query: Omit<StaffStoresQuery, 'page'>): SQL | undefined {
  const q = query.q?.trim().slice(0, 100) ?? ''
  const digits = q ? phoneDigits(q) : null
  const words = q.split(/\s+/).filter(Boolean).slice(0, 6)
  return and(
    query.status ? eq(vendors.status, query.status) : sql`${vendors.status} in ('approved', 'suspended')`,
    digits
      ? ilike(vendors.phone, `%${digits}%`)
      : words.length
        ? and(
            ...words.map((w) => {
              const like = `%${escapeLike(w)}%`
              return or(
                ilike(vendors.name, like),
                ilike(vendors.ownerName, like),
                ilike(vendors.email, like),
                ilike(vendors.district, like),
              )
            }),
          )
        : undefined,
  )
}

async function storeRows(ctx: ServiceContext, query: StaffStoresQuery, limit: number | null) {
  const productCounts = ctx.db
    .select({ vendorId: products.vendorId, n: count().as('product_count') })
    .from(products)
    .groupBy(products.vendorId)
    .as('product_counts')
  const orderCounts = ctx.db
    .select({ vendorId: vendorOrders.vendorId, n: count().as('order_count') })
    .from(vendorOrders)
    .groupBy(vendorOrders.vendorId)
    .as('order_counts')
  const base = ctx.db
    .select({
      id: vendors.id,
      name: vendors.name,
      slug: vendors.slug,
      ownerName: vendors.ownerName,
      email: vendors.email,
      phone: vendors.phone,
      status: vendors.status,
      verified: vendors.verified,
      products: sql<number>`coalesce(${productCounts.n}, 0)`,
      orders: sql<number>`coalesce(${orderCounts.n}, 0)`,
      joinedAt: vendors.joinedAt,
    })
    .from(vendors)
    .leftJoin(productCounts, eq(productCounts.vendorId, vendors.id))
    .leftJoin(orderCounts, eq(orderCounts.vendorId, vendors.id))
    .where(storesWhere(query))
    .orderBy(asc(vendors.name), asc(vendors.id))
  const rows = limit == null ? await base : await base.limit(limit).offset(((query.page ?? 1) - 1) * limit)
  return rows.map(
    (r): StaffStoreRow => ({
      ...r,
      products: Number(r.products),
      orders: Number(r.orders),
      joinedAt: r.joinedAt.toISOString(),
    }),
  )
}

/** Approved and suspended stores for staff, by name: search, status, with their products and orders counted. */
export async function listStoresForStaff(ctx: ServiceContext, query: StaffStoresQuery) {
  const [{ n }] = await ctx.db.select({ n: count() }).from(vendors).where(storesWhere(query))
  const total = Number(n)
  const pageCount = Math.max(1, Math.ceil(total / STAFF_TABLE_PAGE_SIZE))
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount)
  const items = await storeRows(ctx, { ...query, page }, STAFF_TABLE_PAGE_SIZE)
  return { items, total, page, pageCount }
}

/** The stores matching the list's filters as CSV (a header row; fields safe to open in a spreadsheet). */
export async function exportStoresCsv(ctx: ServiceContext, query: Omit<StaffStoresQuery, 'page'>): Promise<string> {
  const rows = await storeRows(ctx, query, null)
  return toCsv([
    ['id', 'name', 'owner', 'email', 'phone', 'status', 'verified', 'products', 'orders', 'joined_at'],
    ...rows.map((r) => [
      r.id,
      r.name,
      r.ownerName,
      r.email,
      r.phone,
      r.status,
      r.verified ? 'yes' : 'no',
      r.products,
      r.orders,
      r.joinedAt,
    ]),
  ])
}

// ---------------------------------------------------------------------------------------------------------------
// Customers: only what operations need (name, e-mail, phone, orders, joined); never an address.

export type StaffCustomersQuery = { q?: string; page?: number }

export type StaffCustomerRow = {
  id: number
  name: string
  email: string | null
  phone: string | null
  orders: number
  joinedAt: string
}

function customersWhere(query: Omit<StaffCustomersQuery, 'page'>): SQL | undefined {
  const q = query.q?.trim().slice(0, 100) ?? ''
  if (!q) return undefined
  const digits = phoneDigits(q)
  if (digits) return ilike(sql`coalesce(${customers.phone}, '')`, `%${digits}%`)
  const words = q.split(/\s+/).filter(Boolean).slice(0, 6)
  return and(
    ...words.map((w) => {
      const like = `%${escapeLike(w)}%`
      return or(ilike(customers.firstName, like), ilike(customers.lastName, like), ilike(customers.email, like))
    }),
  )
}

async function customerRows(ctx: ServiceContext, query: StaffCustomersQuery, limit: number | null) {
  const orderCounts = ctx.db
    .select({ customerId: orders.customerId, n: count().as('order_count') })
    .from(orders)
    .groupBy(orders.customerId)
    .as('order_counts')
  const base = ctx.db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      orders: sql<number>`coalesce(${orderCounts.n}, 0)`,
      joinedAt: customers.createdAt,
    })
    .from(customers)
    .leftJoin(orderCounts, eq(orderCounts.customerId, customers.id))
    .where(customersWhere(query))
    .orderBy(desc(customers.createdAt), desc(customers.id))
  const rows = limit == null ? await base : await base.limit(limit).offset(((query.page ?? 1) - 1) * limit)
  return rows.map(
    (r): StaffCustomerRow => ({
      id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
      orders: Number(r.orders),
      joinedAt: r.joinedAt.toISOString(),
    }),
  )
}

/** Customers for staff, newest first: search by name, e-mail or phone (however it is typed). */
export async function listCustomersForStaff(ctx: ServiceContext, query: StaffCustomersQuery) {
  const [{ n }] = await ctx.db.select({ n: count() }).from(customers).where(customersWhere(query))
  const total = Number(n)
  const pageCount = Math.max(1, Math.ceil(total / STAFF_TABLE_PAGE_SIZE))
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount)
  const items = await customerRows(ctx, { ...query, page }, STAFF_TABLE_PAGE_SIZE)
  return { items, total, page, pageCount }
}

/** The customers matching the list's search as CSV: name, e-mail, phone, orders, joined; nothing more. */
export async function exportCustomersCsv(
  ctx: ServiceContext,
  query: Omit<StaffCustomersQuery, 'page'>,
): Promise<string> {
  const rows = await customerRows(ctx, query, null)
  return toCsv([
    ['id', 'name', 'email', 'phone', 'orders', 'joined_at'],
    ...rows.map((r) => [r.id, r.name, r.email, r.phone, r.orders, r.joinedAt]),
  ])
}

// ---------------------------------------------------------------------------------------------------------------
// Products of every store (moderation: app/modules/catalog/moderation.server.ts)

export const STAFF_PRODUCTS_PAGE_SIZE = 25

export type StaffProductsQuery = {
  q?: string
  /** all; listed (on sale); hidden (by staff); queue (newly listed, not yet reviewed). */
  view?: 'all' | 'listed' | 'hidden' | 'queue'
  store?: number
  page?: number
}

export type StaffProductRow = {
  id: number
  title: string
  slug: string
  price: number
  status: 'draft' | 'active' | 'archived'
  listed: boolean
  createdAt: string
  store: { id: number; name: string }
  category: string
  hidden: { at: string; reason: string; by: string | null } | null
  reviewedAt: string | null
}

export type StaffProductsPage = { items: StaffProductRow[]; total: number; page: number; pageCount: number }

function productsWhere(query: StaffProductsQuery, now: Date): SQL | undefined {
  const q = query.q?.trim().slice(0, 100)
  const like = q ? `%${escapeLike(q)}%` : ''
  const since = new Date(now.getTime() - REVIEW_QUEUE_DAYS * 86_400_000)
  return and(
    query.store ? eq(products.vendorId, query.store) : undefined,
    query.view === 'listed' ? eq(products.listed, true) : undefined,
    query.view === 'hidden' ? isNotNull(products.hiddenAt) : undefined,
    query.view === 'queue'
      ? and(eq(products.listed, true), isNull(products.reviewedAt), gte(products.createdAt, since))
      : undefined,
    q ? or(ilike(products.title, like), ilike(products.slug, like), ilike(vendors.name, like)) : undefined,
  )
}

/** Every store's products for staff: search, store, status, listed or hidden; the queue oldest first. */
export async function listProductsForStaff(
  ctx: ServiceContext,
  query: StaffProductsQuery,
  now = new Date(),
  /** The reader's language: categories are named in it when they have a name in it. */
  locale: Locale = 'en',
): Promise<StaffProductsPage> {
  const where = productsWhere(query, now)
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(where)
  const total = Number(n)
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PRODUCTS_PAGE_SIZE))
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount)
  const rows = await ctx.db
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      price: products.price,
      status: products.status,
      listed: products.listed,
      createdAt: products.createdAt,
      storeId: vendors.id,
      storeName: vendors.name,
      category:
        locale === 'en' ? categories.name : sql<string>`coalesce(${categories.names}->>${locale}, ${categories.name})`,
      hiddenAt: products.hiddenAt,
      hiddenReason: products.hiddenReason,
      hiddenBy: users.name,
      reviewedAt: products.reviewedAt,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(users, eq(users.id, products.hiddenBy))
    .where(where)
    .orderBy(
      ...(query.view === 'queue'
        ? [asc(products.createdAt), asc(products.id)]
        : [desc(products.createdAt), desc(products.id)]),
    )
    .limit(STAFF_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * STAFF_PRODUCTS_PAGE_SIZE)
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      price: r.price,
      status: r.status,
      listed: r.listed,
      createdAt: r.createdAt.toISOString(),
      store: { id: r.storeId, name: r.storeName },
      category: r.category,
      hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '', by: r.hiddenBy } : null,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageCount,
  }
}
