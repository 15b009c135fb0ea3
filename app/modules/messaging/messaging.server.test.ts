import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeCustomer, makeVendor, messagesTo } from '#tests/shop.ts'
import {
  countCustomerUnread,
  countVendorUnread,
  findReportedConversation,
  listConversations,
  listReportedConversations,
  openConversation,
  replyToConversation,
  reportConversation,
  sendMessageToStore,
} from './messaging.server.ts'

let db: TestDatabase

beforeAll(async () => {
  db = await createTestDatabase()
})

afterAll(async () => {
  await db?.close()
})

async function storeWithStatus(slug: string, status: 'pending' | 'suspended') {
  const { id } = await createVendor(db.ctx, {
    name: slug,
    slug,
    ownerName: 'Owner',
    email: `${slug}@example.rw`,
    phone: '+250788000000',
    description: 'd',
    about: 'a',
    businessAddress: 'KN 1 St',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: [],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'Within 2 hours',
    avatarColours: ['#0f766e', '#f59e0b'],
    status,
  })
  return id
}

/** Everything the conversation tables hold for a party, to check that a refused call wrote nothing. */
async function snapshot(customerId: number, vendorId: number) {
  const customerSide = await listConversations(db.ctx, { side: 'customer', id: customerId })
  const vendorSide = await listConversations(db.ctx, { side: 'vendor', id: vendorId })
  return JSON.stringify({ customerSide, vendorSide })
}

describe('starting a conversation', () => {
  it('makes one conversation however many first messages are sent, even at once', async () => {
    const store = await makeVendor(db.ctx)
    const customer = await makeCustomer(db.ctx)
    const [a, b] = await Promise.all([
      sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: store.id, body: 'Hello, is this in M?' }),
      sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: store.id, body: 'And in blue?' }),
    ])
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(a.conversationId).toBe(b.conversationId)
    const list = await listConversations(db.ctx, { side: 'customer', id: customer.id })
    expect(list).toHaveLength(1)
    const vendorList = await listConversations(db.ctx, { side: 'vendor', id: store.id })
    expect(vendorList).toHaveLength(1)
    expect(vendorList[0].unread).toBe(2)
    expect(vendorList[0].otherName).toContain('Aline')
  })

  it('refuses stores that are pending or suspended', async () => {
    const customer = await makeCustomer(db.ctx)
    for (const status of ['pending', 'suspended'] as const) {
      const vendorId = await storeWithStatus(`closed-${status}`, status)
      const result = await sendMessageToStore(db.ctx, { customerId: customer.id, vendorId, body: 'Hello' })
      expect(result).toEqual({ ok: false, code: 'store-unavailable' })
      expect(await listConversations(db.ctx, { side: 'vendor', id: vendorId })).toEqual([])
      expect(await messagesTo(db.ctx, `closed-${status}@example.rw`)).toEqual([])
    }
    expect(await sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: 999_999, body: 'Hi' })).toEqual({
      ok: false,
      code: 'store-unavailable',
    })
  })
})

describe('unread counts and e-mails', () => {
  it('counts unread for each side, back to 0 when read, and e-mails once per unread stretch', async () => {
    const store = await makeVendor(db.ctx)
    const customer = await makeCustomer(db.ctx)
    const vendorParty = { side: 'vendor' as const, id: store.id }
    const customerParty = { side: 'customer' as const, id: customer.id }

    const first = await sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: store.id, body: 'Hi!' })
    if (!first.ok) throw new Error('refused')
    expect(first.emailed).toBe(true)
    await sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: store.id, body: 'Are you there?' })
    expect(await countVendorUnread(db.ctx, { vendorId: store.id })).toBe(2)
    expect(await countCustomerUnread(db.ctx, { customerId: customer.id })).toBe(0)
    // Two messages, one e-mail to the store's address, with a link to the thread; none to the customer.
    const toStore = await messagesTo(db.ctx, store.email)
    expect(toStore).toHaveLength(1)
    expect(toStore[0].body).toContain(`/vendor-dashboard/messages/${first.conversationId}`)
    expect(toStore[0].body).toContain('Hi!')
    expect(await messagesTo(db.ctx, customer.email)).toEqual([])

    const thread = await openConversation(db.ctx, { party: vendorParty, conversationId: first.conversationId })
    expect(thread?.messages.map((m) => m.body)).toEqual(['Hi!', 'Are you there?'])
    expect(await countVendorUnread(db.ctx, { vendorId: store.id })).toBe(0)

    const answer = await replyToConversation(db.ctx, {
      party: vendorParty,
      conversationId: first.conversationId,
      body: 'Yes, size M is in stock.',
    })
    expect(answer).toMatchObject({ ok: true, emailed: true })
    await replyToConversation(db.ctx, { party: vendorParty, conversationId: first.conversationId, body: 'Blue too.' })
    expect(await countCustomerUnread(db.ctx, { customerId: customer.id })).toBe(2)
    const toCustomer = await messagesTo(db.ctx, customer.email)
    expect(toCustomer).toHaveLength(1)
    expect(toCustomer[0].body).toContain(`/customer-dashboard/messages/${first.conversationId}`)
    const customerList = await listConversations(db.ctx, customerParty)
    expect(customerList[0]).toMatchObject({ unread: 2, lastMessage: 'Blue too.', lastSender: 'vendor' })

    await openConversation(db.ctx, { party: customerParty, conversationId: first.conversationId })
    expect(await countCustomerUnread(db.ctx, { customerId: customer.id })).toBe(0)

    // The store read everything: the customer's next message e-mails it again.
    const again = await replyToConversation(db.ctx, {
      party: customerParty,
      conversationId: first.conversationId,
      body: 'Thanks, ordering now.',
    })
    expect(again).toMatchObject({ ok: true, emailed: true })
    expect(await messagesTo(db.ctx, store.email)).toHaveLength(2)
    expect(await countVendorUnread(db.ctx, { vendorId: store.id })).toBe(1)
  })
})

describe("another party's conversation", () => {
  it('is not found to another customer or store, and nothing is written', async () => {
    const store = await makeVendor(db.ctx)
    const otherStore = await makeVendor(db.ctx)
    const customer = await makeCustomer(db.ctx)
    const intruder = await makeCustomer(db.ctx)
    const sent = await sendMessageToStore(db.ctx, { customerId: customer.id, vendorId: store.id, body: 'Hello' })
    if (!sent.ok) throw new Error('refused')
    const conversationId = sent.conversationId
    const before = await snapshot(customer.id, store.id)
    const outboxBefore = [
      (await messagesTo(db.ctx, store.email)).length,
      (await messagesTo(db.ctx, customer.email)).length,
    ]

    for (const party of [
      { side: 'customer' as const, id: intruder.id },
      { side: 'vendor' as const, id: otherStore.id },
    ]) {
      expect(await openConversation(db.ctx, { party, conversationId })).toBeNull()
      expect(await replyToConversation(db.ctx, { party, conversationId, body: 'Sneaky' })).toEqual({
        ok: false,
        code: 'not_found',
      })
      expect(await reportConversation(db.ctx, { party, conversationId, reason: 'Just to see' })).toEqual({
        ok: false,
        code: 'not_found',
      })
      expect(await listConversations(db.ctx, party)).toEqual([])
    }
    // Unread counts, read marks, messages and report all as they were; no e-mail queued.
    expect(await snapshot(customer.id, store.id)).toBe(before)
    expect(await countVendorUnread(db.ctx, { vendorId: store.id })).toBe(1)
    expect(await findReportedConversation(db.ctx, { conversationId })).toBeNull()
    expect([(await messagesTo(db.ctx, store.email)).length, (await messagesTo(db.ctx, customer.email)).length]).toEqual(
      outboxBefore,
    )
  })
})

describe('reports and staff', () => {
  it('lets staff read a conversation only once a side reported it; the first report stands', async () => {
    const store = await makeVendor(db.ctx)
    const customer = await makeCustomer(db.ctx)
    const sent = await sendMessageToStore(db.ctx, {
      customerId: customer.id,
      vendorId: store.id,
      body: 'Pay me by phone',
    })
    if (!sent.ok) throw new Error('refused')
    const conversationId = sent.conversationId
    expect(await findReportedConversation(db.ctx, { conversationId })).toBeNull()
    expect((await listReportedConversations(db.ctx)).map((c) => c.id)).not.toContain(conversationId)

    expect(
      await reportConversation(db.ctx, {
        party: { side: 'vendor', id: store.id },
        conversationId,
        reason: 'Asks to pay outside Isoko',
      }),
    ).toEqual({ ok: true, alreadyReported: false })
    expect(
      await reportConversation(db.ctx, {
        party: { side: 'customer', id: customer.id },
        conversationId,
        reason: 'Something else',
      }),
    ).toEqual({ ok: true, alreadyReported: true })

    const reported = await listReportedConversations(db.ctx)
    expect(reported[0]).toMatchObject({
      id: conversationId,
      reportedBy: 'vendor',
      reportReason: 'Asks to pay outside Isoko',
      messageCount: 1,
    })
    const thread = await findReportedConversation(db.ctx, { conversationId })
    expect(thread?.messages.map((m) => m.body)).toEqual(['Pay me by phone'])
    expect(thread?.report).toMatchObject({ by: 'vendor', reason: 'Asks to pay outside Isoko' })
    // Staff reading marks nothing read.
    expect(await countVendorUnread(db.ctx, { vendorId: store.id })).toBe(1)
  })
})
