import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { listAccountNames } from '#app/modules/accounts/accounts.server.ts'
import { staffAuditLog } from './tables.server.ts'

/** What one staff action changed, as the audit log keeps it. */
export type StaffActionRecord = {
  /** The staff member who acted: their id, and the name they have now (looked up when not given). */
  actor: { userId: string; name?: string }
  /** A dotted name, the same for every action of a kind: 'vendor:approve', 'order:refund', 'staff:role'. */
  action: string
  /** The thing acted on: its kind ('vendor', 'order', 'payout', 'staff'…) and id. */
  subject: { type: string; id: string | number }
  /** The fields the action changed, before and after (small: a few fields, never a whole row). */
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * Records one staff action in the audit log. Call it with the action's own transaction (`{ db: tx }`) where the
 * action has one, so that the entry exists exactly when the change does; otherwise right after the action
 * succeeded. One call per action:
 *
 *   await recordStaffAction({ db: tx }, { actor, action: 'product:hide', subject: { type: 'product', id },
 *     before: { status: 'active' }, after: { status: 'hidden', reason } })
 */
export async function recordStaffAction(ctx: ServiceContext, record: StaffActionRecord): Promise<void> {
  const actorName =
    record.actor.name ?? (await listAccountNames(ctx, [record.actor.userId])).get(record.actor.userId)?.name ?? ''
  await ctx.db.insert(staffAuditLog).values({
    actorUserId: record.actor.userId,
    actorName,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: String(record.subject.id),
    before: record.before ?? null,
    after: record.after ?? null,
  })
}

export type AuditEntry = {
  id: number
  actorUserId: string | null
  actorName: string
  action: string
  subjectType: string
  subjectId: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  createdAt: Date
}

export type AuditSearch = {
  actorUserId?: string
  action?: string
  subjectId?: string
  /** Entries from this instant (inclusive) … */
  from?: Date
  /** … to this one (exclusive). */
  to?: Date
  page?: number
}

export const AUDIT_PAGE_SIZE = 50

/** The audit log, newest first, narrowed by who, which action, which thing and when; one page of it. */
export async function searchAuditLog(
  ctx: ServiceContext,
  search: AuditSearch,
): Promise<{ entries: AuditEntry[]; total: number; page: number; pageCount: number }> {
  const where: SQL[] = []
  if (search.actorUserId) where.push(eq(staffAuditLog.actorUserId, search.actorUserId))
  if (search.action) where.push(eq(staffAuditLog.action, search.action))
  if (search.subjectId) where.push(eq(staffAuditLog.subjectId, search.subjectId))
  if (search.from) where.push(gte(staffAuditLog.createdAt, search.from))
  if (search.to) where.push(lt(staffAuditLog.createdAt, search.to))
  const condition = where.length ? and(...where) : undefined
  const [counted] = await ctx.db.select({ n: count() }).from(staffAuditLog).where(condition)
  const total = counted?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  const page = Math.min(Math.max(1, search.page ?? 1), pageCount)
  const entries = await ctx.db
    .select()
    .from(staffAuditLog)
    .where(condition)
    .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
  return { entries, total, page, pageCount }
}

/** The action names the log holds, for the search's list. */
export async function listAuditActions(ctx: ServiceContext): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ action: staffAuditLog.action })
    .from(staffAuditLog)
    .orderBy(staffAuditLog.action)
  return rows.map((r) => r.action)
}

/** The staff members who appear in the log (present and former), by name, for the search's list. */
export async function listAuditActors(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  const rows = await ctx.db
    .selectDistinct({ id: staffAuditLog.actorUserId, name: staffAuditLog.actorName })
    .from(staffAuditLog)
    .orderBy(staffAuditLog.actorName)
  const seen = new Map<string, string>()
  for (const r of rows) if (r.id && !seen.has(r.id)) seen.set(r.id, r.name)
  return [...seen].map(([id, name]) => ({ id, name }))
}
