import { redirect } from 'react-router'
import { MAX_REDIRECT_LENGTH } from '#app/lib/redirects.server.ts'
import type { Route } from './+types/redirects'

// The prototype's dialog linked to /auth/...; those addresses keep working (DESIGN.md section 3, point 3).
const TARGETS: Record<string, string> = {
  '/auth/customer/signup': '/customer-signup',
  '/auth/vendor/signup': '/vendor-onboarding',
  '/auth/customer/login': '/customer-login',
  '/auth/vendor/login': '/vendor-login',
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const target = TARGETS[url.pathname.replace(/\/$/, '')] ?? '/customer-login'
  // The query goes along (a redirectTo, say), unless it is longer than any redirect the site follows.
  const search = url.search.length <= MAX_REDIRECT_LENGTH ? url.search : ''
  return redirect(`${target}${search}`, 301)
}
