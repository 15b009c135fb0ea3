import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { listStaffMembers, listStaffRecipients } from '#app/modules/accounts/accounts.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { findCustomerContact } from '#app/modules/customers/customers.server.ts'
import { listCustomerOrders, type OrderListItem } from '#app/modules/orders/orders.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import {
  addTicketReply,
  type ContactOutcome,
  createChatTicket,
  findTicket,
  type SupportTicket,
  type TicketStatus,
  updateTicket,
} from '#app/modules/support/support-messages.server.ts'
import { voiceIn, voiceOf } from './recipients.server.ts'

// The support desk (issue 15): help-page messages and chats become tickets that staff answer from the console; a
// staff reply reaches the customer by e-mail (by SMS for a phone-only account) and in their account, where they
// answer back. Only staff act on tickets as staff; a customer only ever reaches their own.

export type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }
type Refusal = { ok: false; code: 'forbidden' | 'not_found' | 'invalid' }

const ticketLink = (ticket: { id: number; customerId: number | null }) =>
  ticket.customerId ? `${getEnv().PUBLIC_URL}/customer-dashboard/support/${ticket.id}` : `${getEnv().PUBLIC_URL}/help`

/** Staff answer a ticket: stored, the ticket waits for the customer, who is told by e-mail (or SMS). */
export async function replyAsStaff(
  ctx: StaffContext,
  input: { ticketId: number; body: string },
): Promise<{ ok: true } | Refusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const outcome = await addTicketReply(ctx, {
    ticketId: input.ticketId,
    side: 'staff',
    authorUserId: ctx.actor.userId,
    body: input.body,
  })
  if (!outcome.ok) return outcome
  if (outcome.duplicate) return { ok: true }
  const ticket = outcome.ticket
  const customer = ticket.customerId ? await findCustomerContact(ctx, ticket.customerId) : null
  const { i18n } = await voiceOf(ctx, customer?.userId)
  const values = { name: ticket.name, subject: ticket.subject, reply: input.body.trim(), link: ticketLink(ticket) }
  const email = ticket.email || customer?.email
  if (email) {
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: email,
      subject: i18n._('support.email.reply.subject', values),
      body: i18n._('support.email.reply.body', values),
    })
  } else if (customer?.phone) {
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: customer.phone,
      subject: i18n._('support.email.reply.subject', values),
      body: i18n._('support.sms.reply', values),
    })
  }
  return { ok: true }
}

/** Staff set a ticket's state or who looks after it (a staff member, or nobody). */
export async function updateTicketAsStaff(
  ctx: StaffContext,
  input: { ticketId: number; status?: TicketStatus; assignedTo?: string | null },
): Promise<{ ok: true } | Refusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  if (input.assignedTo) {
    const staff = await listStaffMembers(ctx)
    if (!staff.some((s) => s.id === input.assignedTo)) return { ok: false, code: 'invalid' }
  }
  return (await updateTicket(ctx, input)) ? { ok: true } : { ok: false, code: 'not_found' }
}

/** A ticket as staff work on it: the conversation, the staff who can take it, and the customer's last orders. */
export async function getTicketForStaff(
  ctx: StaffContext,
  ticketId: number,
): Promise<{ ticket: SupportTicket; staff: { id: string; name: string }[]; orders: OrderListItem[] } | null> {
  if (ctx.actor.role !== 'admin') return null
  const ticket = await findTicket(ctx, ticketId)
  if (!ticket) return null
  const orders = ticket.customerId ? (await listCustomerOrders(ctx, ticket.customerId, { limit: 5 })).items : []
  return { ticket, staff: await listStaffMembers(ctx), orders }
}

/** The customer's own ticket, or null (someone else's is not found). */
export async function getOwnTicket(
  ctx: ServiceContext,
  input: { customerId: number; ticketId: number },
): Promise<SupportTicket | null> {
  const ticket = await findTicket(ctx, input.ticketId)
  return ticket && ticket.customerId === input.customerId ? ticket : null
}

/** The customer answers in their ticket: it is open again for staff. */
export async function replyAsCustomer(
  ctx: ServiceContext,
  input: { customerId: number; userId: string; ticketId: number; body: string },
): Promise<{ ok: true } | Refusal> {
  const outcome = await addTicketReply(ctx, {
    ticketId: input.ticketId,
    side: 'customer',
    authorUserId: input.userId,
    customerId: input.customerId,
    body: input.body,
  })
  return outcome.ok ? { ok: true } : outcome
}

/**
 * A signed-in customer starts a chat with staff: a ticket of theirs; every staff member is told by e-mail (in
 * their language), so someone picks it up.
 */
export async function startSupportChat(
  ctx: ServiceContext,
  input: { customerId: number; values: Record<string, unknown> },
): Promise<ContactOutcome> {
  const customer = await findCustomerContact(ctx, input.customerId)
  if (!customer) return { ok: false, errors: {} }
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.phone || ''
  const outcome = await createChatTicket(ctx, {
    customerId: customer.id,
    name,
    email: customer.email,
    values: input.values,
  })
  if (!outcome.ok) return outcome
  for (const staff of await listStaffRecipients(ctx)) {
    const { i18n } = voiceIn(staff.locale)
    const values = { id: outcome.id, name, link: `${getEnv().PUBLIC_URL}/admin/support/${outcome.id}` }
    await enqueueMessage(ctx, {
      channel: 'email',
      recipient: staff.email,
      subject: i18n._('support.email.staffNew.subject', values),
      body: i18n._('support.email.staffNew.body', values),
    })
  }
  return outcome
}
