import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { follows, vendors } from './tables.server.ts'
import { followVendor } from './vendors-admin.server.ts'

// Customers following stores (DESIGN.md section 3, point 9). Following and unfollowing are idempotent: doing
// either twice changes nothing. Follower counts are always counted from the rows.

export type FollowInput = { vendorId: number; customerId: number }

export type FollowOutcome =
  | { ok: true; following: boolean; followerCount: number }
  | { ok: false; code: 'vendor-not-found' }

/** How many customers follow a store. */
export async function countFollowers(ctx: ServiceContext, vendorId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(follows).where(eq(follows.vendorId, vendorId))
  return Number(row?.n ?? 0)
}

/** A store's followers: how many now, and how many started following since `since` (the analytics page). */
export async function getFollowerFigures(
  ctx: ServiceContext,
  input: { vendorId: number; since: Date },
): Promise<{ total: number; newSince: number }> {
  const [row] = await ctx.db
    .select({
      total: count(),
      newSince: count(sql`case when ${follows.createdAt} >= ${input.since.toISOString()}::timestamptz then 1 end`),
    })
    .from(follows)
    .where(eq(follows.vendorId, input.vendorId))
  return { total: Number(row?.total ?? 0), newSince: Number(row?.newSince ?? 0) }
}

function isVendorId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647
}

/** A customer follows a public (approved) store; a store that is not public cannot be followed. */
export async function followStore(ctx: ServiceContext, input: FollowInput): Promise<FollowOutcome> {
  if (!isVendorId(input.vendorId)) return { ok: false, code: 'vendor-not-found' }
  const [store] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, input.vendorId), eq(vendors.status, 'approved')))
  if (!store) return { ok: false, code: 'vendor-not-found' }
  await followVendor(ctx, input)
  return { ok: true, following: true, followerCount: await countFollowers(ctx, input.vendorId) }
}

/** A customer stops following a store (any store: a follow outlives a suspension, and can always be undone). */
export async function unfollowVendor(ctx: ServiceContext, input: FollowInput): Promise<FollowOutcome> {
  if (!isVendorId(input.vendorId)) return { ok: false, code: 'vendor-not-found' }
  await ctx.db
    .delete(follows)
    .where(and(eq(follows.vendorId, input.vendorId), eq(follows.customerId, input.customerId)))
  return { ok: true, following: false, followerCount: await countFollowers(ctx, input.vendorId) }
}

/** Whether a customer follows a store. */
export async function isFollowing(ctx: ServiceContext, input: FollowInput): Promise<boolean> {
  return (await followedVendorIds(ctx, { customerId: input.customerId, vendorIds: [input.vendorId] })).length > 0
}

/** Which of these stores a customer follows (all the stores they follow when `vendorIds` is not given). */
export async function followedVendorIds(
  ctx: ServiceContext,
  input: { customerId: number; vendorIds?: number[] },
): Promise<number[]> {
  const ids = input.vendorIds?.filter(isVendorId)
  if (ids && ids.length === 0) return []
  const rows = await ctx.db
    .select({ vendorId: follows.vendorId })
    .from(follows)
    .where(and(eq(follows.customerId, input.customerId), ids ? inArray(follows.vendorId, ids) : undefined))
    .orderBy(follows.vendorId)
  return rows.map((r) => r.vendorId)
}
