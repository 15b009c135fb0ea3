import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { callRoute, routeContext } from '#tests/routes.ts'

// Security, through the routes themselves (their loaders and actions, as the server calls them), on a database
// of this file's own: a vendor posting the store settings form can change no store but their own, even with
// another store's id in the post; a visitor posting /api/follow is sent to sign in and nothing changes; a
// vendor is refused a follow.

const ORIGIN = 'http://127.0.0.1:3000'
const PASSWORD = 'Kitenge-Blue-42'

let t: TestDatabase
let accounts: AccountsContext
const ids = { mine: 0, theirs: 0 }
const cookies: Record<string, string> = {}

type Action = (args: never) => unknown

/**
 * What an action answers, whether it returns or throws it: a Response, or React Router's data() value. The vendor
 * pages' actions run behind their layout's guard, as the router runs them.
 */
async function answer(action: Action, request: Request): Promise<{ status: number; location: string | null }> {
  const guarded = new URL(request.url).pathname.startsWith('/vendor-dashboard')
  const { middleware } = await import('#app/routes/vendor/layout.tsx')
  const out = await callRoute(
    action,
    { request, params: {}, context: routeContext(accounts) },
    guarded ? middleware : [],
  )
  if (out instanceof Response) return { status: out.status, location: out.headers.get('Location') }
  const init = (out as { init?: { status?: number } } | null)?.init
  return { status: init?.status ?? 200, location: null }
}

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new URLSearchParams(fields)
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })
}

const settingsForm = {
  name: 'Hijacked Store',
  description: 'This text must never reach another store.',
  about: 'Somebody else wrote this about a store that is not theirs.',
  district: 'Huye',
  specialties: 'Stolen goods',
  returns: 'No returns, ever, at all.',
  shipping: 'Never shipped anywhere at all.',
  warranty: 'None whatsoever.',
  responseTime: 'days',
}

async function storeRow(id: number) {
  const [row] = await t.ctx.db.select().from(vendors).where(eq(vendors.id, id))
  return row
}

async function followerCount(vendorId: number) {
  const { countFollowers } = await import('#app/modules/vendors/follows.server.ts')
  return countFollowers(t.ctx, vendorId)
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  const { createAccountsContext, createAccountDirect, signInWithPassword } = await import(
    '#app/modules/accounts/accounts.server.ts'
  )
  const { createVendor } = await import('#app/modules/vendors/vendors-admin.server.ts')
  const { createCustomer } = await import('#app/modules/customers/customers.server.ts')
  // The routes get this file's own database through their request context, as the server gives its own.
  accounts = createAccountsContext(t.ctx.db)
  const people = [
    { key: 'vendor', email: 'mine@example.rw', role: 'vendor' },
    { key: 'other', email: 'theirs@example.rw', role: 'vendor' },
    { key: 'customer', email: 'aline@example.rw', role: 'customer' },
  ] as const
  const userIds: Record<string, string> = {}
  for (const p of people) {
    const created = await createAccountDirect(accounts, {
      name: p.key,
      email: p.email,
      password: PASSWORD,
      role: p.role,
    })
    if (!created.ok) throw new Error(`account ${p.email}: ${created.reason}`)
    userIds[p.key] = created.userId
    const signedIn = await signInWithPassword(
      accounts,
      { request: new Request(`${ORIGIN}/vendor-login`), clientAddress: '10.9.9.9' },
      { email: p.email, password: PASSWORD },
    )
    if (!signedIn.ok) throw new Error(`sign-in ${p.email}: ${signedIn.reason}`)
    cookies[p.key] = signedIn.cookies.map((c) => c.split(';')[0]).join('; ')
  }
  await createCustomer(t.ctx, {
    firstName: 'Aline',
    lastName: 'U',
    email: 'aline@example.rw',
    userId: userIds.customer,
  })
  const store = (name: string, ownerUserId: string) =>
    createVendor(t.ctx, {
      name,
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      ownerName: name,
      email: `${ownerUserId}@example.rw`,
      phone: '+250788000000',
      description: `${name} sells things.`,
      about: `About ${name}.`,
      businessAddress: 'KN 1 St',
      district: 'Gasabo',
      city: 'Kigali',
      categories: ['women'],
      specialties: ['Kitenge'],
      policies: { returns: 'Thirty days.', shipping: 'Free in Rwanda.', warranty: 'Six months.' },
      responseTime: 'Within 2 hours',
      avatarColours: ['#0f766e', '#f59e0b'],
      status: 'approved',
      ownerUserId,
    })
  ids.mine = (await store('My Store', userIds.vendor)).id
  ids.theirs = (await store('Their Store', userIds.other)).id
})

afterAll(async () => {
  await t?.close()
})

describe('store settings: a vendor changes their own store only', () => {
  it('ignores another store’s id in the post: the other store is unchanged, only the poster’s own changes', async () => {
    const { action } = await import('#app/routes/vendor/settings.tsx')
    const theirs = await storeRow(ids.theirs)
    const extras: Record<string, string>[] = [
      { vendorId: String(ids.theirs) },
      { id: String(ids.theirs) },
      { ownerUserId: 'x' },
    ]
    for (const extra of extras) {
      const result = await answer(
        action,
        post('/vendor-dashboard/settings', { ...settingsForm, ...extra }, cookies.vendor),
      )
      expect(result).toEqual({ status: 302, location: '/vendor-dashboard/settings?saved=1' })
    }
    expect(await storeRow(ids.theirs)).toEqual(theirs)
    expect(await storeRow(ids.mine)).toMatchObject({ name: 'Hijacked Store', district: 'Huye', city: 'Huye' })
  })

  it('sends a visitor to the vendor sign-in, and a customer to their own dashboard, changing nothing', async () => {
    const { action } = await import('#app/routes/vendor/settings.tsx')
    const before = [await storeRow(ids.mine), await storeRow(ids.theirs)]
    const visitor = await answer(
      action,
      post('/vendor-dashboard/settings', { ...settingsForm, name: 'Visitor Was Here' }),
    )
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/vendor-login?redirectTo=${encodeURIComponent('/vendor-dashboard/settings')}`)
    const customer = await answer(
      action,
      post('/vendor-dashboard/settings', { ...settingsForm, name: 'Customer Was Here' }, cookies.customer),
    )
    expect(customer).toEqual({ status: 302, location: '/customer-dashboard' })
    expect([await storeRow(ids.mine), await storeRow(ids.theirs)]).toEqual(before)
  })

  it('answers a refused form with 400 and changes nothing', async () => {
    const { action } = await import('#app/routes/vendor/settings.tsx')
    const before = await storeRow(ids.mine)
    const result = await answer(
      action,
      post('/vendor-dashboard/settings', { ...settingsForm, name: '', district: 'Atlantis' }, cookies.vendor),
    )
    expect(result.status).toBe(400)
    expect(await storeRow(ids.mine)).toEqual(before)
  })
})

describe('/api/follow', () => {
  it('sends a visitor to sign in and back to the page, and nothing changes', async () => {
    const { action } = await import('#app/routes/api/follow.ts')
    const variants: Record<string, string>[] = [{}, { js: '1' }]
    for (const js of variants) {
      const result = await answer(
        action,
        post('/api/follow', { intent: 'follow', vendorId: String(ids.theirs), redirectTo: '/vendors?page=2', ...js }),
      )
      expect(result).toEqual({
        status: 302,
        location: `/customer-login?redirectTo=${encodeURIComponent('/vendors?page=2')}`,
      })
    }
    expect(await followerCount(ids.theirs)).toBe(0)
  })

  it('refuses a vendor (only customers follow), with and without JavaScript, and nothing changes', async () => {
    const { action } = await import('#app/routes/api/follow.ts')
    const fields = { intent: 'follow', vendorId: String(ids.theirs), redirectTo: `/vendor/${ids.theirs}` }
    expect(await answer(action, post('/api/follow', { ...fields, js: '1' }, cookies.vendor))).toEqual({
      status: 403,
      location: null,
    })
    expect(await answer(action, post('/api/follow', fields, cookies.vendor))).toEqual({
      status: 302,
      location: `/vendor/${ids.theirs}`,
    })
    expect(await followerCount(ids.theirs)).toBe(0)
  })

  it('lets a customer follow and unfollow, back to the page without JavaScript', async () => {
    const { action } = await import('#app/routes/api/follow.ts')
    const fields = { vendorId: String(ids.theirs), redirectTo: `/vendor/${ids.theirs}` }
    expect(await answer(action, post('/api/follow', { ...fields, intent: 'follow' }, cookies.customer))).toEqual({
      status: 302,
      location: `/vendor/${ids.theirs}`,
    })
    expect(await followerCount(ids.theirs)).toBe(1)
    expect(
      await answer(action, post('/api/follow', { ...fields, intent: 'unfollow', js: '1' }, cookies.customer)),
    ).toEqual({ status: 200, location: null })
    expect(await followerCount(ids.theirs)).toBe(0)
  })

  it('never sends anyone to another site after a follow', async () => {
    const { action } = await import('#app/routes/api/follow.ts')
    const result = await answer(
      action,
      post(
        '/api/follow',
        { intent: 'follow', vendorId: String(ids.mine), redirectTo: '//evil.example' },
        cookies.customer,
      ),
    )
    expect(result).toEqual({ status: 302, location: '/vendors' })
  })
})
