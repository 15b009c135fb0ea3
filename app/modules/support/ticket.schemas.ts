import { z } from 'zod'
import { StaffListQuerySchema } from './support.schemas.ts'

// The support desk's query string and reply form (messages are ids of the `support` catalogue area).

const ticketStatuses = ['new', 'open', 'waiting', 'solved', 'all'] as const

/** /admin/support?status=open&q=kitenge&page=2: a bad value reads as its default. */
export const SupportDeskQuerySchema = StaffListQuerySchema.extend({
  status: z.enum(ticketStatuses).catch('all').default('all'),
  q: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(100).optional(),
    )
    .catch(undefined),
})

/** A reply in a ticket (staff's or the customer's). */
export const TicketReplySchema = z.object({
  body: z.string().trim().min(1, 'support.error.reply').max(5000, 'support.error.replyLong'),
})
