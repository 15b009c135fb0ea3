import { Outlet } from 'react-router'
import { roleGuard } from '#app/modules/accounts/request.server.ts'
import type { Route } from './+types/layout'

// Guard (DESIGN.md section 3, point 4): every vendor page and every form post to one requires a signed-in vendor;
// a visitor signs in first and comes back, another kind of account goes to its own dashboard.
export const middleware: Route.MiddlewareFunction[] = [roleGuard('vendor')]

export default function VendorLayout() {
  return <Outlet />
}
