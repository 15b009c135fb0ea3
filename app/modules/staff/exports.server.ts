import type { ServiceContext } from '#app/lib/context.server.ts'
import { recordStaffAction, type StaffActionRecord } from './audit.server.ts'

/**
 * A console list exported by a staff member: recorded in the audit log (who, which list, with what filter), then the
 * file to download, `isoko-<list>-<day>.csv`, with a byte order mark so spreadsheets read it as UTF-8, never cached
 * by a browser or a proxy (docs/security.md).
 */
export async function staffCsvDownload(
  ctx: ServiceContext,
  input: {
    actor: StaffActionRecord['actor']
    list: 'customers' | 'orders' | 'stores'
    filter: Record<string, unknown>
    csv: string
  },
): Promise<Response> {
  await recordStaffAction(ctx, {
    actor: input.actor,
    action: `export:${input.list}`,
    subject: { type: 'export', id: input.list },
    after: { filter: input.filter },
  })
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`\uFEFF${input.csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="isoko-${input.list}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
