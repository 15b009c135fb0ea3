import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addReview } from '#app/modules/catalog/catalog-admin.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { openConversation, sendMessageToStore } from '#app/modules/messaging/messaging.server.ts'
import { createOrder, type NewOrderLine, releaseOrderToVendors } from '#app/modules/orders/orders.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { fulfilStoreOrder, listStoreOrders } from '#app/workflows/fulfilment.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeOwnedVendor, makeProduct, orderAddress, STANDARD_DELIVERY } from '#tests/shop.ts'
import { getWorkspaceNav } from './vendor-workspace.server.ts'

let t: TestDatabase
let storeA: number
let storeB: number
let customerId: number
let lineA: NewOrderLine
let lineB: NewOrderLine
let keys = 0

function lineOf(vendorId: number, p: { productId: number; variantIds: number[]; title: string; price: number }) {
  return {
    variantId: p.variantIds[0] as number,
    productId: p.productId,
    vendorId,
    title: p.title,
    slug: `s-${p.productId}`,
    size: 'S',
    colour: 'Blue',
    sku: `SKU-${p.productId}`,
    unitPrice: p.price,
    quantity: 1,
  } satisfies NewOrderLine
}

/** A cash-on-delivery order for the given lines, released to its stores at once (as checkout does). */
async function order(lines: NewOrderLine[], address: { recipient: string; phone: string }) {
  const { order } = await createOrder(t.ctx, {
    customerId,
    checkoutKey: `ws-${++keys}`,
    paymentMethod: 'cod',
    delivery: STANDARD_DELIVERY,
    address: orderAddress(address),
    lines,
    paymentDueAt: null,
    vatAmount: 0,
  })
  await releaseOrderToVendors(t.ctx, order.id)
  return order
}

beforeAll(async () => {
  t = await createTestDatabase()
  storeA = (await makeOwnedVendor(t.ctx, 'ws-owner-a', { slug: 'workspace-a' })).id
  storeB = (await makeOwnedVendor(t.ctx, 'ws-owner-b', { slug: 'workspace-b' })).id
  customerId = (await createCustomer(t.ctx, { firstName: 'Aline', lastName: 'Uwase', email: 'aline@example.rw' })).id
  // Store A: one variant with plenty, one low (3), one sold out; store B: one low variant.
  lineA = lineOf(storeA, await makeProduct(t.ctx, storeA, { stocks: [50, 3, 0], price: 12_000 }))
  lineB = lineOf(storeB, await makeProduct(t.ctx, storeB, { stocks: [2], price: 8_000 }))
})

afterAll(async () => {
  await t?.close()
})

describe('the workspace navigation counts what waits for the store, and only its own', () => {
  test('orders to pack and send, unread messages, low stock, reviews to answer', async () => {
    const empty = await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-a' })
    expect(empty.store).toEqual({ status: 'approved', statusReason: null, closed: false })
    expect(empty.counts).toEqual({ unread: 0, toPack: 0, toShip: 0, lowStock: 1, unanswered: 0 })

    const one = await order([lineA, lineB], { recipient: 'Jean Habimana', phone: '+250788111222' })
    await order([lineA], { recipient: 'Grace Mukamana', phone: '+250722333444' })
    await order([lineB], { recipient: 'Eric Nshuti', phone: '+250789000000' })
    // An order not yet released (unpaid) is not the store's to pack.
    await createOrder(t.ctx, {
      customerId,
      checkoutKey: `ws-${++keys}`,
      paymentMethod: 'momo',
      delivery: STANDARD_DELIVERY,
      address: orderAddress(),
      lines: [lineA],
      paymentDueAt: new Date(Date.now() + 3_600_000),
      vatAmount: 0,
    })
    const listed = await listStoreOrders(t.ctx, { ownerUserId: 'ws-owner-a', page: 1 })
    const first = listed.items.find((i) => i.orderNumber === one.number)?.id as number
    expect(
      await fulfilStoreOrder(t.ctx, { ownerUserId: 'ws-owner-a', vendorOrderId: first, intent: 'packed' }),
    ).toEqual({ ok: true, orderNumber: one.number })

    await sendMessageToStore(t.ctx, { customerId, vendorId: storeA, body: 'Is the dress in M?' })
    const sent = await sendMessageToStore(t.ctx, { customerId, vendorId: storeA, body: 'And in red?' })
    await sendMessageToStore(t.ctx, { customerId, vendorId: storeB, body: 'Hello' })
    await addReview(t.ctx, { productId: lineA.productId as number, customerId, rating: 4, body: 'Lovely' })

    const a = await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-a' })
    expect(a.counts).toEqual({ unread: 2, toPack: 1, toShip: 1, lowStock: 1, unanswered: 1 })
    const b = await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-b' })
    expect(b.counts).toEqual({ unread: 1, toPack: 2, toShip: 0, lowStock: 1, unanswered: 0 })

    // Read: the badge goes.
    expect(sent.ok).toBe(true)
    if (sent.ok)
      await openConversation(t.ctx, { party: { side: 'vendor', id: storeA }, conversationId: sent.conversationId })
    expect((await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-a' })).counts.unread).toBe(0)
  })

  test('an account without a store gets no store and zero counts', async () => {
    expect(await getWorkspaceNav(t.ctx, { ownerUserId: 'nobody' })).toEqual({
      store: null,
      counts: { unread: 0, toPack: 0, toShip: 0, lowStock: 0, unanswered: 0 },
    })
  })

  test('a store its owner closed says so', async () => {
    await t.ctx.db.update(vendors).set({ closedAt: new Date() }).where(eq(vendors.id, storeB))
    expect((await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-b' })).store?.closed).toBe(true)
    await t.ctx.db.update(vendors).set({ closedAt: null }).where(eq(vendors.id, storeB))
  })
})

describe('the orders list searches by order number, customer name and phone in any Rwandan form', () => {
  const search = (q: string) =>
    listStoreOrders(t.ctx, { ownerUserId: 'ws-owner-a', q, page: 1 }).then((l) => l.items.map((i) => i.customerName))

  test('by name, part of it, any case', async () => {
    expect(await search('habimana')).toEqual(['Jean Habimana'])
    expect(await search('GRACE')).toEqual(['Grace Mukamana'])
  })

  test('by phone: 07…, +250…, 250 …, spaced or not', async () => {
    for (const q of ['0788111222', '+250788111222', '250 788 111 222', '788-111-222', '0788 111 222']) {
      expect(await search(q), q).toEqual(['Jean Habimana'])
    }
    expect(await search('0722 333 444')).toEqual(['Grace Mukamana'])
    // Another store's customer is not found here.
    expect(await search('0789000000')).toEqual([])
  })

  test('by order number, and the status counts follow the search', async () => {
    const all = await listStoreOrders(t.ctx, { ownerUserId: 'ws-owner-a', page: 1 })
    const number = all.items[0]?.orderNumber as string
    const found = await listStoreOrders(t.ctx, { ownerUserId: 'ws-owner-a', q: number, page: 1 })
    expect(found.items.map((i) => i.orderNumber)).toEqual([number])
    expect(Object.values(found.counts).reduce((s, n) => s + n, 0)).toBe(1)
    // Wildcards are searched as text.
    expect(await search('%')).toEqual([])
  })
})

describe('pack from the list', () => {
  test("refuses another store's order and an order that has moved on; a double click changes nothing", async () => {
    const listed = await listStoreOrders(t.ctx, { ownerUserId: 'ws-owner-a', status: 'new', page: 1 })
    const id = listed.items[0]?.id as number
    expect(await fulfilStoreOrder(t.ctx, { ownerUserId: 'ws-owner-b', vendorOrderId: id, intent: 'packed' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    const first = await fulfilStoreOrder(t.ctx, { ownerUserId: 'ws-owner-a', vendorOrderId: id, intent: 'packed' })
    const again = await fulfilStoreOrder(t.ctx, { ownerUserId: 'ws-owner-a', vendorOrderId: id, intent: 'packed' })
    expect(first.ok).toBe(true)
    expect(again).toEqual({ ok: false, code: 'illegal' })
    const nav = await getWorkspaceNav(t.ctx, { ownerUserId: 'ws-owner-a' })
    expect(nav.counts.toPack).toBe(0)
    expect(nav.counts.toShip).toBe(2)
  })
})
