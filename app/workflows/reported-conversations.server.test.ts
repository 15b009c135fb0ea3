import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import {
  findReportedConversation,
  reportConversation,
  sendMessageToStore,
} from '#app/modules/messaging/messaging.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeCustomer, makeVendor, messagesTo } from '#tests/shop.ts'
import { handleReportedConversation, type StaffContext } from './reported-conversations.server.ts'

// Staff act on a reported conversation (issue 15): warn the reported side, close the report with a note, or suspend
// the store when the store was reported. Once per report; only staff; the note is required.

let t: TestDatabase
let staff: StaffContext

beforeAll(async () => {
  t = await createTestDatabase()
  await t.ctx.db.insert(users).values({ id: 'mod-staff', name: 'Staff', email: 'mod-staff@example.rw', role: 'admin' })
  staff = { ...t.ctx, actor: { userId: 'mod-staff', role: 'admin' } }
})
afterAll(async () => {
  await t?.close()
})

/** A conversation the customer reported (the store is the reported side), or the store reported. */
async function reported(by: 'customer' | 'vendor') {
  const store = await makeVendor(t.ctx)
  const customer = await makeCustomer(t.ctx)
  const sent = await sendMessageToStore(t.ctx, {
    customerId: customer.id,
    vendorId: store.id,
    body: 'Is it real silk?',
  })
  if (!sent.ok) throw new Error(sent.code)
  const party =
    by === 'customer' ? { side: 'customer' as const, id: customer.id } : { side: 'vendor' as const, id: store.id }
  await reportConversation(t.ctx, { party, conversationId: sent.conversationId, reason: 'Rude and insulting' })
  return { store, customer, conversationId: sent.conversationId }
}

describe('a reported conversation', () => {
  test('staff warn the reported store by e-mail, once; the note is required; only staff act', async () => {
    const c = await reported('customer')
    const input = { conversationId: c.conversationId, action: 'warn' as const, note: 'No insults to customers.' }
    const notStaff = { ...t.ctx, actor: { userId: 'x', role: 'vendor' as const } }
    expect(await handleReportedConversation(notStaff, input)).toEqual({ ok: false, code: 'forbidden' })
    expect(await handleReportedConversation(staff, { ...input, note: ' ' })).toEqual({ ok: false, code: 'invalid' })
    expect(await handleReportedConversation(staff, { ...input, conversationId: 999_999 })).toEqual({
      ok: false,
      code: 'not_found',
    })
    expect(await handleReportedConversation(staff, input)).toEqual({ ok: true })
    expect((await messagesTo(t.ctx, c.store.email)).at(-1)?.body).toContain('No insults to customers.')
    expect(await handleReportedConversation(staff, { ...input, action: 'close' })).toEqual({
      ok: false,
      code: 'already',
    })
    const thread = await findReportedConversation(t.ctx, { conversationId: c.conversationId })
    expect(thread?.report).toMatchObject({ action: 'warned', note: 'No insults to customers.' })
  })

  test('staff suspend a reported store from the report; a reported customer cannot be "suspended" as a store', async () => {
    const c = await reported('customer')
    expect(
      await handleReportedConversation(staff, { conversationId: c.conversationId, action: 'suspend', note: 'Scam' }),
    ).toEqual({ ok: true })
    expect((await findVendorContact(t.ctx, c.store.id))?.status).toBe('suspended')

    const d = await reported('vendor')
    expect(
      await handleReportedConversation(staff, { conversationId: d.conversationId, action: 'suspend', note: 'x' }),
    ).toEqual({ ok: false, code: 'not_store' })
    // The reported customer is warned by e-mail instead; or the report is closed with a note.
    expect(
      await handleReportedConversation(staff, {
        conversationId: d.conversationId,
        action: 'close',
        note: 'Nothing wrong',
      }),
    ).toEqual({ ok: true })
    const thread = await findReportedConversation(t.ctx, { conversationId: d.conversationId })
    expect(thread?.report).toMatchObject({ action: 'closed', note: 'Nothing wrong' })
  })
})
