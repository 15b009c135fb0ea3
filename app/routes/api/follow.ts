import { data, redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { FollowActionSchema } from '#app/modules/vendors/follows.schemas.ts'
import { type ChangeFollowResult, changeFollow } from '#app/workflows/follows.server.ts'
import type { Route } from './+types/follow'

const refusal = {
  'customers-only': {
    status: 403,
    title: 'vendor.follow.customersOnly.title',
    body: 'vendor.follow.customersOnly.body',
  },
  'vendor-not-found': { status: 404, title: 'vendor.follow.notFound.title', body: 'vendor.follow.notFound.body' },
  invalid: { status: 400, title: 'vendor.follow.notFound.title', body: 'vendor.follow.notFound.body' },
} as const

/**
 * Follow and unfollow (the Follow buttons on /vendors, the home page and /vendor/<id>). A visitor is sent to sign
 * in and brought back to the page; a vendor or admin is told that only customers follow stores. With JavaScript
 * (js=1) the answer is data for the button's fetcher; without, a redirect back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const back = safeRedirectPath(form.get('redirectTo'), '/vendors')
  const actor = await findRequestActor(context, request)
  if (!actor) return redirect(`/customer-login?redirectTo=${encodeURIComponent(back)}`)
  const parsed = FollowActionSchema.safeParse(Object.fromEntries(form))
  const result: ChangeFollowResult | { ok: false; code: 'invalid' } = parsed.success
    ? await changeFollow(serviceContextOf(context), actor, parsed.data)
    : { ok: false, code: 'invalid' }
  if (result.ok) return form.get('js') === '1' ? data(result) : redirect(back)
  if (result.code === 'sign-in') return redirect(`/customer-login?redirectTo=${encodeURIComponent(back)}`)
  const { status, title, body } = refusal[result.code]
  if (form.get('js') === '1') return data(result, { status })
  // Without JavaScript the page shows the message beside the store's button (and as a toast once scripts run).
  const vendorId = parsed.success ? String(parsed.data.vendorId) : ''
  return redirect(back, {
    headers: { 'Set-Cookie': await flashCookie({ kind: 'error', title, body, values: { vendorId } }) },
  })
}

export function loader() {
  return redirect('/vendors')
}
