/** What the three simulators share: timers they can cancel, fire-and-forget callbacks, and the outcome script. */
import { randomBytes } from 'node:crypto'
import type { Request } from 'express'
import type { SimulatorOutcome } from './test-numbers.ts'

export type Timing = { approvalMs: number; expiryMs: number }

/** setTimeout that never keeps the process alive and can all be cancelled at once. */
export function createScheduler() {
  const timers = new Set<NodeJS.Timeout>()
  return {
    after(ms: number, run: () => void | Promise<void>) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        void Promise.resolve()
          .then(run)
          .catch(() => {})
      }, ms)
      timer.unref()
      timers.add(timer)
    },
    close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
export type Scheduler = ReturnType<typeof createScheduler>

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
      signal: AbortSignal.timeout(10_000),
    })
    await response.arrayBuffer().catch(() => {})
  } catch {
    // Lost callback: the app's polling catches up.
  }
}

export type Settlement = 'approved' | 'declined' | 'not-enough-funds' | 'expired'

/**
 * Plays one test number's script: when the payment settles and which callbacks go out. `callback(early)` is called
 * with early = true for the callback that arrives while the status is still pending.
 */
export function playOutcome(
  outcome: SimulatorOutcome,
  timing: Timing,
  scheduler: Scheduler,
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
