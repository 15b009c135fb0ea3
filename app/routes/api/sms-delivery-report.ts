import { serviceContextOf } from '#app/lib/context.server.ts'
import { getDeliveryReportSecret } from '#app/modules/outbox/config.server.ts'
import { DELIVERY_REPORT_STATUS, handleDeliveryReport } from '#app/modules/outbox/delivery-report.server.ts'
import type { Route } from './+types/sms-delivery-report'

// Africa's Talking's SMS delivery reports (STYLE.md point 14): verified by the shared secret in `?key=`, recorded
// on the outbox message by its provider id. An unknown id answers 200 so the gateway stops retrying; a failure
// of our own answers 503 (the gateway retries later), never a 500 with details.

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405 })
  try {
    const outcome = await handleDeliveryReport(serviceContextOf(context), request, getDeliveryReportSecret())
    return new Response(null, { status: DELIVERY_REPORT_STATUS[outcome] })
  } catch {
    return new Response(null, { status: 503 })
  }
}

export function loader() {
  return new Response(null, { status: 405 })
}
