import { createContext, type MiddlewareFunction, redirect } from 'react-router'
import { type RequestContext, serviceContextOf } from '#app/lib/context.server.ts'
import { MAX_REDIRECT_LENGTH } from '#app/lib/redirects.server.ts'
import { type AccountsContext, type Actor, dashboardFor, findActor } from './accounts.server.ts'
import type { Auth } from './auth.server.ts'
import type { AccountRole } from './roles.ts'

/** The process's better-auth instance, built once on the server's database (server/app.ts). */
export const authContext = createContext<Auth>()

/** This request's session lookup, started by whoever asks first (findRequestActor). */
const actorLookupContext = createContext<Promise<Actor | null> | null>(null)

/** The actor a surface's guard let through (roleGuard), for the loaders and actions below it. */
const guardedActorContext = createContext<Actor | null>(null)

/** The accounts services' context of this request: the server's database and auth. */
export function accountsContextOf(context: RequestContext): AccountsContext {
  return { ...serviceContextOf(context), auth: context.get(authContext) }
}

/**
 * The signed-in account of this request, or null. The session is looked up once per request, whoever asks
 * first (the root's loader, a guard, a page's action); the others share that answer.
 */
export function findRequestActor(context: RequestContext, request: Request): Promise<Actor | null> {
  let lookup = context.get(actorLookupContext)
  if (!lookup) {
    lookup = findActor(accountsContextOf(context), request)
    context.set(actorLookupContext, lookup)
  }
  return lookup
}

const loginFor: Record<AccountRole, string> = {
  customer: '/customer-login',
  vendor: '/vendor-login',
  admin: '/customer-login',
}

/**
 * The guard of a page or action (DESIGN.md section 3, point 4): a visitor goes to the matching sign-in page and
 * comes back afterwards; a signed-in account of another kind goes to its own dashboard.
 */
export async function requireRole(context: RequestContext, request: Request, role: AccountRole): Promise<Actor> {
  const actor = await findRequestActor(context, request)
  if (!actor) {
    const url = new URL(request.url)
    // A way back longer than any redirect followed (a hostile query string) is cut to the page, or left out.
    const back = [url.pathname + url.search, url.pathname].find((p) => p.length <= MAX_REDIRECT_LENGTH)
    throw redirect(back ? `${loginFor[role]}?redirectTo=${encodeURIComponent(back)}` : loginFor[role])
  }
  if (actor.role !== role) throw redirect(dashboardFor(actor.role))
  return actor
}

/**
 * A surface's guard, as the middleware of its layout route (app/routes.ts): it runs before every loader and
 * every action below the layout, so no page or form post of the surface is reached without the role.
 */
export function roleGuard(role: AccountRole): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    context.set(guardedActorContext, await requireRole(context, request, role))
  }
}

/**
 * The actor the surface's guard let through. A page outside every guarded layout has none: that is a mistake in
 * app/routes.ts, refused here rather than served unguarded.
 */
export function guardedActor(context: RequestContext, role: AccountRole): Actor {
  const actor = context.get(guardedActorContext)
  if (!actor || actor.role !== role) throw new Error(`This route is not under the ${role} guard (app/routes.ts)`)
  return actor
}
