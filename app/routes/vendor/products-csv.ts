import { redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requireRole } from '#app/modules/accounts/request.server.ts'
import { exportStoreProducts } from '#app/workflows/product-import.server.ts'
import type { Route } from './+types/products-csv'

// Every product of the store as a CSV file in the import's own format (one row per variant), for its owner only:
// edit it in a spreadsheet and import it back. A byte order mark first, so spreadsheets read it as UTF-8.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(context, request, 'vendor')
  const csv = await exportStoreProducts(serviceContextOf(context), { ownerUserId: actor.userId })
  if (csv === null) throw redirect('/vendor-dashboard')
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-products-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
