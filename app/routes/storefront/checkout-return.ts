import { redirect } from 'react-router'
import { handleCardReturn } from '#app/workflows/payments.server.ts'
import { notFound, requireCustomer } from '../account/customer.server.ts'
import type { Route } from './+types/checkout-return'

// Back from the card's hosted checkout. The query (status, tx_ref, transaction_id) is not trusted: it only
// prompts the payments workflow to ask the provider now; the waiting page then shows what the provider said.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const query = Object.fromEntries(new URL(request.url).searchParams)
  const outcome = await handleCardReturn(ctx, { customerId: customer.id, orderNumber: params.number, query })
  if (outcome === 'not_found') notFound()
  return redirect(`/checkout/pay/${params.number}`)
}
