import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { kigaliDayStart } from '#app/lib/kigali-clock.ts'
import { escapeLike } from '#app/lib/like.ts'
import { phoneDigits } from '#app/lib/phone.ts'
import { toCsv } from '#app/modules/catalog/stock-csv.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import type { StaffOrdersQuery } from '#app/modules/orders/orders.schemas.ts'
import {
  findOrderForStaff,
  listOrderNotes,
  ORDERS_PAGE_SIZE,
  type OrderListItem,
  orderListColumns,
  withTitles,
} from '#app/modules/orders/orders.server.ts'
import { orders, vendorOrders } from '#app/modules/orders/tables.server.ts'
import {
  listOrderPayments,
  listOrderRefunds,
  listPaymentEvents,
  type PaymentEventRow,
  type PaymentRow,
  refundedSoFar,
} from '#app/modules/payments/payments.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

// The admin console's orders: every order, and one order with everything the orders and payments modules know of
// it (its parts, its history, every payment attempt and what each provider said).

function staffOrdersWhere(query: Omit<StaffOrdersQuery, 'page'>) {
  const q = query.q?.trim()
  const like = q ? `%${escapeLike(q)}%` : ''
  const phone = q ? phoneDigits(q) : null
  return and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.method ? eq(orders.paymentMethod, query.method) : undefined,
    query.store
      ? sql`exists (select 1 from ${vendorOrders} where ${vendorOrders.orderId} = ${orders.id} and ${vendorOrders.vendorId} = ${query.store})`
      : undefined,
    query.from ? gte(orders.placedAt, kigaliDayStart(query.from)) : undefined,
    query.to ? lt(orders.placedAt, kigaliDayStart(query.to, 1)) : undefined,
    q
      ? or(
          ilike(orders.number, like),
          ilike(customers.email, like),
          ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like),
          ilike(orders.recipient, like),
          phone ? like_(orders.phone, phone) : undefined,
          phone ? like_(customers.phone, phone) : undefined,
          sql`exists (select 1 from ${vendorOrders} join ${vendors} on ${vendors.id} = ${vendorOrders.vendorId} where ${vendorOrders.orderId} = ${orders.id} and ${vendors.name} ilike ${like})`,
        )
      : undefined,
  )
}

/** A stored phone (E.164) that holds these national digits. */
const like_ = (column: typeof orders.phone | typeof customers.phone, digits: string) =>
  ilike(sql`coalesce(${column}, '')`, `%${digits}%`)

export type StaffOrderListItem = OrderListItem & { customerName: string; customerEmail: string | null; phone: string }

/** Every order, for staff: newest first, filtered (StaffOrdersQuerySchema). `limit` null: all of them (the CSV). */
export async function listOrdersForStaff(
  ctx: ServiceContext,
  options: Omit<StaffOrdersQuery, 'page'> & { page?: number; limit?: number | null } = {},
): Promise<{ items: StaffOrderListItem[]; total: number }> {
  const page = Math.max(1, options.page ?? 1)
  const where = staffOrdersWhere(options)
  const limit = options.limit === undefined ? ORDERS_PAGE_SIZE : options.limit
  const base = ctx.db
    .select({
      ...orderListColumns,
      phone: orders.phone,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
  const rows = limit === null ? await base : await base.limit(limit).offset((page - 1) * limit)
  const [total] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
  const items = await withTitles(
    ctx,
    rows.map(({ firstName: _f, lastName: _l, email: _e, phone: _p, ...r }) => r),
  )
  return {
    items: items.map((item, i) => ({
      ...item,
      customerName: `${rows[i].firstName} ${rows[i].lastName}`.trim(),
      customerEmail: rows[i].email,
      phone: rows[i].phone,
    })),
    total: total?.n ?? 0,
  }
}

export async function listOrdersForConsole(ctx: ServiceContext, query: StaffOrdersQuery) {
  const listing = await listOrdersForStaff(ctx, query)
  const stores = await ctx.db.select({ id: vendors.id, name: vendors.name }).from(vendors).orderBy(asc(vendors.name))
  return {
    ...listing,
    stores,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(listing.total / ORDERS_PAGE_SIZE)),
  }
}

/** The filtered orders as CSV: a header row, amounts in whole francs, fields safe to open in a spreadsheet. */
export async function exportOrdersCsv(ctx: ServiceContext, query: Omit<StaffOrdersQuery, 'page'>): Promise<string> {
  const { items } = await listOrdersForStaff(ctx, { ...query, limit: null })
  return toCsv([
    ['number', 'placed_at', 'status', 'payment_method', 'customer', 'email', 'phone', 'items', 'total_rwf'],
    ...items.map((o) => [
      o.number,
      new Date(o.placedAt).toISOString(),
      o.status,
      o.paymentMethod,
      o.customerName,
      o.customerEmail,
      o.phone,
      o.itemCount,
      o.total,
    ]),
  ])
}

export type ConsolePayment = PaymentRow & { events: PaymentEventRow[] }

/** An order by its number with its payment attempts, each with its provider events; null for an unknown number. */
export async function findOrderForConsole(ctx: ServiceContext, number: string) {
  const order = await findOrderForStaff(ctx, number)
  if (!order) return null
  const payments = await listOrderPayments(ctx, order.id)
  const events = await listPaymentEvents(
    ctx,
    payments.map((p) => p.id),
  )
  const paid = payments.filter((p) => p.status === 'succeeded').at(-1)
  return {
    order,
    payments: payments.map((p): ConsolePayment => ({ ...p, events: events.filter((e) => e.paymentId === p.id) })),
    refunds: await listOrderRefunds(ctx, order.id),
    notes: await listOrderNotes(ctx, order.id),
    /** What staff can still refund of the payment that took the money (cash on delivery: once collected). */
    refundable: paid
      ? { left: Math.max(0, paid.amount - (await refundedSoFar(ctx, paid))), cash: paid.method === 'cod' }
      : { left: 0, cash: false },
  }
}
