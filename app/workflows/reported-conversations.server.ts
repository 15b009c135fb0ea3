import type { ServiceContext } from '#app/lib/context.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { findCustomerContact } from '#app/modules/customers/customers.server.ts'
import { findReportedConversation, recordReportHandled } from '#app/modules/messaging/messaging.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { changeVendorStatus } from '#app/modules/vendors/vendor-status.server.ts'
import { findVendorContact } from '#app/modules/vendors/vendors.server.ts'
import { voiceOf } from './recipients.server.ts'

// Staff act on a reported conversation (issue 15): warn the side that was reported (by e-mail, or SMS for a
// customer without an address), close the report with a note, or suspend the store when it is the one reported.
// Each is recorded on the conversation once, with the note, who and when.

export type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }
export type ReportHandling = 'warn' | 'close' | 'suspend'
export type ReportRefusal = { ok: false; code: 'forbidden' | 'not_found' | 'invalid' | 'already' | 'not_store' }

export const REPORT_NOTE_MAX = 1000

export async function handleReportedConversation(
  ctx: StaffContext,
  input: { conversationId: number; action: ReportHandling; note: string },
): Promise<{ ok: true } | ReportRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const note = input.note.trim()
  if (note.length === 0 || note.length > REPORT_NOTE_MAX) return { ok: false, code: 'invalid' }
  const thread = await findReportedConversation(ctx, { conversationId: input.conversationId })
  if (!thread?.report) return { ok: false, code: 'not_found' }
  if (thread.report.action) return { ok: false, code: 'already' }
  // The reported side is the one that did not report.
  const reported = thread.report.by === 'customer' ? 'vendor' : 'customer'
  if (input.action === 'suspend' && reported !== 'vendor') return { ok: false, code: 'not_store' }
  const recorded = await recordReportHandled(ctx, {
    conversationId: thread.id,
    action: input.action === 'warn' ? 'warned' : input.action === 'close' ? 'closed' : 'suspended',
    note,
    staffUserId: ctx.actor.userId,
  })
  if (!recorded) return { ok: false, code: 'already' }
  if (input.action === 'suspend') {
    const suspended = await changeVendorStatus(ctx, { vendorId: thread.vendorId, action: 'suspend', reason: note })
    if (!suspended.ok && suspended.code === 'forbidden') return { ok: false, code: 'forbidden' }
  }
  if (input.action === 'warn')
    await warn(ctx, { reported, vendorId: thread.vendorId, customerId: thread.customerId, note })
  return { ok: true }
}

/** The warning, to the reported side, in their language. */
async function warn(
  ctx: ServiceContext,
  input: { reported: 'vendor' | 'customer'; vendorId: number; customerId: number; note: string },
): Promise<void> {
  if (input.reported === 'vendor') {
    const store = await findVendorContact(ctx, input.vendorId)
    if (!store) return
    const { i18n } = await voiceOf(ctx, store.ownerUserId)
    const values = { name: store.name, note: input.note }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: store.email,
      subject: i18n._('messages.report.warning.subject'),
      body: i18n._('messages.report.warning.body', values),
    })
    return
  }
  const customer = await findCustomerContact(ctx, input.customerId)
  if (!customer) return
  const { i18n } = await voiceOf(ctx, customer.userId)
  const values = { name: customer.firstName, note: input.note }
  if (customer.email) {
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: customer.email,
      subject: i18n._('messages.report.warning.subject'),
      body: i18n._('messages.report.warning.body', values),
    })
  } else if (customer.phone) {
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: customer.phone,
      subject: i18n._('messages.report.warning.subject'),
      body: i18n._('messages.report.sms.warning'),
    })
  }
}
