import { and, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { orderLines, orders, vendorOrders } from './tables.server.ts'
import type { AnalyticsPeriod } from './vendor-analytics.schemas.ts'

// A store's sales over the last 7, 30 or 90 days (the vendor's analytics page), counted in SQL from its vendor
// orders. A sale is what the vendor dashboard counts as revenue (getVendorOrderFigures): a vendor order released
// to the vendor (paid, or confirmed for cash on delivery) and not cancelled; its date is the day it was released,
// on Kigali's calendar. The period is the last N calendar days including today; it is compared with the N days
// before it.

export type SalesFigures = {
  /** Integer francs: the vendor orders' subtotals (the vendor's part, VAT included, delivery left out). */
  revenue: number
  orders: number
  units: number
  customers: number
  /** Integer francs, rounded; 0 without orders. */
  averageOrderValue: number
}

export type SalesDay = { date: string; revenue: number; orders: number }

export type BestSeller = { productId: number | null; title: string; slug: string; units: number; revenue: number }

export type VendorSales = {
  days: AnalyticsPeriod
  /** Kigali calendar days, `YYYY-MM-DD`, both included. */
  from: string
  to: string
  /** The instant the period starts (midnight in Kigali on `from`). */
  since: Date
  current: SalesFigures
  previous: SalesFigures
  /** One entry for every day of the period, oldest first, days without sales included. */
  daily: SalesDay[]
  /** The five products sold most in the period (by units, then revenue). */
  bestSellers: BestSeller[]
}

const DAY_MS = 86_400_000

/** The calendar day of an instant in Kigali, `YYYY-MM-DD`. */
export function kigaliDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: KIGALI_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)
}

/** `YYYY-MM-DD` plus `n` days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The instant a Kigali calendar day starts (the zone's offset read from Intl, not assumed). */
export function kigaliMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: KIGALI_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utcMidnight))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'))
  return new Date(utcMidnight - (wall - utcMidnight))
}

const EMPTY: SalesFigures = { revenue: 0, orders: 0, units: 0, customers: 0, averageOrderValue: 0 }

function figures(revenue: number, orderCount: number, units: number, customers: number): SalesFigures {
  if (orderCount === 0) return { ...EMPTY }
  return { revenue, orders: orderCount, units, customers, averageOrderValue: Math.round(revenue / orderCount) }
}

export async function getVendorSales(
  ctx: ServiceContext,
  input: { vendorId: number; days: AnalyticsPeriod; now?: Date },
): Promise<VendorSales> {
  const days = input.days
  const to = kigaliDate(input.now ?? new Date())
  const from = addDays(to, -(days - 1))
  const since = kigaliMidnight(from)
  const until = kigaliMidnight(addDays(to, 1))
  const previousSince = kigaliMidnight(addDays(from, -days))

  const isSale = and(
    eq(vendorOrders.vendorId, input.vendorId),
    isNotNull(vendorOrders.releasedAt),
    ne(vendorOrders.status, 'cancelled'),
  )
  const inPeriod = and(gte(vendorOrders.releasedAt, since), lt(vendorOrders.releasedAt, until))
  const current = sql`${vendorOrders.releasedAt} >= ${since.toISOString()}::timestamptz`
  const num = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number)

  const [totals] = await ctx.db
    .select({
      revenue: num(sql`sum(${vendorOrders.subtotal}) filter (where ${current})`),
      orders: num(sql`count(*) filter (where ${current})`),
      units: num(sql`sum(${vendorOrders.itemCount}) filter (where ${current})`),
      customers: num(sql`count(distinct ${orders.customerId}) filter (where ${current})`),
      previousRevenue: num(sql`sum(${vendorOrders.subtotal}) filter (where not ${current})`),
      previousOrders: num(sql`count(*) filter (where not ${current})`),
      previousUnits: num(sql`sum(${vendorOrders.itemCount}) filter (where not ${current})`),
      previousCustomers: num(sql`count(distinct ${orders.customerId}) filter (where not ${current})`),
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(and(isSale, gte(vendorOrders.releasedAt, previousSince), lt(vendorOrders.releasedAt, until)))

  // The zone is written into the SQL (a constant), so that the select and the group by are the same expression.
  const zone = sql.raw(`'${KIGALI_TIME_ZONE}'`)
  const day = sql<string>`to_char(${vendorOrders.releasedAt} at time zone ${zone}, 'YYYY-MM-DD')`
  const perDay = await ctx.db
    .select({
      date: day,
      revenue: num(sql`sum(${vendorOrders.subtotal})`),
      orders: num(sql`count(*)`),
    })
    .from(vendorOrders)
    .where(and(isSale, inPeriod))
    .groupBy(day)
  const byDate = new Map(perDay.map((d) => [d.date, d]))
  const daily: SalesDay[] = Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i)
    const found = byDate.get(date)
    return { date, revenue: found?.revenue ?? 0, orders: found?.orders ?? 0 }
  })

  // A deleted product's lines keep their title and slug: they are grouped by slug.
  const product = sql`coalesce(${orderLines.productId}::text, 'slug:' || ${orderLines.slug})`
  const units = num(sql`sum(${orderLines.quantity})`)
  const revenue = num(sql`sum(${orderLines.lineTotal})`)
  const title = sql<string>`(array_agg(${orderLines.title} order by ${orderLines.id} desc))[1]`
  const best = await ctx.db
    .select({
      productId: sql<number | null>`max(${orderLines.productId})`,
      title,
      slug: sql<string>`(array_agg(${orderLines.slug} order by ${orderLines.id} desc))[1]`,
      units,
      revenue,
    })
    .from(orderLines)
    .innerJoin(vendorOrders, eq(vendorOrders.id, orderLines.vendorOrderId))
    .where(and(isSale, inPeriod))
    .groupBy(product)
    .orderBy(sql`sum(${orderLines.quantity}) desc`, sql`sum(${orderLines.lineTotal}) desc`, title)
    .limit(5)

  return {
    days,
    from,
    to,
    since,
    current: figures(totals?.revenue ?? 0, totals?.orders ?? 0, totals?.units ?? 0, totals?.customers ?? 0),
    previous: figures(
      totals?.previousRevenue ?? 0,
      totals?.previousOrders ?? 0,
      totals?.previousUnits ?? 0,
      totals?.previousCustomers ?? 0,
    ),
    daily,
    bestSellers: best.map((b) => ({ ...b, productId: b.productId === null ? null : Number(b.productId) })),
  }
}
