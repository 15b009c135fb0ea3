import { redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requireRole } from '#app/modules/accounts/request.server.ts'
import { exportStoreStock } from '#app/workflows/inventory.server.ts'
import type { Route } from './+types/inventory-csv'

// The store's stock as a CSV file (sku,stock,product,size,colour), for its owner only: edit the stock column in a
// spreadsheet and upload it back on the inventory page. A byte order mark first, so spreadsheets read it as UTF-8.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(context, request, 'vendor')
  const csv = await exportStoreStock(serviceContextOf(context), { ownerUserId: actor.userId })
  if (csv === null) throw redirect('/vendor-dashboard')
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-stock-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
