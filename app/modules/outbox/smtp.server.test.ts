import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '#tests/db.ts'
import { deliverPending, developmentTransport, enqueueMessage, listMessages, SendError } from './outbox.server.ts'
import { createSmtpTransport } from './smtp.server.ts'

// A real SMTP server on loopback (smtp-server), started by this file: it wants a login, refuses one address with
// 550, and keeps what it receives.
type Received = { from: string; to: string[]; raw: string; user?: string }
const received: Received[] = []
let sink: SMTPServer
let port = 0

beforeAll(async () => {
  sink = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'isoko' && auth.password === 's3cret/pass') return callback(null, { user: auth.username })
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        return callback(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }))
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()))
  port = (sink.server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => sink.close(() => resolve()))
})

const url = () => `smtp://isoko:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${port}`
const message = (recipient: string, id = 1) => ({
  id,
  channel: 'email' as const,
  recipient,
  subject: 'Your Isoko order ISK-1001',
  body: 'Murakoze! Your order ISK-1001 is placed.',
})

async function refusal(promise: Promise<unknown>): Promise<SendError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SendError)
  return error as SendError
}

describe('SMTP transport against a local SMTP server', () => {
  test('delivers to the recipient, from MAIL_FROM, with the subject and body, signed in with the URL’s user', async () => {
    const smtp = createSmtpTransport({ url: url(), from: 'Isoko <no-reply@isoko.rw>' })
    const result = await smtp.send(message('aline@example.rw', 41))
    expect(received).toHaveLength(1)
    const mail = received[0]
    expect(mail).toMatchObject({ from: 'no-reply@isoko.rw', to: ['aline@example.rw'], user: 'isoko' })
    expect(mail.raw).toMatch(/^Subject: Your Isoko order ISK-1001$/m)
    expect(mail.raw).toMatch(/^From: Isoko <no-reply@isoko\.rw>$/m)
    expect(mail.raw).toContain('Murakoze! Your order ISK-1001 is placed.')
    // The provider id is the Message-ID, the same for every send of outbox row 41.
    expect(result.providerMessageId).toMatch(/^<outbox-41\.[0-9a-f]{24}@isoko\.rw>$/)
    expect(mail.raw).toContain(`Message-ID: ${result.providerMessageId}`)
    expect((await smtp.send(message('aline@example.rw', 41))).providerMessageId).toBe(result.providerMessageId)
  })

  test('a recipient the server refuses with 550 is a failed attempt, marked permanent, with the server’s words', async () => {
    const before = received.length
    const smtp = createSmtpTransport({ url: url(), from: 'Isoko <no-reply@isoko.rw>' })
    const error = await refusal(smtp.send(message('nobody@example.rw')))
    expect(error.permanent).toBe(true)
    expect(error.message).toContain('550')
    expect(received).toHaveLength(before)
  })

  test('a refused login is a failed attempt that will be retried (the settings may be fixed)', async () => {
    const smtp = createSmtpTransport({ url: `smtp://isoko:wrong@127.0.0.1:${port}`, from: 'Isoko <no-reply@isoko.rw>' })
    const error = await refusal(smtp.send(message('aline@example.rw')))
    expect(error.permanent).toBe(false)
    expect(error.message).toContain('535')
  })

  test('a server that is not there is a failed attempt that will be retried', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false })
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
    const closedPort = (closed.server.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const smtp = createSmtpTransport({ url: `smtp://127.0.0.1:${closedPort}`, from: 'Isoko <no-reply@isoko.rw>' })
    const error = await refusal(smtp.send(message('aline@example.rw')))
    expect(error.permanent).toBe(false)
  })

  test('through the outbox: the accepted message is marked sent with its Message-ID, the refused one failed', async () => {
    const t = await createTestDatabase()
    try {
      const smtp = createSmtpTransport({ url: url(), from: 'Isoko <no-reply@isoko.rw>' })
      await enqueueMessage(t.ctx, { channel: 'email', recipient: 'eric@example.rw', subject: 'Hi', body: 'Hello' })
      await enqueueMessage(t.ctx, { channel: 'email', recipient: 'nobody@example.rw', subject: 'Hi', body: 'Hello' })
      expect(await deliverPending(t.ctx, { email: smtp, sms: developmentTransport })).toBe(1)
      const [refused, accepted] = await listMessages(t.ctx)
      expect(accepted).toMatchObject({ recipient: 'eric@example.rw', status: 'sent', transport: 'smtp' })
      expect(accepted.providerMessageId).toMatch(/^<outbox-\d+\./)
      expect(refused).toMatchObject({ recipient: 'nobody@example.rw', status: 'failed', attempts: 1 })
      expect(refused.lastError).toContain('550')
    } finally {
      await t.close()
    }
  })
})
