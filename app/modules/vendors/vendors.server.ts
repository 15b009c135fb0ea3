import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { type PayoutProvider, vendors } from './tables.server.ts'
import type { VendorStatus } from './vendor-status.ts'

// What other modules may read about stores. They never read the vendors table themselves
// (docs/decisions/0006-module-ownership.md): these functions are the module's answer.

/**
 * The ids of the stores shoppers may buy from (approved, not closed by their owner), as a subquery: `inArray(products.vendorId, publicVendorIds(ctx))`
 * keeps a query to public stores in one round trip.
 */
export function publicVendorIds(ctx: ServiceContext) {
  // A store its owner closed for a while sells nothing until it reopens (its products are unlisted too).
  return ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.status, 'approved'), isNull(vendors.closedAt)))
}

/** How a store is named on product cards, order pages and conversations. */
export type VendorLabel = { id: number; name: string; slug: string; verified: boolean; status: VendorStatus }

/** The labels of these stores, by id, whatever their status (the caller decides what a status means to it). */
export async function listVendorLabels(ctx: ServiceContext, ids: number[]): Promise<Map<number, VendorLabel>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await ctx.db
    .select({
      id: vendors.id,
      name: vendors.name,
      slug: vendors.slug,
      verified: vendors.verified,
      status: vendors.status,
    })
    .from(vendors)
    .where(inArray(vendors.id, unique))
  return new Map(rows.map((row) => [row.id, row]))
}

/** A store's name and e-mail address, for messages about its orders. */
export async function findVendorContact(
  ctx: ServiceContext,
  vendorId: number,
): Promise<{
  id: number
  name: string
  email: string
  phone: string
  status: VendorStatus
  /** The owner's account: its language is the one the store's e-mails and SMS are written in. */
  ownerUserId: string | null
} | null> {
  const [row] = await ctx.db
    .select({
      id: vendors.id,
      name: vendors.name,
      email: vendors.email,
      phone: vendors.phone,
      status: vendors.status,
      ownerUserId: vendors.ownerUserId,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
  return row ?? null
}

export type PayoutMethod = { provider: PayoutProvider; phone: string; setAt: Date | null }

/** A store's payout method (network and E.164 number; the account name is the store's name), or null. */
export type StorePayoutTarget = {
  id: number
  name: string
  email: string
  phone: string
  status: VendorStatus
  /** The owner's account, whose language the store's messages are written in. */
  ownerUserId: string | null
  payoutMethod: PayoutMethod | null
}

function payoutTargetOf(row: {
  id: number
  name: string
  email: string
  phone: string
  status: VendorStatus
  ownerUserId: string | null
  payoutProvider: PayoutProvider | null
  payoutPhone: string | null
  payoutMethodSetAt: Date | null
}): StorePayoutTarget {
  const { payoutProvider, payoutPhone, payoutMethodSetAt, ...rest } = row
  return {
    ...rest,
    payoutMethod:
      payoutProvider && payoutPhone ? { provider: payoutProvider, phone: payoutPhone, setAt: payoutMethodSetAt } : null,
  }
}

const payoutTargetColumns = {
  id: vendors.id,
  name: vendors.name,
  email: vendors.email,
  phone: vendors.phone,
  status: vendors.status,
  ownerUserId: vendors.ownerUserId,
  payoutProvider: vendors.payoutProvider,
  payoutPhone: vendors.payoutPhone,
  payoutMethodSetAt: vendors.payoutMethodSetAt,
}

/**
 * The store and its payout method. `lock`: the store's row is locked (SELECT … FOR UPDATE) until the caller's
 * transaction ends: payouts take it so that two sweeps (or servers) never pay one vendor's balance twice.
 */
export async function findPayoutTarget(
  ctx: ServiceContext,
  where: { vendorId: number } | { ownerUserId: string },
  lock = false,
): Promise<StorePayoutTarget | null> {
  const query = ctx.db
    .select(payoutTargetColumns)
    .from(vendors)
    .where('vendorId' in where ? eq(vendors.id, where.vendorId) : eq(vendors.ownerUserId, where.ownerUserId))
  const [row] = lock ? await query.for('update') : await query
  return row ? payoutTargetOf(row) : null
}

/**
 * Sets the payout method of the store that `ownerUserId` runs (the owner comes from the session). The caller has
 * checked the password when a method existed already. Returns the method before the change.
 */
export async function setPayoutMethod(
  ctx: ServiceContext,
  input: { ownerUserId: string; provider: PayoutProvider; phone: string; now?: Date },
): Promise<{ ok: true; vendorId: number; previous: PayoutMethod | null } | { ok: false; code: 'no-store' }> {
  const before = await findPayoutTarget(ctx, { ownerUserId: input.ownerUserId }, true)
  if (!before) return { ok: false, code: 'no-store' }
  await ctx.db
    .update(vendors)
    .set({ payoutProvider: input.provider, payoutPhone: input.phone, payoutMethodSetAt: input.now ?? new Date() })
    .where(eq(vendors.id, before.id))
  return { ok: true, vendorId: before.id, previous: before.payoutMethod }
}

/** The payout methods of the stores asked for (a store without one is left out): the staff payouts screen. */
export async function listPayoutMethods(
  ctx: ServiceContext,
  vendorIds: readonly number[],
): Promise<Map<number, { provider: PayoutProvider; phone: string }>> {
  const methods = new Map<number, { provider: PayoutProvider; phone: string }>()
  if (vendorIds.length === 0) return methods
  const rows = await ctx.db
    .select({ id: vendors.id, provider: vendors.payoutProvider, phone: vendors.payoutPhone })
    .from(vendors)
    .where(inArray(vendors.id, [...vendorIds]))
  for (const r of rows) if (r.provider && r.phone) methods.set(r.id, { provider: r.provider, phone: r.phone })
  return methods
}

/** Approved stores with a payout method, by id (the payout sweep's candidates). */
export async function listVendorIdsWithPayoutMethod(ctx: ServiceContext): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(isNotNull(vendors.payoutProvider), isNotNull(vendors.payoutPhone)))
    .orderBy(vendors.id)
  return rows.map((r) => r.id)
}
export type { PayoutProvider } from './tables.server.ts'
