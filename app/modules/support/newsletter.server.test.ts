import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { subscribeToNewsletter } from './newsletter.server.ts'
import { newsletterSubscriptions } from './tables.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

describe('newsletter', () => {
  test('stores a valid address once, lower-cased, and says so the second time', async () => {
    expect(await subscribeToNewsletter(t.ctx, '  Aline@Example.RW ')).toEqual({ ok: true })
    expect(await subscribeToNewsletter(t.ctx, 'aline@example.rw')).toEqual({ ok: false, code: 'duplicate' })
    const rows = await t.ctx.db.select().from(newsletterSubscriptions)
    expect(rows.map((r) => r.email)).toEqual(['aline@example.rw'])
  })

  test('refuses what is not an email address', async () => {
    for (const bad of ['', 'aline', 'aline@', '@example.rw', null, 42]) {
      expect(await subscribeToNewsletter(t.ctx, bad)).toEqual({ ok: false, code: 'invalid' })
    }
  })
})
