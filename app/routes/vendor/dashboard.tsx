import { redirect } from 'react-router'

// Guard (DESIGN.md section 3, point 4): only a signed-in vendor may see the dashboard; a visitor signs in first.
export function loader() {
  return redirect('/vendor-login?redirectTo=/vendor-dashboard')
}
