import { redirect } from 'react-router'

// Guard (DESIGN.md section 3, point 4): only a signed-in customer may see the dashboard; a visitor signs in first.
export function loader() {
  return redirect('/customer-login?redirectTo=/customer-dashboard')
}
