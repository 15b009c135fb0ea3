import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { escapeLike } from '#app/lib/like.ts'
import { type ReplySide, supportMessages, supportReplies, type TicketStatus } from './tables.server.ts'

export type { TicketStatus }

/** The help page's contact form; the messages are message ids of the catalogue. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, 'help.form.error.name').max(100, 'help.form.error.name'),
  email: z.string().trim().toLowerCase().pipe(z.email('help.form.error.email').max(254, 'help.form.error.email')),
  subject: z.string().trim().min(1, 'help.form.error.subject').max(150, 'help.form.error.subject'),
  message: z.string().trim().min(10, 'help.form.error.message').max(5000, 'help.form.error.messageLong'),
})

export type ContactField = keyof z.infer<typeof ContactMessageSchema>
export type ContactOutcome = { ok: true; id: number } | { ok: false; errors: Partial<Record<ContactField, string>> }

/** Stores a support message for staff; refused fields come back with the id of their message. */
export async function createSupportMessage(
  ctx: ServiceContext,
  input: Record<string, unknown>,
  options: { customerId?: number | null; channel?: 'form' | 'chat' } = {},
): Promise<ContactOutcome> {
  const parsed = checkValues(ContactMessageSchema, input)
  if (!parsed.ok) return { ok: false, errors: parsed.errors as Partial<Record<ContactField, string>> }
  const [row] = await ctx.db
    .insert(supportMessages)
    .values({ ...parsed.data, customerId: options.customerId ?? null, channel: options.channel ?? 'form' })
    .returning({ id: supportMessages.id })
  return { ok: true, id: row?.id ?? 0 }
}

export type SupportMessage = typeof supportMessages.$inferSelect

export type SupportMessagesPage = {
  items: SupportMessage[]
  total: number
  /** Messages nobody has answered yet. */
  newCount: number
  /** Tickets by state, and those waiting for staff past the 24-hour promise. */
  counts: Record<TicketStatus, number> & { late: number }
  page: number
  pageCount: number
}

export const SUPPORT_MESSAGES_PER_PAGE = 25

/** Tickets waiting for staff (new, or open after the customer wrote) whose customer has waited past this long. */
export const REPLY_PROMISE_MS = 24 * 60 * 60 * 1000

const waitingForStaff = inArray(supportMessages.status, ['new', 'open'])

/**
 * The support desk's tickets for staff: by state (every one when none is given, or `all`), a search over
 * the name, address, subject and first message, newest first; with the counts of each state and of the late ones.
 */
export async function listSupportMessages(
  ctx: ServiceContext,
  input: { page?: number; perPage?: number; status?: TicketStatus | 'all'; q?: string; now?: Date } = {},
): Promise<SupportMessagesPage> {
  const perPage = Math.min(Math.max(Math.trunc(input.perPage ?? SUPPORT_MESSAGES_PER_PAGE) || 1, 1), 100)
  const now = input.now ?? new Date()
  const q = input.q?.trim()
  const search: SQL | undefined = q
    ? or(
        ...[supportMessages.name, supportMessages.email, supportMessages.subject, supportMessages.message].map((c) =>
          ilike(c, `%${escapeLike(q)}%`),
        ),
      )
    : undefined
  const state = input.status && input.status !== 'all' ? eq(supportMessages.status, input.status) : undefined
  const where = and(search, state)
  const [totals] = await ctx.db
    .select({
      n: count(),
      fresh: sql<string | number>`count(*) filter (where ${supportMessages.status} = 'new')`,
      open: sql<string | number>`count(*) filter (where ${supportMessages.status} = 'open')`,
      waiting: sql<string | number>`count(*) filter (where ${supportMessages.status} = 'waiting')`,
      solved: sql<string | number>`count(*) filter (where ${supportMessages.status} = 'solved')`,
      late: sql<
        string | number
      >`count(*) filter (where ${supportMessages.status} in ('new', 'open') and ${supportMessages.lastCustomerAt} < ${new Date(now.getTime() - REPLY_PROMISE_MS)})`,
    })
    .from(supportMessages)
  const [matching] = await ctx.db.select({ n: count() }).from(supportMessages).where(where)
  const total = Number(matching?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), pageCount)
  const items = await ctx.db
    .select()
    .from(supportMessages)
    .where(where)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return {
    items,
    total,
    newCount: Number(totals?.fresh ?? 0),
    counts: {
      new: Number(totals?.fresh ?? 0),
      open: Number(totals?.open ?? 0),
      waiting: Number(totals?.waiting ?? 0),
      solved: Number(totals?.solved ?? 0),
      late: Number(totals?.late ?? 0),
    },
    page,
    pageCount,
  }
}

export type SupportReply = typeof supportReplies.$inferSelect
export type SupportTicket = SupportMessage & { replies: SupportReply[]; late: boolean }

/** One ticket with its conversation (oldest first); null when there is none. */
export async function findTicket(
  ctx: ServiceContext,
  id: number,
  now: Date = new Date(),
): Promise<SupportTicket | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [row] = await ctx.db.select().from(supportMessages).where(eq(supportMessages.id, id))
  if (!row) return null
  const replies = await ctx.db
    .select()
    .from(supportReplies)
    .where(eq(supportReplies.ticketId, id))
    .orderBy(asc(supportReplies.id))
  const late =
    (row.status === 'new' || row.status === 'open') && row.lastCustomerAt.getTime() < now.getTime() - REPLY_PROMISE_MS
  return { ...row, replies, late }
}

/** A customer's own tickets (their chats and signed-in messages), newest first. */
export async function listCustomerTickets(ctx: ServiceContext, customerId: number): Promise<SupportMessage[]> {
  return ctx.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.customerId, customerId))
    .orderBy(desc(supportMessages.updatedAt), desc(supportMessages.id))
    .limit(50)
}

export const REPLY_MAX = 5000

/**
 * Adds a reply to a ticket. Staff's moves it to waiting for the customer (and stamps the first answer); the
 * customer's opens it again, restarting the 24-hour clock. The same text by the same side twice in a row (a double
 * submit) is kept once. A customer may reply only to their own ticket (`not_found` otherwise).
 */
export async function addTicketReply(
  ctx: ServiceContext,
  input: { ticketId: number; side: ReplySide; authorUserId: string; customerId?: number; body: string; now?: Date },
): Promise<{ ok: true; ticket: SupportMessage; duplicate: boolean } | { ok: false; code: 'not_found' | 'invalid' }> {
  const body = input.body.trim()
  if (body.length === 0 || body.length > REPLY_MAX) return { ok: false, code: 'invalid' }
  const now = input.now ?? new Date()
  return ctx.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(supportMessages).where(eq(supportMessages.id, input.ticketId)).for('update')
    if (!ticket) return { ok: false as const, code: 'not_found' as const }
    if (input.side === 'customer' && (input.customerId === undefined || ticket.customerId !== input.customerId)) {
      return { ok: false as const, code: 'not_found' as const }
    }
    const [last] = await tx
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticket.id))
      .orderBy(desc(supportReplies.id))
      .limit(1)
    if (last && last.side === input.side && last.body === body) return { ok: true as const, ticket, duplicate: true }
    await tx
      .insert(supportReplies)
      .values({ ticketId: ticket.id, side: input.side, authorUserId: input.authorUserId, body })
    const [updated] = await tx
      .update(supportMessages)
      .set(
        input.side === 'staff'
          ? { status: 'waiting', firstReplyAt: ticket.firstReplyAt ?? now, updatedAt: now }
          : { status: 'open', lastCustomerAt: now, updatedAt: now },
      )
      .where(eq(supportMessages.id, ticket.id))
      .returning()
    return { ok: true as const, ticket: updated ?? ticket, duplicate: false }
  })
}

/** Staff set a ticket's state (solved, back to open) or who looks after it (null: nobody). */
export async function updateTicket(
  ctx: ServiceContext,
  input: { ticketId: number; status?: TicketStatus; assignedTo?: string | null; now?: Date },
): Promise<boolean> {
  const rows = await ctx.db
    .update(supportMessages)
    .set({
      ...(input.status ? { status: input.status } : {}),
      ...(input.assignedTo !== undefined ? { assignedTo: input.assignedTo } : {}),
      updatedAt: input.now ?? new Date(),
    })
    .where(eq(supportMessages.id, input.ticketId))
    .returning({ id: supportMessages.id })
  return rows.length > 0
}

/** Tickets waiting for staff, new or open (the console's navigation count). */
export async function countOpenTickets(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(supportMessages).where(waitingForStaff)
  return Number(row?.n ?? 0)
}

/** Tickets waiting for staff longer than the promise (the desk's red count). */
export async function countLateTickets(ctx: ServiceContext, now: Date = new Date()): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(waitingForStaff, lt(supportMessages.lastCustomerAt, new Date(now.getTime() - REPLY_PROMISE_MS))))
  return Number(row?.n ?? 0)
}

export const ChatStartSchema = z.object({
  subject: z.string().trim().min(1, 'help.form.error.subject').max(150, 'help.form.error.subject'),
  message: z.string().trim().min(10, 'help.form.error.message').max(5000, 'help.form.error.messageLong'),
})

/**
 * A signed-in customer starts a conversation with staff (the help page's Start Chat): a ticket on the chat
 * channel, theirs, answered in their account (and by e-mail or SMS). Their name and address come from the account
 * (a phone-only account has no address: '' and staff's answers go by SMS).
 */
export async function createChatTicket(
  ctx: ServiceContext,
  input: { customerId: number; name: string; email: string | null; values: Record<string, unknown> },
): Promise<ContactOutcome> {
  const parsed = checkValues(ChatStartSchema, input.values)
  if (!parsed.ok) return { ok: false, errors: parsed.errors as Partial<Record<ContactField, string>> }
  const [row] = await ctx.db
    .insert(supportMessages)
    .values({
      ...parsed.data,
      name: input.name.slice(0, 100),
      email: input.email ?? '',
      customerId: input.customerId,
      channel: 'chat',
    })
    .returning({ id: supportMessages.id })
  return { ok: true, id: row?.id ?? 0 }
}
