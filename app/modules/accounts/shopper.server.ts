import type { RequestContext } from '#app/lib/context.server.ts'
import { findOwnerKey as findGuestKey, type Owner, requireOwner as requireGuest } from '#app/lib/guest.server.ts'
import { accountOwnerKey } from './accounts.server.ts'
import { findRequestActor } from './request.server.ts'

/**
 * The key of the visitor's cart and favourites: the signed-in account's, else the guest cookie's (DESIGN.md
 * section 3, point 7). At sign-in the guest's lines move to the account (workflows/sign-in).
 */
export async function findOwnerKey(context: RequestContext, request: Request): Promise<string | null> {
  const actor = await findRequestActor(context, request)
  return actor ? accountOwnerKey(actor.userId) : await findGuestKey(request)
}

/** The key to write under, creating a guest identity (and its cookie) for a visitor's first write. */
export async function requireOwner(context: RequestContext, request: Request): Promise<Owner> {
  const actor = await findRequestActor(context, request)
  return actor ? { ownerKey: accountOwnerKey(actor.userId) } : await requireGuest(request)
}
