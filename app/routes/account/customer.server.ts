import { redirect } from 'react-router'
import { type RequestContext, serviceContextOf } from '#app/lib/context.server.ts'
import { type Flash, flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requireRole } from '#app/modules/accounts/request.server.ts'
import { customerOf } from '#app/workflows/customer-account.server.ts'

/**
 * The guard of every customer settings page and action (DESIGN.md section 3, point 4): a signed-in customer, and
 * their own customer profile, whose id scopes every address read and change. Under the customer pages' layout the
 * guard has already run, and the session lookup it made is reused; the checkout pages call it on their own.
 */
export async function requireCustomer(context: RequestContext, request: Request) {
  const actor = await requireRole(context, request, 'customer')
  const ctx = serviceContextOf(context)
  const customer = await customerOf(ctx, actor)
  return { actor, ctx, customer }
}

/** After a change: to `to`, with a toast (and any cookies the change set, such as a renewed session). */
export async function redirectWithToast(to: string, flash: Flash, cookies: string[] = []) {
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await flashCookie(flash))
  return redirect(to, { headers })
}

/** The one not-found answer (app/lib/http.server.ts), here for the pages beside this file. */
export { notFound }

/** An address id from a path or a form field; NaN when it is not a plain positive number. */
export function addressIdOf(value: unknown): number {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
}
