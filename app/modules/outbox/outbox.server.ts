import { desc, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { type OutboxChannel, outboxMessages } from './tables.server.ts'

export type OutboxMessageInput = { channel: OutboxChannel; recipient: string; subject: string; body: string }

/** Queues a message. Call it with the transaction that makes the change it tells of, so both happen or neither. */
export async function enqueueMessage(ctx: ServiceContext, input: OutboxMessageInput): Promise<{ id: number }> {
  const [row] = await ctx.db.insert(outboxMessages).values(input).returning({ id: outboxMessages.id })
  return row
}

/** Delivers one message, or throws; `name` is recorded with each message it sends. */
export type Transport = { name: string; send(message: OutboxMessageInput): Promise<void> }

/** Development and tests: nothing leaves the machine; the message stays in the outbox for the mailbox page. */
export const developmentTransport: Transport = { name: 'development', send: async () => {} }

const MAX_ATTEMPTS = 5

/**
 * Sends up to `limit` pending messages. Rows are claimed with FOR UPDATE SKIP LOCKED inside one transaction, so
 * several workers (on several servers) never send the same message twice. Returns how many were sent.
 */
export async function deliverPending(ctx: ServiceContext, transport: Transport, limit = 20): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'pending'))
      .orderBy(outboxMessages.id)
      .limit(limit)
      .for('update', { skipLocked: true })
    let sent = 0
    for (const row of rows) {
      try {
        await transport.send(row)
        await tx
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), transport: transport.name, attempts: row.attempts + 1 })
          .where(eq(outboxMessages.id, row.id))
        sent++
      } catch (error) {
        const attempts = row.attempts + 1
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message : String(error),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(eq(outboxMessages.id, row.id))
      }
    }
    return sent
  })
}

export type MailboxMessage = typeof outboxMessages.$inferSelect

/** The newest messages first, for the admin console's mailbox (and tests); optionally to one recipient. */
export async function listMessages(
  ctx: ServiceContext,
  options: { recipient?: string; limit?: number } = {},
): Promise<MailboxMessage[]> {
  const query = ctx.db
    .select()
    .from(outboxMessages)
    .where(options.recipient ? sql`lower(${outboxMessages.recipient}) = ${options.recipient.toLowerCase()}` : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit ?? 100)
  return query
}

/** Starts a worker loop in this process: every `everyMs`, deliver what is pending. Returns a stop function. */
export function startOutboxWorker(
  getCtx: () => ServiceContext,
  transport: Transport,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
): () => void {
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      while ((await deliverPending(getCtx(), transport)) > 0) {}
    } catch (error) {
      options.onError?.(error)
    } finally {
      running = false
    }
  }, options.everyMs ?? 1000)
  timer.unref()
  return () => clearInterval(timer)
}
