import { data, redirect } from 'react-router'
import { getServiceContext } from '#app/lib/context.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { subscribeToNewsletter } from '#app/modules/support/newsletter.server.ts'
import type { Route } from './+types/newsletter'

/** The footer's newsletter form: data for the fetcher, or back to the page with the outcome in the URL. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const outcome = await subscribeToNewsletter(getServiceContext(), form.get('email'))
  if (form.get('js') === '1') return data(outcome, { status: outcome.ok ? 200 : 400 })
  const back = new URL(safeRedirectPath(form.get('redirectTo')), 'http://x')
  back.searchParams.set('newsletter', outcome.ok ? 'ok' : outcome.code)
  return redirect(`${back.pathname}${back.search}#newsletter`)
}

export function loader() {
  return redirect('/')
}
