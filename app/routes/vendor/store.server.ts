import { redirect } from 'react-router'
import { getServiceContext } from '#app/lib/context.server.ts'
import { requireRole } from '#app/modules/accounts/accounts.server.ts'
import { getStoreSettings } from '#app/modules/vendors/own-store.server.ts'

/**
 * The guard of the store's message pages: a signed-in vendor, and the store they run (found by its owner, never
 * from the URL or a form), whose id scopes every conversation read and write. No store yet: the dashboard.
 */
export async function requireStore(request: Request) {
  const actor = await requireRole(request, 'vendor')
  const ctx = getServiceContext()
  const store = await getStoreSettings(ctx, { ownerUserId: actor.userId })
  if (!store) throw redirect('/vendor-dashboard')
  return { actor, ctx, store: { id: store.id, name: store.name } }
}
