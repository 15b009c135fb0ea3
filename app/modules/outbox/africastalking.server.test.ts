import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createManualClock } from '#app/modules/payments/simulator/shared.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { createAfricasTalkingTransport } from './africastalking.server.ts'
import {
  createSmsSimulator,
  type SimulatedSms,
  SMS_SIMULATOR_TEST_NUMBERS,
  type SmsSimulator,
} from './africastalking-simulator.server.ts'
import { deliveryReportUrl } from './config.server.ts'
import { handleDeliveryReport } from './delivery-report.server.ts'
import { deliverPending, developmentTransport, enqueueMessage, listMessages, SendError } from './outbox.server.ts'

// The Africa's Talking client against the simulator, both on a real HTTP server on loopback, with the app's
// delivery report handler behind /api/sms/delivery-report on the same server (on this file's own database).
const USERNAME = 'isoko-test'
const API_KEY = 'test-api-key-0123456789'
const SECRET = 'test-callback-secret-0123'
const REPORT_DELAY_MS = 50
// The simulator's delivery reports wait on this clock: a test moves it on instead of waiting for them.
const clock = createManualClock()

let t: TestDatabase
let server: Server
let base = ''
let simulator: SmsSimulator

beforeAll(async () => {
  t = await createTestDatabase()
  const app = express()
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  // Node closes an idle connection after 5 s while fetch may reuse it for the next request: on a loaded machine a
  // send then meets a closed socket and is retried later, not counted. The tests' connections stay open instead.
  server.keepAliveTimeout = 120_000
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  simulator = createSmsSimulator({
    username: USERNAME,
    apiKey: API_KEY,
    callbackBase: base,
    deliveryReportUrl: deliveryReportUrl(base, SECRET),
    reportDelayMs: REPORT_DELAY_MS,
    clock,
  })
  app.use('/africastalking', simulator)
  app.post('/api/sms/delivery-report', async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = new Request(`${base}${req.originalUrl}`, {
      method: 'POST',
      headers: { 'content-type': req.get('content-type') ?? '' },
      body: Buffer.concat(chunks),
    })
    // Reports go out only when a test moves the clock, after the worker's mark: no need to look again for an id
    // not stored yet (the reports of messages sent outside the outbox are answered 'unknown' at once).
    const outcome = await handleDeliveryReport(t.ctx, request, SECRET, { retryDelaysMs: [] })
    res.status(outcome === 'recorded' || outcome === 'unknown' ? 200 : 400).end()
  })
})

afterAll(async () => {
  simulator?.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await t?.close()
})

const sms = (recipient: string, id = 1) => ({
  id,
  channel: 'sms' as const,
  recipient,
  subject: 'Isoko order',
  body: 'Isoko: order ISK-1001 placed, RF 12,500.',
})

function client(overrides: { username?: string; apiKey?: string; senderId?: string } = {}) {
  return createAfricasTalkingTransport({
    username: overrides.username ?? USERNAME,
    apiKey: overrides.apiKey ?? API_KEY,
    senderId: overrides.senderId,
    baseUrl: `${base}/africastalking`,
  })
}

async function refusal(promise: Promise<unknown>): Promise<SendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SendError)
  return error as SendError
}

describe("Africa's Talking client", () => {
  test('posts the contract’s request: form-encoded username, to, message, from, with apiKey and Accept headers', async () => {
    let seen: { url: string; headers: Headers; body: string } | undefined
    const fake: typeof fetch = async (url, init) => {
      seen = { url: String(url), headers: new Headers(init?.headers), body: String(init?.body) }
      return Response.json(
        {
          SMSMessageData: {
            Message: 'Sent to 1/1 Total Cost: RWF 15.0000',
            Recipients: [
              {
                statusCode: 101,
                number: '+250788123456',
                status: 'Success',
                cost: 'RWF 15.0000',
                messageId: 'ATXid_x',
              },
            ],
          },
        },
        { status: 201 },
      )
    }
    const transport = createAfricasTalkingTransport(
      { username: 'isoko', apiKey: 'k', senderId: 'ISOKO', baseUrl: 'https://api.example.test/' },
      fake,
    )
    expect(await transport.send(sms('+250788123456'))).toEqual({ providerMessageId: 'ATXid_x' })
    expect(seen?.url).toBe('https://api.example.test/version1/messaging')
    expect(seen?.headers.get('apikey')).toBe('k')
    expect(seen?.headers.get('accept')).toBe('application/json')
    expect(seen?.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(seen?.body))).toEqual({
      username: 'isoko',
      to: '+250788123456',
      message: 'Isoko: order ISK-1001 placed, RF 12,500.',
      from: 'ISOKO',
    })
  })
})

describe("Africa's Talking client against the simulator", () => {
  test('a message to a Rwandan number is sent (101) and its messageId is the provider id', async () => {
    const result = await client({ senderId: 'ISOKO' }).send(sms('+250788123456'))
    expect(result.providerMessageId).toMatch(/^ATXid_[0-9a-f]{32}$/)
    const kept = simulator.messages().at(-1)
    expect(kept).toMatchObject({
      messageId: result.providerMessageId,
      to: '+250788123456',
      from: 'ISOKO',
      message: 'Isoko: order ISK-1001 placed, RF 12,500.',
      statusCode: 101,
    })
  })

  test('a number not in E.164 is refused with 403 InvalidPhoneNumber, for good', async () => {
    const error = await refusal(client().send(sms('0788123456')))
    expect(error.message).toContain('InvalidPhoneNumber (403)')
    expect(error.permanent).toBe(true)
  })

  test('the insufficient-balance test number is refused with 405, to be retried later', async () => {
    const error = await refusal(client().send(sms(SMS_SIMULATOR_TEST_NUMBERS.insufficientBalance)))
    expect(error.message).toContain('InsufficientBalance (405)')
    expect(error.permanent).toBe(false)
  })

  test('a wrong apiKey or username is refused with 401 and nothing is sent', async () => {
    const before = simulator.messages().length
    expect((await refusal(client({ apiKey: 'wrong' }).send(sms('+250788123456')))).message).toContain('HTTP 401')
    expect((await refusal(client({ username: 'someone' }).send(sms('+250788123456')))).message).toContain('HTTP 401')
    expect(simulator.messages()).toHaveLength(before)
  })

  test('GET /__messages lists what the simulator received', async () => {
    await client().send(sms('+250788654321'))
    const answer = (await (await fetch(`${base}/africastalking/__messages`)).json()) as { messages: SimulatedSms[] }
    expect(answer.messages.at(-1)).toMatchObject({ to: '+250788654321', statusCode: 101 })
  })

  test('through the outbox: sent with the messageId, then the delivery reports land on the messages', async () => {
    for (const recipient of ['+250788222333', SMS_SIMULATOR_TEST_NUMBERS.absentSubscriber]) {
      const { id: _unused, ...input } = sms(recipient)
      await enqueueMessage(t.ctx, input)
    }
    expect(await deliverPending(t.ctx, { email: developmentTransport, sms: client() })).toBe(2)
    // Past the report delay: the clock waits for each report until the app's handler has answered it.
    await clock.advance(REPORT_DELAY_MS)
    const reported = await listMessages(t.ctx)
    expect(reported.every((r) => r.deliveryStatus !== null)).toBe(true)
    const byRecipient = Object.fromEntries(reported.map((r) => [r.recipient, r]))
    expect(byRecipient['+250788222333']).toMatchObject({
      status: 'sent',
      transport: 'africastalking',
      deliveryStatus: 'Success',
      deliveryFailureReason: null,
    })
    expect(byRecipient['+250788222333'].providerMessageId).toMatch(/^ATXid_/)
    expect(byRecipient[SMS_SIMULATOR_TEST_NUMBERS.absentSubscriber]).toMatchObject({
      deliveryStatus: 'Failed',
      deliveryFailureReason: 'AbsentSubscriber',
    })
  })
})

describe('SMS simulator', () => {
  test('refuses a delivery report URL outside its callback base', () => {
    const options = { username: 'u', apiKey: 'k', callbackBase: 'http://127.0.0.1:3000' }
    expect(() => createSmsSimulator({ ...options, deliveryReportUrl: 'http://169.254.169.254/latest' })).toThrow(
      /callback base/,
    )
    expect(() =>
      createSmsSimulator({ username: 'u', apiKey: 'k', deliveryReportUrl: 'http://127.0.0.1:3000/x' }),
    ).toThrow(/callback base/)
    expect(() => createSmsSimulator({ ...options, deliveryReportUrl: 'http://127.0.0.1:3000/api/sms/x' })).not.toThrow()
  })

  test('keeps only the last maxMessages messages', async () => {
    const small = createSmsSimulator({ username: 'u', apiKey: 'k', maxMessages: 3 })
    const app = express().use(small)
    const s = await new Promise<Server>((resolve) => {
      const l = app.listen(0, '127.0.0.1', () => resolve(l))
    })
    try {
      const transport = createAfricasTalkingTransport({
        username: 'u',
        apiKey: 'k',
        baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
      })
      for (let i = 0; i < 5; i++) await transport.send({ ...sms('+250788123456'), body: `message ${i}` })
      expect(small.messages().map((m) => m.message)).toEqual(['message 2', 'message 3', 'message 4'])
    } finally {
      s.closeAllConnections()
      await new Promise((resolve) => s.close(resolve))
    }
  })
})
