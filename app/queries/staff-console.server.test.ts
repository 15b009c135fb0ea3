import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AccountsContext,
  createAccountDirect,
  createAccountsContext,
  signInWithPassword,
} from '#app/modules/accounts/accounts.server.ts'
import { createCustomer } from '#app/modules/customers/customers.server.ts'
import { listVendorApplications } from '#app/modules/vendors/vendor-status.server.ts'
import type { vendorStatuses } from '#app/modules/vendors/vendor-status.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { listVerificationEvents, setVendorVerified } from '#app/modules/vendors/verification.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { callRoute, routeContext } from '#tests/routes.ts'
import { testVendorFields } from '#tests/shop.ts'
import {
  consoleCounts,
  exportCustomersCsv,
  exportStoresCsv,
  listCustomersForStaff,
  listStoresForStaff,
} from './staff-console.server.ts'

// The console's stores and customers tables and exports, the Verified badge with its reasons, the warning on
// close store names; the CSV routes refuse anyone but staff.

const ORIGIN = 'http://127.0.0.1:3000'
let t: TestDatabase
let accounts: AccountsContext
let staffId: string
const cookies: Record<string, string> = {}
const store: Record<string, number> = {}

async function account(email: string, role: 'admin' | 'customer') {
  const password = 'Kitenge-Blue-42'
  const created = await createAccountDirect(accounts, { name: `${role} person`, email, password, role })
  if (!created.ok) throw new Error(created.reason)
  const signedIn = await signInWithPassword(
    accounts,
    { request: new Request(`${ORIGIN}/customer-login`), clientAddress: '10.8.4.2' },
    { email, password },
  )
  if (!signedIn.ok) throw new Error(signedIn.reason)
  cookies[role] = signedIn.cookies.map((c) => c.split(';')[0]).join('; ')
  return created.userId
}

async function addStore(
  name: string,
  status: (typeof vendorStatuses)[number],
  phone = '+250788123456',
  joinedAt?: Date,
) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Object.keys(store).length}`
  const { id } = await createVendor(t.ctx, {
    ...testVendorFields,
    phone,
    name,
    slug,
    email: `${slug}@example.rw`,
    categories: ['women'],
    specialties: [],
    status,
    joinedAt,
  })
  store[name] = id
  return id
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  accounts = createAccountsContext(t.ctx.db)
  staffId = await account('staff@example.rw', 'admin')
  const customerUser = await account('ruth@example.rw', 'customer')
  await createCustomer(t.ctx, {
    firstName: 'Ruth',
    lastName: 'Keza',
    email: 'ruth@example.rw',
    phone: '+250722555111',
    userId: customerUser,
  })
  await createCustomer(t.ctx, { firstName: 'Eric', lastName: 'Nshuti', email: 'eric@example.rw' })
  await addStore('Kigali Fashion House', 'approved', '+250788000111', new Date('2026-01-01T08:00:00Z'))
  await addStore('Inzozi Beauty', 'suspended', '+250733000222', new Date('2026-02-01T08:00:00Z'))
  await addStore('Kigali Fashion Hous', 'pending', '+250788000333', new Date('2026-03-01T08:00:00Z'))
  await addStore('KIGALI-FASHION house', 'pending', '+250788000444', new Date('2026-04-01T08:00:00Z'))
  await addStore('Umutako Crafts', 'pending', '+250788000555', new Date('2026-05-01T08:00:00Z'))
})
afterAll(() => t?.close())

describe('applications', () => {
  it('come oldest first when asked (the console’s default), and warn when a name is close to an existing store’s', async () => {
    const oldest = await listVendorApplications(t.ctx, { status: 'pending', sort: 'oldest' })
    expect(oldest.items.map((i) => i.businessName)).toEqual([
      'Kigali Fashion Hous',
      'KIGALI-FASHION house',
      'Umutako Crafts',
    ])
    const newest = await listVendorApplications(t.ctx, { status: 'pending', sort: 'newest' })
    expect(newest.items.map((i) => i.businessName)).toEqual([
      'Umutako Crafts',
      'KIGALI-FASHION house',
      'Kigali Fashion Hous',
    ])
    const similar = Object.fromEntries(oldest.items.map((i) => [i.businessName, i.similarStore?.name ?? null]))
    expect(similar).toEqual({
      'Kigali Fashion Hous': 'Kigali Fashion House',
      'KIGALI-FASHION house': 'Kigali Fashion House',
      'Umutako Crafts': null,
    })
  })
})

describe('stores', () => {
  it('lists approved and suspended stores, searched by words or a phone number in any Rwandan form', async () => {
    const all = await listStoresForStaff(t.ctx, {})
    expect(all.items.map((s) => s.name)).toEqual(['Inzozi Beauty', 'Kigali Fashion House'])
    for (const q of ['0733000222', '+250733000222', '250733000222', '733000222', '0733 000 222']) {
      expect((await listStoresForStaff(t.ctx, { q })).items.map((s) => s.name)).toEqual(['Inzozi Beauty'])
    }
    expect((await listStoresForStaff(t.ctx, { q: 'fashion kigali' })).items.map((s) => s.name)).toEqual([
      'Kigali Fashion House',
    ])
    expect((await listStoresForStaff(t.ctx, { status: 'suspended' })).total).toBe(1)
  })

  it('grants and removes the Verified badge with a reason, keeping the history; a repeat records nothing', async () => {
    const id = store['Kigali Fashion House']
    const base = { staffUserId: staffId, vendorId: id }
    expect(await setVendorVerified(t.ctx, { ...base, verified: true, reason: ' ' })).toEqual({
      ok: false,
      code: 'reason-required',
    })
    expect(await setVendorVerified(t.ctx, { ...base, verified: true, reason: 'x'.repeat(501) })).toEqual({
      ok: false,
      code: 'reason-too-long',
    })
    expect(await setVendorVerified(t.ctx, { ...base, vendorId: 999_999, verified: true, reason: 'RDB' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    const granted = new Date('2026-06-01T08:00:00Z')
    expect(
      await setVendorVerified(t.ctx, { ...base, verified: true, reason: 'RDB certificate checked', now: granted }),
    ).toEqual({ ok: true, changed: true })
    expect(await setVendorVerified(t.ctx, { ...base, verified: true, reason: 'Again' })).toEqual({
      ok: true,
      changed: false,
    })
    expect((await listStoresForStaff(t.ctx, { q: 'Kigali' })).items[0]?.verified).toBe(true)
    expect(
      await setVendorVerified(t.ctx, {
        ...base,
        verified: false,
        reason: 'Certificate expired',
        now: new Date('2026-07-01T08:00:00Z'),
      }),
    ).toEqual({ ok: true, changed: true })
    expect(await listVerificationEvents(t.ctx, id)).toEqual([
      {
        verified: false,
        reason: 'Certificate expired',
        at: '2026-07-01T08:00:00.000Z',
        actor: { name: 'admin person', email: 'staff@example.rw' },
      },
      {
        verified: true,
        reason: 'RDB certificate checked',
        at: granted.toISOString(),
        actor: { name: 'admin person', email: 'staff@example.rw' },
      },
    ])
  })

  it('exports the stores as CSV', async () => {
    const csv = await exportStoresCsv(t.ctx, {})
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('id,name,owner,email,phone,status,verified,products,orders,joined_at')
    expect(lines).toHaveLength(3)
    // A leading + is quoted so that a spreadsheet does not read the phone number as a formula.
    expect(lines[1]).toBe(
      "2,Inzozi Beauty,Aline Uwase,inzozi-beauty-1@example.rw,'+250733000222,suspended,no,0,0,2026-02-01T08:00:00.000Z",
    )
  })
})

describe('customers', () => {
  it('lists only what operations need, searched by name, e-mail or phone in any form', async () => {
    const all = await listCustomersForStaff(t.ctx, {})
    expect(all.total).toBe(2)
    expect(Object.keys(all.items[0] ?? {}).sort()).toEqual(['email', 'id', 'joinedAt', 'name', 'orders', 'phone'])
    for (const q of ['0722555111', '+250722555111', '250722555111', '722555111']) {
      expect((await listCustomersForStaff(t.ctx, { q })).items.map((c) => c.name)).toEqual(['Ruth Keza'])
    }
    expect((await listCustomersForStaff(t.ctx, { q: 'nshuti' })).items.map((c) => c.email)).toEqual(['eric@example.rw'])
  })

  it('exports them as CSV with no address', async () => {
    const csv = await exportCustomersCsv(t.ctx, { q: 'ruth' })
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('id,name,email,phone,orders,joined_at')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^\d+,Ruth Keza,ruth@example\.rw,'\+250722555111,0,\d{4}-/)
  })
})

describe('the console', () => {
  it('counts the work waiting for staff', async () => {
    const counts = await consoleCounts(t.ctx)
    expect(counts.applications).toBe(3)
    expect(counts).toMatchObject({ support: 0, disputes: 0 })
  })

  it('serves the CSV exports to staff only, never cached', async () => {
    const { middleware } = await import('#app/routes/admin/layout.tsx')
    const stores = await import('#app/routes/admin/stores-csv.ts')
    const customers = await import('#app/routes/admin/customers-csv.ts')
    for (const [path, loader] of [
      ['/admin/stores.csv', stores.loader],
      ['/admin/customers.csv', customers.loader],
    ] as const) {
      const call = (cookie?: string) =>
        callRoute(
          loader as (args: never) => unknown,
          {
            request: new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }),
            params: {},
            context: routeContext(accounts),
          },
          middleware,
        ) as Promise<Response>
      const visitor = await call()
      expect(visitor.status).toBe(302)
      expect(visitor.headers.get('Location')).toMatch(/login/)
      const customer = await call(cookies.customer)
      expect(customer.status).toBe(302)
      expect(customer.headers.get('Location')).not.toContain(path)
      const staff = await call(cookies.admin)
      expect(staff.status).toBe(200)
      expect(staff.headers.get('Cache-Control')).toBe('private, no-store')
      expect(staff.headers.get('Content-Type')).toContain('text/csv')
    }
  })
})
