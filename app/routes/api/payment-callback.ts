import { serviceContextOf } from '#app/lib/context.server.ts'
import { type CallbackOutcome, handlePaymentCallback } from '#app/workflows/payments.server.ts'
import type { Route } from './+types/payment-callback'

// Providers' callbacks and webhooks (STYLE.md point 14): MoMo PUTs or POSTs to a URL that carries our reference,
// Airtel POSTs to the URL set in its portal, Flutterwave POSTs its webhook with the `verif-hash` header. Each is
// verified, stored and re-checked with the provider's status call by the payments workflow. Answers carry no
// detail a forger could learn from.

const METHODS = { 'payments-momo': 'momo', 'payments-airtel': 'airtel', 'payments-card': 'card' } as const

const STATUS: Record<CallbackOutcome, number> = { accepted: 200, rejected: 401, unknown: 404 }

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') return new Response(null, { status: 405 })
  const url = new URL(request.url)
  const method = routeMethod(url.pathname)
  if (!method) return new Response(null, { status: 404 })
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
  const outcome = await handlePaymentCallback(serviceContextOf(context), method, {
    reference: params.reference,
    headers,
    body,
  })
  return new Response(null, { status: STATUS[outcome] })
}

export function loader() {
  return new Response(null, { status: 405 })
}

function routeMethod(pathname: string): (typeof METHODS)[keyof typeof METHODS] | null {
  if (pathname.startsWith('/api/payments/momo/')) return METHODS['payments-momo']
  if (pathname.startsWith('/api/payments/airtel/')) return METHODS['payments-airtel']
  if (pathname.startsWith('/api/payments/card/')) return METHODS['payments-card']
  return null
}
