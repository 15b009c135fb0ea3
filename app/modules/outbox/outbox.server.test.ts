import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { SMS_MAX_PARTS, SMS_PART_SEPTETS } from './gsm7.ts'
import {
  CLAIM_LEASE_SECONDS,
  deliverPending,
  developmentTransport,
  enqueueMessage,
  MAX_ATTEMPTS,
  type OutboundMessage,
  recordDeliveryReport,
  retryDelaySeconds,
  SendError,
  type Transport,
  type Transports,
} from './outbox.server.ts'
import { outboxMessages } from './tables.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})
// deliverPending claims every due row: each test starts with none left over from another.
beforeEach(async () => {
  await t.ctx.db.update(outboxMessages).set({ status: 'failed' }).where(eq(outboxMessages.status, 'pending'))
})

/**
 * A transport for two workers at once: each send waits until a second send has begun, so that both workers hold
 * their claims at the same moment, as behind a slow provider, without waiting on the clock. `opened` is called
 * too when a worker returns, so that a worker that claimed nothing cannot leave the other one waiting.
 */
function meetingTransport() {
  let started = 0
  let open = () => {}
  const met = new Promise<void>((resolve) => {
    open = resolve
  })
  const slow = recorder('smtp', async () => {
    if (++started >= 2) open()
    await met
    return {}
  })
  return { ...slow, opened: open }
}

/** True when a transaction holds the row: on PGlite, any open transaction (it has one connection for all). */
async function rowIsHeld(id: number): Promise<boolean> {
  if (t.connection.engine === 'pglite') {
    return (t.ctx.db as unknown as { $client: { isInTransaction(): boolean } }).$client.isInTransaction()
  }
  // PostgreSQL: NOWAIT answers at once, with lock_not_available (55P03), when another transaction holds the row.
  try {
    await t.ctx.db.transaction((tx) =>
      tx.execute(sql`SELECT 1 FROM ${outboxMessages} WHERE ${outboxMessages.id} = ${id} FOR UPDATE NOWAIT`),
    )
    return false
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code
    if (code === '55P03') return true
    throw error
  }
}

async function row(id: number) {
  const [r] = await t.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  return r
}

/** Seconds from the database's now() to the row's next attempt. */
async function secondsUntilNextAttempt(id: number): Promise<number> {
  const result = await t.ctx.db.execute(
    sql`SELECT extract(epoch FROM ${outboxMessages.nextAttemptAt} - now())::float AS s FROM ${outboxMessages} WHERE ${outboxMessages.id} = ${id}`,
  )
  return Number((result as unknown as { rows: { s: number }[] }).rows[0].s)
}

/** Moves the row's next attempt into the past, as time passing would. */
async function makeDue(id: number) {
  await t.ctx.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outboxMessages.id, id))
}

function recorder(name: string, behaviour: (m: OutboundMessage) => Promise<{ providerMessageId?: string }>) {
  const calls: OutboundMessage[] = []
  const transport: Transport = {
    name,
    async send(message) {
      calls.push(message)
      return behaviour(message)
    },
  }
  return { transport, calls }
}

const email = (recipient: string) => ({ channel: 'email' as const, recipient, subject: 'Hello', body: 'Body text' })
const sms = (recipient: string, body = 'Isoko: order ISK-1 placed.') => ({
  channel: 'sms' as const,
  recipient,
  subject: 'Isoko order',
  body,
})

describe('enqueueMessage', () => {
  test('stores an SMS as it will be sent: GSM-7 (the money format’s no-break space made plain), whole up to three parts', async () => {
    const long = `Isoko: payment of RF\u00a012,500 received ${'x'.repeat(200)}`
    const { id } = await enqueueMessage(t.ctx, sms('+250788111001', long))
    const stored = await row(id)
    // Two joined parts, nothing cut: the reader gets every word.
    expect(stored.body).toBe(long.replace('\u00a0', ' '))
    const { id: past } = await enqueueMessage(t.ctx, sms('+250788111001', `Isoko: ${'word '.repeat(200)}`))
    const cut = await row(past)
    expect(cut.body).toHaveLength(SMS_PART_SEPTETS * SMS_MAX_PARTS)
    expect(cut.body.endsWith('...')).toBe(true)
  })

  test('leaves an e-mail body as written', async () => {
    const body = `Payment of RF\u00a012,500 received.\n${'y'.repeat(400)}`
    const { id } = await enqueueMessage(t.ctx, { ...email('aline@example.rw'), body })
    expect((await row(id)).body).toBe(body)
  })
})

describe('deliverPending', () => {
  test('sends each message through its channel’s transport and records the provider’s message id', async () => {
    const mail = recorder('smtp', async () => ({ providerMessageId: '<m1@isoko.rw>' }))
    const text = recorder('africastalking', async () => ({ providerMessageId: 'ATXid_1' }))
    const a = await enqueueMessage(t.ctx, email('one@example.rw'))
    const b = await enqueueMessage(t.ctx, sms('+250788111002'))
    expect(await deliverPending(t.ctx, { email: mail.transport, sms: text.transport })).toBe(2)
    expect(mail.calls.map((m) => m.id)).toEqual([a.id])
    expect(text.calls.map((m) => m.id)).toEqual([b.id])
    expect(await row(a.id)).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      providerMessageId: '<m1@isoko.rw>',
      attempts: 1,
      claimToken: null,
    })
    expect(await row(b.id)).toMatchObject({ status: 'sent', transport: 'africastalking', providerMessageId: 'ATXid_1' })
  })

  test('a failed attempt waits 30 s, then twice as long after each further failure, and is not retried before', async () => {
    const failing = recorder('smtp', async () => {
      throw new Error('421 try again later')
    })
    const transports: Transports = { email: failing.transport, sms: developmentTransport }
    const { id } = await enqueueMessage(t.ctx, email('later@example.rw'))

    expect(await deliverPending(t.ctx, transports)).toBe(0)
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' })
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(25)
    expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(30)

    await deliverPending(t.ctx, transports)
    expect(failing.calls).toHaveLength(1)

    await makeDue(id)
    await deliverPending(t.ctx, transports)
    expect(failing.calls).toHaveLength(2)
    expect((await row(id)).attempts).toBe(2)
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(55)
    expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(60)
  })

  test('the back-off doubles from 30 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
  })

  test(`a message that fails ${MAX_ATTEMPTS} times is given up as failed, with the last error`, async () => {
    let n = 0
    const failing = recorder('smtp', async () => {
      throw new Error(`refused ${++n}`)
    })
    const { id } = await enqueueMessage(t.ctx, email('never@example.rw'))
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await deliverPending(t.ctx, { email: failing.transport, sms: developmentTransport })
      await makeDue(id)
    }
    expect(failing.calls).toHaveLength(MAX_ATTEMPTS)
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: `refused ${MAX_ATTEMPTS}`,
    })
  })

  test('a permanent refusal (an invalid number) fails the message at once, without retries', async () => {
    const refusing = recorder('africastalking', async () => {
      throw new SendError("Africa's Talking: InvalidPhoneNumber (403)", true)
    })
    const { id } = await enqueueMessage(t.ctx, sms('+25078'))
    await deliverPending(t.ctx, { email: developmentTransport, sms: refusing.transport })
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 })
  })

  test.each([1, 2, 3])(
    'two workers at once with a slow provider send each message exactly once (round %i)',
    async () => {
      const slow = meetingTransport()
      const ids: number[] = []
      for (let i = 0; i < 6; i++) ids.push((await enqueueMessage(t.ctx, email(`both${i}@example.rw`))).id)
      const transports = { email: slow.transport, sms: developmentTransport }
      const [first, second] = await Promise.all([
        deliverPending(t.ctx, transports, 4).finally(slow.opened),
        deliverPending(t.ctx, transports, 4).finally(slow.opened),
      ])
      // Whatever the split, the two found every message once between them, and nothing twice.
      expect(first + second).toBe(6)
      expect(slow.calls.map((m) => m.id).sort((x, y) => x - y)).toEqual(ids)
      for (const id of ids) expect((await row(id)).status).toBe('sent')
    },
  )

  test('no transaction or row lock is held while sending: the transport may write to the same row meanwhile', async () => {
    // On a worker that sent inside its claiming transaction, this UPDATE would wait for that transaction's row
    // lock (PostgreSQL) or its connection (PGlite) while the transaction waits for the send: stuck for ever. So the
    // send first asks, without waiting, whether anything holds the row; an error here fails the send.
    const touching = recorder('smtp', async (m) => {
      if (await rowIsHeld(m.id)) throw new Error('the row is locked while sending')
      await t.ctx.db
        .update(outboxMessages)
        .set({ lastError: 'written during the send' })
        .where(eq(outboxMessages.id, m.id))
      return {}
    })
    const { id } = await enqueueMessage(t.ctx, email('unlocked@example.rw'))
    expect(await deliverPending(t.ctx, { email: touching.transport, sms: developmentTransport })).toBe(1)
    expect(await row(id)).toMatchObject({ status: 'sent', lastError: null })
  })

  test('a message under another worker’s lease (sent, not yet marked) is not sent again until the lease ends', async () => {
    const { id } = await enqueueMessage(t.ctx, email('leased@example.rw'))
    // What a worker leaves behind when it sent the message and then lost the database before marking it.
    await t.ctx.db
      .update(outboxMessages)
      .set({
        attempts: 1,
        claimToken: 'another-worker',
        claimedUntil: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
      })
      .where(eq(outboxMessages.id, id))
    const mail = recorder('smtp', async () => ({}))
    expect(await deliverPending(t.ctx, { email: mail.transport, sms: developmentTransport })).toBe(0)
    expect(mail.calls).toHaveLength(0)

    await t.ctx.db
      .update(outboxMessages)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.id, id))
    expect(await deliverPending(t.ctx, { email: mail.transport, sms: developmentTransport })).toBe(1)
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 })
  })

  test('a worker whose claim was taken over during a slow send does not mark the row', async () => {
    const { id } = await enqueueMessage(t.ctx, email('overtaken@example.rw'))
    const slow = recorder('smtp', async (m) => {
      // The lease ran out and another worker claimed the row meanwhile.
      await t.ctx.db.update(outboxMessages).set({ claimToken: 'the-other-claim' }).where(eq(outboxMessages.id, m.id))
      return { providerMessageId: 'late' }
    })
    expect(await deliverPending(t.ctx, { email: slow.transport, sms: developmentTransport })).toBe(0)
    expect(await row(id)).toMatchObject({ status: 'pending', claimToken: 'the-other-claim', providerMessageId: null })
  })

  test('a batch behind a slow send does not send a message another worker claimed before its turn came', async () => {
    const first = await enqueueMessage(t.ctx, email('slow-first@example.rw'))
    const second = await enqueueMessage(t.ctx, email('slow-second@example.rw'))
    const slow = recorder('smtp', async (m) => {
      // While the first message is with a slow provider, the batch's lease runs out and another worker claims the
      // second message, which this worker has not reached yet.
      if (m.id === first.id) {
        await t.ctx.db
          .update(outboxMessages)
          .set({ claimToken: 'the-other-worker', claimedUntil: sql`now() + interval '5 minutes'` })
          .where(eq(outboxMessages.id, second.id))
      }
      return {}
    })
    expect(await deliverPending(t.ctx, { email: slow.transport, sms: developmentTransport })).toBe(1)
    expect(slow.calls.map((m) => m.id)).toEqual([first.id])
    expect(await row(second.id)).toMatchObject({ status: 'pending', claimToken: 'the-other-worker' })
  })

  test('a stopping worker sends nothing more and hands the rest of its batch back, uncounted', async () => {
    const first = await enqueueMessage(t.ctx, email('stop-first@example.rw'))
    const second = await enqueueMessage(t.ctx, email('stop-second@example.rw'))
    let stopped = false
    const mail = recorder('smtp', async () => {
      stopped = true
      return {}
    })
    const sent = await deliverPending(t.ctx, { email: mail.transport, sms: developmentTransport }, 20, {
      stopped: () => stopped,
    })
    expect(sent).toBe(1)
    expect(mail.calls.map((m) => m.id)).toEqual([first.id])
    expect(await row(second.id)).toMatchObject({ status: 'pending', claimToken: null, claimedUntil: null, attempts: 0 })
  })
})

describe('recordDeliveryReport', () => {
  async function sentSms(providerMessageId: string) {
    const { id } = await enqueueMessage(t.ctx, sms('+250788111003'))
    await t.ctx.db.update(outboxMessages).set({ status: 'sent', providerMessageId }).where(eq(outboxMessages.id, id))
    return id
  }

  test('records the status and failure reason on the message with that provider id', async () => {
    const id = await sentSms('ATXid_report_1')
    expect(
      await recordDeliveryReport(t.ctx, {
        providerMessageId: 'ATXid_report_1',
        status: 'Failed',
        failureReason: 'AbsentSubscriber',
      }),
    ).toBe(true)
    expect(await row(id)).toMatchObject({ deliveryStatus: 'Failed', deliveryFailureReason: 'AbsentSubscriber' })
  })

  test('a late intermediate report (Sent after Success) does not replace the final status', async () => {
    const id = await sentSms('ATXid_report_2')
    await recordDeliveryReport(t.ctx, { providerMessageId: 'ATXid_report_2', status: 'Success' })
    expect(await recordDeliveryReport(t.ctx, { providerMessageId: 'ATXid_report_2', status: 'Sent' })).toBe(true)
    expect((await row(id)).deliveryStatus).toBe('Success')
  })

  test('an unknown provider id changes nothing and says so', async () => {
    expect(await recordDeliveryReport(t.ctx, { providerMessageId: 'ATXid_nobody', status: 'Success' })).toBe(false)
    expect(await recordDeliveryReport(t.ctx, { providerMessageId: 'ATXid_nobody', status: 'Sent' })).toBe(false)
  })
})
