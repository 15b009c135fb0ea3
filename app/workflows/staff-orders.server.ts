import type { ServiceContext } from '#app/lib/context.server.ts'
import type { OrderStatus } from '#app/modules/orders/order-status.ts'
import { getOrderForStaff, listOrdersForStaff, ORDERS_PAGE_SIZE } from '#app/modules/orders/orders.server.ts'
import {
  listOrderPayments,
  listPaymentEvents,
  type PaymentEventRow,
  type PaymentRow,
} from '#app/modules/payments/payments.server.ts'

// The admin console's orders: every order, and one order with everything the orders and payments modules know of
// it (its parts, its history, every payment attempt and what each provider said).

export async function listOrdersForConsole(
  ctx: ServiceContext,
  query: { status?: OrderStatus; q?: string; page: number },
) {
  const listing = await listOrdersForStaff(ctx, query)
  return { ...listing, page: query.page, pageCount: Math.max(1, Math.ceil(listing.total / ORDERS_PAGE_SIZE)) }
}

export type ConsolePayment = PaymentRow & { events: PaymentEventRow[] }

/** An order by its number with its payment attempts, each with its provider events; null for an unknown number. */
export async function getOrderForConsole(ctx: ServiceContext, number: string) {
  const order = await getOrderForStaff(ctx, number)
  if (!order) return null
  const payments = await listOrderPayments(ctx, order.id)
  const events = await listPaymentEvents(
    ctx,
    payments.map((p) => p.id),
  )
  return {
    order,
    payments: payments.map((p): ConsolePayment => ({ ...p, events: events.filter((e) => e.paymentId === p.id) })),
  }
}
