import { serviceContextOf } from '#app/lib/context.server.ts'
import { toCsv } from '#app/modules/catalog/stock-csv.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { listConfirmedSubscribers } from '#app/modules/support/newsletter.server.ts'
import type { Route } from './+types/newsletter-csv'

// The newsletter's confirmed subscribers as a CSV file for a mailing tool: e-mail and when they confirmed, a byte
// order mark first so spreadsheets read it as UTF-8. Addresses that never confirmed are not in it. Staff only (the
// admin layout's guard runs before this loader); never kept by any cache.
export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'exports:newsletter')
  const subscribers = await listConfirmedSubscribers(serviceContextOf(context))
  const csv = toCsv([['email', 'confirmed_at'], ...subscribers.map((s) => [s.email, s.confirmedAt.toISOString()])])
  // An export of personal data is a staff action like any other.
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: 'export:newsletter',
    subject: { type: 'export', id: 'newsletter' },
    after: { rows: subscribers.length },
  })
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-newsletter-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
