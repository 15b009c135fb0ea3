import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { createSupportMessage } from './support-messages.server.ts'
import { supportMessages } from './tables.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

const valid = {
  name: 'Aline Uwase',
  email: 'Aline@Example.rw',
  subject: 'Delivery',
  message: 'How long to Musanze, please?',
}

test('a valid message is stored for staff', async () => {
  const outcome = await createSupportMessage(t.ctx, valid)
  expect(outcome.ok).toBe(true)
  const rows = await t.ctx.db.select().from(supportMessages)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ name: 'Aline Uwase', email: 'aline@example.rw', status: 'new' })
})

test('each missing or bad field is refused with its own message, and nothing is stored', async () => {
  const before = (await t.ctx.db.select().from(supportMessages)).length
  const outcome = await createSupportMessage(t.ctx, { name: ' ', email: 'not-an-email', subject: '', message: 'short' })
  expect(outcome).toEqual({
    ok: false,
    errors: {
      name: 'help.form.error.name',
      email: 'help.form.error.email',
      subject: 'help.form.error.subject',
      message: 'help.form.error.message',
    },
  })
  expect((await t.ctx.db.select().from(supportMessages)).length).toBe(before)
})
