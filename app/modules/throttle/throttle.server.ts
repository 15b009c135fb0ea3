import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { throttles } from './tables.server.ts'

// Attempt counters in the database, so that several app servers on one PostgreSQL count together: a fixed window
// per key (one upsert per attempt), and a back-off for failed sign-ins that grows with each failure. Old rows are
// deleted now and then by the attempts themselves.

export type ThrottleOutcome = { ok: true } | { ok: false; retryAfterSeconds: number }

export type ThrottleRule = { key: string; limit: number; windowSeconds: number }

/** How often an attempt also deletes expired rows (1 in N): cheap, and no separate job is needed. */
const SWEEP_ONE_IN = 64
const SWEEP_BATCH = 500
/** Back-off rows have one window per key: the epoch. */
const BACKOFF_WINDOW = new Date(0)

/**
 * The limits of the public forms, per network address and (when signed in) per account: a script on a signed-in
 * account meets the account's limit from any address, and many people behind one operator's address meet it
 * together only at the address's.
 */
export const THROTTLES = {
  contact: { perAddress: 5, perAccount: 5, windowSeconds: 60 * 60 },
  newsletter: { perAddress: 5, perAccount: 5, windowSeconds: 60 * 60 },
  message: { perAddress: 30, perAccount: 30, windowSeconds: 60 * 60 },
  review: { perAddress: 10, perAccount: 10, windowSeconds: 60 * 60 },
  // Each return request may carry four photos to encode: counted before they are.
  returnRequest: { perAddress: 10, perAccount: 10, windowSeconds: 60 * 60 },
  search: { perAddress: 120, perAccount: 120, windowSeconds: 60 },
} as const satisfies Record<string, { perAddress: number; perAccount: number | null; windowSeconds: number }>

export type ThrottledAction = keyof typeof THROTTLES

let throttleScale = 1

/**
 * Multiplies every limit (THROTTLE_SCALE, default 1): the end-to-end journeys come from one address and post far
 * more than a person would, so their server raises the limits instead of switching them off.
 */
export function configureThrottles(options: { scale: number }): void {
  throttleScale = Math.max(1, options.scale)
}

/** Counts one `action` by this visitor (address, and account when signed in) against THROTTLES. */
export function throttleAction(
  ctx: ServiceContext,
  action: ThrottledAction,
  who: { address: string; userId?: string | null },
  now?: Date,
): Promise<ThrottleOutcome> {
  const rule = THROTTLES[action]
  return hitAll(
    ctx,
    [
      { key: `${action}:ip:${who.address}`, limit: rule.perAddress, windowSeconds: rule.windowSeconds },
      rule.perAccount !== null && who.userId
        ? { key: `${action}:acct:${who.userId}`, limit: rule.perAccount, windowSeconds: rule.windowSeconds }
        : null,
    ],
    now,
  )
}

/** A key part that must not be stored as typed (an e-mail address): a short hash of it. */
export function throttleKeyPart(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)
}

/**
 * Counts one attempt against `key` in the current fixed window of `windowSeconds`; refused once the window holds
 * more than `limit` attempts, with the seconds until the window ends.
 */
export async function hit(ctx: ServiceContext, rule: ThrottleRule & { now?: Date }): Promise<ThrottleOutcome> {
  const nowMs = (rule.now ?? new Date()).getTime()
  const windowMs = rule.windowSeconds * 1000
  const start = Math.floor(nowMs / windowMs) * windowMs
  const end = start + windowMs
  const [row] = await ctx.db
    .insert(throttles)
    .values({ key: rule.key, windowStart: new Date(start), count: 1, expiresAt: new Date(end) })
    .onConflictDoUpdate({
      target: [throttles.key, throttles.windowStart],
      set: { count: sql`${throttles.count} + 1` },
    })
    .returning({ count: throttles.count })
  if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) await sweepThrottles(ctx, new Date(nowMs))
  if ((row?.count ?? 0) <= rule.limit * throttleScale) return { ok: true }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((end - nowMs) / 1000)) }
}

/**
 * Counts one attempt against each rule (e.g. per address and per account); refused if any refuses, with the
 * longest wait. Every rule is counted, so that one key cannot be spared by another's refusal.
 */
export async function hitAll(
  ctx: ServiceContext,
  rules: (ThrottleRule | null | undefined)[],
  now?: Date,
): Promise<ThrottleOutcome> {
  let wait = 0
  for (const rule of rules) {
    if (!rule) continue
    const outcome = await hit(ctx, { ...rule, now })
    if (!outcome.ok) wait = Math.max(wait, outcome.retryAfterSeconds)
  }
  return wait > 0 ? { ok: false, retryAfterSeconds: wait } : { ok: true }
}

/** Whether `key` is in a back-off now, and for how long. */
export async function checkBackoff(ctx: ServiceContext, key: string, now = new Date()): Promise<ThrottleOutcome> {
  const [row] = await ctx.db
    .select({ blockedUntil: throttles.blockedUntil })
    .from(throttles)
    .where(and(eq(throttles.key, key), eq(throttles.windowStart, BACKOFF_WINDOW)))
  const until = row?.blockedUntil?.getTime() ?? 0
  if (until <= now.getTime()) return { ok: true }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) }
}

export type BackoffRule = {
  key: string
  /** Failures allowed before the first block. */
  freeFailures: number
  /** Failures further apart than this start counting again. */
  windowSeconds: number
  /** The first block; each further failure doubles it, up to `maxDelaySeconds`. */
  firstDelaySeconds: number
  maxDelaySeconds: number
  now?: Date
}

/**
 * Records a failure against `key`. From the `freeFailures`-th failure within the window on, the key is blocked for
 * a delay that doubles with each failure (1, 2, 4 … minutes up to the maximum).
 */
export async function recordFailure(
  ctx: ServiceContext,
  rule: BackoffRule,
): Promise<{ failures: number; blockedForSeconds: number }> {
  const now = rule.now ?? new Date()
  const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000)
  const [row] = await ctx.db
    .insert(throttles)
    .values({ key: rule.key, windowStart: BACKOFF_WINDOW, count: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: [throttles.key, throttles.windowStart],
      set: {
        // A failure after the window has passed starts the count again.
        count: sql`case when ${throttles.expiresAt} <= ${now.toISOString()}::timestamptz then 1 else ${throttles.count} + 1 end`,
        expiresAt: windowEnd,
      },
    })
    .returning({ count: throttles.count })
  const failures = row?.count ?? 1
  if (failures < rule.freeFailures) return { failures, blockedForSeconds: 0 }
  const blockedForSeconds = Math.min(
    rule.firstDelaySeconds * 2 ** Math.min(failures - rule.freeFailures, 30),
    rule.maxDelaySeconds,
  )
  const blockedUntil = new Date(now.getTime() + blockedForSeconds * 1000)
  await ctx.db
    .update(throttles)
    // The count outlives the block, so that the next failure after it waits longer.
    .set({ blockedUntil, expiresAt: new Date(blockedUntil.getTime() + rule.windowSeconds * 1000) })
    .where(and(eq(throttles.key, rule.key), eq(throttles.windowStart, BACKOFF_WINDOW)))
  return { failures, blockedForSeconds }
}

/**
 * Blocks `key` for `seconds` from now (checkBackoff answers how long is left): a code sent by SMS may be sent
 * again only a minute later, exactly, whatever window the clock is in.
 */
export async function startCooldown(
  ctx: ServiceContext,
  key: string,
  seconds: number,
  now = new Date(),
): Promise<void> {
  const until = new Date(now.getTime() + seconds * 1000)
  await ctx.db
    .insert(throttles)
    .values({ key, windowStart: BACKOFF_WINDOW, count: 1, expiresAt: until, blockedUntil: until })
    .onConflictDoUpdate({
      target: [throttles.key, throttles.windowStart],
      set: { blockedUntil: until, expiresAt: until },
    })
}

/** Forgets a key's failures (a successful sign-in). */
export async function clearBackoff(ctx: ServiceContext, key: string): Promise<void> {
  await ctx.db.delete(throttles).where(and(eq(throttles.key, key), eq(throttles.windowStart, BACKOFF_WINDOW)))
}

/** Deletes a batch of rows that count nothing any more. */
export async function sweepThrottles(ctx: ServiceContext, now = new Date()): Promise<void> {
  await ctx.db.execute(
    sql`delete from ${throttles} where (${throttles.key}, ${throttles.windowStart}) in (
      select ${throttles.key}, ${throttles.windowStart} from ${throttles}
      where ${throttles.expiresAt} < ${now.toISOString()}::timestamptz limit ${SWEEP_BATCH})`,
  )
}

/** Whole minutes to wait, at least one: what the refusal messages say. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60))
}
