import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { staffCsvDownload } from '#app/modules/staff/exports.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { StaffStoresQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { exportStoresCsv } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/stores-csv'

// The console's stores, filtered as the list is (the same query string), as a CSV file with a byte order mark so
// spreadsheets read it as UTF-8. Staff whose role may export them, each download in the audit log; never cached.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireStaffPermission(context, 'exports:stores')
  const { page: _page, ...query } = parseSearchParams(request, StaffStoresQuerySchema)
  const ctx = serviceContextOf(context)
  const csv = await exportStoresCsv(ctx, query)
  return staffCsvDownload(ctx, { actor, list: 'stores', filter: query, csv })
}
