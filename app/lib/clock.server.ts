/**
 * Where delays come from: Node's timers, or in tests a clock the test moves on itself (the payment simulators'
 * `createManualClock`), so that no test waits real time for a simulated approval, report or retry.
 */
export type Clock = {
  setTimeout(run: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Node's timers, which never keep the process alive on their own. */
export const realClock: Clock = {
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms)
    timer.unref()
    return timer
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}
