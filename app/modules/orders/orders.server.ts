import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { escapeLike } from '#app/lib/like.ts'
import { phoneDigits } from '#app/lib/phone.ts'
import type { StockLine } from '#app/modules/catalog/stock.server.ts'
import { type CustomerContact, findCustomerContact } from '#app/modules/customers/customers.server.ts'
import { listVendorLabels } from '#app/modules/vendors/vendors.server.ts'
import type { DeliveryQuote } from './delivery.ts'
import {
  type CancellationStatus,
  canTransitionCancellation,
  canTransitionOrder,
  canTransitionVendorOrder,
  IllegalTransitionError,
  type OrderStatus,
  orderStatusFromVendorOrders,
  type VendorOrderStatus,
} from './order-status.ts'
import {
  cancellationRequests,
  orderEvents,
  orderLines,
  orderNotes,
  orders,
  type PaymentMethod,
  vendorOrders,
} from './tables.server.ts'

export type { PaymentMethod }

export type OrderAddress = {
  recipient: string
  phone: string
  province: string
  district: string
  sector: string
  cell: string
  landmark: string
}

export type NewOrderLine = {
  variantId: number
  productId: number
  vendorId: number
  title: string
  slug: string
  size: string | null
  colour: string | null
  sku: string
  unitPrice: number
  quantity: number
}

export type NewOrderInput = {
  customerId: number
  checkoutKey: string
  paymentMethod: PaymentMethod
  delivery: DeliveryQuote
  address: OrderAddress
  lines: NewOrderLine[]
  /** Online payments: when an unpaid order is given up. Null for cash on delivery. */
  paymentDueAt: Date | null
  vatAmount: number
}

export type OrderRef = { id: number; number: string; status: OrderStatus }

/**
 * Records an order with one vendor order per vendor and its lines, in the caller's transaction. When the
 * customer already placed an order with this checkout key (a double click, a resubmitted form), nothing is
 * written and that order is returned with `created: false`. Cash on delivery is confirmed at once; an online
 * payment's order waits for its payment. Either way the caller releases it to the vendors (`releaseOrderToVendors`).
 */
export async function createOrder(
  ctx: ServiceContext,
  input: NewOrderInput,
): Promise<{ created: boolean; order: OrderRef }> {
  const subtotal = input.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)
  const itemCount = input.lines.reduce((s, l) => s + l.quantity, 0)
  const cod = input.paymentMethod === 'cod'
  const status: OrderStatus = cod ? 'confirmed' : 'pending_payment'
  const [row] = await ctx.db
    .insert(orders)
    .values({
      customerId: input.customerId,
      checkoutKey: input.checkoutKey,
      status,
      paymentMethod: input.paymentMethod,
      deliveryOption: input.delivery.option,
      ...input.address,
      subtotal,
      deliveryFee: input.delivery.fee,
      total: subtotal + input.delivery.fee,
      vatAmount: input.vatAmount,
      itemCount,
      deliveryDaysMin: input.delivery.daysMin,
      deliveryDaysMax: input.delivery.daysMax,
      paymentDueAt: input.paymentDueAt,
    })
    .onConflictDoNothing({ target: [orders.customerId, orders.checkoutKey] })
    .returning({ id: orders.id, number: orders.number, status: orders.status })
  if (!row) {
    const existing = await findOrderByCheckoutKey(ctx, input.customerId, input.checkoutKey)
    if (!existing) throw new Error('An order with this checkout key vanished')
    return { created: false, order: existing }
  }
  const vendorIds = [...new Set(input.lines.map((l) => l.vendorId))]
  for (const vendorId of vendorIds) {
    const lines = input.lines.filter((l) => l.vendorId === vendorId)
    const [vendorOrder] = await ctx.db
      .insert(vendorOrders)
      .values({
        orderId: row.id,
        vendorId,
        subtotal: lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
        itemCount: lines.reduce((s, l) => s + l.quantity, 0),
        // Not released here, even for cash on delivery: `releaseOrderToVendors` does it and returns the parts it
        // released, which is what tells the vendors (a part released here would never be announced).
        releasedAt: null,
      })
      .returning({ id: vendorOrders.id })
    await ctx.db.insert(orderLines).values(
      lines.map((l) => ({
        orderId: row.id,
        vendorOrderId: vendorOrder.id,
        productId: l.productId,
        variantId: l.variantId,
        title: l.title,
        slug: l.slug,
        size: l.size,
        colour: l.colour,
        sku: l.sku,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        lineTotal: l.unitPrice * l.quantity,
      })),
    )
  }
  await ctx.db.insert(orderEvents).values({ orderId: row.id, fromStatus: null, toStatus: status, actor: 'customer' })
  return { created: true, order: row }
}

export async function findOrderByCheckoutKey(
  ctx: ServiceContext,
  customerId: number,
  checkoutKey: string,
): Promise<OrderRef | null> {
  const [row] = await ctx.db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.checkoutKey, checkoutKey)))
  return row ?? null
}

export type OrderRow = typeof orders.$inferSelect

/** The order row, locked for the rest of the transaction when `lock` is set (status changes start here). */
export async function findOrder(ctx: ServiceContext, orderId: number, lock = false): Promise<OrderRow | null> {
  const query = ctx.db.select().from(orders).where(eq(orders.id, orderId))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

export async function findOrderByNumber(ctx: ServiceContext, number: string): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.number, number))
  return row ?? null
}

/** The units an order holds, for reserving or releasing stock. */
export async function getOrderStockLines(
  ctx: ServiceContext,
  orderId: number,
  only: { vendorOrderId?: number; skipCancelled?: boolean } = {},
): Promise<StockLine[]> {
  const rows = await ctx.db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(vendorOrders, eq(vendorOrders.id, orderLines.vendorOrderId))
    .where(
      and(
        eq(orderLines.orderId, orderId),
        isNotNull(orderLines.variantId),
        only.vendorOrderId === undefined ? undefined : eq(orderLines.vendorOrderId, only.vendorOrderId),
        // A part cancelled on its own gave its units back then.
        only.skipCancelled ? ne(vendorOrders.status, 'cancelled') : undefined,
      ),
    )
  return rows.map((r) => ({ variantId: r.variantId as number, quantity: r.quantity }))
}

/** A line in the order's history that changes no status (a refund, cash collected by staff): from and to are now. */
export async function recordOrderEvent(
  ctx: ServiceContext,
  input: { orderId: number; vendorOrderId?: number | null; actor: string; note: string; data?: unknown },
): Promise<void> {
  const order = await findOrder(ctx, input.orderId)
  if (!order) return
  await ctx.db.insert(orderEvents).values({
    orderId: input.orderId,
    vendorOrderId: input.vendorOrderId ?? null,
    fromStatus: order.status,
    toStatus: order.status,
    actor: input.actor,
    note: input.note,
    data: input.data ?? null,
  })
}

/**
 * Cancels one vendor's part of an order on its own (staff), before it leaves the vendor. The order's own status
 * follows what is left (a part cancelled while the others are on their way may make the order shipped).
 * `illegal` once the part is dispatched or already cancelled.
 */
export async function cancelVendorOrder(
  ctx: ServiceContext,
  input: { orderId: number; vendorOrderId: number; actor: string; note: string },
): Promise<{ ok: true; vendorOrder: VendorOrderRow } | { ok: false; code: 'not_found' | 'illegal' }> {
  const [vo] = await ctx.db
    .select()
    .from(vendorOrders)
    .where(and(eq(vendorOrders.id, input.vendorOrderId), eq(vendorOrders.orderId, input.orderId)))
    .for('update')
  if (!vo) return { ok: false, code: 'not_found' }
  if (!canTransitionVendorOrder(vo.status, 'cancelled')) return { ok: false, code: 'illegal' }
  const [updated] = await ctx.db
    .update(vendorOrders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(vendorOrders.id, vo.id))
    .returning()
  await ctx.db.insert(orderEvents).values({
    orderId: input.orderId,
    vendorOrderId: vo.id,
    fromStatus: vo.status,
    toStatus: 'cancelled',
    actor: input.actor,
    note: input.note,
  })
  const order = await findOrder(ctx, input.orderId, true)
  const siblings = await ctx.db
    .select({ status: vendorOrders.status })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, input.orderId))
  const derived = orderStatusFromVendorOrders(siblings.map((x) => x.status))
  if (order && derived && derived !== order.status) {
    if (derived === 'delivered' && order.status !== 'shipped') {
      await transitionOrder(ctx, order.id, 'shipped', { actor: input.actor })
    }
    await transitionOrder(ctx, order.id, derived, { actor: input.actor })
  }
  return { ok: true, vendorOrder: updated ?? vo }
}

export async function setStockReserved(ctx: ServiceContext, orderId: number, reserved: boolean): Promise<void> {
  await ctx.db.update(orders).set({ stockReserved: reserved, updatedAt: new Date() }).where(eq(orders.id, orderId))
}

/**
 * Moves an order to `to` through the transition table, with a history row. The row is locked first, so two
 * changes at once are applied one after the other and the second is checked against the first's result.
 * Throws IllegalTransitionError for a move the table does not have.
 */
export async function transitionOrder(
  ctx: ServiceContext,
  orderId: number,
  to: OrderStatus,
  change: { actor: string; note?: string; data?: unknown; cancelReason?: string },
): Promise<{ from: OrderStatus }> {
  const order = await findOrder(ctx, orderId, true)
  if (!order) throw new Error(`Order ${orderId} not found`)
  if (!canTransitionOrder(order.status, to)) throw new IllegalTransitionError('order', order.status, to)
  await ctx.db
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...(change.cancelReason ? { cancelReason: change.cancelReason } : {}) })
    .where(eq(orders.id, orderId))
  await ctx.db.insert(orderEvents).values({
    orderId,
    fromStatus: order.status,
    toStatus: to,
    actor: change.actor,
    note: change.note ?? null,
    data: change.data ?? null,
  })
  return { from: order.status }
}

/** Shows a paid (or confirmed) order to its vendors; returns the vendor orders it released. */
export async function releaseOrderToVendors(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ id: number; vendorId: number }[]> {
  return ctx.db
    .update(vendorOrders)
    .set({ releasedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(vendorOrders.orderId, orderId), isNull(vendorOrders.releasedAt)))
    .returning({ id: vendorOrders.id, vendorId: vendorOrders.vendorId })
}

/** Whether every vendor order of the order is still before dispatch (so the customer can cancel). */
export async function isBeforeDispatch(ctx: ServiceContext, orderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(vendorOrders)
    .where(and(eq(vendorOrders.orderId, orderId), inArray(vendorOrders.status, ['dispatched', 'delivered'])))
  return (row?.n ?? 0) === 0
}

/** Cancels every vendor order of an order that is not cancelled yet (all must be before dispatch). */
export async function cancelVendorOrders(ctx: ServiceContext, orderId: number, actor: string): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(vendorOrders)
    .where(and(eq(vendorOrders.orderId, orderId), ne(vendorOrders.status, 'cancelled')))
    .for('update')
  for (const vo of rows) {
    if (!canTransitionVendorOrder(vo.status, 'cancelled')) {
      throw new IllegalTransitionError('vendor_order', vo.status, 'cancelled')
    }
    await ctx.db
      .update(vendorOrders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(vendorOrders.id, vo.id))
    await ctx.db
      .insert(orderEvents)
      .values({ orderId, vendorOrderId: vo.id, fromStatus: vo.status, toStatus: 'cancelled', actor })
  }
}

export type VendorOrderRow = typeof vendorOrders.$inferSelect

export type AdvanceOutcome =
  | { ok: true; vendorOrder: VendorOrderRow; order: OrderRow; orderChangedTo: OrderStatus | null }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'illegal'; status: VendorOrderStatus }

/**
 * A vendor moves their part of an order on (packed, dispatched, delivered). The vendor order is looked up by
 * its id AND the vendor: another store's order is not found. The order's own status follows.
 */
export async function advanceVendorOrder(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number; to: VendorOrderStatus; actor: string },
): Promise<AdvanceOutcome> {
  const [vo] = await ctx.db
    .select()
    .from(vendorOrders)
    .where(
      and(
        eq(vendorOrders.id, input.vendorOrderId),
        eq(vendorOrders.vendorId, input.vendorId),
        isNotNull(vendorOrders.releasedAt),
      ),
    )
    .for('update')
  if (!vo) return { ok: false, code: 'not_found' }
  if (input.to === 'cancelled' || !canTransitionVendorOrder(vo.status, input.to)) {
    return { ok: false, code: 'illegal', status: vo.status }
  }
  const order = await findOrder(ctx, vo.orderId, true)
  if (!order || order.status === 'cancelled' || order.status === 'refunded') {
    return { ok: false, code: 'illegal', status: vo.status }
  }
  const now = new Date()
  const stamp =
    input.to === 'packed' ? { packedAt: now } : input.to === 'dispatched' ? { dispatchedAt: now } : { deliveredAt: now }
  const [updated] = await ctx.db
    .update(vendorOrders)
    .set({ status: input.to, updatedAt: now, ...stamp })
    .where(eq(vendorOrders.id, vo.id))
    .returning()
  await ctx.db.insert(orderEvents).values({
    orderId: vo.orderId,
    vendorOrderId: vo.id,
    fromStatus: vo.status,
    toStatus: input.to,
    actor: input.actor,
  })
  const siblings = await ctx.db
    .select({ status: vendorOrders.status })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, vo.orderId))
  const derived = orderStatusFromVendorOrders(siblings.map((s) => s.status))
  let orderChangedTo: OrderStatus | null = null
  if (derived && derived !== order.status) {
    // partly shipped → delivered in one step happens when the last parcel out is the first one delivered;
    // the order passes through shipped so that the table stays the only way a status moves.
    if (derived === 'delivered' && order.status !== 'shipped') {
      await transitionOrder(ctx, order.id, 'shipped', { actor: input.actor })
    }
    await transitionOrder(ctx, order.id, derived, { actor: input.actor })
    orderChangedTo = derived
  }
  const fresh = await findOrder(ctx, order.id)
  return { ok: true, vendorOrder: updated, order: fresh ?? order, orderChangedTo }
}

/** Cash on delivery: the vendor records that the courier collected the money (once, after dispatch). */
export async function markCashCollected(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number; actor: string },
): Promise<{ ok: true; orderId: number; allCollected: boolean } | { ok: false; code: 'not_found' | 'illegal' }> {
  const [vo] = await ctx.db
    .select({ vo: vendorOrders, method: orders.paymentMethod })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(
      and(
        eq(vendorOrders.id, input.vendorOrderId),
        eq(vendorOrders.vendorId, input.vendorId),
        isNotNull(vendorOrders.releasedAt),
      ),
    )
    .for('update')
  if (!vo) return { ok: false, code: 'not_found' }
  if (vo.method !== 'cod' || vo.vo.cashCollectedAt || !['dispatched', 'delivered'].includes(vo.vo.status)) {
    return { ok: false, code: 'illegal' }
  }
  await ctx.db
    .update(vendorOrders)
    .set({ cashCollectedAt: new Date(), updatedAt: new Date() })
    .where(eq(vendorOrders.id, vo.vo.id))
  await ctx.db.insert(orderEvents).values({
    orderId: vo.vo.orderId,
    vendorOrderId: vo.vo.id,
    fromStatus: vo.vo.status,
    toStatus: vo.vo.status,
    actor: input.actor,
    note: 'cash_collected',
  })
  const [left] = await ctx.db
    .select({ n: count() })
    .from(vendorOrders)
    .where(
      and(
        eq(vendorOrders.orderId, vo.vo.orderId),
        ne(vendorOrders.status, 'cancelled'),
        isNull(vendorOrders.cashCollectedAt),
      ),
    )
  return { ok: true, orderId: vo.vo.orderId, allCollected: (left?.n ?? 0) === 0 }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading orders

export type OrderLineView = typeof orderLines.$inferSelect
export type OrderEventView = typeof orderEvents.$inferSelect
export type VendorOrderView = VendorOrderRow & { vendorName: string; vendorSlug: string; lines: OrderLineView[] }
export type CancellationView = typeof cancellationRequests.$inferSelect
export type OrderDetail = OrderRow & {
  customer: CustomerContact
  vendorOrders: VendorOrderView[]
  events: OrderEventView[]
  /** Cancellation requests to the vendors (after packing), one per vendor order asked. */
  cancellations: CancellationView[]
}

async function loadDetail(ctx: ServiceContext, order: OrderRow, onlyVendorId?: number): Promise<OrderDetail> {
  const customer = await findCustomerContact(ctx, order.customerId)
  const vendorOrderRows = await ctx.db
    .select()
    .from(vendorOrders)
    .where(
      and(
        eq(vendorOrders.orderId, order.id),
        onlyVendorId === undefined ? undefined : eq(vendorOrders.vendorId, onlyVendorId),
      ),
    )
    .orderBy(asc(vendorOrders.id))
  const stores = await listVendorLabels(
    ctx,
    vendorOrderRows.map((vo) => vo.vendorId),
  )
  const vos = vendorOrderRows.flatMap((vo) => {
    const store = stores.get(vo.vendorId)
    return store ? [{ vo, vendorName: store.name, vendorSlug: store.slug }] : []
  })
  const lines = await ctx.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id))
  const events = await ctx.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id))
  const vendorOrderIds = new Set(vos.map((v) => v.vo.id))
  const cancellations = await ctx.db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, order.id))
    .orderBy(asc(cancellationRequests.id))
  return {
    ...order,
    customer: customer ?? {
      id: order.customerId,
      firstName: '',
      lastName: '',
      email: null,
      phone: null,
      userId: null,
      smsUpdates: true,
    },
    vendorOrders: vos.map((v) => ({
      ...v.vo,
      vendorName: v.vendorName,
      vendorSlug: v.vendorSlug,
      lines: lines.filter((l) => l.vendorOrderId === v.vo.id),
    })),
    events:
      onlyVendorId === undefined
        ? events
        : events.filter((e) => e.vendorOrderId === null || vendorOrderIds.has(e.vendorOrderId)),
    cancellations: cancellations.filter((c) => vendorOrderIds.has(c.vendorOrderId)),
  }
}

/** One of the customer's orders by its number, or null (also when it is someone else's). */
export async function findCustomerOrder(
  ctx: ServiceContext,
  customerId: number,
  number: string,
): Promise<OrderDetail | null> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.customerId, customerId)))
  return order ? loadDetail(ctx, order) : null
}

/** Any order by number, for staff. */
export async function findOrderForStaff(ctx: ServiceContext, number: string): Promise<OrderDetail | null> {
  const order = await findOrderByNumber(ctx, number)
  return order ? loadDetail(ctx, order) : null
}

export async function findOrderDetail(ctx: ServiceContext, orderId: number): Promise<OrderDetail | null> {
  const order = await findOrder(ctx, orderId)
  return order ? loadDetail(ctx, order) : null
}

export type OrderListItem = Pick<
  OrderRow,
  'id' | 'number' | 'status' | 'total' | 'itemCount' | 'placedAt' | 'paymentMethod' | 'deliveryOption'
> & { titles: string[] }

export const ORDERS_PAGE_SIZE = 20

/** Adds each order's line titles to the rows (the order lists show what was bought). */
export async function withTitles(ctx: ServiceContext, rows: Omit<OrderListItem, 'titles'>[]): Promise<OrderListItem[]> {
  if (rows.length === 0) return []
  const lines = await ctx.db
    .select({ orderId: orderLines.orderId, title: orderLines.title })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.id))
  return rows.map((r) => ({ ...r, titles: lines.filter((l) => l.orderId === r.id).map((l) => l.title) }))
}

/** The columns of an order in a list. */
export const orderListColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  total: orders.total,
  itemCount: orders.itemCount,
  placedAt: orders.placedAt,
  paymentMethod: orders.paymentMethod,
  deliveryOption: orders.deliveryOption,
}

/** The customer's orders, newest first. */
export async function listCustomerOrders(
  ctx: ServiceContext,
  customerId: number,
  options: { page?: number; limit?: number } = {},
): Promise<{ items: OrderListItem[]; total: number }> {
  const limit = options.limit ?? ORDERS_PAGE_SIZE
  const page = Math.max(1, options.page ?? 1)
  const rows = await ctx.db
    .select(orderListColumns)
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit)
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId))
  return { items: await withTitles(ctx, rows), total: total?.n ?? 0 }
}

/** The customer dashboard's figures: every order, and those still on their way (not delivered, cancelled or refunded). */
export async function countCustomerOrders(
  ctx: ServiceContext,
  customerId: number,
): Promise<{ total: number; open: number }> {
  const [row] = await ctx.db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${orders.status} not in ('delivered', 'cancelled', 'refunded'))`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
  return { total: row?.total ?? 0, open: row?.open ?? 0 }
}

export type VendorOrderListItem = {
  id: number
  orderNumber: string
  status: VendorOrderStatus
  orderStatus: OrderStatus
  paymentMethod: PaymentMethod
  deliveryOption: OrderRow['deliveryOption']
  subtotal: number
  itemCount: number
  releasedAt: Date
  cashCollectedAt: Date | null
  customerName: string
  district: string
  titles: string[]
  /** The customer asked to cancel and the vendor has not answered yet: a to-do. */
  cancelRequested: boolean
}

/** A vendor's orders (only those paid or confirmed), newest first, optionally by status. */
/**
 * A store's search of its orders: the order number, the recipient's name, or their phone typed in any Rwandan
 * form (0788 123 456, +250788123456, 788123456). The recipient is the customer as the store knows them.
 */
function vendorOrderSearch(q: string | undefined) {
  const text = q?.trim()
  if (!text) return undefined
  const like = `%${escapeLike(text)}%`
  const digits = phoneDigits(text)
  return or(
    ilike(orders.number, like),
    ilike(orders.recipient, like),
    digits ? ilike(orders.phone, `%${digits}%`) : undefined,
  )
}

export async function listVendorOrders(
  ctx: ServiceContext,
  vendorId: number,
  options: { status?: VendorOrderStatus; q?: string; page?: number; limit?: number } = {},
): Promise<{ items: VendorOrderListItem[]; total: number; counts: Record<VendorOrderStatus, number> }> {
  const limit = options.limit ?? ORDERS_PAGE_SIZE
  const page = Math.max(1, options.page ?? 1)
  const base = and(
    eq(vendorOrders.vendorId, vendorId),
    isNotNull(vendorOrders.releasedAt),
    vendorOrderSearch(options.q),
  )
  const where = and(base, options.status ? eq(vendorOrders.status, options.status) : undefined)
  const rows = await ctx.db
    .select({
      id: vendorOrders.id,
      orderNumber: orders.number,
      status: vendorOrders.status,
      orderStatus: orders.status,
      paymentMethod: orders.paymentMethod,
      deliveryOption: orders.deliveryOption,
      subtotal: vendorOrders.subtotal,
      itemCount: vendorOrders.itemCount,
      releasedAt: vendorOrders.releasedAt,
      cashCollectedAt: vendorOrders.cashCollectedAt,
      customerName: orders.recipient,
      district: orders.district,
      cancelRequested: sql<boolean>`exists (select 1 from ${cancellationRequests} where ${cancellationRequests.vendorOrderId} = ${vendorOrders.id} and ${cancellationRequests.status} = 'requested')`,
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(where)
    .orderBy(desc(vendorOrders.releasedAt), desc(vendorOrders.id))
    .limit(limit)
    .offset((page - 1) * limit)
  const lines = rows.length
    ? await ctx.db
        .select({ vendorOrderId: orderLines.vendorOrderId, title: orderLines.title })
        .from(orderLines)
        .where(
          inArray(
            orderLines.vendorOrderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : []
  const grouped = await ctx.db
    .select({ status: vendorOrders.status, n: count() })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(base)
    .groupBy(vendorOrders.status)
  const counts: Record<VendorOrderStatus, number> = { new: 0, packed: 0, dispatched: 0, delivered: 0, cancelled: 0 }
  for (const g of grouped) counts[g.status] = g.n
  const total = options.status ? counts[options.status] : Object.values(counts).reduce((s, n) => s + n, 0)
  return {
    items: rows.map((r) => ({
      ...r,
      releasedAt: r.releasedAt as Date,
      titles: lines.filter((l) => l.vendorOrderId === r.id).map((l) => l.title),
    })),
    total,
    counts,
  }
}

/** One of the vendor's orders with only their part of it, or null (also when it is another store's). */
export async function findVendorOrder(
  ctx: ServiceContext,
  vendorId: number,
  vendorOrderId: number,
): Promise<(OrderDetail & { vendorOrder: VendorOrderView }) | null> {
  if (!Number.isSafeInteger(vendorOrderId) || vendorOrderId <= 0 || vendorOrderId > 2_147_483_647) return null
  const [vo] = await ctx.db
    .select({ orderId: vendorOrders.orderId })
    .from(vendorOrders)
    .where(
      and(eq(vendorOrders.id, vendorOrderId), eq(vendorOrders.vendorId, vendorId), isNotNull(vendorOrders.releasedAt)),
    )
  if (!vo) return null
  const order = await findOrder(ctx, vo.orderId)
  if (!order) return null
  const detail = await loadDetail(ctx, order, vendorId)
  const vendorOrder = detail.vendorOrders.find((v) => v.id === vendorOrderId)
  return vendorOrder ? { ...detail, vendorOrder } : null
}

/**
 * The vendor dashboard's order figures: released orders that were not cancelled, their revenue and distinct
 * customers (as the analytics page counts sales), and how many wait to be packed or dispatched.
 */
export async function getVendorOrderFigures(
  ctx: ServiceContext,
  vendorId: number,
): Promise<{ orders: number; revenue: number; customers: number; open: number; cancelled: number }> {
  const sale = sql`${vendorOrders.status} <> 'cancelled'`
  const [row] = await ctx.db
    .select({
      orders: sql<number>`count(*) filter (where ${sale})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${vendorOrders.subtotal}) filter (where ${sale}), 0)`.mapWith(Number),
      customers: sql<number>`count(distinct ${orders.customerId}) filter (where ${sale})`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${vendorOrders.status} in ('new', 'packed'))`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${vendorOrders.status} = 'cancelled')`.mapWith(Number),
    })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(and(eq(vendorOrders.vendorId, vendorId), isNotNull(vendorOrders.releasedAt)))
  return {
    orders: row?.orders ?? 0,
    revenue: row?.revenue ?? 0,
    customers: row?.customers ?? 0,
    open: row?.open ?? 0,
    cancelled: row?.cancelled ?? 0,
  }
}

/** Unpaid orders whose time to pay has passed (the payments sweeper cancels them). */
export async function listOverdueUnpaidOrders(ctx: ServiceContext, now: Date, limit = 50): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.paymentDueAt, now)))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** The customer paid another way: the order's method changes (cash on delivery after a failed mobile money try). */
export async function setOrderPaymentMethod(
  ctx: ServiceContext,
  orderId: number,
  method: PaymentMethod,
): Promise<void> {
  await ctx.db.update(orders).set({ paymentMethod: method, updatedAt: new Date() }).where(eq(orders.id, orderId))
}

// ---------------------------------------------------------------------------------------------------------------
// Cancellation requests: after packing, the customer's cancel asks each vendor whose part is packed.

/** The order's cancellation requests, locked for the rest of the transaction when `lock` is set. */
export async function listCancellations(ctx: ServiceContext, orderId: number, lock = false) {
  const query = ctx.db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.orderId, orderId))
    .orderBy(asc(cancellationRequests.id))
  return lock ? query.for('update') : query
}

/** The vendor orders of an order with what each sold (integer francs), not locked: the ledger's postings read them. */
export async function listVendorOrderAmounts(
  ctx: ServiceContext,
  orderId: number,
): Promise<{ id: number; vendorId: number; subtotal: number }[]> {
  return ctx.db
    .select({ id: vendorOrders.id, vendorId: vendorOrders.vendorId, subtotal: vendorOrders.subtotal })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, orderId))
    .orderBy(asc(vendorOrders.id))
}

/**
 * The order numbers of a vendor's parts of some orders (the vendor's ledger lines name orders): per order id, its
 * number and the vendor's vendor order. Orders the vendor has no part of are left out.
 */
export async function listVendorOrderNumbers(
  ctx: ServiceContext,
  vendorId: number,
  orderIds: number[],
): Promise<Map<number, { number: string; vendorOrderId: number }>> {
  const ids = [...new Set(orderIds)].filter((id) => Number.isSafeInteger(id))
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({ orderId: orders.id, number: orders.number, vendorOrderId: vendorOrders.id })
    .from(vendorOrders)
    .innerJoin(orders, eq(orders.id, vendorOrders.orderId))
    .where(and(eq(vendorOrders.vendorId, vendorId), inArray(vendorOrders.orderId, ids)))
    .orderBy(asc(vendorOrders.id))
  const found = new Map<number, { number: string; vendorOrderId: number }>()
  for (const r of rows) {
    if (!found.has(r.orderId)) found.set(r.orderId, { number: r.number, vendorOrderId: r.vendorOrderId })
  }
  return found
}

/** The vendor orders of an order with their status, locked (a cancel decides on them). */
export async function lockVendorOrdersOf(ctx: ServiceContext, orderId: number) {
  return ctx.db
    .select({
      id: vendorOrders.id,
      vendorId: vendorOrders.vendorId,
      status: vendorOrders.status,
      releasedAt: vendorOrders.releasedAt,
      subtotal: vendorOrders.subtotal,
      cashCollectedAt: vendorOrders.cashCollectedAt,
    })
    .from(vendorOrders)
    .where(eq(vendorOrders.orderId, orderId))
    .orderBy(asc(vendorOrders.id))
    .for('update')
}

/** Asks each of these vendor orders' vendors to cancel; a vendor order already asked is not asked again. */
export async function createCancellationRequests(
  ctx: ServiceContext,
  input: { orderId: number; vendorOrderIds: number[]; reason: string; note: string | null },
): Promise<CancellationView[]> {
  if (input.vendorOrderIds.length === 0) return []
  return ctx.db
    .insert(cancellationRequests)
    .values(
      input.vendorOrderIds.map((vendorOrderId) => ({
        orderId: input.orderId,
        vendorOrderId,
        reason: input.reason,
        note: input.note,
      })),
    )
    .onConflictDoNothing()
    .returning()
}

export type AnswerCancellationOutcome =
  | { ok: true; request: CancellationView }
  | { ok: false; code: 'not_found' | 'illegal' }

/**
 * A vendor answers the request on their own part of an order (looked up by the vendor order AND the vendor:
 * another store's request is not found), through the transition table: requested → accepted or refused, once.
 */
export async function answerCancellation(
  ctx: ServiceContext,
  input: { vendorId: number; vendorOrderId: number; to: CancellationStatus; refusal?: string },
): Promise<AnswerCancellationOutcome> {
  const [row] = await ctx.db
    .select({ request: cancellationRequests })
    .from(cancellationRequests)
    .innerJoin(vendorOrders, eq(vendorOrders.id, cancellationRequests.vendorOrderId))
    .where(
      and(
        eq(cancellationRequests.vendorOrderId, input.vendorOrderId),
        eq(vendorOrders.vendorId, input.vendorId),
        isNotNull(vendorOrders.releasedAt),
      ),
    )
    .for('update')
  if (!row) return { ok: false, code: 'not_found' }
  if (!canTransitionCancellation(row.request.status, input.to)) return { ok: false, code: 'illegal' }
  const [request] = await ctx.db
    .update(cancellationRequests)
    .set({ status: input.to, answeredAt: new Date(), refusal: input.to === 'refused' ? (input.refusal ?? null) : null })
    .where(eq(cancellationRequests.id, row.request.id))
    .returning()
  return { ok: true, request: request as CancellationView }
}

/** Whether the vendor order has a request waiting for its vendor's answer (it is not dispatched meanwhile). */
export async function hasOpenCancellation(ctx: ServiceContext, vendorOrderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(cancellationRequests)
    .where(and(eq(cancellationRequests.vendorOrderId, vendorOrderId), eq(cancellationRequests.status, 'requested')))
  return (row?.n ?? 0) > 0
}

// ---------------------------------------------------------------------------------------------------------------
// Staff's notes on an order (never shown to the customer or the vendor)

export type OrderNoteRow = typeof orderNotes.$inferSelect

/** The longest note staff can add. */
export const ORDER_NOTE_MAX = 2000

export async function addOrderNote(
  ctx: ServiceContext,
  input: { orderId: number; author: string; body: string },
): Promise<OrderNoteRow> {
  const [row] = await ctx.db.insert(orderNotes).values(input).returning()
  if (!row) throw new Error('note not written')
  return row
}

export async function listOrderNotes(ctx: ServiceContext, orderId: number): Promise<OrderNoteRow[]> {
  return ctx.db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id))
}

/** The order a vendor order belongs to, or null. */
export async function findOrderIdOfVendorOrder(ctx: ServiceContext, vendorOrderId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ orderId: vendorOrders.orderId })
    .from(vendorOrders)
    .where(eq(vendorOrders.id, vendorOrderId))
  return row?.orderId ?? null
}

/**
 * A store's vendor orders not finished yet (not delivered or cancelled), placed and paid or still awaiting payment,
 * and the ids of all its vendor orders (for its open disputes): what stops its owner closing the account.
 */
export async function findVendorOrdersForClosing(
  ctx: ServiceContext,
  vendorId: number,
): Promise<{ open: number; vendorOrderIds: number[] }> {
  const rows = await ctx.db
    .select({ id: vendorOrders.id, status: vendorOrders.status })
    .from(vendorOrders)
    .where(eq(vendorOrders.vendorId, vendorId))
  return {
    open: rows.filter((r) => r.status !== 'delivered' && r.status !== 'cancelled').length,
    vendorOrderIds: rows.map((r) => r.id),
  }
}
