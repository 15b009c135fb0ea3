import { redirect } from 'react-router'
import { type RequestContext, serviceContextOf } from '#app/lib/context.server.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { findStoreSettings } from '#app/modules/vendors/own-store.server.ts'

/**
 * The store of the message pages' vendor (let through by the vendor pages' guard), and the store they run (found by its owner, never
 * from the URL or a form), whose id scopes every conversation read and write. No store yet: the dashboard.
 */
export async function requireStore(context: RequestContext) {
  const actor = guardedActor(context, 'vendor')
  const ctx = serviceContextOf(context)
  const store = await findStoreSettings(ctx, { ownerUserId: actor.userId })
  if (!store) throw redirect('/vendor-dashboard')
  return { actor, ctx, store: { id: store.id, name: store.name } }
}
