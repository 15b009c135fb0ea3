import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { defaultLocale } from '#app/lib/i18n.tsx'
import { findAccountLocale } from '#app/modules/accounts/accounts.server.ts'
import { findCustomerContact, listCustomerContacts } from '#app/modules/customers/customers.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { findVendorContact, listVendorLabels } from '#app/modules/vendors/vendors.server.ts'
import { type ConversationSide, conversationMessages, conversations, type ReportAction } from './tables.server.ts'

export type { ReportAction }

// Contact Vendor: one conversation per store and customer. Every function that reads or writes a conversation
// takes the side asking (`Party`: the customer's profile id or the store's id, both from the session, never from
// a form) and treats another party's conversation exactly like a missing one: not found, nothing written.
// Store and customer names come from the vendors and customers modules, by the ids the conversation keeps.

/** Who asks: a customer (their profile id) or a store (its id). */
export type Party = { side: ConversationSide; id: number }

const other = (side: ConversationSide): ConversationSide => (side === 'customer' ? 'vendor' : 'customer')
const ownerColumn = (side: ConversationSide) =>
  side === 'customer' ? conversations.customerId : conversations.vendorId
const readColumn = (side: ConversationSide) =>
  side === 'customer' ? conversations.customerReadId : conversations.vendorReadId

export type SendResult =
  | { ok: true; conversationId: number; messageId: number; emailed: boolean }
  | { ok: false; code: 'not_found' | 'store-unavailable' }

type ConversationRow = typeof conversations.$inferSelect

/**
 * A column of the outer conversations row, qualified by its table: drizzle writes a single-table query's columns
 * without it, and inside a subquery an unqualified `id` would mean the message's.
 */
const outer = (column: AnyPgColumn) => sql`${conversations}.${sql.identifier(column.name)}`

/** The party's own conversation with this id, or null (also when it is another party's). */
async function ownConversation(ctx: ServiceContext, party: Party, conversationId: number) {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(ownerColumn(party.side), party.id)))
  return row ?? null
}

/** How many of the other side's messages `side` has not read in one conversation. */
async function unreadIn(ctx: ServiceContext, conversation: ConversationRow, side: ConversationSide) {
  const readId = side === 'customer' ? conversation.customerReadId : conversation.vendorReadId
  const [row] = await ctx.db
    .select({ n: count() })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversation.id),
        eq(conversationMessages.sender, other(side)),
        gt(conversationMessages.id, readId),
      ),
    )
  return Number(row?.n ?? 0)
}

/**
 * Adds a message from `sender` to a conversation, and tells the other side by e-mail (by SMS to a customer without
 * one) through the outbox in the same transaction, in their language, but only when they had nothing unread
 * before it: one message per stretch of unread messages.
 */
async function appendMessage(
  ctx: ServiceContext,
  conversation: ConversationRow,
  sender: ConversationSide,
  body: string,
  senderUserId: string | null,
): Promise<{ messageId: number; emailed: boolean }> {
  const recipient = other(sender)
  const hadUnread = (await unreadIn(ctx, conversation, recipient)) > 0
  const [message] = await ctx.db
    .insert(conversationMessages)
    .values({ conversationId: conversation.id, sender, senderUserId, body })
    .returning({ id: conversationMessages.id, createdAt: conversationMessages.createdAt })
  await ctx.db
    .update(conversations)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(conversations.id, conversation.id))
  if (hadUnread) return { messageId: message.id, emailed: false }
  const [store, customer] = await Promise.all([
    findVendorContact(ctx, conversation.vendorId),
    findCustomerContact(ctx, conversation.customerId),
  ])
  if (!store || !customer) return { messageId: message.id, emailed: false }
  // In the reader's language: the store owner's, or the customer's.
  const readerId = recipient === 'vendor' ? store.ownerUserId : customer.userId
  const i18n = createI18n(readerId ? await findAccountLocale(ctx, readerId) : defaultLocale)
  const base = getEnv().PUBLIC_URL
  const values = {
    store: store.name,
    customer: `${customer.firstName} ${customer.lastName}`.trim(),
    name: customer.firstName,
    message: body.length > 500 ? `${body.slice(0, 500)}…` : body,
    link:
      recipient === 'vendor'
        ? `${base}/vendor-dashboard/messages/${conversation.id}`
        : `${base}/customer-dashboard/messages/${conversation.id}`,
  }
  const address = recipient === 'vendor' ? store.email : customer.email
  if (!address) {
    // A customer who signed up with a phone number alone hears of the answer by SMS.
    if (!customer.phone) return { messageId: message.id, emailed: false }
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: customer.phone,
      subject: i18n._('messages.email.customer.subject', values),
      body: i18n._('messages.sms.customer', values),
    })
    return { messageId: message.id, emailed: true }
  }
  await enqueueMessage(ctx, {
    channel: 'email',
    recipient: address,
    subject: i18n._(`messages.email.${recipient}.subject`, values),
    body: i18n._(`messages.email.${recipient}.body`, values),
  })
  return { messageId: message.id, emailed: true }
}

/**
 * A customer writes to a store: the conversation is made on the first message (one per store and customer, even
 * when two first messages race: the unique index decides), and only an approved store can be written to.
 */
export async function sendMessageToStore(
  ctx: ServiceContext,
  input: { customerId: number; vendorId: number; body: string; senderUserId?: string | null },
): Promise<SendResult> {
  const store = await findVendorContact(ctx, input.vendorId)
  if (store?.status !== 'approved') return { ok: false, code: 'store-unavailable' }
  return ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { db: tx }
    await tx
      .insert(conversations)
      .values({ vendorId: input.vendorId, customerId: input.customerId })
      .onConflictDoNothing({ target: [conversations.vendorId, conversations.customerId] })
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.vendorId, input.vendorId), eq(conversations.customerId, input.customerId)))
      .for('update')
    const sent = await appendMessage(txCtx, conversation, 'customer', input.body, input.senderUserId ?? null)
    return { ok: true as const, conversationId: conversation.id, ...sent }
  })
}

/**
 * A reply in an existing conversation, by either side. Another party's conversation is not found; a customer
 * cannot write to a store that is no longer approved (the store can still answer).
 */
export async function replyToConversation(
  ctx: ServiceContext,
  input: { party: Party; conversationId: number; body: string; senderUserId?: string | null },
): Promise<SendResult> {
  return ctx.db.transaction(async (tx) => {
    const txCtx: ServiceContext = { db: tx }
    const [conversation] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, input.conversationId), eq(ownerColumn(input.party.side), input.party.id)))
      .for('update')
    if (!conversation) return { ok: false as const, code: 'not_found' as const }
    if (input.party.side === 'customer') {
      const store = await findVendorContact(txCtx, conversation.vendorId)
      if (store?.status !== 'approved') return { ok: false as const, code: 'store-unavailable' as const }
    }
    const sent = await appendMessage(txCtx, conversation, input.party.side, input.body, input.senderUserId ?? null)
    return { ok: true as const, conversationId: conversation.id, ...sent }
  })
}

/** The customer's conversation with a store, if there is one (Contact Vendor goes straight to it). */
export async function findConversationWithStore(
  ctx: ServiceContext,
  input: { customerId: number; vendorId: number },
): Promise<{ id: number } | null> {
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, input.customerId), eq(conversations.vendorId, input.vendorId)))
  return row ?? null
}

/** A store that can be written to (approved), by id: its name for the first-message page, or null. */
export async function findContactableStore(
  ctx: ServiceContext,
  vendorId: number,
): Promise<{ id: number; name: string } | null> {
  const store = await findVendorContact(ctx, vendorId)
  return store && store.status === 'approved' ? { id: store.id, name: store.name } : null
}

export type ConversationListItem = {
  id: number
  /** The store's name (customer's list) or the customer's (store's list). */
  otherName: string
  vendorId: number
  lastMessage: string
  lastSender: ConversationSide | null
  lastMessageAt: string
  unread: number
  reported: boolean
}

/** A party's conversations, newest activity first, each with the last message and what this side has not read. */
export async function listConversations(ctx: ServiceContext, party: Party): Promise<ConversationListItem[]> {
  const readId = readColumn(party.side)
  const rows = await ctx.db
    .select({
      id: conversations.id,
      vendorId: conversations.vendorId,
      customerId: conversations.customerId,
      lastMessageAt: conversations.lastMessageAt,
      reportedAt: conversations.reportedAt,
      lastMessage: sql<
        string | null
      >`(select m.body from ${conversationMessages} m where m.conversation_id = ${outer(conversations.id)} order by m.id desc limit 1)`,
      lastSender: sql<ConversationSide | null>`(select m.sender from ${conversationMessages} m where m.conversation_id = ${outer(conversations.id)} order by m.id desc limit 1)`,
      unread: sql<number>`(select count(*)::int from ${conversationMessages} m where m.conversation_id = ${outer(conversations.id)} and m.sender = ${other(party.side)} and m.id > ${outer(readId)})`,
    })
    .from(conversations)
    .where(eq(ownerColumn(party.side), party.id))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
  const names = await namesOf(ctx, rows)
  return rows
    .flatMap((r) => {
      const name = names(r)
      return name ? [{ r, name }] : []
    })
    .map(({ r, name }) => ({
      id: r.id,
      vendorId: r.vendorId,
      otherName: party.side === 'customer' ? name.storeName : name.customerName,
      lastMessage: snippet(r.lastMessage ?? ''),
      lastSender: r.lastSender,
      lastMessageAt: new Date(r.lastMessageAt).toISOString(),
      unread: Number(r.unread),
      reported: r.reportedAt != null,
    }))
}

/** The store's and the customer's names of each conversation (null when either is gone, as an inner join would). */
async function namesOf(ctx: ServiceContext, rows: { vendorId: number; customerId: number }[]) {
  const [stores, people] = await Promise.all([
    listVendorLabels(
      ctx,
      rows.map((r) => r.vendorId),
    ),
    listCustomerContacts(
      ctx,
      rows.map((r) => r.customerId),
    ),
  ])
  return (row: { vendorId: number; customerId: number }) => {
    const store = stores.get(row.vendorId)
    const person = people.get(row.customerId)
    if (!store || !person) return null
    return { storeName: store.name, customerName: `${person.firstName} ${person.lastName}`.trim() }
  }
}

function snippet(body: string, max = 120): string {
  const flat = body.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

export type ThreadMessage = { id: number; sender: ConversationSide; body: string; createdAt: string }

export type ConversationThread = {
  id: number
  vendorId: number
  customerId: number
  storeName: string
  customerName: string
  messages: ThreadMessage[]
  report: {
    at: string
    by: ConversationSide
    reason: string
    /** Staff's handling, once done. */
    action: ReportAction | null
    note: string | null
    handledAt: string | null
  } | null
}

async function threadOf(ctx: ServiceContext, conversation: ConversationRow): Promise<ConversationThread> {
  const [store, customer, messages] = await Promise.all([
    findVendorContact(ctx, conversation.vendorId),
    findCustomerContact(ctx, conversation.customerId),
    ctx.db
      .select({
        id: conversationMessages.id,
        sender: conversationMessages.sender,
        body: conversationMessages.body,
        createdAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id))
      .orderBy(conversationMessages.id),
  ])
  return {
    id: conversation.id,
    vendorId: conversation.vendorId,
    customerId: conversation.customerId,
    storeName: store?.name ?? '',
    customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
    messages: messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
    report:
      conversation.reportedAt && conversation.reportedBy
        ? {
            at: new Date(conversation.reportedAt).toISOString(),
            by: conversation.reportedBy,
            reason: conversation.reportReason ?? '',
            action: conversation.reportAction ?? null,
            note: conversation.reportNote ?? null,
            handledAt: conversation.reportHandledAt ? new Date(conversation.reportHandledAt).toISOString() : null,
          }
        : null,
  }
}

/**
 * Opens one of the party's conversations (oldest message first, so the newest is at the bottom) and marks it read
 * up to its newest message. Null when it is not theirs: nothing is marked.
 */
export async function openConversation(
  ctx: ServiceContext,
  input: { party: Party; conversationId: number },
): Promise<ConversationThread | null> {
  const conversation = await ownConversation(ctx, input.party, input.conversationId)
  if (!conversation) return null
  const thread = await threadOf(ctx, conversation)
  const newest = thread.messages.at(-1)?.id ?? 0
  const column = readColumn(input.party.side)
  await ctx.db
    .update(conversations)
    .set(
      input.party.side === 'customer'
        ? { customerReadId: sql`greatest(${column}, ${newest})` }
        : { vendorReadId: sql`greatest(${column}, ${newest})` },
    )
    .where(eq(conversations.id, conversation.id))
  return thread
}

async function countUnread(ctx: ServiceContext, party: Party): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(ownerColumn(party.side), party.id),
        eq(conversationMessages.sender, other(party.side)),
        gt(conversationMessages.id, readColumn(party.side)),
      ),
    )
  return Number(row?.n ?? 0)
}

/** The store's unread messages over all its conversations (the vendor dashboard's badge). */
export function countVendorUnread(ctx: ServiceContext, input: { vendorId: number }): Promise<number> {
  return countUnread(ctx, { side: 'vendor', id: input.vendorId })
}

/** The customer's unread messages over all their conversations (the account navigation's badge). */
export function countCustomerUnread(ctx: ServiceContext, input: { customerId: number }): Promise<number> {
  return countUnread(ctx, { side: 'customer', id: input.customerId })
}

export type ReportResult = { ok: true; alreadyReported: boolean } | { ok: false; code: 'not_found' }

/**
 * Either side reports its conversation to staff, with a reason. The first report stands (a second one, by either
 * side, changes nothing), so the other side cannot overwrite what was said.
 */
export async function reportConversation(
  ctx: ServiceContext,
  input: { party: Party; conversationId: number; reason: string },
): Promise<ReportResult> {
  const conversation = await ownConversation(ctx, input.party, input.conversationId)
  if (!conversation) return { ok: false, code: 'not_found' }
  if (conversation.reportedAt) return { ok: true, alreadyReported: true }
  const rows = await ctx.db
    .update(conversations)
    .set({ reportedAt: new Date(), reportedBy: input.party.side, reportReason: input.reason })
    .where(and(eq(conversations.id, conversation.id), sql`${conversations.reportedAt} is null`))
    .returning({ id: conversations.id })
  return { ok: true, alreadyReported: rows.length === 0 }
}

export type ReportedConversation = {
  id: number
  storeName: string
  customerName: string
  reportedAt: string
  reportedBy: ConversationSide
  reportReason: string
  messageCount: number
}

/** Staff: the reported conversations, most recently reported first. */
export async function listReportedConversations(ctx: ServiceContext): Promise<ReportedConversation[]> {
  const rows = await ctx.db
    .select({
      id: conversations.id,
      vendorId: conversations.vendorId,
      customerId: conversations.customerId,
      reportedAt: conversations.reportedAt,
      reportedBy: conversations.reportedBy,
      reportReason: conversations.reportReason,
      messageCount: sql<number>`(select count(*)::int from ${conversationMessages} m where m.conversation_id = ${outer(conversations.id)})`,
    })
    .from(conversations)
    .where(isNotNull(conversations.reportedAt))
    .orderBy(desc(conversations.reportedAt), desc(conversations.id))
  const names = await namesOf(ctx, rows)
  return rows
    .flatMap((r) => {
      const name = names(r)
      return name ? [{ r, name }] : []
    })
    .map(({ r, name }) => ({
      id: r.id,
      storeName: name.storeName,
      customerName: name.customerName,
      reportedAt: new Date(r.reportedAt ?? 0).toISOString(),
      reportedBy: r.reportedBy ?? 'customer',
      reportReason: r.reportReason ?? '',
      messageCount: Number(r.messageCount),
    }))
}

/** Staff read one conversation, only once it has been reported (otherwise null: not found). Nothing is marked read. */
export async function findReportedConversation(
  ctx: ServiceContext,
  input: { conversationId: number },
): Promise<ConversationThread | null> {
  const [conversation] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), isNotNull(conversations.reportedAt)))
  return conversation ? threadOf(ctx, conversation) : null
}

/**
 * Staff record how they handled a report (warned the reported side, closed it with a note, suspended the store),
 * once: false when it was handled already (a double submit, or another staff member first) or is not reported.
 */
export async function recordReportHandled(
  ctx: ServiceContext,
  input: { conversationId: number; action: ReportAction; note: string; staffUserId: string },
): Promise<boolean> {
  const rows = await ctx.db
    .update(conversations)
    .set({
      reportAction: input.action,
      reportNote: input.note,
      reportHandledBy: `staff:${input.staffUserId}`,
      reportHandledAt: new Date(),
    })
    .where(
      and(
        eq(conversations.id, input.conversationId),
        isNotNull(conversations.reportedAt),
        sql`${conversations.reportHandledAt} is null`,
      ),
    )
    .returning({ id: conversations.id })
  return rows.length > 0
}
