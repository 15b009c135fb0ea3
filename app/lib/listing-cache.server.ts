import type { ServiceContext } from '#app/lib/context.server.ts'

/**
 * Figures that are costly to compute over the whole catalogue and change slowly (price bounds and filter choices
 * of a category, the home page's counts, the popular products), kept in memory per database handle (the process
 * has one; tests open several) for a short time. The services that change products, stores or categories clear
 * them; the time limit bounds what another process's change leaves stale.
 */
/** `ms`: how long the load that gave the value took. */
type Entry = { at: number; generation: number; ms: number; value: Promise<unknown>; settled?: { value: unknown } }

const caches = new WeakMap<object, Map<string, Entry>>()
/** Bumped by `clearListingCaches`: an entry of an earlier generation is stale. */
let generation = 0
/** Refreshes under way, by entry: one at a time per key. */
const refreshing = new WeakMap<Entry, Promise<unknown>>()

export const LISTING_CACHE_TTL_MS = 60 * 1000

/**
 * A figure whose last load took this long is given stale while it is refreshed (it is at most a minute old, or
 * from before a change): on a million products a cold price range takes a second or more, and every listing of
 * the category would wait for it whenever any vendor saved a product. A cheaper figure is waited for, so that a
 * change shows at once (a small catalogue, the tests).
 */
export const SLOW_LOAD_MS = 500

/** The value cached under `key`, or `load()`'s (a failure is not kept; a failed refresh keeps the stale value). */
export function cached<T>(
  ctx: ServiceContext,
  key: string,
  load: () => Promise<T>,
  ttl = LISTING_CACHE_TTL_MS,
): Promise<T> {
  let entries = caches.get(ctx.db)
  if (!entries) {
    entries = new Map()
    caches.set(ctx.db, entries)
  }
  const map = entries
  const hit = map.get(key)
  const fresh = hit && hit.generation === generation && Date.now() - hit.at < ttl
  if (hit && fresh) return hit.value as Promise<T>
  const store = (value: Promise<T>, ms = 0): Entry => {
    const entry: Entry = { at: Date.now(), generation, ms, value }
    value.then(
      (v) => {
        entry.settled = { value: v }
      },
      () => {
        if (map.get(key) === entry) map.delete(key)
      },
    )
    return entry
  }
  if (!hit?.settled) {
    const started = Date.now()
    const value = load()
    const entry = store(value)
    value.then(
      () => {
        entry.ms = Date.now() - started
      },
      () => {},
    )
    map.set(key, entry)
    return entry.value as Promise<T>
  }
  // Stale, with a value to fall back on: one refresh, and the stale value to whoever cannot wait for it.
  const stale = hit.settled.value as T
  let refresh = refreshing.get(hit) as Promise<T> | undefined
  if (!refresh) {
    const started = Date.now()
    refresh = load().then(
      (value) => {
        const entry = store(Promise.resolve(value), Date.now() - started)
        entry.settled = { value }
        map.set(key, entry)
        return value
      },
      () => stale,
    )
    refreshing.set(hit, refresh)
    refresh.finally(() => refreshing.delete(hit))
  }
  return hit.ms >= SLOW_LOAD_MS ? Promise.resolve(stale) : refresh
}

/**
 * Marks the cached listing figures stale (after a product, a store or a category changes), every handle's: the
 * caller may hold a transaction rather than the database handle the figures were cached under. The next reader
 * refreshes them (see SLOW_LOAD_MS).
 */
export function clearListingCaches(): void {
  generation++
}
