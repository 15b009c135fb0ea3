import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import { findCustomerByUserId } from '#app/modules/customers/customers.server.ts'
import type { FollowAction } from '#app/modules/vendors/follows.schemas.ts'
import {
  type FollowOutcome,
  followedVendorIds,
  followStore,
  unfollowVendor,
} from '#app/modules/vendors/follows.server.ts'

// Following a store spans two modules: the account must be a customer's (customers module), the follow itself
// belongs to the store (vendors module).

export type ChangeFollowResult = FollowOutcome | { ok: false; code: 'sign-in' | 'customers-only' }

/** Follows or unfollows a store for the signed-in account: customers only; a visitor must sign in first. */
export async function changeFollow(
  ctx: ServiceContext,
  actor: Actor | null,
  input: FollowAction,
): Promise<ChangeFollowResult> {
  if (!actor) return { ok: false, code: 'sign-in' }
  if (actor.role !== 'customer') return { ok: false, code: 'customers-only' }
  const customer = await findCustomerByUserId(ctx, actor.userId)
  if (!customer) return { ok: false, code: 'customers-only' }
  const follow = { vendorId: input.vendorId, customerId: customer.id }
  return input.intent === 'follow' ? followStore(ctx, follow) : unfollowVendor(ctx, follow)
}

/** Which of these stores the signed-in account follows: none for a visitor, a vendor or an admin. */
export async function followedStores(ctx: ServiceContext, actor: Actor | null, vendorIds: number[]): Promise<number[]> {
  if (actor?.role !== 'customer' || vendorIds.length === 0) return []
  const customer = await findCustomerByUserId(ctx, actor.userId)
  return customer ? followedVendorIds(ctx, { customerId: customer.id, vendorIds }) : []
}
