import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { listAccountNames } from '#app/modules/accounts/accounts.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { vendors, vendorVerificationEvents } from './tables.server.ts'
import { VERIFICATION_REASON_MAX } from './vendor-status.ts'

// The "Verified" badge (issue 17): granted and removed by Isoko's staff, each time with a reason; the history is
// kept. The mutation takes the acting staff member's id and records the change in the staff audit log in the same
// transaction.

export type VerificationRefusal = { ok: false; code: 'not_found' | 'reason-required' | 'reason-too-long' }

/**
 * Staff grant (verified true) or remove (false) a store's badge with a reason. Asking for the state the store is
 * already in (a double click, a reload) records nothing and answers changed: false.
 */
export async function setVendorVerified(
  ctx: ServiceContext,
  input: { staffUserId: string; vendorId: number; verified: boolean; reason: string; now?: Date },
): Promise<{ ok: true; changed: boolean } | VerificationRefusal> {
  const reason = input.reason.trim()
  if (!reason) return { ok: false, code: 'reason-required' }
  if (reason.length > VERIFICATION_REASON_MAX) return { ok: false, code: 'reason-too-long' }
  if (!Number.isInteger(input.vendorId) || input.vendorId < 1 || input.vendorId > 2_147_483_647) {
    return { ok: false, code: 'not_found' }
  }
  const result = await ctx.db.transaction(async (tx): Promise<{ ok: true; changed: boolean } | VerificationRefusal> => {
    const [store] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.id, input.vendorId))
      .for('update')
    if (!store) return { ok: false, code: 'not_found' }
    const changed = await tx
      .update(vendors)
      .set({ verified: input.verified })
      .where(and(eq(vendors.id, input.vendorId), ne(vendors.verified, input.verified)))
      .returning({ id: vendors.id })
    if (changed.length === 0) return { ok: true, changed: false }
    await tx.insert(vendorVerificationEvents).values({
      vendorId: input.vendorId,
      verified: input.verified,
      reason,
      actorUserId: input.staffUserId,
      createdAt: input.now,
    })
    await recordStaffAction(
      { db: tx },
      {
        actor: { userId: input.staffUserId },
        action: input.verified ? 'vendor:verify' : 'vendor:unverify',
        subject: { type: 'vendor', id: input.vendorId },
        before: { verified: !input.verified },
        after: { verified: input.verified, reason },
      },
    )
    return { ok: true, changed: true }
  })
  if (result.ok && result.changed) clearListingCaches()
  return result
}

export type VerificationEvent = {
  verified: boolean
  reason: string
  at: string
  actor: { name: string; email: string } | null
}

/** The badge's history of a store, newest first. */
export async function listVerificationEvents(ctx: ServiceContext, vendorId: number): Promise<VerificationEvent[]> {
  const rows = await ctx.db
    .select()
    .from(vendorVerificationEvents)
    .where(inArray(vendorVerificationEvents.vendorId, [vendorId]))
    .orderBy(desc(vendorVerificationEvents.createdAt), desc(vendorVerificationEvents.id))
  const names = await listAccountNames(
    ctx,
    rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])),
  )
  return rows.map((r) => ({
    verified: r.verified,
    reason: r.reason,
    at: r.createdAt.toISOString(),
    actor: r.actorUserId ? (names.get(r.actorUserId) ?? null) : null,
  }))
}
