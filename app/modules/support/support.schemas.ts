import { z } from 'zod'

/** A newsletter address: trimmed and lower-cased, so one person subscribes once whatever they type. */
export const NewsletterSchema = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) })

export type NewsletterInput = z.infer<typeof NewsletterSchema>

/** What the footer form learns: stored, or why not. */
export type NewsletterOutcome = { ok: true } | { ok: false; code: 'invalid' | 'duplicate' }
