import { serviceContextOf } from '#app/lib/context.server.ts'
import { handlePayoutCallback, type PayoutCallbackOutcome } from '#app/workflows/payouts.server.ts'
import type { Route } from './+types/payout-callback'

// Providers' callbacks about vendor payouts (STYLE.md point 14): MoMo Disbursement PUTs or POSTs to a URL that
// carries our reference, Airtel POSTs to the disbursement URL set in its portal. Each is verified, stored and
// re-checked with the provider's status call by the payouts workflow; the body never decides. Answers carry no
// detail a forger could learn from.

const STATUS: Record<PayoutCallbackOutcome, number> = { accepted: 200, rejected: 401, unknown: 404 }

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') return new Response(null, { status: 405 })
  const pathname = new URL(request.url).pathname
  const provider = pathname.startsWith('/api/payments/payouts/momo/')
    ? 'momo'
    : pathname === '/api/payments/payouts/airtel'
      ? 'airtel'
      : null
  if (!provider) return new Response(null, { status: 404 })
  let body: unknown = null
  try {
    body = await request.json()
  } catch {
    return new Response(null, { status: 400 })
  }
  const headers: Record<string, string | undefined> = {}
  request.headers.forEach((value, key) => {
    headers[key] = value
  })
  const outcome = await handlePayoutCallback(serviceContextOf(context), provider, {
    reference: params.reference,
    headers,
    body,
  })
  return new Response(null, { status: STATUS[outcome] })
}

export function loader() {
  return new Response(null, { status: 405 })
}
