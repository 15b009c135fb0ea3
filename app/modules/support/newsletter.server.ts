import type { ServiceContext } from '#app/lib/context.server.ts'
import { type NewsletterOutcome, NewsletterSchema } from './support.schemas.ts'
import { newsletterSubscriptions } from './tables.server.ts'

export type { NewsletterOutcome }

/** Stores a newsletter subscription; one per address (case-insensitive). */
export async function subscribeToNewsletter(ctx: ServiceContext, email: unknown): Promise<NewsletterOutcome> {
  const parsed = NewsletterSchema.safeParse({ email })
  if (!parsed.success) return { ok: false, code: 'invalid' }
  const rows = await ctx.db
    .insert(newsletterSubscriptions)
    .values({ email: parsed.data.email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id })
  return rows.length ? { ok: true } : { ok: false, code: 'duplicate' }
}
