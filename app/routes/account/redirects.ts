import { redirect } from 'react-router'
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
  return redirect(`${target}${url.search}`, 301)
}
