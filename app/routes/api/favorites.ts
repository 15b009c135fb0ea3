import { data, redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { safeRedirectPath } from '#app/lib/guest.server.ts'
import { requireOwner } from '#app/modules/accounts/shopper.server.ts'
import { FavouriteActionSchema } from '#app/modules/cart/cart.schemas.ts'
import { toggleFavourite } from '#app/modules/cart/cart.server.ts'
import type { Route } from './+types/favorites'

/** Favourite toggles: data for the fetcher when JavaScript runs, otherwise a redirect back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const owner = await requireOwner(context, request)
  const headers = new Headers()
  if (owner.setCookie) headers.append('Set-Cookie', owner.setCookie)
  const parsed = FavouriteActionSchema.safeParse(Object.fromEntries(form))
  const outcome = parsed.success
    ? await toggleFavourite(
        serviceContextOf(context),
        owner.ownerKey,
        parsed.data.productId,
        parsed.data.intent === 'toggle' ? undefined : parsed.data.intent === 'add',
      )
    : ({ ok: false, code: 'invalid' } as const)
  if (form.get('js') === '1') return data(outcome, { status: outcome.ok ? 200 : 400, headers })
  return redirect(safeRedirectPath(form.get('redirectTo'), '/favorites'), { headers })
}

export function loader() {
  return redirect('/favorites')
}
