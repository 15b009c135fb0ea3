import { z } from 'zod'

// The Contact Vendor forms (first message, reply, report) and the ids in their URLs, shared by the browser and the
// server. Messages are catalogue ids; the limits travel with them as values.

export const messageLimits = { body: { min: 1, max: 2000 }, reason: { min: 5, max: 500 } } as const

/** A message: trimmed, 1 to 2000 characters. */
export const MessageBodySchema = z
  .string()
  .trim()
  .min(messageLimits.body.min, 'messages.error.bodyRequired')
  .max(messageLimits.body.max, 'messages.error.bodyTooLong')

/** Why a conversation is reported: trimmed, 5 to 500 characters. */
export const ReportReasonSchema = z
  .string()
  .trim()
  .min(messageLimits.reason.min, 'messages.error.reasonShort')
  .max(messageLimits.reason.max, 'messages.error.reasonLong')

/** An id from a path or a form field: a plain positive number, or the parse fails (and the page is not found). */
export const RecordIdSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .refine((n) => n > 0)

/** The first message to a store: /customer-dashboard/messages/new?store=1 */
export const NewConversationFormSchema = z.object({ store: RecordIdSchema, body: MessageBodySchema })

/** The thread page's two forms, told apart by `intent`. */
export const ThreadFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('reply'), body: MessageBodySchema }),
  z.object({ intent: z.literal('report'), reason: ReportReasonSchema }),
])
export type ThreadForm = z.infer<typeof ThreadFormSchema>

/** Who wrote a message (the same union as the table's, for the browser). */
export type ConversationSide = 'customer' | 'vendor'
