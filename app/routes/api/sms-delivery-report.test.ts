import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { DELIVERY_REPORT_RETRY_DELAYS_MS } from '#app/modules/outbox/delivery-report.server.ts'
import { enqueueMessage, listMessages } from '#app/modules/outbox/outbox.server.ts'
import { outboxMessages } from '#app/modules/outbox/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { routeContext } from '#tests/routes.ts'

// The delivery report route as the server calls it, on this file's own database (given through the request
// context, as the server gives its own), with the secret Africa's Talking's dashboard URL would carry.
const SECRET = 'route-test-callback-secret-42'
const ORIGIN = 'http://127.0.0.1:3000'

let t: TestDatabase
let action: (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<Response>
let loader: () => Response
let messageId = 0

beforeAll(async () => {
  process.env.AT_CALLBACK_SECRET = SECRET
  t = await createTestDatabase()
  const route = await import('./sms-delivery-report.ts')
  action = route.action as unknown as typeof action
  loader = route.loader
  const { id } = await enqueueMessage(t.ctx, {
    channel: 'sms',
    recipient: '+250788123456',
    subject: 'Isoko order',
    body: 'Isoko: order ISK-1 placed.',
  })
  messageId = id
  await t.ctx.db
    .update(outboxMessages)
    .set({ status: 'sent', providerMessageId: 'ATXid_route_1' })
    .where(eq(outboxMessages.id, id))
})

afterAll(async () => {
  await t?.close()
})

function report(fields: Record<string, string>, key: string | null = SECRET, init: RequestInit = {}): Request {
  const query = key === null ? '' : `?key=${encodeURIComponent(key)}`
  return new Request(`${ORIGIN}/api/sms/delivery-report${query}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    ...init,
  })
}

async function status(request: Request): Promise<number> {
  return (await action({ request, params: {}, context: routeContext(t.ctx) })).status
}

async function stored() {
  const [row] = (await listMessages(t.ctx)).filter((m) => m.id === messageId)
  return row
}

describe('POST /api/sms/delivery-report', () => {
  test('records the report on the message with that id, reading only the known fields', async () => {
    const answer = await status(
      report({
        id: 'ATXid_route_1',
        status: 'Failed',
        phoneNumber: '+250788123456',
        networkCode: '63510',
        failureReason: 'AbsentSubscriber',
        retryCount: '0',
        // Not fields of a report: ignored, whatever their names.
        deliveryStatus: 'Success',
        providerMessageId: 'ATXid_other',
        recipient: '+250700000000',
      }),
    )
    expect(answer).toBe(200)
    const row = await stored()
    expect(row).toMatchObject({
      deliveryStatus: 'Failed',
      deliveryFailureReason: 'AbsentSubscriber',
      providerMessageId: 'ATXid_route_1',
      recipient: '+250788123456',
    })
  })

  test('answers 200 for an id it does not know, so the gateway stops retrying, and records nothing', async () => {
    const before = await stored()
    expect(await status(report({ id: 'ATXid_unknown', status: 'Success' }))).toBe(200)
    expect(await stored()).toEqual(before)
  })

  test('a report that overtakes the worker’s mark (the id stored just after it arrives) is still recorded', async () => {
    const { id } = await enqueueMessage(t.ctx, {
      channel: 'sms',
      recipient: '+250788123457',
      subject: 'Isoko order',
      body: 'Isoko: order ISK-2 placed.',
    })
    const mark = () =>
      t.ctx.db
        .update(outboxMessages)
        .set({ status: 'sent', providerMessageId: 'ATXid_route_fast' })
        .where(eq(outboxMessages.id, id))
    // The report finds no message with its id and the handler waits before looking again: the worker's mark lands
    // during that wait, which ends as soon as the mark is stored instead of after its real delay.
    const realSetTimeout = globalThis.setTimeout
    let marked: Promise<void> | undefined
    const timers = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (ms !== DELIVERY_REPORT_RETRY_DELAYS_MS[0] || marked) return realSetTimeout(run, ms)
      marked = mark().then(() => run())
      return realSetTimeout(() => {}, 0)
    }) as never)
    try {
      expect(await status(report({ id: 'ATXid_route_fast', status: 'Success' }))).toBe(200)
    } finally {
      timers.mockRestore()
    }
    expect(marked, 'the handler did not wait for a later look').toBeDefined()
    await marked
    const [row] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
    expect(row.deliveryStatus).toBe('Success')
  })

  test('refuses a report without the secret key, or with a wrong one, and records nothing', async () => {
    const before = await stored()
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success' }, null))).toBe(401)
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success' }, 'guess'))).toBe(401)
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success' }, `${SECRET}x`))).toBe(401)
    expect(await stored()).toEqual(before)
  })

  test('refuses a report missing its id or status, or with a field over 200 characters', async () => {
    const before = await stored()
    expect(await status(report({ status: 'Success' }))).toBe(400)
    expect(await status(report({ id: 'ATXid_route_1' }))).toBe(400)
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success', failureReason: 'x'.repeat(201) }))).toBe(400)
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success; drop table' }))).toBe(400)
    expect(await stored()).toEqual(before)
  })

  test('refuses a body that is not a form, and one larger than 16 KB', async () => {
    const before = await stored()
    const json = report({}, SECRET, {
      body: JSON.stringify({ id: 'ATXid_route_1', status: 'Success' }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(await status(json)).toBe(400)
    expect(await status(report({ id: 'ATXid_route_1', status: 'Success', padding: 'p'.repeat(20_000) }))).toBe(413)
    expect(await stored()).toEqual(before)
  })

  test('answers 405 to GET and other methods', async () => {
    expect(loader().status).toBe(405)
    expect(await status(new Request(`${ORIGIN}/api/sms/delivery-report?key=${SECRET}`, { method: 'PUT' }))).toBe(405)
  })
})
