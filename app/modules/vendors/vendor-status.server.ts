import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { defaultLocale, type Locale } from '#app/lib/i18n.tsx'
import { escapeLike } from '#app/lib/like.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { findAccountLocale } from '#app/modules/accounts/accounts.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { vendorStatusEvents, vendors } from './tables.server.ts'
import {
  findTransition,
  STATUS_REASON_MAX,
  type VendorStatus,
  type VendorStatusAction,
  type VendorStatusTransition,
  vendorStatuses,
} from './vendor-status.ts'

/** Who changes a status: staff only. The actor is recorded with every change. */
export type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }

export type ChangeVendorStatusInput = {
  vendorId: number
  action: VendorStatusAction
  /** Required to reject or suspend; kept on the store (status_reason) and in the history. */
  reason?: string | null
  /** The site's address (`https://isoko.rw`), for the links in the e-mail; none gives paths alone. */
  siteUrl?: string
}

/** Why a change was refused: returned as a value (STYLE.md, point 10), never thrown. */
export type VendorStatusRefusal =
  | { ok: false; code: 'forbidden' }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'reason-required' }
  | { ok: false; code: 'reason-too-long' }
  | { ok: false; code: 'illegal-transition'; from: VendorStatus; action: VendorStatusAction }

export type VendorStatusChange = {
  ok: true
  vendorId: number
  businessName: string
  from: VendorStatus
  to: VendorStatus
  reason: string | null
  eventId: number
  messageId: number
}

/**
 * Moves a store through the status machine (vendor-status.ts) on an admin's word: in one transaction, the store's
 * status and reason change, the change is recorded in the history with who made it, and the vendor's e-mail is
 * queued in the outbox, so that all three happen or none. The store's row is locked while it changes, so two
 * admins acting at once cannot both move it from the same status. Approving and reinstating clear the reason.
 */
export async function changeVendorStatus(
  ctx: StaffContext,
  input: ChangeVendorStatusInput,
): Promise<VendorStatusChange | VendorStatusRefusal> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  if (!Number.isInteger(input.vendorId) || input.vendorId < 1 || input.vendorId > 2_147_483_647) {
    return { ok: false, code: 'not_found' }
  }
  const reason = input.reason?.trim() || null
  if (reason && reason.length > STATUS_REASON_MAX) return { ok: false, code: 'reason-too-long' }

  const result = await ctx.db.transaction(async (tx) => {
    const [store] = await tx
      .select({
        id: vendors.id,
        name: vendors.name,
        ownerName: vendors.ownerName,
        email: vendors.email,
        status: vendors.status,
        ownerUserId: vendors.ownerUserId,
      })
      .from(vendors)
      .where(eq(vendors.id, input.vendorId))
      .for('update')
    if (!store) return { ok: false, code: 'not_found' } as const
    const transition = findTransition(input.action, store.status)
    if (!transition) {
      return { ok: false, code: 'illegal-transition', from: store.status, action: input.action } as const
    }
    if (transition.reasonRequired && !reason) return { ok: false, code: 'reason-required' } as const
    const kept = transition.reasonRequired ? reason : null

    await tx
      .update(vendors)
      .set({ status: transition.to, statusReason: kept })
      .where(and(eq(vendors.id, store.id), eq(vendors.status, store.status)))
    const [event] = await tx
      .insert(vendorStatusEvents)
      .values({
        vendorId: store.id,
        fromStatus: store.status,
        toStatus: transition.to,
        reason: kept,
        actorUserId: ctx.actor.userId,
      })
      .returning({ id: vendorStatusEvents.id })
    // The audit log (issue 17), in the same transaction as the change.
    await recordStaffAction(
      { db: tx },
      {
        actor: ctx.actor,
        action: `vendor:${input.action}`,
        subject: { type: 'vendor', id: store.id },
        before: { status: store.status },
        after: { status: transition.to, ...(kept ? { reason: kept } : {}) },
      },
    )
    // In the owner's language (the one their account keeps).
    const locale = store.ownerUserId ? await findAccountLocale({ db: tx }, store.ownerUserId) : defaultLocale
    const message = await enqueueMessage(
      { db: tx },
      vendorStatusEmail(transition, { ...store, reason: kept, siteUrl: input.siteUrl ?? '' }, locale),
    )
    return {
      ok: true,
      vendorId: store.id,
      businessName: store.name,
      from: store.status,
      to: transition.to,
      reason: kept,
      eventId: event?.id ?? 0,
      messageId: message.id,
    } as const
  })
  // The store's products were listed or unlisted in the transaction (a trigger, migration 0017); the listings'
  // cached figures are dropped once it has committed.
  if (result.ok) clearListingCaches()
  return result
}

/** The e-mail a vendor gets when their store's status changes, in `locale` (the owner's language). */
export function vendorStatusEmail(
  transition: VendorStatusTransition,
  store: { id: number; name: string; ownerName: string; email: string; reason: string | null; siteUrl: string },
  locale: Locale = defaultLocale,
) {
  const i18n = createI18n(locale)
  const values = {
    owner: store.ownerName,
    store: store.name,
    dashboard: `${store.siteUrl}/vendor-login`,
    page: `${store.siteUrl}/vendor/${store.id}`,
    because: store.reason ? i18n._('vendor.email.because', { reason: store.reason }) : '',
  }
  return {
    channel: 'email' as const,
    recipient: store.email,
    subject: i18n._(`vendor.email.${transition.action}.subject`, values),
    body: i18n._(`vendor.email.${transition.action}.body`, values),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The applications queue of the admin console
// ---------------------------------------------------------------------------------------------------------------

export const APPLICATIONS_PER_PAGE = 20

export type VendorStatusEvent = {
  id: number
  from: VendorStatus
  to: VendorStatus
  reason: string | null
  /** The account that made the change (null when it was deleted since). */
  actorUserId: string | null
  /** ISO timestamp. */
  at: string
}

export type VendorApplication = {
  id: number
  businessName: string
  ownerName: string
  /** The account that runs the store, if any (the seed's stores without a demo login have none). */
  ownerUserId: string | null
  email: string
  /** E.164. */
  phone: string
  district: string
  city: string
  businessAddress: string
  /** Department slugs. */
  categories: string[]
  /** The business description as the applicant wrote it. */
  description: string
  /** ISO timestamp of the application. */
  appliedAt: string
  status: VendorStatus
  statusReason: string | null
  verified: boolean
  /** Oldest first. */
  history: VendorStatusEvent[]
  /** Another store (approved or suspended) whose name is close to this one's: staff are warned. */
  similarStore: { id: number; name: string } | null
}

export type VendorApplicationsInput = {
  status?: VendorStatus
  q?: string
  page?: number
  perPage?: number
  /** By age of the application: newest first (the default) or oldest first (the console's queue: who waited longest). */
  sort?: 'oldest' | 'newest'
  /** Only this store (its detail page). */
  id?: number
}

/**
 * How close two store names must be (pg_trgm's trigram similarity of their lower-cased, unaccented forms) for staff
 * to be warned; names equal once spaces and punctuation are dropped always are.
 */
export const SIMILAR_NAME_THRESHOLD = 0.5

export type VendorApplicationsPage = {
  items: VendorApplication[]
  /** Matches of the current filters. */
  total: number
  page: number
  pageCount: number
  /** Stores in each status (the search applies, the status filter does not), and all of them. */
  counts: Record<VendorStatus | 'all', number>
}

/** Every word in the business, owner, e-mail, phone or district. */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)
  if (words.length === 0) return undefined
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`
      return or(
        ilike(vendors.name, pattern),
        ilike(vendors.ownerName, pattern),
        ilike(vendors.email, pattern),
        ilike(vendors.phone, pattern),
        ilike(vendors.district, pattern),
      ) as SQL
    }),
  )
}

/**
 * Stores for staff to review, in any status: pending applications first, then the others; newest first within
 * each. Each comes with its status history.
 */
export async function listVendorApplications(
  ctx: ServiceContext,
  input: VendorApplicationsInput = {},
): Promise<VendorApplicationsPage> {
  const perPage = Math.min(Math.max(Math.trunc(input.perPage ?? APPLICATIONS_PER_PAGE) || 1, 1), 100)
  const search = searchCondition(input.q)
  const countRows = await ctx.db
    .select({ status: vendors.status, n: count() })
    .from(vendors)
    .where(search)
    .groupBy(vendors.status)
  const counts = Object.fromEntries([...vendorStatuses, 'all'].map((s) => [s, 0])) as Record<
    VendorStatus | 'all',
    number
  >
  for (const row of countRows) {
    counts[row.status] = Number(row.n)
    counts.all += Number(row.n)
  }
  const total = input.status ? counts[input.status] : counts.all
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), pageCount)
  if (total === 0) return { items: [], total, page, pageCount, counts }

  const rows = await ctx.db
    .select()
    .from(vendors)
    .where(
      and(
        search,
        input.status ? eq(vendors.status, input.status) : undefined,
        input.id ? eq(vendors.id, input.id) : undefined,
      ),
    )
    .orderBy(
      sql`(${vendors.status} = 'pending') desc`,
      ...(input.sort === 'oldest'
        ? [asc(vendors.joinedAt), asc(vendors.id)]
        : [desc(vendors.joinedAt), desc(vendors.id)]),
    )
    .limit(perPage)
    .offset((page - 1) * perPage)
  const ids = rows.map((r) => r.id)
  const [history, similar] = await Promise.all([listVendorStatusEvents(ctx, ids), findSimilarStoreNames(ctx, ids)])
  const items = rows.map(
    (r): VendorApplication => ({
      id: r.id,
      businessName: r.name,
      ownerName: r.ownerName,
      ownerUserId: r.ownerUserId,
      email: r.email,
      phone: r.phone,
      district: r.district,
      city: r.city,
      businessAddress: r.businessAddress,
      categories: r.categories,
      description: r.about,
      appliedAt: r.joinedAt.toISOString(),
      status: r.status,
      statusReason: r.statusReason,
      verified: r.verified,
      history: history.get(r.id) ?? [],
      similarStore: similar.get(r.id) ?? null,
    }),
  )
  return { items, total, page, pageCount, counts }
}

/**
 * For each of these stores, the closest other store that is approved or suspended, when its name is close enough
 * to be confused with it (SIMILAR_NAME_THRESHOLD, trigrams from migration 0017's pg_trgm, on both engines).
 */
export async function findSimilarStoreNames(
  ctx: ServiceContext,
  vendorIds: number[],
): Promise<Map<number, { id: number; name: string }>> {
  const result = new Map<number, { id: number; name: string }>()
  if (vendorIds.length === 0) return result
  const folded = (column: SQL) => sql`lower(isoko_unaccent(${column}))`
  const squeezed = (column: SQL) => sql`regexp_replace(${folded(column)}, '[^a-z0-9]+', '', 'g')`
  // Both engines answer execute() with { rows }.
  const found = (await ctx.db.execute(sql`
    select v.id, s.id as other_id, s.name as other_name
    from vendors v
    cross join lateral (
      select o.id, o.name from vendors o
      where o.id <> v.id and o.status in ('approved', 'suspended')
        and (similarity(${folded(sql`o.name`)}, ${folded(sql`v.name`)}) >= ${SIMILAR_NAME_THRESHOLD}
          or ${squeezed(sql`o.name`)} = ${squeezed(sql`v.name`)})
      order by similarity(${folded(sql`o.name`)}, ${folded(sql`v.name`)}) desc, o.id
      limit 1
    ) s
    where v.id in (${sql.join(
      vendorIds.map((id) => sql`${id}`),
      sql`, `,
    )})
  `)) as unknown as { rows: { id: number; other_id: number; other_name: string }[] }
  for (const r of found.rows) result.set(Number(r.id), { id: Number(r.other_id), name: r.other_name })
  return result
}

/** The status history of these stores, oldest first, by store id. */
export async function listVendorStatusEvents(
  ctx: ServiceContext,
  vendorIds: number[],
): Promise<Map<number, VendorStatusEvent[]>> {
  const result = new Map<number, VendorStatusEvent[]>(vendorIds.map((id) => [id, []]))
  if (vendorIds.length === 0) return result
  const rows = await ctx.db
    .select()
    .from(vendorStatusEvents)
    .where(inArray(vendorStatusEvents.vendorId, vendorIds))
    .orderBy(asc(vendorStatusEvents.createdAt), asc(vendorStatusEvents.id))
  for (const row of rows) {
    result.get(row.vendorId)?.push({
      id: row.id,
      from: row.fromStatus,
      to: row.toStatus,
      reason: row.reason,
      actorUserId: row.actorUserId,
      at: row.createdAt.toISOString(),
    })
  }
  return result
}
