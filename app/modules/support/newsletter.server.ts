import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { defaultLocale, type Locale } from '#app/lib/i18n.tsx'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { hit, throttleKeyPart } from '#app/modules/throttle/throttle.server.ts'
import { type NewsletterOutcome, NewsletterSchema } from './support.schemas.ts'
import { newsletterSubscriptions } from './tables.server.ts'

export type { NewsletterOutcome }

// Double opt-in: a subscription counts only once its address has opened the e-mailed link, so that nobody can
// subscribe someone else. The answer is the same whether the address is new, pending or already confirmed (nothing
// to learn about who subscribes), and only a hash of the link's token is stored.

/** How long a confirmation link works. */
const CONFIRM_LINK_DAYS = 7
/** Confirmation e-mails one address may receive in a day, whoever asks (no inbox flooding from many addresses). */
const CONFIRM_EMAILS_PER_DAY = 3

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The confirmation e-mail, in the language the subscriber read the site in. */
export function newsletterConfirmEmail(input: { email: string; link: string; locale?: Locale }) {
  const i18n = createI18n(input.locale ?? defaultLocale)
  return {
    channel: 'email' as const,
    recipient: input.email,
    subject: i18n._('newsletter.email.subject'),
    body: i18n._('newsletter.email.body', { days: CONFIRM_LINK_DAYS, link: input.link }),
  }
}

/**
 * Records a subscription to confirm and e-mails its link (through the outbox). `publicUrl` is where the site is
 * reached (the configured PUBLIC_URL, never a request's Host).
 */
export async function subscribeToNewsletter(
  ctx: ServiceContext,
  email: unknown,
  options: { publicUrl: string; now?: Date; locale?: Locale },
): Promise<NewsletterOutcome> {
  const parsed = NewsletterSchema.safeParse({ email })
  if (!parsed.success) return { ok: false, code: 'invalid' }
  const address = parsed.data.email
  const now = options.now ?? new Date()
  const locale = options.locale ?? defaultLocale
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000)
  // A confirmed address is left as it is; a new or pending one gets a fresh link (the older one stops working).
  const rows = await ctx.db
    .insert(newsletterSubscriptions)
    .values({ email: address, locale, confirmTokenHash: hashToken(token), confirmTokenExpiresAt: expiresAt })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { locale, confirmTokenHash: hashToken(token), confirmTokenExpiresAt: expiresAt },
      setWhere: isNull(newsletterSubscriptions.confirmedAt),
    })
    .returning({ id: newsletterSubscriptions.id })
  if (rows.length === 0) return { ok: true }
  const allowed = await hit(ctx, {
    key: `newsletter:email:${throttleKeyPart(address)}`,
    limit: CONFIRM_EMAILS_PER_DAY,
    windowSeconds: 86_400,
    now,
  })
  if (!allowed.ok) return { ok: true }
  const link = new URL(`/newsletter/confirm?token=${encodeURIComponent(token)}`, options.publicUrl).toString()
  await enqueueMessage(ctx, newsletterConfirmEmail({ email: address, link, locale }))
  return { ok: true }
}

/** Confirms the subscription whose e-mailed link carries `token`; an unknown, used or expired link is refused. */
export async function confirmNewsletterSubscription(
  ctx: ServiceContext,
  token: unknown,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; code: 'invalid' }> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return { ok: false, code: 'invalid' }
  const rows = await ctx.db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)),
        gt(newsletterSubscriptions.confirmTokenExpiresAt, now),
        isNull(newsletterSubscriptions.confirmedAt),
      ),
    )
    .returning({ id: newsletterSubscriptions.id })
  return rows.length > 0 ? { ok: true } : { ok: false, code: 'invalid' }
}

export type NewsletterSubscription = Pick<
  typeof newsletterSubscriptions.$inferSelect,
  'id' | 'email' | 'createdAt' | 'confirmedAt'
>

export type NewsletterSubscriptionsPage = {
  items: NewsletterSubscription[]
  /** Every address on the list, confirmed or not. */
  total: number
  /** The subscribers: addresses that confirmed. */
  confirmed: number
  page: number
  pageCount: number
}

export const SUBSCRIPTIONS_PER_PAGE = 50

/** The newsletter's addresses for staff, newest first, each confirmed or pending, with how many confirmed. */
export async function listNewsletterSubscriptions(
  ctx: ServiceContext,
  input: { page?: number; perPage?: number } = {},
): Promise<NewsletterSubscriptionsPage> {
  const perPage = Math.min(Math.max(Math.trunc(input.perPage ?? SUBSCRIPTIONS_PER_PAGE) || 1, 1), 200)
  const [totals] = await ctx.db.select({ n: count() }).from(newsletterSubscriptions)
  const [confirmedRows] = await ctx.db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt))
  const total = Number(totals?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), pageCount)
  const items = await ctx.db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      createdAt: newsletterSubscriptions.createdAt,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { items, total, confirmed: Number(confirmedRows?.n ?? 0), page, pageCount }
}

/**
 * The confirmed subscribers for a mailing tool: those who clicked their confirmation link (consent given), oldest
 * first, with when they confirmed. Addresses that never confirmed are left out. Staff only (the route checks).
 */
export async function listConfirmedSubscribers(ctx: ServiceContext): Promise<{ email: string; confirmedAt: Date }[]> {
  const rows = await ctx.db
    .select({ email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt))
    .orderBy(newsletterSubscriptions.confirmedAt, newsletterSubscriptions.id)
  return rows.flatMap((r) => (r.confirmedAt ? [{ email: r.email, confirmedAt: r.confirmedAt }] : []))
}
