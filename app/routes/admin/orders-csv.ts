import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { StaffOrdersQuerySchema } from '#app/modules/orders/orders.schemas.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { exportOrdersCsv } from '#app/queries/staff-orders.server.ts'
import type { Route } from './+types/orders-csv'

// The admin console's orders, filtered as the list is (the same query string), as a CSV file: a header row,
// amounts in whole francs, a byte order mark first so spreadsheets read it as UTF-8. Staff only (the admin layout's
// guard runs before this loader).
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'exports:orders')
  const { page: _page, ...query } = parseSearchParams(request, StaffOrdersQuerySchema)
  const csv = await exportOrdersCsv(serviceContextOf(context), query)
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: 'export:orders',
    subject: { type: 'export', id: 'orders' },
    after: { filter: query },
  })
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
