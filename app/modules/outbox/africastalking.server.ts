/**
 * SMS through Africa's Talking's messaging API (domain/payments-and-rwanda.md, section SMS):
 * POST {base}/version1/messaging, form-encoded username, to, message and optional from, with the apiKey header.
 * Each recipient's statusCode says whether it was taken: 100 processed, 101 sent, 102 queued; 401 and above failed.
 */
import { z } from 'zod'
import { SendError, type Transport } from './outbox.server.ts'

export type AfricasTalkingSettings = {
  username: string
  apiKey: string
  /** An approved sender id or short code; without it the gateway uses its shared one. */
  senderId?: string
  /** https://api.africastalking.com in production; the simulator's URL in development. No trailing slash. */
  baseUrl: string
}

/** The per-recipient status codes that mean the gateway took the message. */
export const AT_ACCEPTED_CODES = [100, 101, 102]
/** Failures that no retry will fix: invalid number, unsupported number type, recipient blacklisted. */
const PERMANENT_CODES = [403, 404, 406]

const AnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z
      .array(
        z.object({
          statusCode: z.coerce.number(),
          status: z.string().optional(),
          number: z.string().optional(),
          messageId: z.string().optional(),
          cost: z.string().optional(),
        }),
      )
      .default([]),
  }),
})

export function createAfricasTalkingTransport(
  settings: AfricasTalkingSettings,
  fetchImpl: typeof fetch = fetch,
): Transport {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/version1/messaging`
  return {
    name: 'africastalking',
    async send(message) {
      const form = new URLSearchParams({ username: settings.username, to: message.recipient, message: message.body })
      if (settings.senderId) form.set('from', settings.senderId)
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            apiKey: settings.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(20_000),
        })
      } catch (error) {
        throw new SendError(`Africa's Talking: no answer (${(error as Error).message})`)
      }
      const text = await response.text().catch(() => '')
      if (!response.ok) throw new SendError(`Africa's Talking: HTTP ${response.status} ${text.slice(0, 200)}`)
      let parsed: z.infer<typeof AnswerSchema>
      try {
        parsed = AnswerSchema.parse(JSON.parse(text))
      } catch {
        throw new SendError(`Africa's Talking: unreadable answer ${text.slice(0, 200)}`)
      }
      const data = parsed.SMSMessageData
      // One recipient per message: its entry says what happened. None at all means the whole request was refused
      // (the Message says why, e.g. InvalidSenderId).
      const recipient = data.Recipients[0]
      if (!recipient) throw new SendError(`Africa's Talking: not sent (${data.Message ?? 'no recipients'})`)
      if (!AT_ACCEPTED_CODES.includes(recipient.statusCode)) {
        throw new SendError(
          `Africa's Talking: ${recipient.status ?? 'failed'} (${recipient.statusCode})`,
          PERMANENT_CODES.includes(recipient.statusCode),
        )
      }
      return { providerMessageId: recipient.messageId }
    },
  }
}
