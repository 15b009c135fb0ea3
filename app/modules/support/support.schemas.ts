import { z } from 'zod'

/** A newsletter address: trimmed and lower-cased, so one person subscribes once whatever they type. */
export const NewsletterSchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) })

export type NewsletterInput = z.infer<typeof NewsletterSchema>

/**
 * What the footer form learns: the same `ok` for a new, pending or confirmed address (no enumeration), a
 * malformed address, or too many attempts from this connection (`minutes` to wait).
 */
export type NewsletterOutcome =
  | { ok: true }
  | { ok: false; code: 'invalid' }
  | { ok: false; code: 'limited'; minutes: number }

/** The page of a staff list (support messages, subscribers); a bad value reads as page 1. */
export const StaffListQuerySchema = z.object({
  page: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(1).max(10_000).default(1),
    )
    .catch(1),
})
