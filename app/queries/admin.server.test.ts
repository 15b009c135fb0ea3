import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AccountsContext, createAccountDirect } from '#app/modules/accounts/accounts.server.ts'
import { changeVendorStatus } from '#app/modules/vendors/vendor-status.server.ts'
import { createVendorApplication } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { listApplicationsForStaff } from './admin.server.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.close())

test('the applications queue names the staff member behind each change', async () => {
  const accounts: AccountsContext = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
  const admin = await createAccountDirect(accounts, {
    name: 'Isoko Staff',
    email: 'staff@isoko.rw',
    password: 'Kitenge-Blue-42',
    role: 'admin',
  })
  if (!admin.ok) throw new Error(admin.reason)
  const { id } = await createVendorApplication(t.ctx, {
    ownerUserId: undefined as unknown as string,
    ownerName: 'Eric Habimana',
    businessName: 'Imena Tailors',
    email: 'imena@example.rw',
    phone: '+250788123456',
    businessAddress: 'KG 11 Ave',
    businessDescription: 'Suits and shirts made to measure in Remera.',
    district: 'Gasabo',
    categories: ['men'],
  })
  await changeVendorStatus(
    { db: t.ctx.db, actor: { userId: admin.userId, role: 'admin' } },
    { vendorId: id, action: 'reject', reason: 'Please add photos of your work.' },
  )
  const listing = await listApplicationsForStaff(t.ctx, {})
  expect(listing.items).toHaveLength(1)
  expect(listing.items[0]).toMatchObject({ businessName: 'Imena Tailors', status: 'rejected' })
  expect(listing.items[0]?.history).toMatchObject([
    {
      from: 'pending',
      to: 'rejected',
      reason: 'Please add photos of your work.',
      actor: { name: 'Isoko Staff', email: 'staff@isoko.rw' },
    },
  ])
})
