import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { staffCsvDownload } from '#app/modules/staff/exports.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { StaffCustomersQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { exportCustomersCsv } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/customers-csv'

// The console's customers, searched as the list is, as a CSV file. Personal data: only what operations need (name,
// e-mail, phone, orders, joined; never an address), staff whose role may export them, each download in the audit log,
// never cached by a browser or a proxy (docs/security.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'exports:customers')
  const { page: _page, ...query } = parseSearchParams(request, StaffCustomersQuerySchema)
  const ctx = serviceContextOf(context)
  const csv = await exportCustomersCsv(ctx, query)
  return staffCsvDownload(ctx, { actor, list: 'customers', filter: query, csv })
}
