/**
 * A simulator of Africa's Talking's SMS API for development and tests, answering as the contract says
 * (domain/payments-and-rwanda.md, section SMS): POST /version1/messaging, form-encoded, checked
 * against the configured username and apiKey, one Recipients entry per number. Non-E.164 numbers get 403
 * InvalidPhoneNumber; SMS_SIMULATOR_TEST_NUMBERS script other outcomes. It keeps the last `maxMessages` messages
 * in memory (GET /__messages shows them) and, when configured, posts delivery reports as the gateway does. The
 * server mounts it on the simulators' loopback port, never on the public listener.
 */
import { randomBytes } from 'node:crypto'
import express, { Router } from 'express'
import { type Clock, realClock } from '#app/lib/clock.server.ts'

export type SmsSimulatorOptions = {
  username: string
  apiKey: string
  /** Where delivery reports are posted (the app's /api/sms/delivery-report?key=…); without it, none are. */
  deliveryReportUrl?: string
  /** The only prefix a delivery report URL may have (the app's own base); another URL is refused at start. */
  callbackBase?: string
  /** Delay before a delivery report. Default 300 ms. */
  reportDelayMs?: number
  /** Messages kept for GET /__messages. Default 500. */
  maxMessages?: number
  /**
   * Where the report delay comes from: Node's timers by default; tests pass a manual clock (the payment
   * simulators' `createManualClock`), which waits for the report to be answered when it moves past it.
   */
  clock?: SmsSimulatorClock
}

export type SmsSimulatorClock = Clock

export const SMS_SIMULATOR_TEST_NUMBERS = {
  /** The account is out of credit: statusCode 405 InsufficientBalance (the outbox retries later). */
  insufficientBalance: '+250788000405',
  /** Accepted (101), then a delivery report Failed with failureReason AbsentSubscriber. */
  absentSubscriber: '+250788000411',
} as const

export type SimulatedSms = {
  messageId: string | null
  to: string
  from: string | null
  message: string
  statusCode: number
  status: string
  at: string
  /** The delivery report's status, once one was sent. */
  delivery?: string
}

export type SmsSimulator = Router & {
  /** The kept messages, oldest first. */
  messages(): SimulatedSms[]
  /** Cancels pending delivery reports. */
  close(): void
}

const E164 = /^\+[1-9]\d{7,14}$/
const NETWORK_MTN_RWANDA = '63510'

function outcome(number: string): { statusCode: number; status: string } {
  if (!E164.test(number)) return { statusCode: 403, status: 'InvalidPhoneNumber' }
  if (number === SMS_SIMULATOR_TEST_NUMBERS.insufficientBalance)
    return { statusCode: 405, status: 'InsufficientBalance' }
  return { statusCode: 101, status: 'Success' }
}

export function createSmsSimulator(options: SmsSimulatorOptions): SmsSimulator {
  const { deliveryReportUrl, callbackBase } = options
  if (deliveryReportUrl && !(callbackBase && deliveryReportUrl.startsWith(callbackBase))) {
    throw new Error(
      `SMS simulator: the delivery report URL must start with the callback base ${callbackBase ?? '(none)'}`,
    )
  }
  const maxMessages = options.maxMessages ?? 500
  const kept: SimulatedSms[] = []
  const clock = options.clock ?? realClock
  const timers = new Set<unknown>()
  const router = Router()
  router.use(express.urlencoded({ extended: false, limit: '64kb' }))

  function keep(sms: SimulatedSms) {
    kept.push(sms)
    if (kept.length > maxMessages) kept.splice(0, kept.length - maxMessages)
  }

  function report(sms: SimulatedSms, messageId: string) {
    if (!deliveryReportUrl) return
    const timer = clock.setTimeout(async () => {
      timers.delete(timer)
      const failed = sms.to === SMS_SIMULATOR_TEST_NUMBERS.absentSubscriber
      sms.delivery = failed ? 'Failed' : 'Success'
      const form = new URLSearchParams({
        id: messageId,
        status: sms.delivery,
        phoneNumber: sms.to,
        networkCode: NETWORK_MTN_RWANDA,
        failureReason: failed ? 'AbsentSubscriber' : '',
        retryCount: '0',
      })
      try {
        const response = await fetch(deliveryReportUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(10_000),
        })
        await response.arrayBuffer().catch(() => {})
      } catch {
        // A receiver that is down loses the report, as with the real gateway.
      }
    }, options.reportDelayMs ?? 300)
    timers.add(timer)
  }

  router.post('/version1/messaging', (req, res) => {
    if (req.get('apikey') !== options.apiKey) {
      return res.status(401).type('text/plain').send('The supplied authentication is invalid')
    }
    const body = (req.body ?? {}) as Record<string, unknown>
    if (body.username !== options.username) {
      return res.status(401).type('text/plain').send('The supplied authentication is invalid')
    }
    if (typeof body.to !== 'string' || body.to.trim() === '' || typeof body.message !== 'string') {
      return res.status(400).type('text/plain').send('Request is missing required form field')
    }
    const from = typeof body.from === 'string' && body.from !== '' ? body.from : null
    const recipients = body.to.split(',').map((n) => n.trim())
    let sent = 0
    const entries = recipients.map((number) => {
      const { statusCode, status } = outcome(number)
      const ok = statusCode === 101
      const messageId = ok ? `ATXid_${randomBytes(16).toString('hex')}` : null
      const sms: SimulatedSms = {
        messageId,
        to: number,
        from,
        message: body.message as string,
        statusCode,
        status,
        at: new Date().toISOString(),
      }
      keep(sms)
      if (messageId) {
        sent++
        report(sms, messageId)
      }
      return { statusCode, number, status, cost: ok ? 'RWF 15.0000' : '0', messageId: messageId ?? 'None' }
    })
    res.status(201).json({
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: RWF ${(sent * 15).toFixed(4)}`,
        Recipients: entries,
      },
    })
  })

  router.get('/__messages', (_req, res) => {
    res.json({ messages: kept })
  })

  return Object.assign(router, {
    messages: () => [...kept],
    close() {
      for (const timer of timers) clock.clearTimeout(timer)
      timers.clear()
    },
  })
}
