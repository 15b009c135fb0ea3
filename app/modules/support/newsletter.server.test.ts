import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  confirmNewsletterSubscription,
  listConfirmedSubscribers,
  listNewsletterSubscriptions,
  subscribeToNewsletter,
} from './newsletter.server.ts'
import { newsletterSubscriptions } from './tables.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const options = { publicUrl: 'https://isoko.example' }

/** The token of the newest confirmation e-mail to an address. */
async function tokenFor(email: string) {
  const [mail] = await listMessages(t.ctx, { recipient: email })
  const link = mail?.body.match(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/)?.[0]
  return link ? { link, token: new URL(link).searchParams.get('token') ?? '' } : null
}

const rowOf = async (email: string) =>
  (await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]

describe('newsletter double opt-in', () => {
  test('stores an unconfirmed subscription, lower-cased, and e-mails a link on the public address; only its hash is kept', async () => {
    expect(await subscribeToNewsletter(t.ctx, '  Aline@Example.RW ', options)).toEqual({ ok: true })
    const row = await rowOf('aline@example.rw')
    expect(row?.confirmedAt).toBeNull()
    const found = await tokenFor('aline@example.rw')
    expect(found?.link.startsWith('https://isoko.example/newsletter/confirm?token=')).toBe(true)
    expect(found?.token.length).toBeGreaterThanOrEqual(40)
    expect(row?.confirmTokenHash).toBeTruthy()
    expect(row?.confirmTokenHash).not.toContain(found?.token ?? '?')
  })

  test('the link confirms the subscription once; a made-up or used link is refused', async () => {
    const { token } = (await tokenFor('aline@example.rw')) ?? { token: '' }
    expect(await confirmNewsletterSubscription(t.ctx, 'made-up-token-made-up-token')).toEqual({
      ok: false,
      code: 'invalid',
    })
    expect(await confirmNewsletterSubscription(t.ctx, token)).toEqual({ ok: true })
    expect((await rowOf('aline@example.rw'))?.confirmedAt).toBeInstanceOf(Date)
    expect(await confirmNewsletterSubscription(t.ctx, token)).toEqual({ ok: false, code: 'invalid' })
    for (const bad of ['', null, 42, 'x'.repeat(500)]) {
      expect(await confirmNewsletterSubscription(t.ctx, bad)).toEqual({ ok: false, code: 'invalid' })
    }
  })

  test('re-subscribing a confirmed address answers as for a new one and sends nothing (no enumeration)', async () => {
    const before = (await listMessages(t.ctx, { recipient: 'aline@example.rw' })).length
    expect(await subscribeToNewsletter(t.ctx, 'ALINE@example.rw', options)).toEqual({ ok: true })
    expect(await listMessages(t.ctx, { recipient: 'aline@example.rw' })).toHaveLength(before)
    expect((await rowOf('aline@example.rw'))?.confirmedAt).toBeInstanceOf(Date)
  })

  test('re-subscribing a pending address sends a fresh link; the older link stops working', async () => {
    await subscribeToNewsletter(t.ctx, 'pending@example.rw', options)
    const first = await tokenFor('pending@example.rw')
    await subscribeToNewsletter(t.ctx, 'pending@example.rw', options)
    const second = await tokenFor('pending@example.rw')
    expect(second?.token).not.toBe(first?.token)
    expect(await confirmNewsletterSubscription(t.ctx, first?.token)).toEqual({ ok: false, code: 'invalid' })
    expect(await confirmNewsletterSubscription(t.ctx, second?.token)).toEqual({ ok: true })
  })

  test('refuses a link older than seven days', async () => {
    const then = new Date('2026-11-01T08:00:00Z')
    await subscribeToNewsletter(t.ctx, 'slow@example.rw', { ...options, now: then })
    const { token } = (await tokenFor('slow@example.rw')) ?? { token: '' }
    const late = new Date(then.getTime() + 7 * 86_400_000 + 1000)
    expect(await confirmNewsletterSubscription(t.ctx, token, late)).toEqual({ ok: false, code: 'invalid' })
  })

  test('sends one address at most three confirmation e-mails a day, answering the same', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await subscribeToNewsletter(t.ctx, 'flood@example.rw', options)).toEqual({ ok: true })
    }
    expect(await listMessages(t.ctx, { recipient: 'flood@example.rw' })).toHaveLength(3)
  })

  test('refuses what is not an email address', async () => {
    for (const bad of ['', 'aline', 'aline@', '@example.rw', null, 42]) {
      expect(await subscribeToNewsletter(t.ctx, bad, options)).toEqual({ ok: false, code: 'invalid' })
    }
  })

  test('staff see every address, pending ones marked, and count the confirmed', async () => {
    const listing = await listNewsletterSubscriptions(t.ctx)
    const byEmail = new Map(listing.items.map((s) => [s.email, s]))
    expect(byEmail.get('aline@example.rw')?.confirmedAt).toBeInstanceOf(Date)
    expect(byEmail.get('slow@example.rw')?.confirmedAt).toBeNull()
    expect(listing).toMatchObject({ total: 4, confirmed: 2 })
  })

  test('the export for a mailing tool holds confirmed addresses only, with when they confirmed', async () => {
    await subscribeToNewsletter(t.ctx, 'never-confirmed@example.rw', options)
    await subscribeToNewsletter(t.ctx, 'exported@example.rw', options)
    expect(await confirmNewsletterSubscription(t.ctx, (await tokenFor('exported@example.rw'))?.token)).toEqual({
      ok: true,
    })
    const exported = await listConfirmedSubscribers(t.ctx)
    const emails = exported.map((s) => s.email)
    expect(emails).toContain('exported@example.rw')
    expect(emails).not.toContain('never-confirmed@example.rw')
    expect(exported.every((s) => s.confirmedAt instanceof Date)).toBe(true)
    expect(exported.length).toBe((await listNewsletterSubscriptions(t.ctx)).confirmed)
  })
})
