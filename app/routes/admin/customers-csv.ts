import { serviceContextOf } from '#app/lib/context.server.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { StaffCustomersQuerySchema } from '#app/queries/staff-console.schemas.ts'
import { exportCustomersCsv } from '#app/queries/staff-console.server.ts'
import type { Route } from './+types/customers-csv'

// The console's customers, searched as the list is, as a CSV file. Personal data: only what operations need (name,
// e-mail, phone, orders, joined; never an address), staff only (the admin layout's guard runs before this loader),
// never cached by a browser or a proxy (docs/security.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  guardedActor(context, 'admin')
  const { page: _page, ...query } = StaffCustomersQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  )
  const csv = await exportCustomersCsv(serviceContextOf(context), query)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-customers-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
