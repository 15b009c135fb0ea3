import { findOwnerKey as findGuestKey, type Owner, requireOwner as requireGuest } from '#app/lib/guest.server.ts'
import { accountOwnerKey, findActor, getAccountsContext } from './accounts.server.ts'

/**
 * The key of the visitor's cart and favourites: the signed-in account's, else the guest cookie's (DESIGN.md
 * section 3, point 7). At sign-in the guest's lines move to the account (workflows/sign-in).
 */
export async function findOwnerKey(request: Request): Promise<string | null> {
  const actor = await findActor(getAccountsContext(), request)
  return actor ? accountOwnerKey(actor.userId) : findGuestKey(request)
}

/** The key to write under, creating a guest identity (and its cookie) for a visitor's first write. */
export async function requireOwner(request: Request): Promise<Owner> {
  const actor = await findActor(getAccountsContext(), request)
  return actor ? { ownerKey: accountOwnerKey(actor.userId) } : requireGuest(request)
}
