import { data } from 'react-router'
import type { RequestContext } from '#app/lib/context.server.ts'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { can, type StaffPermission, staffHomePath } from './permissions.ts'

/** What a refused staff request answers (status 403): the admin layout's error page reads it. */
export type StaffRefusalData = { forbidden: StaffPermission; home: string }

/**
 * The console's one permission check: the staff member the admin layout's guard let through, if their role may do
 * `permission` (permissions.ts); otherwise it throws a 403 answer, which the admin layout shows as a page saying
 * so (with a link to a page they may open), and nothing else runs. Call it first in every admin loader and action,
 * with the permission of the page (loader) or of the form's intent (action):
 *
 *   const actor = requireStaffPermission(context, 'products:moderate')
 */
export function requireStaffPermission(context: RequestContext, permission: StaffPermission): Actor {
  const actor = guardedActor(context, 'admin')
  if (!can(actor.staffRole, permission)) {
    throw data<StaffRefusalData>({ forbidden: permission, home: staffHomePath(actor.staffRole) }, { status: 403 })
  }
  return actor
}
