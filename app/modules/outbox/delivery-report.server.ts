/**
 * Africa's Talking delivery reports: the gateway POSTs form fields id, status, phoneNumber, networkCode,
 * failureReason and retryCount to the URL set in its dashboard. It cannot sign them, so that URL carries a shared
 * secret (`?key=`, see config.server.ts). Only the known fields are read, each at most 200 characters.
 */
import { z } from 'zod'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { deliveryReportKeyMatches } from './config.server.ts'
import { recordDeliveryReport } from './outbox.server.ts'

const field = z.string().trim().max(200)

/** The known fields (others are dropped). Status: Sent, Submitted, Buffered, Rejected, Success, Failed, … */
export const DeliveryReportSchema = z.object({
  id: field.min(1),
  // Any one word: a status the gateway adds later is recorded rather than refused forever.
  status: field.regex(/^[A-Za-z]{1,40}$/),
  phoneNumber: field.optional(),
  networkCode: field.optional(),
  failureReason: field.optional(),
  retryCount: field.optional(),
})
export type DeliveryReport = z.infer<typeof DeliveryReportSchema>

/** The largest report body read; a real one is a few hundred bytes. */
export const DELIVERY_REPORT_MAX_BYTES = 16 * 1024

export type DeliveryReportOutcome = 'recorded' | 'unknown' | 'refused' | 'invalid' | 'too-large'

/** The HTTP answer for each outcome: 200 for an unknown id too, so the gateway does not retry it forever. */
export const DELIVERY_REPORT_STATUS: Record<DeliveryReportOutcome, number> = {
  recorded: 200,
  unknown: 200,
  refused: 401,
  invalid: 400,
  'too-large': 413,
}

/** Reads a request body as text, or null when it is longer than `maxBytes` (counted as it streams). */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Parses the form's known fields, or null when one is missing or too long. */
export function parseDeliveryReport(form: URLSearchParams): DeliveryReport | null {
  const known: Record<string, string> = {}
  for (const name of Object.keys(DeliveryReportSchema.shape)) {
    const value = form.get(name)
    if (value !== null) known[name] = value
  }
  const parsed = DeliveryReportSchema.safeParse(known)
  return parsed.success ? parsed.data : null
}

/** How long a report for an id not stored yet waits before each new look (the worker may be marking it). */
export const DELIVERY_REPORT_RETRY_DELAYS_MS = [250, 500, 1000]

/** Verifies, parses and records one delivery report request. */
export async function handleDeliveryReport(
  ctx: ServiceContext,
  request: Request,
  secret: string | undefined,
  options: { retryDelaysMs?: number[] } = {},
): Promise<DeliveryReportOutcome> {
  const key = new URL(request.url).searchParams.get('key')
  if (!deliveryReportKeyMatches(key, secret)) return 'refused'
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return 'invalid'
  const text = await readBoundedText(request, DELIVERY_REPORT_MAX_BYTES)
  if (text === null) return 'too-large'
  const report = parseDeliveryReport(new URLSearchParams(text))
  if (!report) return 'invalid'
  const input = { providerMessageId: report.id, status: report.status, failureReason: report.failureReason }
  if (await recordDeliveryReport(ctx, input)) return 'recorded'
  // A fast report can overtake the worker's mark (the id is stored just after the gateway answers): look again
  // a little later before answering 200, after which the gateway will not send this report again.
  for (const ms of options.retryDelaysMs ?? DELIVERY_REPORT_RETRY_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, ms))
    if (await recordDeliveryReport(ctx, input)) return 'recorded'
  }
  return 'unknown'
}
