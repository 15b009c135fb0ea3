import { data, redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { requireOwner } from '#app/modules/accounts/shopper.server.ts'
import { CartActionSchema, type CartOutcome } from '#app/modules/cart/cart.schemas.ts'
import { addToCart, clearCart, removeFromCart, setCartQuantity } from '#app/modules/cart/cart.server.ts'
import type { Route } from './+types/cart'

/** Cart form posts: data for the page's fetcher when JavaScript runs, otherwise a redirect back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const owner = await requireOwner(context, request)
  const headers = new Headers()
  if (owner.setCookie) headers.append('Set-Cookie', owner.setCookie)
  const parsed = CartActionSchema.safeParse(Object.fromEntries(form))
  let outcome: CartOutcome | { ok: false; code: 'invalid' }
  if (!parsed.success) {
    outcome = { ok: false, code: 'invalid' }
  } else {
    const ctx = serviceContextOf(context)
    const input = parsed.data
    if (input.intent === 'add') outcome = await addToCart(ctx, owner.ownerKey, input)
    else if (input.intent === 'set') outcome = await setCartQuantity(ctx, owner.ownerKey, input)
    else if (input.intent === 'remove') {
      await removeFromCart(ctx, owner.ownerKey, input.variantId)
      outcome = { ok: true, quantity: 0 }
    } else {
      await clearCart(ctx, owner.ownerKey)
      outcome = { ok: true, quantity: 0 }
    }
  }
  if (form.get('js') === '1') return data(outcome, { status: outcome.ok ? 200 : 400, headers })
  return redirect(safeRedirectPath(form.get('redirectTo'), '/cart'), { headers })
}

export function loader() {
  return redirect('/cart')
}
