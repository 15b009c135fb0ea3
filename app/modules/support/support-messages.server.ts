import { count, desc, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { supportMessages } from './tables.server.ts'

/** The help page's contact form; the messages are message ids of the catalogue. */
export const ContactMessageSchema = z.object({
  name: z.string().trim().min(1, 'help.form.error.name').max(100, 'help.form.error.name'),
  email: z.string().trim().toLowerCase().pipe(z.email('help.form.error.email').max(254, 'help.form.error.email')),
  subject: z.string().trim().min(1, 'help.form.error.subject').max(150, 'help.form.error.subject'),
  message: z.string().trim().min(10, 'help.form.error.message').max(5000, 'help.form.error.messageLong'),
})

export type ContactField = keyof z.infer<typeof ContactMessageSchema>
export type ContactOutcome = { ok: true; id: number } | { ok: false; errors: Partial<Record<ContactField, string>> }

/** Stores a support message for staff; refused fields come back with the id of their message. */
export async function createSupportMessage(
  ctx: ServiceContext,
  input: Record<string, unknown>,
): Promise<ContactOutcome> {
  const parsed = checkValues(ContactMessageSchema, input)
  if (!parsed.ok) return { ok: false, errors: parsed.errors as Partial<Record<ContactField, string>> }
  const [row] = await ctx.db.insert(supportMessages).values(parsed.data).returning({ id: supportMessages.id })
  return { ok: true, id: row?.id ?? 0 }
}

export type SupportMessage = typeof supportMessages.$inferSelect

export type SupportMessagesPage = {
  items: SupportMessage[]
  total: number
  /** Messages nobody has answered yet. */
  newCount: number
  page: number
  pageCount: number
}

export const SUPPORT_MESSAGES_PER_PAGE = 25

/** The storefront's contact messages for staff, newest first, with how many there are. */
export async function listSupportMessages(
  ctx: ServiceContext,
  input: { page?: number; perPage?: number } = {},
): Promise<SupportMessagesPage> {
  const perPage = Math.min(Math.max(Math.trunc(input.perPage ?? SUPPORT_MESSAGES_PER_PAGE) || 1, 1), 100)
  const [totals] = await ctx.db
    .select({ n: count(), fresh: sql<string | number>`count(*) filter (where ${supportMessages.status} = 'new')` })
    .from(supportMessages)
  const total = Number(totals?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), pageCount)
  const items = await ctx.db
    .select()
    .from(supportMessages)
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { items, total, newCount: Number(totals?.fresh ?? 0), page, pageCount }
}
