import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { escapeLike } from '#app/lib/like.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import type { OrderStatus } from '#app/modules/orders/order-status.ts'
import {
  findOrderForStaff,
  listOrderNotes,
  ORDERS_PAGE_SIZE,
  type OrderListItem,
  orderListColumns,
  withTitles,
} from '#app/modules/orders/orders.server.ts'
import { orders } from '#app/modules/orders/tables.server.ts'
import {
  listOrderPayments,
  listOrderRefunds,
  listPaymentEvents,
  type PaymentEventRow,
  type PaymentRow,
  refundedSoFar,
} from '#app/modules/payments/payments.server.ts'

// The admin console's orders: every order, and one order with everything the orders and payments modules know of
// it (its parts, its history, every payment attempt and what each provider said).

/** Every order, for staff: newest first, optionally by status or a search on number, customer name or e-mail. */
export async function listOrdersForStaff(
  ctx: ServiceContext,
  options: { status?: OrderStatus; q?: string; page?: number } = {},
): Promise<{ items: (OrderListItem & { customerName: string; customerEmail: string })[]; total: number }> {
  const page = Math.max(1, options.page ?? 1)
  const q = options.q?.trim()
  const where = and(
    options.status ? eq(orders.status, options.status) : undefined,
    q
      ? or(
          ilike(orders.number, `%${escapeLike(q)}%`),
          ilike(customers.email, `%${escapeLike(q)}%`),
          ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, `%${escapeLike(q)}%`),
        )
      : undefined,
  )
  const rows = await ctx.db
    .select({
      ...orderListColumns,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE)
  const [total] = await ctx.db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
  const items = await withTitles(
    ctx,
    rows.map(({ firstName: _f, lastName: _l, email: _e, ...r }) => r),
  )
  return {
    items: items.map((item, i) => ({
      ...item,
      customerName: `${rows[i].firstName} ${rows[i].lastName}`.trim(),
      customerEmail: rows[i].email,
    })),
    total: total?.n ?? 0,
  }
}

export async function listOrdersForConsole(
  ctx: ServiceContext,
  query: { status?: OrderStatus; q?: string; page: number },
) {
  const listing = await listOrdersForStaff(ctx, query)
  return { ...listing, page: query.page, pageCount: Math.max(1, Math.ceil(listing.total / ORDERS_PAGE_SIZE)) }
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
