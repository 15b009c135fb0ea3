import { data, redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { requireOwner } from '#app/modules/accounts/shopper.server.ts'
import { CartActionSchema, type CartOutcome } from '#app/modules/cart/cart.schemas.ts'
import {
  addChoiceToCart,
  addToCart,
  clearCart,
  removeFromCart,
  setCartQuantity,
} from '#app/modules/cart/cart.server.ts'
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
    if (input.intent === 'add') {
      if (input.variantId) outcome = await addToCart(ctx, owner.ownerKey, { ...input, variantId: input.variantId })
      else if (input.productId)
        outcome = await addChoiceToCart(ctx, owner.ownerKey, { ...input, productId: input.productId })
      else outcome = { ok: false, code: 'invalid' }
    } else if (input.intent === 'set') outcome = await setCartQuantity(ctx, owner.ownerKey, input)
    else if (input.intent === 'remove') {
      await removeFromCart(ctx, owner.ownerKey, input.variantId)
      outcome = { ok: true, quantity: 0 }
    } else {
      await clearCart(ctx, owner.ownerKey)
      outcome = { ok: true, quantity: 0 }
    }
  }
  if (form.get('js') === '1') return data(outcome, { status: outcome.ok ? 200 : 400, headers })
  let back = safeRedirectPath(form.get('redirectTo'), '/cart')
  if (parsed.success && parsed.data.intent === 'add' && !parsed.data.variantId)
    back = keepChoice(back, parsed.data, outcome)
  return redirect(back, { headers })
}

/**
 * Without JavaScript, the page an add by size and colour returns to shows that choice (and, when it was refused,
 * why, next to it): the product page reads `size`, `colour` and `cart` from its address.
 */
function keepChoice(path: string, choice: { size?: string; colour?: string }, outcome: { ok: boolean; code?: string }) {
  const url = new URL(path, 'http://localhost')
  for (const key of ['size', 'colour', 'cart'] as const) url.searchParams.delete(key)
  if (choice.size) url.searchParams.set('size', choice.size)
  if (choice.colour) url.searchParams.set('colour', choice.colour)
  if (!outcome.ok && outcome.code) url.searchParams.set('cart', outcome.code)
  return `${url.pathname}${url.search}`
}

export function loader() {
  return redirect('/cart')
}
