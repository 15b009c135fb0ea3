import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountDirect } from '#app/modules/accounts/accounts.server.ts'
import { listProductsForStaff } from '#app/queries/staff-console.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeProduct, makeVendor } from '#tests/shop.ts'
import { findProductBySlug, getCategoryTree, listProducts } from './catalog.server.ts'
import { createCategory, createProduct } from './catalog-admin.server.ts'
import {
  addCategory,
  listCategoriesForStaff,
  moveCategory,
  renameCategory,
  setCategoryHidden,
} from './categories-admin.server.ts'
import {
  countReviewQueue,
  findProductModeration,
  hideProduct,
  listProductModeration,
  markProductReviewed,
  unhideProduct,
} from './moderation.server.ts'
import { products } from './tables.server.ts'

let t: TestDatabase
let staffId: string
let vendorId: number

const listedOf = async (id: number) =>
  (await t.ctx.db.select({ listed: products.listed }).from(products).where(eq(products.id, id)))[0]?.listed
const slugOf = async (id: number) =>
  (await t.ctx.db.select({ slug: products.slug }).from(products).where(eq(products.id, id)))[0]?.slug ?? ''

beforeAll(async () => {
  t = await createTestDatabase()
  const result = await createAccountDirect(createTestAccountsContext(t, { attemptsPerMinute: 1000 }), {
    name: 'Staff Person',
    email: 'staff@example.rw',
    password: 'Kitenge-Blue-42',
    role: 'admin',
  })
  if (!result.ok) throw new Error(result.reason)
  staffId = result.userId
  vendorId = (await makeVendor(t.ctx)).id
})
afterAll(() => t.close())

describe('product moderation', () => {
  it('hides a product with a reason: not listed, its page 404s, its vendor reads why; unhiding lists it again', async () => {
    const p = await makeProduct(t.ctx, vendorId)
    const slug = await slugOf(p.productId)
    expect(await listedOf(p.productId)).toBe(true)

    expect(await hideProduct(t.ctx, { staffUserId: staffId, productId: p.productId, reason: '  ' })).toEqual({
      ok: false,
      code: 'reason-required',
    })
    expect(await hideProduct(t.ctx, { staffUserId: staffId, productId: p.productId, reason: 'x'.repeat(501) })).toEqual(
      { ok: false, code: 'reason-too-long' },
    )
    expect(await hideProduct(t.ctx, { staffUserId: staffId, productId: 999_999, reason: 'Fake' })).toEqual({
      ok: false,
      code: 'not_found',
    })

    const hidden = await hideProduct(t.ctx, {
      staffUserId: staffId,
      productId: p.productId,
      reason: 'Counterfeit logo',
    })
    expect(hidden).toEqual({ ok: true, changed: true })
    // A double click hides nothing more and keeps the first time.
    const first = await findProductModeration(t.ctx, p.productId)
    expect(
      await hideProduct(t.ctx, { staffUserId: staffId, productId: p.productId, reason: 'Counterfeit logo' }),
    ).toEqual({ ok: true, changed: false })
    expect(await findProductModeration(t.ctx, p.productId)).toEqual(first)
    expect(first?.reason).toBe('Counterfeit logo')
    const other = await makeProduct(t.ctx, vendorId)
    expect([...(await listProductModeration(t.ctx, [p.productId, other.productId])).keys()]).toEqual([p.productId])

    expect(await listedOf(p.productId)).toBe(false)
    expect(await findProductBySlug(t.ctx, slug)).toBeNull()
    const listing = await listProducts(t.ctx, { q: p.title, sort: 'featured', page: 1, perPage: 24 })
    expect(listing.items.map((i) => i.id)).not.toContain(p.productId)

    const staffList = await listProductsForStaff(t.ctx, { view: 'hidden' })
    expect(staffList.items.find((i) => i.id === p.productId)?.hidden).toMatchObject({
      reason: 'Counterfeit logo',
      by: 'Staff Person',
    })

    expect(await unhideProduct(t.ctx, { staffUserId: staffId, productId: p.productId })).toEqual({
      ok: true,
      changed: true,
    })
    expect(await unhideProduct(t.ctx, { staffUserId: staffId, productId: p.productId })).toEqual({
      ok: true,
      changed: false,
    })
    expect(await listedOf(p.productId)).toBe(true)
    expect(await findProductModeration(t.ctx, p.productId)).toBeNull()
    expect(await findProductBySlug(t.ctx, slug)).not.toBeNull()
  })

  it('a vendor cannot list a hidden product again by drafting and re-activating it', async () => {
    const p = await makeProduct(t.ctx, vendorId)
    await hideProduct(t.ctx, { staffUserId: staffId, productId: p.productId, reason: 'Wrong photos' })
    await t.ctx.db.update(products).set({ status: 'draft' }).where(eq(products.id, p.productId))
    await t.ctx.db.update(products).set({ status: 'active' }).where(eq(products.id, p.productId))
    expect(await listedOf(p.productId)).toBe(false)
    // Nor does its store being suspended and reinstated.
    await t.ctx.db.execute(sql`update vendors set status = 'suspended' where id = ${vendorId}`)
    await t.ctx.db.execute(sql`update vendors set status = 'approved' where id = ${vendorId}`)
    expect(await listedOf(p.productId)).toBe(false)
  })

  it('queues newly listed products until staff review or hide them', async () => {
    const now = new Date()
    const before = await countReviewQueue(t.ctx, now)
    const a = await makeProduct(t.ctx, vendorId)
    const b = await makeProduct(t.ctx, vendorId)
    expect(await countReviewQueue(t.ctx, now)).toBe(before + 2)
    const queue = await listProductsForStaff(t.ctx, { view: 'queue' }, now)
    expect(queue.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.productId, b.productId]))

    expect(await markProductReviewed(t.ctx, { staffUserId: staffId, productId: a.productId })).toEqual({
      ok: true,
      changed: true,
    })
    expect(await markProductReviewed(t.ctx, { staffUserId: staffId, productId: a.productId })).toEqual({
      ok: true,
      changed: false,
    })
    await hideProduct(t.ctx, { staffUserId: staffId, productId: b.productId, reason: 'Not a fashion item' })
    expect(await countReviewQueue(t.ctx, now)).toBe(before)
    // Products older than the queue's window are not in it.
    expect(await countReviewQueue(t.ctx, new Date(now.getTime() + 30 * 86_400_000))).toBe(0)
  })
})

describe('category management', () => {
  it('adds, renames in three languages, and the search finds products by the new names', async () => {
    const dept = await addCategory(t.ctx, { staffUserId: staffId, parentId: null, names: { en: 'Crafts' } })
    if (!dept.ok) throw new Error(dept.code)
    const group = await addCategory(t.ctx, {
      staffUserId: staffId,
      parentId: dept.id,
      names: { en: 'Baskets', rw: 'Ibiseke', fr: 'Paniers' },
    })
    if (!group.ok) throw new Error(group.code)
    expect(await addCategory(t.ctx, { staffUserId: staffId, parentId: dept.id, names: { en: ' ' } })).toEqual({
      ok: false,
      code: 'name-required',
    })
    const { id } = await createProduct(t.ctx, {
      vendorId,
      categoryId: group.id,
      title: 'Agaseke plate',
      slug: 'agaseke-plate',
      description: 'Woven',
      price: 8000,
      variants: [{ size: null, colour: null, sku: 'AG-1', stock: 3 }],
      images: [],
    })
    expect(
      await renameCategory(t.ctx, {
        staffUserId: staffId,
        categoryId: group.id,
        names: { en: 'Woven goods', rw: 'Imitako iboshye', fr: 'Vannerie' },
      }),
    ).toEqual({ ok: true })
    const found = await listProducts(t.ctx, { q: 'vannerie', sort: 'featured', page: 1, perPage: 24 })
    expect(found.items.map((i) => i.id)).toContain(id)
    const staffTree = await listCategoriesForStaff(t.ctx)
    expect(staffTree.find((c) => c.id === group.id)).toMatchObject({
      name: 'Woven goods',
      names: { rw: 'Imitako iboshye', fr: 'Vannerie' },
      level: 1,
      products: 1,
    })
    const fr = await getCategoryTree(t.ctx, 'fr')
    expect(fr.find((d) => d.id === dept.id)?.children.map((c) => c.name)).toEqual(['Vannerie'])
  })

  it('moves a category, refusing a cycle or a tree deeper than three levels', async () => {
    const a = await createCategory(t.ctx, { slug: 'move-a', name: 'A', level: 0 })
    const b = await createCategory(t.ctx, { slug: 'move-b', name: 'B', level: 1, parentId: a.id })
    const c = await createCategory(t.ctx, { slug: 'move-c', name: 'C', level: 2, parentId: b.id })
    const d = await createCategory(t.ctx, { slug: 'move-d', name: 'D', level: 0 })
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: a.id, parentId: c.id })).toEqual({
      ok: false,
      code: 'cycle',
    })
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: a.id, parentId: a.id })).toEqual({
      ok: false,
      code: 'cycle',
    })
    // B with its child C under D: depth 1 and 2, allowed; under C's level 2 it would be too deep.
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: b.id, parentId: d.id })).toEqual({ ok: true })
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: d.id, parentId: a.id })).toEqual({
      ok: false,
      code: 'too-deep',
    })
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: c.id, parentId: null })).toEqual({ ok: true })
    const tree = await listCategoriesForStaff(t.ctx)
    expect(tree.find((x) => x.id === b.id)).toMatchObject({ parentId: d.id, level: 1 })
    expect(tree.find((x) => x.id === c.id)).toMatchObject({ parentId: null, level: 0 })
    const shopper = await getCategoryTree(t.ctx)
    expect(shopper.find((x) => x.id === d.id)?.children.map((x) => x.id)).toEqual([b.id])
  })

  it('hiding a category takes it out of the menus and unlists its products and those below it', async () => {
    const dept = await createCategory(t.ctx, { slug: 'hide-dept', name: 'Hide me', level: 0 })
    const item = await createCategory(t.ctx, { slug: 'hide-item', name: 'Below', level: 1, parentId: dept.id })
    const { id } = await createProduct(t.ctx, {
      vendorId,
      categoryId: item.id,
      title: 'Imigongo frame',
      slug: 'imigongo-frame',
      description: 'Art',
      price: 20000,
      variants: [{ size: null, colour: null, sku: 'IM-1', stock: 1 }],
      images: [],
    })
    expect(await listedOf(id)).toBe(true)
    expect(await setCategoryHidden(t.ctx, { staffUserId: staffId, categoryId: dept.id, hidden: true })).toEqual({
      ok: true,
    })
    expect(await listedOf(id)).toBe(false)
    expect((await getCategoryTree(t.ctx)).map((x) => x.id)).not.toContain(dept.id)
    // Its products stay the vendor's, in the staff's list too.
    expect((await listProductsForStaff(t.ctx, { q: 'Imigongo' })).items.map((i) => i.id)).toEqual([id])
    // Moving the item out of the hidden department lists its product again.
    expect(await moveCategory(t.ctx, { staffUserId: staffId, categoryId: item.id, parentId: null })).toEqual({
      ok: true,
    })
    expect(await listedOf(id)).toBe(true)
    await moveCategory(t.ctx, { staffUserId: staffId, categoryId: item.id, parentId: dept.id })
    expect(await listedOf(id)).toBe(false)
    expect(await setCategoryHidden(t.ctx, { staffUserId: staffId, categoryId: dept.id, hidden: false })).toEqual({
      ok: true,
    })
    expect(await listedOf(id)).toBe(true)
    expect((await getCategoryTree(t.ctx)).map((x) => x.id)).toContain(dept.id)
  })
})
