import { serviceContextOf } from '#app/lib/context.server.ts'
import { requireRole } from '#app/modules/accounts/request.server.ts'
import { productImportTemplate } from '#app/workflows/product-import.server.ts'
import type { Route } from './+types/products-template-csv'

// The product import's template: its columns and two sample products (filed under this catalogue's categories).
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, 'vendor')
  const csv = await productImportTemplate(serviceContextOf(context))
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="isoko-products-template.csv"',
      'Cache-Control': 'private, no-store',
    },
  })
}
