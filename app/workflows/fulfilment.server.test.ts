import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import {
  createOrder,
  findOrder,
  findOrderDetail,
  findVendorOrder,
  getVendorOrderFigures,
  listVendorOrders,
  type NewOrderLine,
  releaseOrderToVendors,
  transitionOrder,
} from '#app/modules/orders/orders.server.ts'
import type { PaymentMethod } from '#app/modules/orders/tables.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createPayment, listOrderPayments, listPaymentEvents } from '#app/modules/payments/payments.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { changeVendorStatus } from '#app/modules/vendors/vendor-status.server.ts'
import { createVendor, setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { findStoreDashboard } from '#app/queries/vendor-dashboard.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { orderAddress, STANDARD_DELIVERY } from '#tests/shop.ts'
import {
  advanceVendorOrderStep,
  answerCancellationRequest,
  fulfilStoreOrder,
  getStoreOrder,
  listStoreOrders,
  recordCashCollected,
} from './fulfilment.server.ts'
import { cancelOrderForCustomer } from './payments.server.ts'

let t: TestDatabase
let vendorA: number
let vendorB: number
let customerId: number
let lineA: NewOrderLine
let lineB: NewOrderLine
const email = 'aline.uwase@example.com'
const phone = '+250788000111'
let keys = 0

const standard = STANDARD_DELIVERY
const address = orderAddress({ phone })

async function vendor(slug: string) {
  const { id } = await createVendor(t.ctx, {
    name: slug,
    slug,
    ownerName: 'Owner',
    email: `${slug}@example.rw`,
    phone: '+250788123456',
    description: 'Tailor',
    about: 'Tailor in Kigali',
    businessAddress: 'KN 4 Ave, Kigali',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'within 2 hours',
    status: 'approved',
    avatarColours: ['#0b5d7a', '#fad201'],
  })
  return id
}

async function line(vendorId: number, categoryId: number, slug: string, price: number): Promise<NewOrderLine> {
  const p = await createProduct(t.ctx, {
    vendorId,
    categoryId,
    title: slug,
    slug,
    description: 'A thing',
    price,
    status: 'active',
    variants: [{ size: 'M', colour: 'Blue', sku: `${slug}-m`, stock: 10 }],
    images: [],
  })
  return {
    variantId: p.variantIds[0] as number,
    productId: p.id,
    vendorId,
    title: slug,
    slug,
    size: 'M',
    colour: 'Blue',
    sku: `${slug}-m`,
    unitPrice: price,
    quantity: 2,
  }
}

/** An order for both vendors; cash on delivery gets its pending cash payment like checkout makes it. */
async function placeOrder(method: PaymentMethod) {
  const { order } = await createOrder(t.ctx, {
    customerId,
    checkoutKey: `key-${++keys}`,
    paymentMethod: method,
    delivery: standard,
    address,
    lines: [lineA, lineB],
    paymentDueAt: method === 'cod' ? null : new Date(Date.now() + 3_600_000),
    vatAmount: 0,
  })
  const total = (lineA.unitPrice + lineB.unitPrice) * 2
  await createPayment(t.ctx, {
    orderId: order.id,
    method,
    reference: `ref-${keys}`,
    amount: total,
    payerPhone: method === 'cod' ? null : phone,
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  // Checkout releases a cash-on-delivery order to its vendors at once (an online one once it is paid).
  if (method === 'cod') await releaseOrderToVendors(t.ctx, order.id)
  const a = await listVendorOrders(t.ctx, vendorA, { limit: 100 })
  const b = await listVendorOrders(t.ctx, vendorB, { limit: 100 })
  return {
    order,
    a: a.items.find((i) => i.orderNumber === order.number)?.id,
    b: b.items.find((i) => i.orderNumber === order.number)?.id,
  }
}

async function statusOf(orderId: number) {
  return (await findOrder(t.ctx, orderId))?.status
}

async function messagesTo(recipient: string) {
  return (await listMessages(t.ctx, { recipient })).map((m) => m.subject)
}

beforeAll(async () => {
  t = await createTestDatabase()
  const dept = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  vendorA = await vendor('kigali-fashion')
  vendorB = await vendor('nyamirambo-crafts')
  lineA = await line(vendorA, dept.id, 'kitenge-dress', 12_500)
  lineB = await line(vendorB, dept.id, 'woven-basket', 8_000)
  customerId = (await createCustomer(t.ctx, { firstName: 'Aline', lastName: 'Uwase', email })).id
})

afterAll(async () => {
  await t?.close()
})

describe('a vendor fulfils their part of a cash-on-delivery order', () => {
  test('packed, dispatched, delivered: the order follows both parts, and the customer is told', async () => {
    const { order, a, b } = await placeOrder('cod')
    expect(a).toBeTypeOf('number')
    expect(b).toBeTypeOf('number')
    const A = a as number
    const B = b as number
    expect(await statusOf(order.id)).toBe('confirmed')
    const before = (await listMessages(t.ctx, {})).length

    expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'packed' })).toEqual({
      ok: true,
      status: 'packed',
    })
    expect(await statusOf(order.id)).toBe('confirmed')
    expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'dispatched' })).toEqual({
      ok: true,
      status: 'dispatched',
    })
    expect(await statusOf(order.id)).toBe('partly_shipped')

    await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to: 'packed' })
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to: 'dispatched' })
    expect(await statusOf(order.id)).toBe('shipped')

    await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'delivered' })
    expect(await statusOf(order.id)).toBe('shipped')
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to: 'delivered' })
    expect(await statusOf(order.id)).toBe('delivered')

    // Two dispatch notices (one per parcel) and one delivery notice, each by e-mail and SMS.
    const subjects = await messagesTo(email)
    expect(subjects.filter((s) => /dispatch|on its way|sent/i.test(s))).toHaveLength(2)
    expect(subjects.filter((s) => /deliver/i.test(s))).toHaveLength(1)
    expect(await messagesTo(phone)).toHaveLength(3)
    expect((await listMessages(t.ctx, {})).length - before).toBe(6)

    const detail = await findVendorOrder(t.ctx, vendorA, A)
    expect(detail?.vendorOrder.status).toBe('delivered')
    expect(detail?.vendorOrders.map((v) => v.vendorId)).toEqual([vendorA])
    expect(detail?.events.some((e) => e.vendorOrderId === B)).toBe(false)
    expect(detail?.events.map((e) => e.toStatus)).toContain('packed')
  })

  test('illegal steps are refused and change nothing: skipping, after delivery, a double click', async () => {
    const { order, a } = await placeOrder('cod')
    const A = a as number
    const step = (to: 'packed' | 'dispatched' | 'delivered' | 'cancelled') =>
      advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to })
    expect(await step('dispatched')).toEqual({ ok: false, code: 'illegal' })
    expect(await step('delivered')).toEqual({ ok: false, code: 'illegal' })
    expect(await step('cancelled')).toEqual({ ok: false, code: 'illegal' })
    expect(await step('packed')).toEqual({ ok: true, status: 'packed' })
    expect(await step('packed')).toEqual({ ok: false, code: 'illegal' })
    await step('dispatched')
    await step('delivered')
    expect(await step('delivered')).toEqual({ ok: false, code: 'illegal' })
    expect(await step('packed')).toEqual({ ok: false, code: 'illegal' })
    expect((await findVendorOrder(t.ctx, vendorA, A))?.vendorOrder.status).toBe('delivered')
    expect(await statusOf(order.id)).toBe('partly_shipped')
  })

  test("another store's vendor order is neither seen nor moved", async () => {
    const { a } = await placeOrder('cod')
    const A = a as number
    expect(await findVendorOrder(t.ctx, vendorB, A)).toBeNull()
    expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: A, to: 'packed' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await recordCashCollected(t.ctx, { vendorId: vendorB, vendorOrderId: A })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect((await findVendorOrder(t.ctx, vendorA, A))?.vendorOrder.status).toBe('new')
  })

  test('an id that is no vendor order at all is not found, not an error', async () => {
    for (const id of [0, -1, 999_999, 2 ** 31, Number.NaN]) {
      expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: id, to: 'packed' })).toEqual({
        ok: false,
        code: 'not_found',
      })
      expect(await recordCashCollected(t.ctx, { vendorId: vendorA, vendorOrderId: id })).toEqual({
        ok: false,
        code: 'not_found',
      })
      expect(await findVendorOrder(t.ctx, vendorA, id)).toBeNull()
    }
  })

  test('cash is recorded once, after dispatch; when both vendors have it the payment succeeds', async () => {
    const { order, a, b } = await placeOrder('cod')
    const A = a as number
    const B = b as number
    const cash = (vendorId: number, vendorOrderId: number) => recordCashCollected(t.ctx, { vendorId, vendorOrderId })
    expect(await cash(vendorA, A)).toEqual({ ok: false, code: 'illegal' })
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'packed' })
    expect(await cash(vendorA, A)).toEqual({ ok: false, code: 'illegal' })
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'dispatched' })
    expect(await cash(vendorA, A)).toEqual({ ok: true })
    expect(await cash(vendorA, A)).toEqual({ ok: false, code: 'illegal' })
    const [pending] = await listOrderPayments(t.ctx, order.id)
    expect(pending?.status).toBe('pending')

    for (const to of ['packed', 'dispatched', 'delivered'] as const) {
      await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to })
    }
    expect(await cash(vendorB, B)).toEqual({ ok: true })
    const [settled] = await listOrderPayments(t.ctx, order.id)
    expect(settled?.status).toBe('succeeded')
    const events = await listPaymentEvents(t.ctx, [settled?.id as number])
    expect(events.map((e) => e.kind)).toEqual(['cash_collected'])
    expect((await findVendorOrder(t.ctx, vendorA, A))?.vendorOrder.cashCollectedAt).toBeInstanceOf(Date)
  })
})

describe('an order paid online', () => {
  test('is invisible to the vendors until it is paid and released, then moves paid → shipped → delivered', async () => {
    const { order, a, b } = await placeOrder('momo')
    expect(a).toBeUndefined()
    expect(b).toBeUndefined()
    const hidden = await listVendorOrders(t.ctx, vendorA, { limit: 100 })
    expect(hidden.items.some((i) => i.orderNumber === order.number)).toBe(false)
    const figuresBefore = await getVendorOrderFigures(t.ctx, vendorA)

    await transitionOrder(t.ctx, order.id, 'paid', { actor: 'payments' })
    const released = await releaseOrderToVendors(t.ctx, order.id)
    expect(released.map((r) => r.vendorId).sort()).toEqual([vendorA, vendorB].sort())
    const A = released.find((r) => r.vendorId === vendorA)?.id as number
    const B = released.find((r) => r.vendorId === vendorB)?.id as number
    expect((await findVendorOrder(t.ctx, vendorA, A))?.number).toBe(order.number)
    const figures = await getVendorOrderFigures(t.ctx, vendorA)
    expect(figures.orders).toBe(figuresBefore.orders + 1)
    expect(figures.revenue).toBe(figuresBefore.revenue + lineA.unitPrice * 2)

    for (const to of ['packed', 'dispatched'] as const) {
      await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to })
      await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to })
    }
    expect(await statusOf(order.id)).toBe('shipped')
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'delivered' })
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorB, vendorOrderId: B, to: 'delivered' })
    expect(await statusOf(order.id)).toBe('delivered')
    // Cash collected is for cash on delivery only.
    expect(await recordCashCollected(t.ctx, { vendorId: vendorA, vendorOrderId: A })).toEqual({
      ok: false,
      code: 'illegal',
    })
  })

  test('a cancelled order leaves the dashboard figures: orders, revenue and customers count sales only', async () => {
    const before = await getVendorOrderFigures(t.ctx, vendorA)
    const { order } = await placeOrder('cod')
    const placed = await getVendorOrderFigures(t.ctx, vendorA)
    expect(placed).toMatchObject({
      orders: before.orders + 1,
      revenue: before.revenue + lineA.unitPrice * 2,
      open: before.open + 1,
    })
    expect(
      await cancelOrderForCustomer(t.ctx, { customerId, orderNumber: order.number, reason: 'changed_mind' }),
    ).toEqual({ ok: true })
    // Left out of the figures, and counted as left out.
    expect(await getVendorOrderFigures(t.ctx, vendorA)).toEqual({ ...before, cancelled: before.cancelled + 1 })
  })

  test('a part waiting for its payment is neither seen nor moved by its vendor', async () => {
    const { order } = await placeOrder('airtel')
    expect(await statusOf(order.id)).toBe('pending_payment')
    const parts = (await findOrderDetail(t.ctx, order.id))?.vendorOrders ?? []
    expect(parts).toHaveLength(2)
    for (const part of parts) {
      expect(await findVendorOrder(t.ctx, part.vendorId, part.id)).toBeNull()
      const outcome = await advanceVendorOrderStep(t.ctx, {
        vendorId: part.vendorId,
        vendorOrderId: part.id,
        to: 'packed',
      })
      expect(outcome).toEqual({ ok: false, code: 'not_found' })
    }
    const listing = await listVendorOrders(t.ctx, vendorA, { limit: 100 })
    expect(listing.items.some((i) => i.orderNumber === order.number)).toBe(false)
  })
})

describe("the store owner's order pages", () => {
  test('show only the signed-in owner’s store; a suspended store keeps its earlier orders, a pending one has none', async () => {
    for (const id of ['owner-a', 'owner-b']) {
      await t.ctx.db.insert(users).values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
    }
    await setVendorOwner(t.ctx, vendorA, 'owner-a')
    await setVendorOwner(t.ctx, vendorB, 'owner-b')
    const { order, a } = await placeOrder('cod')
    const A = a as number

    const listing = await listStoreOrders(t.ctx, { ownerUserId: 'owner-a', page: 1 })
    expect(listing.items[0]?.orderNumber).toBe(order.number)
    expect(listing.counts.new).toBeGreaterThan(0)
    const newOnly = await listStoreOrders(t.ctx, { ownerUserId: 'owner-a', status: 'new', page: 1 })
    expect(newOnly.items.every((i) => i.status === 'new')).toBe(true)
    expect(newOnly.total).toBe(listing.counts.new)

    const dashboard = await findStoreDashboard(t.ctx, { ownerUserId: 'owner-a' })
    // The dashboard counts sales: the list's orders less the cancelled ones.
    expect(dashboard?.orderCount).toBe(listing.total - listing.counts.cancelled)
    // ...and says how many it leaves out, so that its figure and the list's All agree.
    expect(dashboard?.cancelledOrderCount).toBe(listing.counts.cancelled)
    expect(dashboard?.customerCount).toBe(1)
    expect(dashboard?.revenue).toBeGreaterThan(0)
    expect(dashboard?.recentOrders.map((o) => o.id)).toEqual(listing.items.slice(0, 5).map((o) => o.id))

    expect(await getStoreOrder(t.ctx, { ownerUserId: 'owner-b', vendorOrderId: A })).toBeNull()
    expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-b', vendorOrderId: A, intent: 'packed' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A, intent: 'packed' })).toEqual({
      ok: true,
      orderNumber: order.number,
    })
    expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A, intent: 'packed' })).toEqual({
      ok: false,
      code: 'illegal',
    })
    expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A, intent: 'cash' })).toEqual({
      ok: false,
      code: 'illegal',
    })

    // Suspended by staff: new sales stop, but the orders placed before are still the store's to see and fulfil.
    await t.ctx.db.insert(users).values({ id: 'staff-1', name: 'Staff', email: 'staff-1@example.rw', role: 'admin' })
    const staff = { ...t.ctx, actor: { userId: 'staff-1', role: 'admin' as const } }
    expect(
      await changeVendorStatus(staff, { vendorId: vendorA, action: 'suspend', reason: 'Unpaid commission' }),
    ).toMatchObject({ ok: true })
    try {
      const still = await listStoreOrders(t.ctx, { ownerUserId: 'owner-a', page: 1 })
      expect(still.items[0]?.orderNumber).toBe(order.number)
      expect(await getStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A })).not.toBeNull()
      expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A, intent: 'dispatched' })).toEqual(
        { ok: true, orderNumber: order.number },
      )
      expect((await findStoreDashboard(t.ctx, { ownerUserId: 'owner-a' }))?.recentOrders.length).toBeGreaterThan(0)

      // A store that never opened (pending) has no orders at all.
      await t.ctx.db.update(vendors).set({ status: 'pending' }).where(eq(vendors.id, vendorA))
      const hidden = await listStoreOrders(t.ctx, { ownerUserId: 'owner-a', page: 1 })
      expect(hidden).toMatchObject({ items: [], total: 0, counts: { new: 0, packed: 0 } })
      expect(await getStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A })).toBeNull()
      expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'owner-a', vendorOrderId: A, intent: 'delivered' })).toEqual({
        ok: false,
        code: 'not_found',
      })
      expect(await findStoreDashboard(t.ctx, { ownerUserId: 'owner-a' })).toMatchObject({
        orderCount: 0,
        revenue: 0,
        customerCount: 0,
        recentOrders: [],
      })
    } finally {
      await t.ctx.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, vendorA))
    }
  })
})

describe('the customer cancels with a reason; after packing the store is asked and answers', () => {
  const vendorMail = 'kigali-fashion@example.rw'
  const otherMail = 'nyamirambo-crafts@example.rw'
  const cancel = (number: string, who = customerId) =>
    cancelOrderForCustomer(t.ctx, {
      customerId: who,
      orderNumber: number,
      reason: 'other',
      note: 'Bought it at Kimironko',
    })
  const answer = (owner: string, vendorOrderId: number, refusal?: string) =>
    answerCancellationRequest(t.ctx, {
      ownerUserId: owner,
      vendorOrderId,
      ...(refusal === undefined ? { answer: 'accept' as const } : { answer: 'refuse' as const, refusal }),
    })
  const pack = (vendorId: number, vendorOrderId: number) =>
    advanceVendorOrderStep(t.ctx, { vendorId, vendorOrderId, to: 'packed' })

  beforeAll(async () => {
    for (const id of ['owner-a', 'owner-b']) {
      await t.ctx.db
        .insert(users)
        .values({ id, name: id, email: `${id}@example.rw`, role: 'vendor' })
        .onConflictDoNothing()
    }
    await setVendorOwner(t.ctx, vendorA, 'owner-a')
    await setVendorOwner(t.ctx, vendorB, 'owner-b')
  })

  test('before packing it is cancelled at once, the reason kept in the history; a second submit changes nothing', async () => {
    const { order } = await placeOrder('cod')
    expect(await cancel(order.number)).toEqual({ ok: true })
    const detail = await findOrderDetail(t.ctx, order.id)
    expect(detail?.status).toBe('cancelled')
    expect(detail?.vendorOrders.map((v) => v.status)).toEqual(['cancelled', 'cancelled'])
    const event = detail?.events.find((e) => e.toStatus === 'cancelled' && e.vendorOrderId === null)
    expect(event).toMatchObject({ actor: 'customer', note: 'Bought it at Kimironko', data: { reason: 'other' } })
    expect(detail?.cancellations).toEqual([])
    // A double submit, or the form sent again after a reload: nothing more happens.
    expect(await cancel(order.number)).toEqual({ ok: false, code: 'not_cancellable' })
  })

  test('someone else’s order is not found, and nothing changes', async () => {
    const { order } = await placeOrder('cod')
    const stranger = (await createCustomer(t.ctx, { firstName: 'Eric', lastName: 'M', email: 'eric@example.rw' })).id
    expect(await cancel(order.number, stranger)).toEqual({ ok: false, code: 'not_found' })
    expect(await statusOf(order.id)).toBe('confirmed')
  })

  test('after packing it is a request to the store that packed: told by e-mail, accepted, and then cancelled', async () => {
    const { order, a, b } = await placeOrder('cod')
    const A = a as number
    const B = b as number
    await pack(vendorA, A)
    const mailsBefore = (await messagesTo(vendorMail)).length
    expect(await cancel(order.number)).toEqual({ ok: true, requested: true })
    expect(await statusOf(order.id)).toBe('confirmed')
    let detail = await findOrderDetail(t.ctx, order.id)
    expect(detail?.cancellations.map((c) => [c.vendorOrderId, c.status, c.reason, c.note])).toEqual([
      [A, 'requested', 'other', 'Bought it at Kimironko'],
    ])
    const vendorMails = await messagesTo(vendorMail)
    // Newest first: what came since is the front of the list.
    expect(vendorMails.slice(0, vendorMails.length - mailsBefore)).toEqual([
      `The customer asks to cancel order ${order.number}`,
    ])
    expect((await messagesTo(otherMail)).some((s) => s.includes('asks to cancel'))).toBe(false)
    // The list shows it as a to-do; the store cannot dispatch before it answers.
    const listing = await listStoreOrders(t.ctx, { ownerUserId: 'owner-a', page: 1 })
    expect(listing.items.find((i) => i.id === A)?.cancelRequested).toBe(true)
    expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'dispatched' })).toEqual({
      ok: false,
      code: 'illegal',
    })
    // Asking again (double submit, reload) makes no second request.
    expect(await cancel(order.number)).toEqual({ ok: false, code: 'requested' })
    // Another store cannot answer it, nor can a store answer a part that was not asked.
    expect(await answer('owner-b', A)).toEqual({ ok: false, code: 'not_found' })
    expect(await answer('owner-b', B)).toEqual({ ok: false, code: 'not_found' })

    expect(await answer('owner-a', A)).toEqual({ ok: true, orderNumber: order.number, cancelled: true })
    detail = await findOrderDetail(t.ctx, order.id)
    expect(detail?.status).toBe('cancelled')
    expect(detail?.vendorOrders.map((v) => v.status)).toEqual(['cancelled', 'cancelled'])
    expect(detail?.cancellations.map((c) => c.status)).toEqual(['accepted'])
    expect(detail?.events.find((e) => e.toStatus === 'cancelled' && e.vendorOrderId === null)).toMatchObject({
      actor: `vendor:${vendorA}`,
      data: { reason: 'other' },
    })
    expect(await messagesTo(email)).toContain(`Order ${order.number} was cancelled`)
    // Answered once: a second accept (a double click) is refused.
    expect(await answer('owner-a', A)).toEqual({ ok: false, code: 'illegal' })
    expect(await answer('owner-a', A, 'Too late')).toEqual({ ok: false, code: 'illegal' })
  })

  test('a refusal keeps the order going, the customer is told why, and cannot ask again', async () => {
    const { order, a } = await placeOrder('cod')
    const A = a as number
    await pack(vendorA, A)
    expect(await cancel(order.number)).toEqual({ ok: true, requested: true })
    expect(await answer('owner-a', A, 'The tailor already cut the cloth')).toEqual({
      ok: true,
      orderNumber: order.number,
      cancelled: false,
    })
    const detail = await findOrderDetail(t.ctx, order.id)
    expect(detail?.status).toBe('confirmed')
    expect(detail?.cancellations.map((c) => [c.status, c.refusal])).toEqual([
      ['refused', 'The tailor already cut the cloth'],
    ])
    expect(await messagesTo(email)).toContain(`Your request to cancel order ${order.number}`)
    expect(await messagesTo(phone)).toContainEqual(expect.stringContaining(order.number))
    expect(await cancel(order.number)).toEqual({ ok: false, code: 'not_cancellable' })
    expect(await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: A, to: 'dispatched' })).toEqual({
      ok: true,
      status: 'dispatched',
    })
  })

  test('two packed stores: both are asked, and the order is cancelled only when both accepted', async () => {
    const { order, a, b } = await placeOrder('cod')
    await pack(vendorA, a as number)
    await pack(vendorB, b as number)
    expect(await cancel(order.number)).toEqual({ ok: true, requested: true })
    expect(await answer('owner-a', a as number)).toEqual({ ok: true, orderNumber: order.number, cancelled: false })
    expect(await statusOf(order.id)).toBe('confirmed')
    expect(await answer('owner-b', b as number)).toEqual({ ok: true, orderNumber: order.number, cancelled: true })
    expect(await statusOf(order.id)).toBe('cancelled')
  })

  test('once a part is dispatched, or the order is cancelled, it cannot be cancelled', async () => {
    const { order, a } = await placeOrder('cod')
    await pack(vendorA, a as number)
    await advanceVendorOrderStep(t.ctx, { vendorId: vendorA, vendorOrderId: a as number, to: 'dispatched' })
    expect(await cancel(order.number)).toEqual({ ok: false, code: 'not_cancellable' })
    expect(await statusOf(order.id)).toBe('partly_shipped')
    expect((await findOrderDetail(t.ctx, order.id))?.cancellations).toEqual([])
  })
})
