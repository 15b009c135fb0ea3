import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsContext, createAccountDirect } from '#app/modules/accounts/accounts.server.ts'
import { findProductBySlug, getProductCards, listProducts } from '#app/modules/catalog/catalog.server.ts'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { findVendorStore, listVendors } from '#app/queries/vendor-directory.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { vendorStatusEvents, vendors } from './tables.server.ts'
import {
  changeVendorStatus,
  listVendorApplications,
  listVendorStatusEvents,
  type StaffContext,
} from './vendor-status.server.ts'
import {
  findTransition,
  VENDOR_STATUS_TRANSITIONS,
  type VendorStatus,
  vendorStatusActions,
  vendorStatuses,
} from './vendor-status.ts'
import { createVendorApplication } from './vendors-admin.server.ts'

let t: TestDatabase
let staff: StaffContext
let adminId: string
let vendorUserId: string
let customerUserId: string
let categoryId: number
let seq = 0

async function account(email: string, role: 'admin' | 'vendor' | 'customer') {
  const accounts: AccountsContext = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
  const result = await createAccountDirect(accounts, {
    name: `${role} person`,
    email,
    password: 'Kitenge-Blue-42',
    role,
  })
  if (!result.ok) throw new Error(result.reason)
  return result.userId
}

/** A new application, then moved (directly, as a fixture) to the status a test starts from. */
async function store(status: VendorStatus = 'pending', extra: { email?: string; name?: string } = {}) {
  seq += 1
  const { id } = await createVendorApplication(t.ctx, {
    // Stores without a sign-in account of their own: the status machine does not need one.
    ownerUserId: undefined as unknown as string,
    ownerName: 'Claudine Mukamana',
    businessName: extra.name ?? `Shop ${seq}`,
    email: extra.email ?? `shop${seq}@example.rw`,
    phone: '+250788123456',
    businessAddress: 'KN 5 Rd',
    businessDescription: 'Kitenge dresses made to measure in Kimironko.',
    district: 'Gasabo',
    categories: ['women'],
  })
  if (status !== 'pending') await t.ctx.db.update(vendors).set({ status }).where(eq(vendors.id, id))
  return id
}

async function row(id: number) {
  const [r] = await t.ctx.db.select().from(vendors).where(eq(vendors.id, id))
  return r
}

async function eventsOf(id: number) {
  return t.ctx.db.select().from(vendorStatusEvents).where(eq(vendorStatusEvents.vendorId, id))
}

beforeAll(async () => {
  t = await createTestDatabase()
  adminId = await account('staff@isoko.rw', 'admin')
  vendorUserId = await account('owner@example.rw', 'vendor')
  customerUserId = await account('aline@example.rw', 'customer')
  staff = { db: t.ctx.db, actor: { userId: adminId, role: 'admin' } }
  const dept = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  categoryId = dept.id
})
afterAll(() => t?.close())

describe('the transition table', () => {
  it('allows exactly pending→approved|rejected, approved→suspended, suspended→approved', () => {
    const legal = VENDOR_STATUS_TRANSITIONS.map((tr) => `${tr.action}:${tr.from}→${tr.to}`)
    expect(legal).toEqual([
      'approve:pending→approved',
      'reject:pending→rejected',
      'suspend:approved→suspended',
      'reinstate:suspended→approved',
    ])
    expect(VENDOR_STATUS_TRANSITIONS.filter((tr) => tr.reasonRequired).map((tr) => tr.action)).toEqual([
      'reject',
      'suspend',
    ])
  })
})

describe('changeVendorStatus', () => {
  it('approves a pending application: status, history with who and when, reason cleared, e-mail queued', async () => {
    const id = await store('pending', { email: 'Umutako@Example.rw', name: 'Umutako Boutique' })
    await t.ctx.db.update(vendors).set({ statusReason: 'old note' }).where(eq(vendors.id, id))
    const before = Date.now()
    const result = await changeVendorStatus(staff, { vendorId: id, action: 'approve', siteUrl: 'https://isoko.rw' })
    expect(result).toMatchObject({ ok: true, vendorId: id, from: 'pending', to: 'approved', reason: null })
    expect(await row(id)).toMatchObject({ status: 'approved', statusReason: null, verified: false })
    const [event] = await eventsOf(id)
    expect(event).toMatchObject({ fromStatus: 'pending', toStatus: 'approved', reason: null, actorUserId: adminId })
    expect(event?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000)
    const [mail] = await listMessages(t.ctx, { recipient: 'umutako@example.rw' })
    expect(mail).toMatchObject({
      channel: 'email',
      status: 'pending',
      subject: 'Umutako Boutique is approved on Isoko',
    })
    expect(mail?.body).toContain('Hello Claudine Mukamana')
    expect(mail?.body).toContain(`https://isoko.rw/vendor/${id}`)
  })

  it('rejects only with a reason, keeps the reason on the store and in the history, and e-mails it', async () => {
    const id = await store('pending')
    for (const reason of [undefined, null, '', '   \n ']) {
      expect(await changeVendorStatus(staff, { vendorId: id, action: 'reject', reason })).toEqual({
        ok: false,
        code: 'reason-required',
      })
    }
    expect((await row(id))?.status).toBe('pending')
    expect(await eventsOf(id)).toHaveLength(0)
    expect(await listMessages(t.ctx, { recipient: `shop${seq}@example.rw` })).toHaveLength(0)

    const result = await changeVendorStatus(staff, {
      vendorId: id,
      action: 'reject',
      reason: '  We could not reach you on the phone number given.  ',
    })
    expect(result).toMatchObject({ ok: true, from: 'pending', to: 'rejected' })
    expect(await row(id)).toMatchObject({
      status: 'rejected',
      statusReason: 'We could not reach you on the phone number given.',
    })
    expect(await eventsOf(id)).toMatchObject([
      {
        fromStatus: 'pending',
        toStatus: 'rejected',
        reason: 'We could not reach you on the phone number given.',
        actorUserId: adminId,
      },
    ])
    const mails = await listMessages(t.ctx, { recipient: `shop${seq}@example.rw` })
    expect(mails).toHaveLength(1)
    expect(mails[0]?.body).toContain('We could not reach you on the phone number given.')
  })

  it('suspends an approved store only with a reason, and reinstates it, clearing the reason', async () => {
    const id = await store('approved')
    expect(await changeVendorStatus(staff, { vendorId: id, action: 'suspend', reason: ' ' })).toEqual({
      ok: false,
      code: 'reason-required',
    })
    expect((await row(id))?.status).toBe('approved')

    const suspended = await changeVendorStatus(staff, { vendorId: id, action: 'suspend', reason: 'Fake reviews' })
    expect(suspended).toMatchObject({ ok: true, from: 'approved', to: 'suspended', reason: 'Fake reviews' })
    expect(await row(id)).toMatchObject({ status: 'suspended', statusReason: 'Fake reviews' })

    // A reason given to a change that needs none is not kept.
    const reinstated = await changeVendorStatus(staff, { vendorId: id, action: 'reinstate', reason: 'ignored' })
    expect(reinstated).toMatchObject({ ok: true, from: 'suspended', to: 'approved', reason: null })
    expect(await row(id)).toMatchObject({ status: 'approved', statusReason: null })

    const history = (await listVendorStatusEvents(t.ctx, [id])).get(id) ?? []
    expect(history.map((e) => `${e.from}→${e.to}:${e.reason ?? ''}`)).toEqual([
      'approved→suspended:Fake reviews',
      'suspended→approved:',
    ])
    const subjects = (await listMessages(t.ctx, { recipient: `shop${seq}@example.rw` })).map((m) => m.subject)
    expect(subjects).toEqual([`Shop ${seq} is open again on Isoko`, `Shop ${seq} is suspended on Isoko`])
  })

  it('refuses every other transition as a value, and changes nothing', async () => {
    for (const from of vendorStatuses) {
      for (const action of vendorStatusActions) {
        if (findTransition(action, from)) continue
        const id = await store(from)
        const result = await changeVendorStatus(staff, { vendorId: id, action, reason: 'A reason' })
        expect(result, `${action} from ${from}`).toEqual({ ok: false, code: 'illegal-transition', from, action })
        expect((await row(id))?.status).toBe(from)
        expect(await eventsOf(id)).toHaveLength(0)
        expect(await listMessages(t.ctx, { recipient: `shop${seq}@example.rw` })).toHaveLength(0)
      }
    }
  })

  it('makes every legal transition of the table', async () => {
    for (const transition of VENDOR_STATUS_TRANSITIONS) {
      const id = await store(transition.from)
      const result = await changeVendorStatus(staff, { vendorId: id, action: transition.action, reason: 'Because' })
      expect(result, transition.action).toMatchObject({ ok: true, from: transition.from, to: transition.to })
      expect((await row(id))?.status).toBe(transition.to)
    }
  })

  it('refuses a store that does not exist, and a reason that is too long', async () => {
    for (const vendorId of [999_999, 0, -1, 1.5, Number.NaN]) {
      expect(await changeVendorStatus(staff, { vendorId, action: 'approve' })).toEqual({
        ok: false,
        code: 'not_found',
      })
    }
    const id = await store('pending')
    expect(await changeVendorStatus(staff, { vendorId: id, action: 'reject', reason: 'x'.repeat(501) })).toEqual({
      ok: false,
      code: 'reason-too-long',
    })
    expect((await row(id))?.status).toBe('pending')
  })

  it('lets only staff change a status', async () => {
    const id = await store('pending')
    for (const actor of [
      { userId: vendorUserId, role: 'vendor' as const },
      { userId: customerUserId, role: 'customer' as const },
    ]) {
      const result = await changeVendorStatus({ db: t.ctx.db, actor }, { vendorId: id, action: 'approve' })
      expect(result).toEqual({ ok: false, code: 'forbidden' })
    }
    expect((await row(id))?.status).toBe('pending')
    expect(await eventsOf(id)).toHaveLength(0)
  })

  it('changes the status, the history and the e-mail in one transaction: if the e-mail fails, nothing changes', async () => {
    const id = await store('pending', { email: 'undeliverable@example.rw' })
    await t.ctx.db.execute(
      sql.raw(
        `alter table outbox_messages add constraint test_refuses_mail check (recipient <> 'undeliverable@example.rw')`,
      ),
    )
    try {
      await expect(changeVendorStatus(staff, { vendorId: id, action: 'approve' })).rejects.toThrow()
    } finally {
      await t.ctx.db.execute(sql.raw('alter table outbox_messages drop constraint test_refuses_mail'))
    }
    expect((await row(id))?.status).toBe('pending')
    expect(await eventsOf(id)).toHaveLength(0)
  })

  it('lets one of two simultaneous decisions win; the other is refused', async () => {
    const id = await store('pending')
    const results = await Promise.all([
      changeVendorStatus(staff, { vendorId: id, action: 'approve' }),
      changeVendorStatus(staff, { vendorId: id, action: 'reject', reason: 'Incomplete' }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toMatchObject([{ code: 'illegal-transition' }])
    expect(await eventsOf(id)).toHaveLength(1)
    expect(await listMessages(t.ctx, { recipient: `shop${seq}@example.rw` })).toHaveLength(1)
  })
})

describe('the storefront follows the status', () => {
  it('shows a store and its products only while approved', async () => {
    const id = await store('pending', { name: 'Inzozi Beauty' })
    seq += 1
    const slug = `inzozi-lotion-${seq}`
    const product = await createProduct(t.ctx, {
      vendorId: id,
      categoryId,
      title: 'Shea lotion',
      slug,
      description: 'Made in Huye',
      price: 8_000,
      variants: [{ size: null, colour: null, sku: `SKU-${seq}`, stock: 4 }],
      images: [],
    })
    const visible = async () => ({
      store: (await findVendorStore(t.ctx, id)) !== null,
      listed: (await listVendors(t.ctx, { q: 'Inzozi' })).items.some((v) => v.id === id),
      products: (await listProducts(t.ctx, { vendorId: id, sort: 'featured', page: 1, perPage: 24 })).total,
      page: (await findProductBySlug(t.ctx, slug)) !== null,
      cards: (await getProductCards(t.ctx, [product.id])).length,
    })
    const hidden = { store: false, listed: false, products: 0, page: false, cards: 0 }
    const shown = { store: true, listed: true, products: 1, page: true, cards: 1 }

    expect(await visible()).toEqual(hidden)
    await changeVendorStatus(staff, { vendorId: id, action: 'approve' })
    expect(await visible()).toEqual(shown)
    await changeVendorStatus(staff, { vendorId: id, action: 'suspend', reason: 'Counterfeit goods reported' })
    expect(await visible()).toEqual(hidden)
    await changeVendorStatus(staff, { vendorId: id, action: 'reinstate' })
    expect(await visible()).toEqual(shown)
  })
})

describe('listVendorApplications', () => {
  let list: TestDatabase
  const at = (day: number) => new Date(`2026-10-${String(day).padStart(2, '0')}T09:00:00Z`)

  beforeAll(async () => {
    list = await createTestDatabase()
    const add = (name: string, status: VendorStatus, day: number, extra: Partial<typeof vendors.$inferInsert> = {}) =>
      list.ctx.db.insert(vendors).values({
        name,
        slug: name.toLowerCase().replace(/\W+/g, '-'),
        ownerName: `Owner of ${name}`,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.rw`,
        phone: '+250788123456',
        description: 'Short',
        about: `All about ${name}`,
        businessAddress: 'KN 1 St',
        district: 'Gasabo',
        city: 'Kigali',
        categories: ['women', 'beauty'],
        policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
        responseTime: '1 hour',
        avatarColours: ['#0f766e', '#f59e0b'],
        status,
        joinedAt: at(day),
        ...extra,
      })
    await add('Old Approved', 'approved', 1)
    await add('Old Pending', 'pending', 2)
    await add('Rejected One', 'rejected', 3, { statusReason: 'No phone answer', district: 'Musanze' })
    await add('New Approved', 'approved', 4)
    await add('New Pending', 'pending', 5)
    await add('Suspended One', 'suspended', 6, { statusReason: 'Fake reviews' })
  })
  afterAll(() => list?.close())

  const names = (page: { items: { businessName: string }[] }) => page.items.map((v) => v.businessName)

  it('lists pending applications first, then the others, newest first within each', async () => {
    const page = await listVendorApplications(list.ctx)
    expect(names(page)).toEqual([
      'New Pending',
      'Old Pending',
      'Suspended One',
      'New Approved',
      'Rejected One',
      'Old Approved',
    ])
    expect(page.counts).toEqual({ all: 6, pending: 2, approved: 2, rejected: 1, suspended: 1 })
    expect(page.total).toBe(6)
  })

  it('gives what staff review: business, owner, contact, district, departments, description, dates, reason', async () => {
    const page = await listVendorApplications(list.ctx, { status: 'rejected' })
    expect(page.items).toEqual([
      expect.objectContaining({
        businessName: 'Rejected One',
        ownerName: 'Owner of Rejected One',
        email: 'rejected.one@example.rw',
        phone: '+250788123456',
        district: 'Musanze',
        categories: ['women', 'beauty'],
        description: 'All about Rejected One',
        appliedAt: at(3).toISOString(),
        status: 'rejected',
        statusReason: 'No phone answer',
        history: [],
      }),
    ])
  })

  it('filters by status and searches, with counts per status for the search', async () => {
    expect(names(await listVendorApplications(list.ctx, { status: 'approved' }))).toEqual([
      'New Approved',
      'Old Approved',
    ])
    const found = await listVendorApplications(list.ctx, { q: 'old' })
    expect(names(found)).toEqual(['Old Pending', 'Old Approved'])
    expect(found.counts).toMatchObject({ all: 2, pending: 1, approved: 1, rejected: 0 })
    expect(names(await listVendorApplications(list.ctx, { q: 'musanze' }))).toEqual(['Rejected One'])
    expect((await listVendorApplications(list.ctx, { q: '100%' })).total).toBe(0)
  })

  it('pages, clamping to the last page', async () => {
    const second = await listVendorApplications(list.ctx, { perPage: 4, page: 2 })
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 6 })
    expect(names(second)).toEqual(['Rejected One', 'Old Approved'])
    expect((await listVendorApplications(list.ctx, { perPage: 4, page: 9 })).page).toBe(2)
  })
})

describe('only the vendors module changes a store’s status', () => {
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full)
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
    })
  }

  it('no file but vendor-status.server.ts updates the vendors table’s status', () => {
    const writers = [...sources('app'), ...sources('db'), ...sources('scripts')].filter((file) => {
      const text = readFileSync(file, 'utf8')
      return /\.update\(\s*vendors\s*\)[\s\S]{0,200}?\.set\(\{[^}]*\bstatus\b/.test(text)
    })
    expect(writers).toEqual([path.join('app', 'modules', 'vendors', 'vendor-status.server.ts')])
  })

  it('no file outside the vendors module writes the vendors table or its history', () => {
    const outside = [...sources('app'), ...sources('db'), ...sources('scripts')].filter(
      (file) => !file.startsWith(path.join('app', 'modules', 'vendors') + path.sep),
    )
    const writers = outside.filter((file) =>
      /\.(update|insert|delete)\(\s*(vendors|vendorStatusEvents)\s*\)/.test(readFileSync(file, 'utf8')),
    )
    expect(writers).toEqual([])
  })
})
