import type { ServiceContext } from '#app/lib/context.server.ts'

/**
 * Figures that are costly to compute over the whole catalogue and change slowly (price bounds and filter choices
 * of a category, the home page's counts, the popular products), kept in memory per database handle (the process
 * has one; tests open several) for a short time. The services that change products, stores or categories clear
 * them; the time limit bounds what another process's change leaves stale.
 */
let caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>()

export const LISTING_CACHE_TTL_MS = 60 * 1000

/** The value cached under `key`, or `load()`'s (a failure is not kept). */
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
  const hit = entries.get(key)
  if (hit && Date.now() - hit.at < ttl) return hit.value as Promise<T>
  const value = load()
  const entry = { at: Date.now(), value }
  entries.set(key, entry)
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key)
  })
  return value
}

/**
 * Forgets the cached listing figures (after a product, a store or a category changes). Every handle's are dropped:
 * the caller may hold a transaction rather than the database handle the figures were cached under.
 */
export function clearListingCaches(): void {
  caches = new WeakMap()
}
