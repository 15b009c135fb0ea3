import { describe, expect, it } from 'vitest'
import type { ServiceContext } from './context.server.ts'
import { cached, clearListingCaches, SLOW_LOAD_MS } from './listing-cache.server.ts'

// The listing figures' cache on its own: a handle stands in for the database (entries are kept per handle).
const handle = () => ({ db: {} }) as unknown as ServiceContext
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the listing figures cache', () => {
  it('keeps a figure until a change, then a cheap one is loaded again before it is given', async () => {
    const ctx = handle()
    let loads = 0
    const load = async () => ++loads
    expect(await cached(ctx, 'bounds', load)).toBe(1)
    expect(await cached(ctx, 'bounds', load)).toBe(1)
    clearListingCaches()
    expect(await cached(ctx, 'bounds', load)).toBe(2)
    expect(loads).toBe(2)
  })

  it('gives a slow figure stale while one refresh runs, then the refreshed one', async () => {
    const ctx = handle()
    let value = 'before'
    let loads = 0
    const load = async () => {
      loads++
      await wait(SLOW_LOAD_MS + 20)
      return value
    }
    expect(await cached(ctx, 'home', load)).toBe('before')
    value = 'after'
    clearListingCaches()
    const started = Date.now()
    // Three readers at once: none waits, one refresh.
    expect(await Promise.all([1, 2, 3].map(() => cached(ctx, 'home', load)))).toEqual(['before', 'before', 'before'])
    expect(Date.now() - started).toBeLessThan(SLOW_LOAD_MS)
    expect(loads).toBe(2)
    await wait(SLOW_LOAD_MS + 100)
    expect(await cached(ctx, 'home', load)).toBe('after')
    expect(loads).toBe(2)
  })

  it('keeps the stale figure when its refresh fails, and keeps no failure', async () => {
    const ctx = handle()
    expect(await cached(ctx, 'options', async () => 'kept')).toBe('kept')
    clearListingCaches()
    expect(
      await cached(ctx, 'options', async () => {
        throw new Error('database gone')
      }),
    ).toBe('kept')
    await expect(
      cached(ctx, 'new', async () => {
        throw new Error('database gone')
      }),
    ).rejects.toThrow('database gone')
    expect(await cached(ctx, 'new', async () => 'loaded')).toBe('loaded')
  })
})
