import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/modules/accounts/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { searchAuditLog } from './audit.server.ts'
import { staffCsvDownload } from './exports.server.ts'

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
  await t.ctx.db
    .insert(users)
    .values({ id: 'export-staff', name: 'Eric', email: 'export-staff@example.rw', role: 'admin', staffRole: 'finance' })
})

afterAll(async () => {
  await t?.close()
})

describe('a console export', () => {
  it('is a dated, uncached UTF-8 CSV download, and is in the audit log with its filter', async () => {
    const response = await staffCsvDownload(t.ctx, {
      actor: { userId: 'export-staff', name: 'Eric' },
      list: 'stores',
      filter: { q: 'kigali' },
      csv: 'name\nIsoko Crafts\n',
    })
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="isoko-stores-\d{4}-\d\d-\d\d\.csv"$/,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('name\nIsoko Crafts\n')
    const { entries } = await searchAuditLog(t.ctx, { action: 'export:stores' })
    expect(entries).toMatchObject([
      {
        actorUserId: 'export-staff',
        actorName: 'Eric',
        subjectType: 'export',
        subjectId: 'stores',
        after: { filter: { q: 'kigali' } },
      },
    ])
  })
})
