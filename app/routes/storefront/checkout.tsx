import { redirect } from 'react-router'

// Checkout needs a signed-in customer (the checkout issue builds the steps): a visitor signs in first and
// comes back here with the cart intact (it lives on the server).
export function loader() {
  return redirect('/customer-login?redirectTo=/checkout')
}
