import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { fitSms } from './gsm7.ts'
import { type OutboxChannel, outboxMessages } from './tables.server.ts'

export type OutboxMessageInput = { channel: OutboxChannel; recipient: string; subject: string; body: string }

/**
 * Queues a message. Call it with the transaction that makes the change it tells of, so both happen or neither.
 * An SMS body is stored as it will be sent: in GSM-7 and at most 160 characters (`fitSms`: typography made plain,
 * a longer text cut and ended with '...'), so the mailbox shows exactly what the phone gets.
 */
export async function enqueueMessage(ctx: ServiceContext, input: OutboxMessageInput): Promise<{ id: number }> {
  const body = input.channel === 'sms' ? fitSms(input.body).text : input.body
  const [row] = await ctx.db
    .insert(outboxMessages)
    .values({ ...input, body })
    .returning({ id: outboxMessages.id })
  return row
}

/** What a transport is given: the queued message and its outbox id (an SMTP Message-ID is built from it). */
export type OutboundMessage = OutboxMessageInput & { id: number }

/**
 * Delivers one message, or throws; `name` is recorded with each message it sends. A `SendError` with
 * `permanent` set (an invalid number, a refused address) fails the message at once instead of retrying.
 */
export type Transport = { name: string; send(message: OutboundMessage): Promise<{ providerMessageId?: string }> }

/** One transport per channel: the worker picks by the message's channel. */
export type Transports = Record<OutboxChannel, Transport>

export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message)
    this.name = 'SendError'
  }
}

/** Development and tests: nothing leaves the machine; the message stays in the outbox for the mailbox page. */
export const developmentTransport: Transport = { name: 'development', send: async () => ({}) }

/** A message is given up after this many attempts (about an hour of back-off in all). */
export const MAX_ATTEMPTS = 8
/**
 * How long a claim holds a row. It must outlast a send (the transports time out within a minute): a worker that
 * dies after sending but before marking leaves the row to be claimed again only when the lease ends.
 */
export const CLAIM_LEASE_SECONDS = 300

/** Seconds to wait after the `attempts`-th failed attempt: 30 s, 60 s, 2 min, … capped at an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)
}

type OutboxRow = typeof outboxMessages.$inferSelect

/**
 * Claims up to `limit` due messages for this worker in one statement, committed before anything is sent: the
 * attempt is counted and a lease taken, and rows another worker holds are skipped rather than waited for.
 */
async function claimDue(ctx: ServiceContext, limit: number, token: string): Promise<OutboxRow[]> {
  const m = outboxMessages
  const result = await ctx.db.execute(sql`
    UPDATE ${m}
    SET ${sql.identifier(m.claimedUntil.name)} = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS}),
        ${sql.identifier(m.claimToken.name)} = ${token},
        ${sql.identifier(m.attempts.name)} = ${m.attempts} + 1
    WHERE ${m.id} IN (
      SELECT ${m.id} FROM ${m}
      WHERE ${m.status} = 'pending' AND ${m.nextAttemptAt} <= now()
        AND (${m.claimedUntil} IS NULL OR ${m.claimedUntil} < now())
      ORDER BY ${m.id}
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING ${m.id}`)
  // node-postgres answers { rows }, PGlite too; RETURNING gives snake_case names, so read the rows back typed.
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id))
  if (ids.length === 0) return []
  return ctx.db.select().from(m).where(inArray(m.id, ids)).orderBy(m.id)
}

/** Runs a mark (an UPDATE) a few times: after a successful send, losing the mark would mean a second send. */
async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (error) {
      if (i >= tries) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * i))
    }
  }
}

/**
 * Sends up to `limit` due messages, each through the transport of its channel. Returns how many were sent.
 *
 * Claim, commit, send, mark: the claim is one committed UPDATE (see `claimDue`), the send runs outside any
 * transaction, and the mark applies only while this claim still holds the row (its claim token). So several
 * workers on several servers never send one message twice at the same time, and a slow provider holds no lock.
 *
 * The honest edge: delivery is at least once. If the send succeeds and the mark cannot be written (the database
 * is gone for longer than the retries), the row stays pending and is sent again once its lease has ended
 * (CLAIM_LEASE_SECONDS), not before. E-mails carry a Message-ID built from the outbox id, so mail clients can fold
 * such a duplicate; an SMS duplicate cannot be recalled.
 */
export async function deliverPending(
  ctx: ServiceContext,
  transports: Transports,
  limit = 20,
  options: { stopped?: () => boolean } = {},
): Promise<number> {
  const token = randomUUID()
  const rows = await claimDue(ctx, limit, token)
  let sent = 0
  for (const row of rows) {
    const transport = transports[row.channel]
    const ours = and(eq(outboxMessages.id, row.id), eq(outboxMessages.claimToken, token))
    if (options.stopped?.()) {
      // Stopping: the rest of the batch goes back, unsent and uncounted, for the next worker to claim at once.
      await ctx.db
        .update(outboxMessages)
        .set({ claimedUntil: null, claimToken: null, attempts: sql`${outboxMessages.attempts} - 1` })
        .where(ours)
      continue
    }
    // The lease is renewed right before each send, and the row skipped if the claim was lost: a batch behind a slow
    // provider can outlast its first lease, and another worker may have claimed the rows it had not reached yet.
    const renewed = await ctx.db
      .update(outboxMessages)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})` })
      .where(ours)
      .returning({ id: outboxMessages.id })
    if (renewed.length === 0) continue
    let providerMessageId: string | undefined
    try {
      if (!transport) throw new SendError(`No transport for channel ${row.channel}`)
      ;({ providerMessageId } = await transport.send({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
      }))
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent
      const failed = permanent || row.attempts >= MAX_ATTEMPTS
      await withRetries(() =>
        ctx.db
          .update(outboxMessages)
          .set({
            status: failed ? 'failed' : 'pending',
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
            claimedUntil: null,
            claimToken: null,
          })
          .where(ours),
      )
      continue
    }
    const marked = await withRetries(() =>
      ctx.db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sentAt: new Date(),
          transport: transport.name,
          providerMessageId: providerMessageId ?? null,
          lastError: null,
          claimedUntil: null,
          claimToken: null,
        })
        .where(ours)
        .returning({ id: outboxMessages.id }),
    )
    // Not marked: the lease ran out during the send and another claim took the row (it may send it again).
    if (marked.length > 0) sent++
  }
  return sent
}

/** Delivery states after which a later, intermediate report (Sent, Buffered…) must not overwrite the row. */
const FINAL_DELIVERY_STATES = ['Success', 'Failed', 'Rejected', 'AbsentSubscriber', 'Expired']

/**
 * Records a provider's delivery report on the message it sent. Returns false when no message has that provider
 * id. Reports may arrive out of order: an intermediate status never replaces a final one.
 */
export async function recordDeliveryReport(
  ctx: ServiceContext,
  input: { providerMessageId: string; status: string; failureReason?: string },
): Promise<boolean> {
  const m = outboxMessages
  const isFinal = FINAL_DELIVERY_STATES.includes(input.status)
  const updated = await ctx.db
    .update(m)
    .set({
      deliveryStatus: input.status,
      deliveryFailureReason: input.failureReason || null,
      deliveryReportedAt: new Date(),
    })
    .where(
      and(
        eq(m.providerMessageId, input.providerMessageId),
        isFinal ? undefined : or(isNull(m.deliveryStatus), notInArray(m.deliveryStatus, FINAL_DELIVERY_STATES)),
      ),
    )
    .returning({ id: m.id })
  if (updated.length > 0) return true
  if (isFinal) return false
  // Nothing updated: an unknown id, or a known one whose final status stays. Tell them apart.
  const [known] = await ctx.db.select({ id: m.id }).from(m).where(eq(m.providerMessageId, input.providerMessageId))
  return known !== undefined
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

export type OutboxWorkerOptions = {
  /** How often to look for due messages. Default 1000 ms. */
  everyMs?: number
  /** Messages claimed at a time. Default 20. */
  batch?: number
  onError?: (error: unknown) => void
}

/**
 * Starts a worker loop in this process: every `everyMs`, deliver what is due, until nothing more is sent. Any
 * number of processes may run one on the same database. Returns a stop function that resolves once the round
 * under way has finished its current send and handed back the rest of its claims (so the database may close).
 */
export function startOutboxWorker(
  getCtx: () => ServiceContext,
  transports: Transports,
  options: OutboxWorkerOptions = {},
): () => Promise<void> {
  let round: Promise<void> | undefined
  let stopped = false
  const isStopped = () => stopped
  const timer = setInterval(() => {
    if (round || stopped) return
    round = (async () => {
      try {
        while (
          !stopped &&
          (await deliverPending(getCtx(), transports, options.batch ?? 20, { stopped: isStopped })) > 0
        ) {}
      } catch (error) {
        options.onError?.(error)
      } finally {
        round = undefined
      }
    })()
  }, options.everyMs ?? 1000)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await round
  }
}
