/**
 * What the three simulators share: timers they can cancel, bounded stores, fire-and-forget callbacks limited to the
 * app's callback routes, and the outcome script.
 */
import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import { type Clock, realClock } from '#app/lib/clock.server.ts'
import type { SimulatorOutcome } from './test-numbers.ts'

export type Timing = { approvalMs: number; expiryMs: number }

/** Where the simulators' delays come from (app/lib/clock.server.ts). */
export type SimulatorClock = Clock

/**
 * A clock for tests: nothing fires until `advance(ms)`, which runs every timer due by then, in order, and waits
 * for each (a settlement and its callbacks) to finish.
 */
export function createManualClock() {
  let now = 0
  let nextId = 0
  const due = new Map<number, { at: number; run: () => unknown }>()
  return {
    setTimeout(run: () => unknown, ms: number): unknown {
      const id = ++nextId
      due.set(id, { at: now + Math.max(0, ms), run })
      return id
    },
    clearTimeout(handle: unknown) {
      due.delete(handle as number)
    },
    async advance(ms: number) {
      const until = now + ms
      for (;;) {
        const next = [...due.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!next) break
        due.delete(next[0])
        now = next[1].at
        await next[1].run()
      }
      now = until
    },
    /** Timers not run yet. */
    get pending() {
      return due.size
    },
  }
}
export type ManualClock = ReturnType<typeof createManualClock>

/**
 * setTimeout that never keeps the process alive and can all be cancelled at once. `group()` gives one record's
 * timers, so that dropping the record (bounded state) cancels what it still had scheduled.
 */
export function createScheduler(clock: SimulatorClock = realClock) {
  const timers = new Set<unknown>()
  function schedule(ms: number, run: () => void | Promise<void>, group?: Set<unknown>) {
    const timer = clock.setTimeout(() => {
      timers.delete(timer)
      group?.delete(timer)
      // Returned for a manual clock, which waits for it; Node's timers ignore it.
      return Promise.resolve()
        .then(run)
        .catch(() => {})
    }, ms)
    timers.add(timer)
    group?.add(timer)
  }
  return {
    after(ms: number, run: () => void | Promise<void>) {
      schedule(ms, run)
    },
    /** Timers of one record: `cancel()` clears only those. */
    group(): TimerGroup {
      const mine = new Set<unknown>()
      return {
        after: (ms, run) => schedule(ms, run, mine),
        cancel() {
          for (const timer of mine) {
            clock.clearTimeout(timer)
            timers.delete(timer)
          }
          mine.clear()
        },
      }
    },
    close() {
      for (const timer of timers) clock.clearTimeout(timer)
      timers.clear()
    },
  }
}
export type TimerGroup = {
  after(ms: number, run: () => void | Promise<void>): void
  cancel(): void
}
export type Scheduler = ReturnType<typeof createScheduler>

/** How many payments (refunds, transfers, checkouts) each simulator remembers unless told otherwise. */
export const DEFAULT_MAX_RECORDS = 1000

/**
 * A Map that keeps at most `max` records: adding one more drops the oldest settled record, or the oldest of all
 * when none is settled, and cancels the timers it still had. A simulator that runs for weeks stays small; a status
 * call for a dropped record answers "not found", as after a restart.
 */
export function createBoundedStore<K, V>(options: {
  max: number
  settled(value: V): boolean
  /** Called for each dropped record (to clean up indexes kept beside the store). */
  onDrop?(key: K, value: V): void
}) {
  const max = Math.max(1, options.max)
  const entries = new Map<K, { value: V; timers?: TimerGroup }>()
  function drop(key: K) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    entry.timers?.cancel()
    options.onDrop?.(key, entry.value)
  }
  function oldestToDrop(): K | undefined {
    for (const [key, entry] of entries) if (options.settled(entry.value)) return key
    return entries.keys().next().value
  }
  return {
    get: (key: K) => entries.get(key)?.value,
    has: (key: K) => entries.has(key),
    get size() {
      return entries.size
    },
    *values() {
      for (const entry of entries.values()) yield entry.value
    },
    set(key: K, value: V, timers?: TimerGroup) {
      entries.set(key, { value, timers })
      while (entries.size > max) {
        const oldest = oldestToDrop()
        if (oldest === undefined) break
        drop(oldest)
      }
    },
    delete: drop,
  }
}
export type BoundedStore<K, V> = ReturnType<typeof createBoundedStore<K, V>>

/** Tokens: kept until they expire, and never more than `max` (the oldest go first). */
export function createTokenStore<T extends { expiresAt: number }>(max = DEFAULT_MAX_RECORDS) {
  const tokens = new Map<string, T>()
  return {
    get(token: string): T | undefined {
      const value = tokens.get(token)
      if (value && value.expiresAt < Date.now()) tokens.delete(token)
      return tokens.get(token)
    },
    set(token: string, value: T) {
      const now = Date.now()
      for (const [key, old] of tokens) if (old.expiresAt < now) tokens.delete(key)
      tokens.set(token, value)
      for (const key of tokens.keys()) {
        if (tokens.size <= max) break
        tokens.delete(key)
      }
    },
    get size() {
      return tokens.size
    },
  }
}

/** Sends a callback; a receiver that is down or slow is ignored, as a provider would. */
export async function deliver(
  url: string | undefined,
  method: 'POST' | 'PUT',
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  if (!url) return
  try {
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      // A callback goes where it was allowed to go, never on to wherever a redirect points.
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    })
    await response.arrayBuffer().catch(() => {})
  } catch {
    // Lost callback: the app's polling catches up.
  }
}

/**
 * The URL a callback may go to, or null: only the app's own callback routes, `${callbackBase}/api/payments/…`,
 * compared after parsing (so `..`, user-info or another port cannot slip past a string prefix).
 */
export function allowedCallbackUrl(value: string | undefined, callbackBase: string): string | null {
  if (value === undefined || !URL.canParse(value) || !URL.canParse(callbackBase)) return null
  const url = new URL(value)
  const base = new URL(callbackBase)
  const prefix = `${base.pathname.replace(/\/+$/, '')}/api/payments/`
  if (url.origin !== base.origin || url.username || url.password || !url.pathname.startsWith(prefix)) return null
  return url.href
}

export type Settlement = 'approved' | 'declined' | 'not-enough-funds' | 'expired'

/**
 * Plays one test number's script: when the payment settles and which callbacks go out. `callback(early)` is called
 * with early = true for the callback that arrives while the status is still pending.
 */
export function playOutcome(
  outcome: SimulatorOutcome,
  timing: Timing,
  scheduler: Pick<TimerGroup, 'after'>,
  hooks: { settle(result: Settlement): void; callback(early: boolean): Promise<void> },
) {
  const settleThenCall = (result: Settlement, callbacks: number, ms = timing.approvalMs) =>
    scheduler.after(ms, async () => {
      hooks.settle(result)
      for (let i = 0; i < callbacks; i++) await hooks.callback(false)
    })
  switch (outcome) {
    case 'declined':
      return settleThenCall('declined', 1)
    case 'not-enough-funds':
      return settleThenCall('not-enough-funds', 1)
    case 'expires':
      return settleThenCall('expired', 1, timing.expiryMs)
    case 'never-answers':
      return
    case 'callback-lost':
      return settleThenCall('approved', 0)
    case 'callback-early':
      scheduler.after(Math.floor(timing.approvalMs / 2), () => hooks.callback(true))
      return settleThenCall('approved', 1)
    case 'callback-twice':
      return settleThenCall('approved', 2)
    case 'approved':
      return settleThenCall('approved', 1)
  }
}

export function bearer(req: Request): string | undefined {
  const value = req.get('authorization')
  return value?.startsWith('Bearer ') ? value.slice(7) : undefined
}

/** True when the request carries a body (MoMo's token call must not). */
export function hasBody(req: Request): boolean {
  const length = Number(req.get('content-length') ?? 0)
  return length > 0 || req.get('transfer-encoding') !== undefined
}

export function randomToken(): string {
  return randomBytes(24).toString('base64url')
}

export function randomDigits(n: number): string {
  let s = ''
  for (const byte of randomBytes(n)) s += String(byte % 10)
  return s
}
