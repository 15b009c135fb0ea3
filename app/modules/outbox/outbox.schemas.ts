import { z } from 'zod'

/** The mailbox's query string: `to` shows one recipient's messages; anything unreadable shows them all. */
export const MailboxQuerySchema = z.object({
  to: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().toLowerCase().max(254).optional(),
    )
    .catch(undefined),
})
