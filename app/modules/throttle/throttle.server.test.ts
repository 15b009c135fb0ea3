import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { throttles } from './tables.server.ts'
import {
  checkBackoff,
  clearBackoff,
  configureThrottles,
  hit,
  hitAll,
  recordFailure,
  sweepThrottles,
  throttleAction,
} from './throttle.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const at = (iso: string) => new Date(`2026-11-02T${iso}Z`)

describe('fixed-window throttle', () => {
  test('refuses the attempt after the limit, saying how long until the window ends', async () => {
    const rule = { key: 'contact:ip:10.0.0.1', limit: 3, windowSeconds: 3600 }
    for (let i = 0; i < 3; i++) expect(await hit(t.ctx, { ...rule, now: at('08:10:00') })).toEqual({ ok: true })
    expect(await hit(t.ctx, { ...rule, now: at('08:20:00') })).toEqual({ ok: false, retryAfterSeconds: 40 * 60 })
    // Another key is counted apart.
    expect(await hit(t.ctx, { ...rule, key: 'contact:ip:10.0.0.2', now: at('08:20:00') })).toEqual({ ok: true })
    // The next window starts afresh.
    expect(await hit(t.ctx, { ...rule, now: at('09:00:01') })).toEqual({ ok: true })
  })

  test('concurrent attempts are all counted: no more than the limit get through', async () => {
    const rule = { key: 'search:ip:10.0.0.9', limit: 5, windowSeconds: 60, now: at('10:00:00') }
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => hit(t.ctx, rule)))
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5)
  })

  test('refuses when any of several keys is over its limit, and counts every key', async () => {
    const now = at('11:00:00')
    const address = { key: 'review:ip:10.0.1.1', limit: 10, windowSeconds: 3600 }
    const account = { key: 'review:acct:u1', limit: 1, windowSeconds: 3600 }
    expect(await hitAll(t.ctx, [address, account], now)).toEqual({ ok: true })
    expect((await hitAll(t.ctx, [address, account, null], now)).ok).toBe(false)
    // The address was counted on the refused attempt too: 2 of its 10.
    for (let i = 0; i < 8; i++) expect((await hit(t.ctx, { ...address, now })).ok).toBe(true)
    expect((await hit(t.ctx, { ...address, now })).ok).toBe(false)
  })

  test('sweeping deletes only rows that count nothing any more', async () => {
    await hit(t.ctx, { key: 'sweep:old', limit: 1, windowSeconds: 60, now: at('01:00:00') })
    await hit(t.ctx, { key: 'sweep:new', limit: 1, windowSeconds: 60, now: at('12:00:00') })
    await sweepThrottles(t.ctx, at('12:00:30'))
    const keys = (await t.ctx.db.select({ key: throttles.key }).from(throttles)).map((r) => r.key)
    expect(keys).toContain('sweep:new')
    expect(keys).not.toContain('sweep:old')
  })
})

describe('back-off', () => {
  const rule = { freeFailures: 5, windowSeconds: 900, firstDelaySeconds: 60, maxDelaySeconds: 900 }

  test('refuses after five failures for a delay that doubles up to fifteen minutes', async () => {
    const key = 'signin:a'
    let now = at('13:00:00')
    for (let i = 1; i <= 4; i++) {
      expect(await recordFailure(t.ctx, { ...rule, key, now })).toEqual({ failures: i, blockedForSeconds: 0 })
      expect(await checkBackoff(t.ctx, key, now)).toEqual({ ok: true })
    }
    expect((await recordFailure(t.ctx, { ...rule, key, now })).blockedForSeconds).toBe(60)
    expect(await checkBackoff(t.ctx, key, now)).toEqual({ ok: false, retryAfterSeconds: 60 })
    // Each next try comes just after the block ends, and fails again.
    const delays: number[] = [60]
    for (let i = 0; i < 6; i++) {
      now = new Date(now.getTime() + ((delays.at(-1) ?? 0) + 1) * 1000)
      expect(await checkBackoff(t.ctx, key, now)).toEqual({ ok: true })
      delays.push((await recordFailure(t.ctx, { ...rule, key, now })).blockedForSeconds)
    }
    delays.shift()
    expect(delays).toEqual([120, 240, 480, 900, 900, 900])
  })

  test('a clear (a successful sign-in) forgets the failures', async () => {
    const key = 'signin:b'
    const now = at('14:00:00')
    for (let i = 0; i < 5; i++) await recordFailure(t.ctx, { ...rule, key, now })
    expect((await checkBackoff(t.ctx, key, now)).ok).toBe(false)
    await clearBackoff(t.ctx, key)
    expect(await checkBackoff(t.ctx, key, now)).toEqual({ ok: true })
    expect(await recordFailure(t.ctx, { ...rule, key, now })).toEqual({ failures: 1, blockedForSeconds: 0 })
  })

  test('failures further apart than the window start counting again', async () => {
    const key = 'signin:c'
    for (let i = 0; i < 4; i++) await recordFailure(t.ctx, { ...rule, key, now: at('15:00:00') })
    expect(await recordFailure(t.ctx, { ...rule, key, now: at('15:15:01') })).toEqual({
      failures: 1,
      blockedForSeconds: 0,
    })
  })
})

describe('the public forms’ limits', () => {
  test('count per address and per signed-in account: another address of the same account is refused too', async () => {
    const now = at('16:00:00')
    for (let i = 0; i < 5; i++) {
      expect(await throttleAction(t.ctx, 'contact', { address: '10.4.0.1', userId: 'u-9' }, now)).toEqual({ ok: true })
    }
    expect((await throttleAction(t.ctx, 'contact', { address: '10.4.0.2', userId: 'u-9' }, now)).ok).toBe(false)
    expect((await throttleAction(t.ctx, 'contact', { address: '10.4.0.1' }, now)).ok).toBe(false)
    expect(await throttleAction(t.ctx, 'contact', { address: '10.4.0.3', userId: 'u-10' }, now)).toEqual({ ok: true })
  })

  test('search allows 120 a minute per address, then says how long to wait', async () => {
    const now = at('17:00:30')
    for (let i = 0; i < 120; i++) await throttleAction(t.ctx, 'search', { address: '10.5.0.1' }, now)
    expect(await throttleAction(t.ctx, 'search', { address: '10.5.0.1' }, now)).toEqual({
      ok: false,
      retryAfterSeconds: 30,
    })
  })

  test.each(['search', 'newsletter'] as const)('%s counts a signed-in account across addresses too', async (action) => {
    const now = at('17:30:00')
    const limit = action === 'search' ? 120 : 5
    for (let i = 0; i < limit; i++) {
      expect(
        (await throttleAction(t.ctx, action, { address: `10.7.${i >> 8}.${i & 255}`, userId: `u-${action}` }, now)).ok,
      ).toBe(true)
    }
    expect((await throttleAction(t.ctx, action, { address: '10.8.0.1', userId: `u-${action}` }, now)).ok).toBe(false)
    expect((await throttleAction(t.ctx, action, { address: '10.8.0.1' }, now)).ok).toBe(true)
  })

  test('a scale raises every limit (the journeys’ server)', async () => {
    const now = at('18:00:00')
    configureThrottles({ scale: 2 })
    try {
      for (let i = 0; i < 10; i++)
        expect((await throttleAction(t.ctx, 'contact', { address: '10.6.0.1' }, now)).ok).toBe(true)
      expect((await throttleAction(t.ctx, 'contact', { address: '10.6.0.1' }, now)).ok).toBe(false)
    } finally {
      configureThrottles({ scale: 1 })
    }
  })
})
