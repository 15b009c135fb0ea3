import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { StaffOrdersQuerySchema } from '#app/modules/orders/orders.schemas.ts'
import { staffCsvDownload } from '#app/modules/staff/exports.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { exportOrdersCsv } from '#app/queries/staff-orders.server.ts'
import type { Route } from './+types/orders-csv'

// The admin console's orders, filtered as the list is (the same query string), as a CSV file: a header row,
// amounts in whole francs, a byte order mark first so spreadsheets read it as UTF-8. Staff only (the admin layout's
// guard runs before this loader).
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'exports:orders')
  const { page: _page, ...query } = parseSearchParams(request, StaffOrdersQuerySchema)
  const ctx = serviceContextOf(context)
  const csv = await exportOrdersCsv(ctx, query)
  return staffCsvDownload(ctx, { actor, list: 'orders', filter: query, csv })
}
