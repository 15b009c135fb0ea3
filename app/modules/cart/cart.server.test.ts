import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import { products, productVariants } from '#app/modules/catalog/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { createVendor } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  addChoiceToCart,
  addToCart,
  clearCart,
  getCart,
  getCartCount,
  getFavouriteIds,
  getFavourites,
  mergeCarts,
  removeFromCart,
  setCartQuantity,
  toggleFavourite,
} from './cart.server.ts'

let t: TestDatabase
let dress: { productId: number; small: number; large: number; last: number }
let hiddenVariant: number
let scarf: { productId: number; variant: number }
let pendingVendorVariant: number
const alice = 'guest:00000000-0000-4000-8000-00000000000a'
const bob = 'guest:00000000-0000-4000-8000-00000000000b'

async function vendor(slug: string, status: 'approved' | 'pending') {
  const { id } = await createVendor(t.ctx, {
    name: slug,
    slug,
    ownerName: 'Aline Uwase',
    email: `${slug}@example.rw`,
    phone: '+250788123456',
    description: 'Tailor',
    about: 'Tailor in Kigali',
    businessAddress: 'KN 4 Ave, Kigali',
    district: 'Gasabo',
    city: 'Kigali',
    categories: ['women'],
    specialties: ['Kitenge'],
    policies: { returns: '30 days', shipping: 'Free', warranty: 'None' },
    responseTime: 'within 2 hours',
    status,
    avatarColours: ['#0b5d7a', '#fad201'],
  })
  return id
}

beforeAll(async () => {
  t = await createTestDatabase()
  const dept = await createCategory(t.ctx, { slug: 'women', name: 'Women', level: 0 })
  const approved = await vendor('kigali-fashion', 'approved')
  const pending = await vendor('pending-shop', 'pending')
  const product = (
    slug: string,
    vendorId: number,
    variants: { size: string; stock: number }[],
    status: 'active' | 'draft' = 'active',
  ) =>
    createProduct(t.ctx, {
      vendorId,
      categoryId: dept.id,
      title: slug,
      slug,
      description: 'A dress',
      price: 12_500,
      status,
      variants: variants.map((v, i) => ({ size: v.size, colour: 'Blue', sku: `${slug}-${i}`, stock: v.stock })),
      images: [],
    })
  const d = await product('kitenge-dress', approved, [
    { size: 'S', stock: 3 },
    { size: 'L', stock: 0 },
    { size: 'XL', stock: 1 },
  ])
  dress = {
    productId: d.id,
    small: d.variantIds[0] as number,
    large: d.variantIds[1] as number,
    last: d.variantIds[2] as number,
  }
  hiddenVariant = (await product('draft-dress', approved, [{ size: 'M', stock: 5 }], 'draft')).variantIds[0] as number
  pendingVendorVariant = (await product('pending-dress', pending, [{ size: 'M', stock: 5 }])).variantIds[0] as number
  const s = await product('one-size-scarf', approved, [{ size: 'One size', stock: 4 }])
  scarf = { productId: s.id, variant: s.variantIds[0] as number }
})
afterAll(() => t.close())
beforeEach(async () => {
  await clearCart(t.ctx, alice)
  await clearCart(t.ctx, bob)
  await t.ctx.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, dress.small))
  await t.ctx.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, dress.last))
})

describe('cart lines are variants; quantities are capped by stock', () => {
  test('adding the same variant again raises its quantity by one; another size is another line', async () => {
    expect(await addToCart(t.ctx, alice, { variantId: dress.small })).toEqual({ ok: true, quantity: 1 })
    expect(await addToCart(t.ctx, alice, { variantId: dress.small })).toEqual({ ok: true, quantity: 2 })
    expect(await addToCart(t.ctx, alice, { variantId: dress.last })).toEqual({ ok: true, quantity: 1 })
    const cart = await getCart(t.ctx, alice)
    expect(cart.lines.map((l) => [l.size, l.quantity])).toEqual([
      ['S', 2],
      ['XL', 1],
    ])
    expect(cart.itemCount).toBe(3)
    expect(cart.subtotal).toBe(3 * 12_500)
    expect(cart.shipping).toBe(0)
    expect(cart.total).toBe(cart.subtotal)
    expect(await getCartCount(t.ctx, alice)).toBe(3)
  })

  test('never more than the stock: the add beyond it is refused with what is available', async () => {
    await addToCart(t.ctx, alice, { variantId: dress.small, quantity: 2 })
    expect(await addToCart(t.ctx, alice, { variantId: dress.small, quantity: 5 })).toEqual({ ok: true, quantity: 3 })
    expect(await addToCart(t.ctx, alice, { variantId: dress.small })).toEqual({
      ok: false,
      code: 'stock_limit',
      available: 3,
    })
    expect((await getCart(t.ctx, alice)).lines[0]?.quantity).toBe(3)
  })

  test('an out-of-stock variant, a draft product and a pending vendor are refused', async () => {
    expect(await addToCart(t.ctx, alice, { variantId: dress.large })).toEqual({
      ok: false,
      code: 'out_of_stock',
      available: 0,
    })
    expect(await addToCart(t.ctx, alice, { variantId: hiddenVariant })).toEqual({ ok: false, code: 'not_found' })
    expect(await addToCart(t.ctx, alice, { variantId: pendingVendorVariant })).toEqual({ ok: false, code: 'not_found' })
    expect(await addToCart(t.ctx, alice, { variantId: 999_999 })).toEqual({ ok: false, code: 'not_found' })
    expect(await getCartCount(t.ctx, alice)).toBe(0)
  })

  test('two adds of the last unit at once (a double click) leave one unit in the cart', async () => {
    const outcomes = await Promise.all([
      addToCart(t.ctx, alice, { variantId: dress.last }),
      addToCart(t.ctx, alice, { variantId: dress.last }),
    ])
    expect(outcomes.filter((o) => o.ok)).not.toHaveLength(0)
    expect((await getCart(t.ctx, alice)).lines[0]?.quantity).toBe(1)
  })

  test('setting a quantity caps it by stock; zero or less removes the line; minus at one removes it', async () => {
    await addToCart(t.ctx, alice, { variantId: dress.small })
    expect(await setCartQuantity(t.ctx, alice, { variantId: dress.small, quantity: 9 })).toEqual({
      ok: false,
      code: 'stock_limit',
      available: 3,
    })
    expect((await getCart(t.ctx, alice)).lines[0]?.quantity).toBe(3)
    expect(await setCartQuantity(t.ctx, alice, { variantId: dress.small, quantity: 2 })).toEqual({
      ok: true,
      quantity: 2,
    })
    await setCartQuantity(t.ctx, alice, { variantId: dress.small, quantity: 1 })
    await setCartQuantity(t.ctx, alice, { variantId: dress.small, quantity: 0 })
    expect((await getCart(t.ctx, alice)).lines).toEqual([])
    await addToCart(t.ctx, alice, { variantId: dress.small })
    await setCartQuantity(t.ctx, alice, { variantId: dress.small, quantity: -1 })
    expect(await getCartCount(t.ctx, alice)).toBe(0)
  })

  test('remove and clear act on the owner only', async () => {
    await addToCart(t.ctx, alice, { variantId: dress.small })
    await addToCart(t.ctx, alice, { variantId: dress.last })
    await addToCart(t.ctx, bob, { variantId: dress.small })
    await removeFromCart(t.ctx, alice, dress.small)
    expect((await getCart(t.ctx, alice)).lines.map((l) => l.variantId)).toEqual([dress.last])
    await clearCart(t.ctx, alice)
    expect(await getCartCount(t.ctx, alice)).toBe(0)
    expect(await getCartCount(t.ctx, bob)).toBe(1)
    expect(await getCartCount(t.ctx, null)).toBe(0)
  })

  test('a line whose stock dropped since it was added shows the stock, and a hidden product leaves the cart', async () => {
    await addToCart(t.ctx, alice, { variantId: dress.small, quantity: 3 })
    await t.ctx.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, dress.small))
    const line = (await getCart(t.ctx, alice)).lines[0]
    expect(line).toMatchObject({ quantity: 3, stock: 1 })
    await t.ctx.db.update(products).set({ status: 'archived' }).where(eq(products.id, dress.productId))
    expect((await getCart(t.ctx, alice)).lines).toEqual([])
    await t.ctx.db.update(products).set({ status: 'active' }).where(eq(products.id, dress.productId))
  })

  test('merging a guest cart into another adds quantities, capped by stock', async () => {
    await addToCart(t.ctx, alice, { variantId: dress.small, quantity: 2 })
    await addToCart(t.ctx, bob, { variantId: dress.small, quantity: 2 })
    await toggleFavourite(t.ctx, alice, dress.productId, true)
    await mergeCarts(t.ctx, alice, bob)
    expect((await getCart(t.ctx, bob)).lines[0]?.quantity).toBe(3)
    expect(await getCartCount(t.ctx, alice)).toBe(0)
    expect(await getFavouriteIds(t.ctx, bob)).toEqual([dress.productId])
    expect(await getFavouriteIds(t.ctx, alice)).toEqual([])
    await toggleFavourite(t.ctx, bob, dress.productId, false)
  })
})

describe('favourites', () => {
  test('toggle adds then removes; adding twice keeps one; other owners are untouched', async () => {
    expect(await toggleFavourite(t.ctx, alice, dress.productId)).toEqual({ ok: true, isFavourite: true })
    expect(await toggleFavourite(t.ctx, alice, dress.productId, true)).toEqual({ ok: true, isFavourite: true })
    expect(await getFavouriteIds(t.ctx, alice)).toEqual([dress.productId])
    expect(await getFavouriteIds(t.ctx, bob)).toEqual([])
    expect((await getFavourites(t.ctx, alice)).map((p) => p.slug)).toEqual(['kitenge-dress'])
    expect(await toggleFavourite(t.ctx, alice, dress.productId)).toEqual({ ok: true, isFavourite: false })
    expect(await getFavouriteIds(t.ctx, alice)).toEqual([])
  })

  test('an unknown or hidden product cannot become a favourite', async () => {
    expect(await toggleFavourite(t.ctx, alice, 999_999)).toEqual({ ok: false, code: 'not_found' })
    const [draft] = await t.ctx.db.select().from(products).where(eq(products.slug, 'draft-dress'))
    expect(await toggleFavourite(t.ctx, alice, draft?.id as number)).toEqual({ ok: false, code: 'not_found' })
    expect(await t.ctx.db.select().from(vendors)).toHaveLength(2)
  })
})

describe('adding by size and colour (the product page posts what was tapped)', () => {
  test('the chosen size and colour add that variant, not the default', async () => {
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId, size: 'XL', colour: 'Blue' })).toEqual({
      ok: true,
      quantity: 1,
    })
    expect((await getCart(t.ctx, alice)).lines.map((l) => l.variantId)).toEqual([dress.last])
  })

  test('a product with several variants is refused without a size or colour: nothing is picked for the shopper', async () => {
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId })).toEqual({
      ok: false,
      code: 'choose_variant',
      missing: ['size', 'colour'],
    })
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId, colour: 'Blue' })).toEqual({
      ok: false,
      code: 'choose_variant',
      missing: ['size'],
    })
    expect(await getCartCount(t.ctx, alice)).toBe(0)
  })

  test('a combination the product does not have, or one sold out, is refused', async () => {
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId, size: 'M', colour: 'Blue' })).toEqual({
      ok: false,
      code: 'no_such_variant',
    })
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId, size: 'S', colour: 'Red' })).toEqual({
      ok: false,
      code: 'no_such_variant',
    })
    expect(await addChoiceToCart(t.ctx, alice, { productId: dress.productId, size: 'L', colour: 'Blue' })).toEqual({
      ok: false,
      code: 'out_of_stock',
      available: 0,
    })
    expect(await getCartCount(t.ctx, alice)).toBe(0)
  })

  test('a product with one variant needs no choice; a hidden product is not found', async () => {
    expect(await addChoiceToCart(t.ctx, alice, { productId: scarf.productId })).toEqual({ ok: true, quantity: 1 })
    expect((await getCart(t.ctx, alice)).lines.map((l) => l.variantId)).toEqual([scarf.variant])
    expect(await addChoiceToCart(t.ctx, alice, { productId: 999_999, size: 'S' })).toEqual({
      ok: false,
      code: 'not_found',
    })
  })
})
