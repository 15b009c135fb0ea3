import { count, desc } from 'drizzle-orm'
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

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect

export type NewsletterSubscriptionsPage = {
  items: NewsletterSubscription[]
  total: number
  page: number
  pageCount: number
}

export const SUBSCRIPTIONS_PER_PAGE = 50

/** The newsletter's subscribers for staff, newest first, with how many there are. */
export async function listNewsletterSubscriptions(
  ctx: ServiceContext,
  input: { page?: number; perPage?: number } = {},
): Promise<NewsletterSubscriptionsPage> {
  const perPage = Math.min(Math.max(Math.trunc(input.perPage ?? SUBSCRIPTIONS_PER_PAGE) || 1, 1), 200)
  const [totals] = await ctx.db.select({ n: count() }).from(newsletterSubscriptions)
  const total = Number(totals?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), pageCount)
  const items = await ctx.db
    .select()
    .from(newsletterSubscriptions)
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { items, total, page, pageCount }
}
