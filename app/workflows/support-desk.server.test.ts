import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { customers } from '#app/modules/customers/tables.server.ts'
import {
  countLateTickets,
  createSupportMessage,
  findTicket,
  listCustomerTickets,
  listSupportMessages,
} from '#app/modules/support/support-messages.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeCustomer, messagesTo, type TestCustomer } from '#tests/shop.ts'
import {
  getOwnTicket,
  getTicketForStaff,
  replyAsCustomer,
  replyAsStaff,
  type StaffContext,
  startSupportChat,
  updateTicketAsStaff,
} from './support-desk.server.ts'

// The support desk (issue 15): a chat a customer starts, staff's answer by e-mail, the customer's answer back,
// states, assignment, search and the 24-hour count; only staff act as staff, a customer only on their own ticket.

let t: TestDatabase
let staff: StaffContext
let notStaff: StaffContext
let customer: TestCustomer
let other: TestCustomer

beforeAll(async () => {
  t = await createTestDatabase()
  await t.ctx.db.insert(users).values([
    { id: 'desk-staff', name: 'Diane Staff', email: 'desk-staff@example.rw', role: 'admin' },
    { id: 'desk-customer', name: 'Aline', email: 'desk-customer@example.rw', role: 'customer' },
  ])
  staff = { ...t.ctx, actor: { userId: 'desk-staff', role: 'admin' } }
  notStaff = { ...t.ctx, actor: { userId: 'desk-customer', role: 'customer' } }
  customer = await makeCustomer(t.ctx)
  other = await makeCustomer(t.ctx)
  await t.ctx.db.update(customers).set({ userId: 'desk-customer' }).where(eq(customers.id, customer.id))
})
afterAll(async () => {
  await t?.close()
})

describe('a chat', () => {
  test('started by a customer, answered by staff by e-mail, answered back: the states follow', async () => {
    const started = await startSupportChat(t.ctx, {
      customerId: customer.id,
      values: { subject: 'Where is my parcel?', message: 'Ordered on Monday, nothing yet.' },
    })
    expect(started.ok).toBe(true)
    const id = started.ok ? started.id : 0
    // Every staff member hears of it.
    expect((await messagesTo(t.ctx, 'desk-staff@example.rw')).at(-1)?.body).toContain(`/admin/support/${id}`)
    expect((await listCustomerTickets(t.ctx, customer.id)).map((x) => x.id)).toContain(id)
    expect((await findTicket(t.ctx, id))?.status).toBe('new')

    expect(await replyAsStaff(notStaff, { ticketId: id, body: 'Hi' })).toEqual({ ok: false, code: 'forbidden' })
    expect(await replyAsStaff(staff, { ticketId: id, body: '   ' })).toEqual({ ok: false, code: 'invalid' })
    expect(await replyAsStaff(staff, { ticketId: 999_999, body: 'Hi' })).toEqual({ ok: false, code: 'not_found' })
    expect(await replyAsStaff(staff, { ticketId: id, body: 'It leaves Kigali today.' })).toEqual({ ok: true })
    // A double submit is one answer, one e-mail.
    expect(await replyAsStaff(staff, { ticketId: id, body: 'It leaves Kigali today.' })).toEqual({ ok: true })
    const mail = (await messagesTo(t.ctx, customer.email)).filter((m) => m.body.includes('It leaves Kigali today.'))
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toBe('Re: Where is my parcel?')
    let ticket = await findTicket(t.ctx, id)
    expect(ticket?.status).toBe('waiting')
    expect(ticket?.firstReplyAt).not.toBeNull()
    expect(ticket?.replies.map((r) => r.side)).toEqual(['staff'])

    // Someone else cannot read or answer it.
    expect(await getOwnTicket(t.ctx, { customerId: other.id, ticketId: id })).toBeNull()
    const intruder = { customerId: other.id, userId: 'x', ticketId: id, body: 'Me too' }
    expect(await replyAsCustomer(t.ctx, intruder)).toEqual({ ok: false, code: 'not_found' })
    const answer = { customerId: customer.id, userId: 'desk-customer', ticketId: id, body: 'Thank you!' }
    expect(await replyAsCustomer(t.ctx, answer)).toEqual({ ok: true })
    ticket = await findTicket(t.ctx, id)
    expect(ticket?.status).toBe('open')
    expect(ticket?.replies.map((r) => r.side)).toEqual(['staff', 'customer'])

    expect(await updateTicketAsStaff(staff, { ticketId: id, status: 'solved' })).toEqual({ ok: true })
    expect(await updateTicketAsStaff(notStaff, { ticketId: id, status: 'open' })).toEqual({
      ok: false,
      code: 'forbidden',
    })
    expect((await findTicket(t.ctx, id))?.status).toBe('solved')
  })

  test('a chat needs a subject and a message of some length; what was refused is said by field', async () => {
    const refused = await startSupportChat(t.ctx, { customerId: customer.id, values: { subject: '', message: 'Hi' } })
    expect(refused).toEqual({
      ok: false,
      errors: { subject: 'help.form.error.subject', message: 'help.form.error.message' },
    })
  })
})

describe('the desk', () => {
  test('assigns to staff only, shows the customer’s orders, searches, and counts tickets past 24 hours', async () => {
    const made = await createSupportMessage(
      t.ctx,
      { name: 'Jean', email: 'jean@example.rw', subject: 'Kitenge sizes', message: 'Do you have XXL kitenge?' },
      { customerId: customer.id },
    )
    const id = made.ok ? made.id : 0
    expect(await updateTicketAsStaff(staff, { ticketId: id, assignedTo: 'desk-customer' })).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await updateTicketAsStaff(staff, { ticketId: id, assignedTo: 'desk-staff' })).toEqual({ ok: true })
    const seen = await getTicketForStaff(staff, id)
    expect(seen?.ticket.assignedTo).toBe('desk-staff')
    expect(seen?.staff.map((s) => s.id)).toEqual(['desk-staff'])
    expect(seen?.orders).toEqual([])
    expect(await getTicketForStaff(notStaff, id)).toBeNull()

    expect((await listSupportMessages(t.ctx, { q: 'xxl' })).items.map((m) => m.id)).toEqual([id])
    expect((await listSupportMessages(t.ctx, { q: 'nothing like it' })).total).toBe(0)
    expect((await listSupportMessages(t.ctx, { status: 'new' })).items.every((m) => m.status === 'new')).toBe(true)

    const tomorrow = new Date(Date.now() + 25 * 3_600_000)
    const before = await countLateTickets(t.ctx)
    const later = await countLateTickets(t.ctx, tomorrow)
    expect(later).toBeGreaterThan(before)
    expect((await listSupportMessages(t.ctx, { now: tomorrow })).counts.late).toBe(later)
    // Answered, it no longer counts.
    await replyAsStaff(staff, { ticketId: id, body: 'Yes, in three colours.' })
    expect(await countLateTickets(t.ctx, tomorrow)).toBe(later - 1)
  })
})
