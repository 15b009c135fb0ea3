import { type MiddlewareFunction, RouterContextProvider } from 'react-router'
import { clientAddressContext, databaseContext } from '#app/lib/context.server.ts'
import type { Database } from '#app/lib/db.server.ts'
import { type AccountsContext, createAccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { authContext, roleGuard } from '#app/modules/accounts/request.server.ts'

/**
 * A request context as the server gives one (server/app.ts): the test's database and an auth on it, and the
 * client's address. One per request, as on the server: it memoises that request's session lookup.
 */
export function routeContext(
  accounts: AccountsContext | { db: Database },
  options: { clientAddress?: string } = {},
): RouterContextProvider {
  const full = 'auth' in accounts ? accounts : createAccountsContext(accounts.db)
  const context = new RouterContextProvider()
  context.set(databaseContext, full.db as Database)
  context.set(authContext, full.auth)
  if (options.clientAddress) context.set(clientAddressContext, options.clientAddress)
  return context
}

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider }

/**
 * Calls a loader or action as the router does, after the middleware of the layouts above it (a guard's redirect
 * ends the request there), and returns what it answered, whether returned or thrown.
 */
export async function callRoute(
  handler: (args: never) => unknown,
  args: Args,
  middleware: MiddlewareFunction<Response>[] = [],
): Promise<unknown> {
  const full = { ...args, url: new URL(args.request.url), pattern: '' }
  try {
    for (const run of middleware) await run(full as never, async () => new Response(null))
    return await handler(full as never)
  } catch (thrown) {
    return thrown
  }
}

/** What a loader or action answered, returned or thrown: its status. */
export function statusOf(out: unknown): number {
  if (out instanceof Response) return out.status
  const o = out as { init?: { status?: number } | null; status?: number } | null
  return o?.init?.status ?? o?.status ?? 200
}

/** Calls a console loader or action with a staff member's cookie, after the admin layout's guard, as the router does. */
export async function callAdminRoute(
  accounts: AccountsContext,
  handler: (args: never) => unknown,
  cookie: string,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string> = {},
  params: Record<string, string> = {},
): Promise<unknown> {
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    method,
    headers: { cookie, ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: method === 'POST' ? new URLSearchParams(fields) : undefined,
  })
  return callRoute(handler, { request, params, context: routeContext(accounts) }, [roleGuard('admin')])
}
