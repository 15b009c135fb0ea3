import type { ServiceContext } from '#app/lib/context.server.ts'
import { type Actor, accountOwnerKey, updateAccountName } from '#app/modules/accounts/accounts.server.ts'
import { getFavouriteIds } from '#app/modules/cart/cart.server.ts'
import { countAddresses } from '#app/modules/customers/addresses.server.ts'
import { profileCompleteness } from '#app/modules/customers/customers.schemas.ts'
import {
  type CustomerProfile,
  ensureCustomerProfile,
  type ProfileOutcome,
  updateCustomerProfile,
} from '#app/modules/customers/customers.server.ts'
import { countCustomerUnread } from '#app/modules/messaging/messaging.server.ts'
import { countCustomerOrders, listCustomerOrders } from '#app/modules/orders/orders.server.ts'

/** The signed-in customer's profile (made if the account has none yet). */
export function customerOf(ctx: ServiceContext, actor: Actor): Promise<CustomerProfile> {
  return ensureCustomerProfile(ctx, actor)
}

/** The customer dashboard's figures, each from the database, and the newest orders. */
export async function getCustomerDashboard(ctx: ServiceContext, actor: Actor) {
  const profile = await customerOf(ctx, actor)
  const [addressCount, favouriteIds, orderCounts, recent, messagesUnread] = await Promise.all([
    countAddresses(ctx, profile.id),
    getFavouriteIds(ctx, accountOwnerKey(actor.userId)),
    countCustomerOrders(ctx, profile.id),
    listCustomerOrders(ctx, profile.id, { limit: 3 }),
    countCustomerUnread(ctx, { customerId: profile.id }),
  ])
  return {
    name: actor.name,
    orders: orderCounts.total,
    pendingOrders: orderCounts.open,
    recentOrders: recent.items,
    wishlist: favouriteIds.length,
    addressCount,
    /** Unread messages from stores: the navigation's Messages badge. */
    messagesUnread,
    completeness: profileCompleteness({ ...profile, addressCount }),
  }
}

/**
 * A profile edit: the customer's names and phone, and the account's display name with them (the header and the
 * greeting follow), in one transaction.
 */
export async function updateProfile(
  ctx: ServiceContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ProfileOutcome> {
  const profile = await customerOf(ctx, actor)
  return ctx.db.transaction(async (tx) => {
    const outcome = await updateCustomerProfile({ db: tx }, profile.id, input)
    if (outcome.ok) {
      await updateAccountName({ db: tx }, actor.userId, `${outcome.profile.firstName} ${outcome.profile.lastName}`)
    }
    return outcome
  })
}
