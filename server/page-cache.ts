// The anonymous page cache: each server process keeps the pages it rendered for visitors without a session for a
// few seconds (PAGE_CACHE_SECONDS), and answers the same address in the same language from memory. Several
// servers each keep their own; nothing is shared, and nothing outlives the short time to live.

/** A response the server rendered and holds whole: its body, headers and the body's hash. */
export type RenderedPage = {
  status: number
  statusText: string
  /** The response's headers as React Router gave them (no Content-Length: the body may be sent compressed). */
  headers: [string, string][]
  body: Buffer
  /** A strong validator: the hash of the uncompressed body, quoted (RFC 9110 entity-tag). */
  etag: string
  /**
   * The headers the response carried before React Router's: the security headers and the Content-Security-Policy the
   * page was rendered under (its script nonces must match it). A kept page is sent again with them, answered before
   * they are worked out anew (`fromCache` in server/delivery.ts).
   */
  sentWith: [string, string][]
  /** The body compressed once per content coding, made the first time a client asks for it. */
  encoded: Map<string, Buffer | Promise<Buffer>>
}

type Entry = { page: RenderedPage; expires: number; bytes: number }

export type PageCacheOptions = { ttlSeconds: number; maxEntries?: number; maxBytes?: number; now?: () => number }

/** A bounded map with a time to live: the oldest entry goes first when it is full (insertion order). */
export class PageCache {
  readonly ttlMs: number
  readonly maxEntries: number
  readonly maxBytes: number
  private readonly now: () => number
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlSeconds * 1000
    this.maxEntries = options.maxEntries ?? 500
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024
    this.now = options.now ?? Date.now
  }

  get size() {
    return this.entries.size
  }

  get(key: string): RenderedPage | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= this.now()) {
      this.delete(key)
      return undefined
    }
    return entry.page
  }

  set(key: string, page: RenderedPage) {
    this.delete(key)
    // The body counts once, and each compressed copy is at most about as large again.
    const bytes = page.body.length * 2
    if (bytes > this.maxBytes) return
    this.entries.set(key, { page, expires: this.now() + this.ttlMs, bytes })
    this.bytes += bytes
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break
      this.delete(oldest)
    }
  }

  clear() {
    this.entries.clear()
    this.bytes = 0
  }

  private delete(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }
}

/** What is wrong with PAGE_CACHE_SECONDS, if anything (server/config.ts). */
export function pageCacheProblem(env: Record<string, string | undefined>): string | undefined {
  const given = env.PAGE_CACHE_SECONDS?.trim()
  if (!given) return undefined
  const seconds = Number(given)
  if (/^\d+(\.\d+)?$/.test(given) && seconds <= 300) return undefined
  return `PAGE_CACHE_SECONDS must be a number of seconds from 0 to 300 (0 turns the page cache off), not '${given}'`
}

/**
 * PAGE_CACHE_SECONDS: how long a page rendered for an anonymous visitor is kept, 0 for never. Defaults to 10 with
 * NODE_ENV=production and 0 otherwise (development and the journeys see every change at once).
 */
export function pageCacheSeconds(env: Record<string, string | undefined>): number {
  const given = env.PAGE_CACHE_SECONDS?.trim()
  if (!given || pageCacheProblem(env)) return env.NODE_ENV === 'production' ? 10 : 0
  return Number(given)
}
