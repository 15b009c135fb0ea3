import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import type { StaffRole } from '#app/modules/accounts/roles.ts'
import { addCategory } from '#app/modules/catalog/categories-admin.server.ts'
import { categories, products } from '#app/modules/catalog/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createTestAccountsContext, makeStaffOfEveryRole } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { callAdminRoute, statusOf } from '#tests/routes.ts'
import { makeProduct, makeVendor } from '#tests/shop.ts'
import { searchAuditLog } from './audit.server.ts'
import { staffAuditLog } from './tables.server.ts'

// The console's products, categories, store and customers pages (issue 17) through their real routes, behind the
// admin layout's guard: each loader and each form's intent asks the staff permission table, a refused post changes
// nothing and records nothing, and every change (and every CSV export) is in the audit log with before and after.

let t: TestDatabase
let accounts: AccountsContext
let members: Record<StaffRole, { id: string; cookie: string }>
let vendorId: number
let productId: number
let categoryId: number

/** Runs a console handler as the staff member of `role`, behind the admin layout's guard. */
function asStaff(
  handler: (args: never) => unknown,
  role: StaffRole,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string> = {},
  params: Record<string, string> = {},
) {
  return callAdminRoute(accounts, handler, members[role].cookie, method, path, fields, params)
}

async function auditCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(staffAuditLog)
  return row?.n ?? 0
}

async function snapshot() {
  const [product] = await t.ctx.db
    .select({ hiddenAt: products.hiddenAt, reason: products.hiddenReason, reviewedAt: products.reviewedAt })
    .from(products)
    .where(eq(products.id, productId))
  const [category] = await t.ctx.db
    .select({
      name: categories.name,
      names: categories.names,
      parentId: categories.parentId,
      hidden: categories.hidden,
    })
    .from(categories)
    .where(eq(categories.id, categoryId))
  const [store] = await t.ctx.db.select({ verified: vendors.verified }).from(vendors).where(eq(vendors.id, vendorId))
  const [all] = await t.ctx.db.select({ n: count() }).from(categories)
  return { product, category, store, categories: all?.n, audit: await auditCount() }
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'a-test-secret-that-is-long-enough-to-use-here'
  t = await createTestDatabase()
  accounts = createTestAccountsContext(t, { attemptsPerMinute: 1000 })
  members = await makeStaffOfEveryRole(accounts, 'console.example.rw', '10.7.7.8')
  vendorId = (await makeVendor(t.ctx)).id
  productId = (await makeProduct(t.ctx, vendorId)).productId
  const added = await addCategory(t.ctx, {
    staffUserId: members.owner.id,
    parentId: null,
    names: { en: 'Baskets', rw: 'Ibiseke' },
  })
  if (!added.ok) throw new Error(added.code)
  categoryId = added.id
})

afterAll(async () => {
  await t?.close()
})

describe('a support member on the catalogue pages', () => {
  it('is refused 403 hiding a product, changing a category and granting the Verified badge, and nothing changes', async () => {
    const { action: productsAction } = await import('#app/routes/admin/products.tsx')
    const { action: categoriesAction, loader: categoriesLoader } = await import('#app/routes/admin/categories.tsx')
    const { action: storeAction } = await import('#app/routes/admin/store.tsx')
    const before = await snapshot()

    const hide = await asStaff(productsAction, 'support', 'POST', '/admin/products', {
      intent: 'hide',
      productId: String(productId),
      reason: 'Counterfeit logo',
    })
    expect(statusOf(hide)).toBe(403)
    expect((hide as { data?: { forbidden?: string } }).data?.forbidden).toBe('products:moderate')
    const posts: Record<string, string>[] = [
      { intent: 'rename', categoryId: String(categoryId), en: 'Woven baskets' },
      { intent: 'hide', categoryId: String(categoryId) },
      { intent: 'add', parentId: '', en: 'Pottery' },
    ]
    for (const fields of posts) {
      expect(statusOf(await asStaff(categoriesAction, 'support', 'POST', '/admin/categories', fields))).toBe(403)
    }
    expect(statusOf(await asStaff(categoriesLoader, 'support', 'GET', '/admin/categories'))).toBe(403)
    const verify = await asStaff(
      storeAction,
      'support',
      'POST',
      `/admin/stores/${vendorId}`,
      { 'verified-form': '1', intent: 'verify', reason: 'Documents checked' },
      { vendorId: String(vendorId) },
    )
    expect(statusOf(verify)).toBe(403)
    expect((verify as { data?: { forbidden?: string } }).data?.forbidden).toBe('badge:verified')
    // Suspending is not theirs either, whatever the form posts.
    const suspend = await asStaff(
      storeAction,
      'support',
      'POST',
      `/admin/stores/${vendorId}`,
      { intent: 'suspend', vendorId: String(vendorId), reason: 'Complaints' },
      { vendorId: String(vendorId) },
    )
    expect((suspend as { data?: { forbidden?: string } }).data?.forbidden).toBe('stores:suspend')

    expect(await snapshot()).toEqual(before)
  })

  it('may still read the products and the store', async () => {
    const { loader: productsLoader } = await import('#app/routes/admin/products.tsx')
    const { loader: storeLoader } = await import('#app/routes/admin/store.tsx')
    expect(statusOf(await asStaff(productsLoader, 'support', 'GET', '/admin/products'))).toBe(200)
    expect(
      statusOf(
        await asStaff(storeLoader, 'support', 'GET', `/admin/stores/${vendorId}`, {}, { vendorId: String(vendorId) }),
      ),
    ).toBe(200)
  })
})

describe('customers: personal data', () => {
  it('keeps finance out of the customers page and its CSV', async () => {
    const { loader: customersLoader } = await import('#app/routes/admin/customers.tsx')
    const { loader: csvLoader } = await import('#app/routes/admin/customers-csv.ts')
    const before = await auditCount()
    expect(statusOf(await asStaff(customersLoader, 'finance', 'GET', '/admin/customers'))).toBe(403)
    const csv = await asStaff(csvLoader, 'finance', 'GET', '/admin/customers.csv')
    expect(statusOf(csv)).toBe(403)
    expect(csv).not.toBeInstanceOf(Response)
    // Operations read the list but do not export it; support exports it, and the export is in the log.
    expect(statusOf(await asStaff(customersLoader, 'operations', 'GET', '/admin/customers'))).toBe(200)
    expect(statusOf(await asStaff(csvLoader, 'operations', 'GET', '/admin/customers.csv'))).toBe(403)
    expect(await auditCount()).toBe(before)
    const allowed = await asStaff(csvLoader, 'support', 'GET', '/admin/customers.csv?q=kigali')
    expect(statusOf(allowed)).toBe(200)
    expect((allowed as Response).headers.get('Content-Type')).toContain('text/csv')
    const { entries } = await searchAuditLog(t.ctx, { action: 'export:customers' })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorUserId: members.support.id,
      subjectType: 'export',
      subjectId: 'customers',
      after: { filter: { q: 'kigali' } },
    })
  })

  it('records the stores CSV export; support may not download it', async () => {
    const { loader } = await import('#app/routes/admin/stores-csv.ts')
    expect(statusOf(await asStaff(loader, 'support', 'GET', '/admin/stores.csv'))).toBe(403)
    expect(statusOf(await asStaff(loader, 'finance', 'GET', '/admin/stores.csv'))).toBe(200)
    const { entries } = await searchAuditLog(t.ctx, { action: 'export:stores' })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorUserId: members.finance.id, subjectId: 'stores' })
  })
})

describe('operations moderate the catalogue, and the audit log keeps each change', () => {
  it('hides a product (once, whatever the double click), then unhides it, with before and after', async () => {
    const { action } = await import('#app/routes/admin/products.tsx')
    const fields = { intent: 'hide', productId: String(productId), reason: 'Counterfeit logo' }
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/products', fields))).toBe(302)
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/products', fields))).toBe(302)
    const hidden = await searchAuditLog(t.ctx, { action: 'product:hide', subjectId: String(productId) })
    expect(hidden.entries).toHaveLength(1)
    expect(hidden.entries[0]).toMatchObject({
      actorUserId: members.operations.id,
      actorName: 'operations',
      subjectType: 'product',
      before: { hidden: false },
      after: { hidden: true, reason: 'Counterfeit logo' },
    })
    // A corrected reason is a change of its own, recorded with the old reason.
    await asStaff(action, 'operations', 'POST', '/admin/products', { ...fields, reason: 'Fake brand logo' })
    const corrected = await searchAuditLog(t.ctx, { action: 'product:hide', subjectId: String(productId) })
    expect(corrected.entries[0]).toMatchObject({
      before: { hidden: true, reason: 'Counterfeit logo' },
      after: { hidden: true, reason: 'Fake brand logo' },
    })

    const unhide = { intent: 'unhide', productId: String(productId) }
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/products', unhide))).toBe(302)
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/products', unhide))).toBe(302)
    const shown = await searchAuditLog(t.ctx, { action: 'product:unhide', subjectId: String(productId) })
    expect(shown.entries).toHaveLength(1)
    expect(shown.entries[0]).toMatchObject({
      before: { hidden: true, reason: 'Fake brand logo' },
      after: { hidden: false },
    })
  })

  it('records a product marked reviewed once', async () => {
    const { action } = await import('#app/routes/admin/products.tsx')
    const other = (await makeProduct(t.ctx, vendorId)).productId
    const fields = { intent: 'reviewed', productId: String(other) }
    await asStaff(action, 'operations', 'POST', '/admin/products', fields)
    await asStaff(action, 'operations', 'POST', '/admin/products', fields)
    const { entries } = await searchAuditLog(t.ctx, { action: 'product:review', subjectId: String(other) })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ before: { reviewed: false }, after: { reviewed: true } })
  })

  it('records a category rename with the names before and after, and a move, a hide and a show', async () => {
    const { action } = await import('#app/routes/admin/categories.tsx')
    const rename = {
      intent: 'rename',
      categoryId: String(categoryId),
      en: 'Woven baskets',
      rw: 'Ibiseke',
      fr: 'Paniers',
    }
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/categories', rename))).toBe(302)
    // The same names again (a reload) change nothing and record nothing.
    await asStaff(action, 'operations', 'POST', '/admin/categories', rename)
    const renamed = await searchAuditLog(t.ctx, { action: 'category:rename', subjectId: String(categoryId) })
    expect(renamed.entries).toHaveLength(1)
    expect(renamed.entries[0]).toMatchObject({
      actorUserId: members.operations.id,
      subjectType: 'category',
      before: { name: 'Baskets', names: { rw: 'Ibiseke' } },
      after: { name: 'Woven baskets', names: { rw: 'Ibiseke', fr: 'Paniers' } },
    })

    const parent = await addCategory(t.ctx, { staffUserId: members.owner.id, parentId: null, names: { en: 'Home' } })
    if (!parent.ok) throw new Error(parent.code)
    const added = await searchAuditLog(t.ctx, { action: 'category:add', subjectId: String(parent.id) })
    expect(added.entries[0]).toMatchObject({ after: { name: 'Home', names: {}, parentId: null } })
    const move = { intent: 'move', categoryId: String(categoryId), parentId: String(parent.id) }
    expect(statusOf(await asStaff(action, 'operations', 'POST', '/admin/categories', move))).toBe(302)
    await asStaff(action, 'operations', 'POST', '/admin/categories', move)
    const moved = await searchAuditLog(t.ctx, { action: 'category:move', subjectId: String(categoryId) })
    expect(moved.entries).toHaveLength(1)
    expect(moved.entries[0]).toMatchObject({ before: { parentId: null }, after: { parentId: parent.id } })

    for (const intent of ['hide', 'hide', 'show']) {
      await asStaff(action, 'operations', 'POST', '/admin/categories', { intent, categoryId: String(categoryId) })
    }
    expect((await searchAuditLog(t.ctx, { action: 'category:hide', subjectId: String(categoryId) })).entries).toEqual([
      expect.objectContaining({ before: { hidden: false }, after: { hidden: true } }),
    ])
    expect((await searchAuditLog(t.ctx, { action: 'category:show', subjectId: String(categoryId) })).total).toBe(1)
  })

  it('records the Verified badge granted and removed, with the reason, once each', async () => {
    const { action } = await import('#app/routes/admin/store.tsx')
    const post = (intent: string, reason: string) =>
      asStaff(
        action,
        'operations',
        'POST',
        `/admin/stores/${vendorId}`,
        { 'verified-form': '1', intent, reason },
        { vendorId: String(vendorId) },
      )
    expect(statusOf(await post('verify', 'Trade licence checked'))).toBe(302)
    await post('verify', 'Trade licence checked')
    expect(statusOf(await post('unverify', 'Licence expired'))).toBe(302)
    const granted = await searchAuditLog(t.ctx, { action: 'vendor:verify', subjectId: String(vendorId) })
    expect(granted.entries).toHaveLength(1)
    expect(granted.entries[0]).toMatchObject({
      actorUserId: members.operations.id,
      subjectType: 'vendor',
      before: { verified: false },
      after: { verified: true, reason: 'Trade licence checked' },
    })
    const removed = await searchAuditLog(t.ctx, { action: 'vendor:unverify', subjectId: String(vendorId) })
    expect(removed.entries[0]).toMatchObject({
      before: { verified: true },
      after: { verified: false, reason: 'Licence expired' },
    })
  })

  it('lets operations suspend a store (recorded by the status change itself) but finance not', async () => {
    const { action } = await import('#app/routes/admin/store.tsx')
    const fields = { intent: 'suspend', vendorId: String(vendorId), reason: 'Repeated complaints' }
    const params = { vendorId: String(vendorId) }
    const before = await auditCount()
    expect(statusOf(await asStaff(action, 'finance', 'POST', `/admin/stores/${vendorId}`, fields, params))).toBe(403)
    expect(await auditCount()).toBe(before)
    expect(statusOf(await asStaff(action, 'operations', 'POST', `/admin/stores/${vendorId}`, fields, params))).toBe(302)
    const { entries } = await searchAuditLog(t.ctx, { action: 'vendor:suspend', subjectId: String(vendorId) })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorUserId: members.operations.id, after: { status: 'suspended' } })
  })
})
