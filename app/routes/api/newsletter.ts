import { data, redirect } from 'react-router'
import { clientAddressOf, serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { type NewsletterOutcome, subscribeToNewsletter } from '#app/modules/support/newsletter.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/newsletter'

/** The footer's newsletter form: data for the fetcher, or back to the page with the outcome in the URL. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const ctx = serviceContextOf(context)
  const actor = await findRequestActor(context, request)
  const allowed = await throttleAction(ctx, 'newsletter', { address: clientAddressOf(context), userId: actor?.userId })
  const outcome: NewsletterOutcome = allowed.ok
    ? await subscribeToNewsletter(ctx, form.get('email'), {
        publicUrl: getEnv().PUBLIC_URL,
        locale: requestLocale(request),
      })
    : { ok: false, code: 'limited', minutes: minutesToWait(allowed.retryAfterSeconds) }
  const status = outcome.ok ? 200 : outcome.code === 'limited' ? 429 : 400
  if (form.get('js') === '1') return data(outcome, { status })
  const back = new URL(safeRedirectPath(form.get('redirectTo')), 'http://x')
  back.searchParams.set('newsletter', outcome.ok ? 'ok' : outcome.code)
  if (!outcome.ok && outcome.code === 'limited') back.searchParams.set('wait', String(outcome.minutes))
  return redirect(`${back.pathname}${back.search}#newsletter`)
}

export function loader() {
  return redirect('/')
}
