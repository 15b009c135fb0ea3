import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { listNewsletterSubscriptions, subscribeToNewsletter } from './newsletter.server.ts'
import { createSupportMessage, listSupportMessages } from './support-messages.server.ts'
import { newsletterSubscriptions, supportMessages } from './tables.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const day = (d: number) => new Date(`2026-11-${String(d).padStart(2, '0')}T08:00:00Z`)

describe('support messages for staff', () => {
  test('an empty list says so', async () => {
    expect(await listSupportMessages(t.ctx)).toEqual({
      items: [],
      total: 0,
      newCount: 0,
      counts: { new: 0, open: 0, waiting: 0, solved: 0, late: 0 },
      page: 1,
      pageCount: 1,
    })
  })

  test('newest first, with the total and the number not yet answered', async () => {
    for (const [n, d] of [
      [1, 3],
      [2, 9],
      [3, 5],
    ] as const) {
      const outcome = await createSupportMessage(t.ctx, {
        name: `Person ${n}`,
        email: `person${n}@example.rw`,
        subject: `Subject ${n}`,
        message: 'A message long enough to be stored.',
      })
      if (!outcome.ok) throw new Error('fixture')
      await t.ctx.db
        .update(supportMessages)
        .set({ createdAt: day(d), status: n === 3 ? 'solved' : 'new' })
        .where(eq(supportMessages.id, outcome.id))
    }
    const listing = await listSupportMessages(t.ctx)
    expect(listing.items.map((m) => m.subject)).toEqual(['Subject 2', 'Subject 3', 'Subject 1'])
    expect(listing.items[0]).toMatchObject({ name: 'Person 2', email: 'person2@example.rw', status: 'new' })
    expect(listing).toMatchObject({ total: 3, newCount: 2, page: 1, pageCount: 1 })
  })

  test('pages, clamping to the last page', async () => {
    const second = await listSupportMessages(t.ctx, { perPage: 2, page: 2 })
    expect(second.items.map((m) => m.subject)).toEqual(['Subject 1'])
    expect(second).toMatchObject({ total: 3, page: 2, pageCount: 2 })
    expect((await listSupportMessages(t.ctx, { perPage: 2, page: 40 })).page).toBe(2)
  })
})

describe('newsletter subscribers for staff', () => {
  test('newest first, with the total', async () => {
    expect((await listNewsletterSubscriptions(t.ctx)).total).toBe(0)
    for (const [email, d] of [
      ['first@example.rw', 1],
      ['third@example.rw', 7],
      ['second@example.rw', 4],
    ] as const) {
      await subscribeToNewsletter(t.ctx, email, { publicUrl: 'http://localhost:3000' })
      await t.ctx.db
        .update(newsletterSubscriptions)
        .set({ createdAt: day(d) })
        .where(eq(newsletterSubscriptions.email, email))
    }
    const listing = await listNewsletterSubscriptions(t.ctx)
    expect(listing.items.map((s) => s.email)).toEqual(['third@example.rw', 'second@example.rw', 'first@example.rw'])
    expect(listing).toMatchObject({ total: 3, page: 1, pageCount: 1 })
    const last = await listNewsletterSubscriptions(t.ctx, { perPage: 2, page: 2 })
    expect(last.items.map((s) => s.email)).toEqual(['first@example.rw'])
    expect(last.pageCount).toBe(2)
  })
})
