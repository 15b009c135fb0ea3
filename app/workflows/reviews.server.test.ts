import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findProductBySlug } from '#app/modules/catalog/catalog.server.ts'
import { ReplySchema, ReviewSchema } from '#app/modules/catalog/reviews.schemas.ts'
import { listVendorReviews, parseReviewForm, replyToReview, submitReview } from '#app/modules/catalog/reviews.server.ts'
import { products, reviews } from '#app/modules/catalog/tables.server.ts'
import { findCustomerOrder } from '#app/modules/orders/orders.server.ts'
import { hasReceivedProduct, listReviewableProducts } from '#app/modules/orders/purchases.server.ts'
import { findVendorStore } from '#app/queries/vendor-directory.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  fillCart,
  makeCustomer,
  makeProduct,
  makeVendor,
  reviewCart,
  type TestCustomer,
  type TestProduct,
} from '#tests/shop.ts'
import { placeOrder } from './checkout.server.ts'
import { advanceVendorOrderStep } from './fulfilment.server.ts'
import { getReviewPage, listProductsToReview, saveCustomerReview } from './reviews.server.ts'

let t: TestDatabase
let shopA: { id: number }
let shopB: { id: number }

beforeAll(async () => {
  t = await createTestDatabase()
  shopA = await makeVendor(t.ctx, 'reviews-shop-a')
  shopB = await makeVendor(t.ctx, 'reviews-shop-b')
})
afterAll(() => t.close())

/** 10:00 in Kigali on a Tuesday. */
const MORNING = new Date('2025-06-10T08:00:00Z')

/** A cash-on-delivery order of these products; each vendor order advanced as far as `to`. */
async function buy(c: TestCustomer, items: TestProduct[], to: 'new' | 'packed' | 'dispatched' | 'delivered') {
  await fillCart(
    t.ctx,
    c.ownerKey,
    items.map((p) => ({ variantId: p.variantIds[0] as number, quantity: 1 })),
  )
  const placed = await placeOrder(t.ctx, {
    customerId: c.id,
    ownerKey: c.ownerKey,
    checkoutKey: crypto.randomUUID(),
    addressId: c.addressId,
    delivery: 'standard',
    method: 'cod',
    seen: await reviewCart(t.ctx, c.ownerKey),
    now: MORNING,
  })
  if (!placed.ok) throw new Error(`Order refused: ${placed.code}`)
  const order = await findCustomerOrder(t.ctx, c.id, placed.order.number)
  for (const vo of order?.vendorOrders ?? []) {
    for (const step of ['packed', 'dispatched', 'delivered'] as const) {
      const steps = ['new', 'packed', 'dispatched', 'delivered']
      if (steps.indexOf(step) > steps.indexOf(to)) break
      const outcome = await advanceVendorOrderStep(t.ctx, { vendorId: vo.vendorId, vendorOrderId: vo.id, to: step })
      if (!outcome.ok) throw new Error(`Could not advance to ${step}: ${outcome.code}`)
    }
  }
  return placed.order
}

async function sumsOf(productId: number) {
  const [row] = await t.ctx.db
    .select({ ratingSum: products.ratingSum, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId))
  return row
}

async function reviewRows(productId: number) {
  return t.ctx.db.select().from(reviews).where(eq(reviews.productId, productId))
}

const good = 'Lovely fabric, fits well and arrived on time.'

describe('who may review', () => {
  test('ordered but not delivered: refused and nothing written; delivered: accepted', async () => {
    const c = await makeCustomer(t.ctx)
    const onItsWay = await makeProduct(t.ctx, shopA.id)
    const received = await makeProduct(t.ctx, shopA.id)
    await buy(c, [onItsWay], 'dispatched')
    await buy(c, [received], 'delivered')

    expect(await hasReceivedProduct(t.ctx, { customerId: c.id, productId: onItsWay.productId })).toBe(false)
    expect(await hasReceivedProduct(t.ctx, { customerId: c.id, productId: received.productId })).toBe(true)
    expect(await getReviewPage(t.ctx, { customerId: c.id, productId: onItsWay.productId })).toBeNull()

    const refused = await saveCustomerReview(t.ctx, {
      customerId: c.id,
      productId: onItsWay.productId,
      rating: 5,
      body: good,
    })
    expect(refused).toEqual({ ok: false, code: 'not_received' })
    expect(await reviewRows(onItsWay.productId)).toHaveLength(0)
    expect(await sumsOf(onItsWay.productId)).toEqual({ ratingSum: 0, reviewCount: 0 })

    const accepted = await saveCustomerReview(t.ctx, {
      customerId: c.id,
      productId: received.productId,
      rating: 4,
      body: good,
    })
    expect(accepted).toMatchObject({ ok: true, edited: false })
    expect(await sumsOf(received.productId)).toEqual({ ratingSum: 4, reviewCount: 1 })

    const listed = await listReviewableProducts(t.ctx, { customerId: c.id })
    expect(listed.map((p) => p.id)).toEqual([received.productId])
    expect(listed[0]).toMatchObject({ title: received.title, vendorName: 'reviews-shop-a' })
    const toReview = await listProductsToReview(t.ctx, { customerId: c.id })
    expect(toReview.map((p) => [p.id, p.reviewed])).toEqual([[received.productId, true]])
  })

  test('another customer cannot review a product someone else received', async () => {
    const buyer = await makeCustomer(t.ctx)
    const other = await makeCustomer(t.ctx)
    const p = await makeProduct(t.ctx, shopA.id)
    await buy(buyer, [p], 'delivered')
    const outcome = await saveCustomerReview(t.ctx, {
      customerId: other.id,
      productId: p.productId,
      rating: 1,
      body: good,
    })
    expect(outcome).toEqual({ ok: false, code: 'not_received' })
    expect(await reviewRows(p.productId)).toHaveLength(0)
    expect(await listReviewableProducts(t.ctx, { customerId: other.id })).toEqual([])
  })
})

describe('once per product, sums kept', () => {
  test('a second submit is already_reviewed; the sums count the first only', async () => {
    const c = await makeCustomer(t.ctx)
    const p = await makeProduct(t.ctx, shopA.id)
    await buy(c, [p], 'delivered')
    const first = await submitReview(t.ctx, { customerId: c.id, productId: p.productId, rating: 5, body: good })
    expect(first.ok).toBe(true)
    const second = await submitReview(t.ctx, { customerId: c.id, productId: p.productId, rating: 1, body: good })
    expect(second).toEqual({ ok: false, code: 'already_reviewed' })
    expect(await sumsOf(p.productId)).toEqual({ ratingSum: 5, reviewCount: 1 })
  })

  test('concurrent submits: exactly one review, counted once', async () => {
    const c = await makeCustomer(t.ctx)
    const p = await makeProduct(t.ctx, shopA.id)
    await buy(c, [p], 'delivered')
    const outcomes = await Promise.all(
      [5, 4, 3, 2].map((rating) =>
        submitReview(t.ctx, { customerId: c.id, productId: p.productId, rating, body: good }),
      ),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.filter((o) => !o.ok && o.code === 'already_reviewed')).toHaveLength(3)
    const rows = await reviewRows(p.productId)
    expect(rows).toHaveLength(1)
    expect(await sumsOf(p.productId)).toEqual({ ratingSum: rows[0]?.rating, reviewCount: 1 })
  })

  test('editing through the workflow changes the review and moves the sum by the difference', async () => {
    const c = await makeCustomer(t.ctx)
    const other = await makeCustomer(t.ctx)
    const p = await makeProduct(t.ctx, shopA.id)
    await buy(c, [p], 'delivered')
    await buy(other, [p], 'delivered')
    await saveCustomerReview(t.ctx, { customerId: other.id, productId: p.productId, rating: 3, body: good })
    await saveCustomerReview(t.ctx, { customerId: c.id, productId: p.productId, rating: 5, body: good })
    expect(await sumsOf(p.productId)).toEqual({ ratingSum: 8, reviewCount: 2 })
    const edited = await saveCustomerReview(t.ctx, {
      customerId: c.id,
      productId: p.productId,
      rating: 2,
      body: 'Faded after two washes, sadly.',
    })
    expect(edited).toMatchObject({ ok: true, edited: true })
    expect(await sumsOf(p.productId)).toEqual({ ratingSum: 5, reviewCount: 2 })
    const page = await getReviewPage(t.ctx, { customerId: c.id, productId: p.productId })
    expect(page?.review).toMatchObject({ rating: 2, body: 'Faded after two washes, sadly.' })
    // The other customer's review is untouched.
    const rows = await reviewRows(p.productId)
    expect(rows.find((r) => r.customerId === other.id)).toMatchObject({ rating: 3, body: good })
  })
})

describe('the store page and the product page', () => {
  test("a new review changes the store's rating and satisfaction, and shows on the product page with the reply", async () => {
    const shop = await makeVendor(t.ctx, 'reviews-shop-store-page')
    const p = await makeProduct(t.ctx, shop.id)
    const [c1, c2] = [await makeCustomer(t.ctx), await makeCustomer(t.ctx)]
    await buy(c1, [p], 'delivered')
    await buy(c2, [p], 'delivered')
    expect(await findVendorStore(t.ctx, shop.id)).toMatchObject({ satisfaction: null, reviewCount: 0 })

    await saveCustomerReview(t.ctx, { customerId: c1.id, productId: p.productId, rating: 5, body: good })
    expect(await findVendorStore(t.ctx, shop.id)).toMatchObject({ satisfaction: 100, rating: 5, reviewCount: 1 })
    await saveCustomerReview(t.ctx, { customerId: c2.id, productId: p.productId, rating: 2, body: good })
    expect(await findVendorStore(t.ctx, shop.id)).toMatchObject({ satisfaction: 50, rating: 3.5, reviewCount: 2 })
    // An edit counts too.
    await saveCustomerReview(t.ctx, { customerId: c2.id, productId: p.productId, rating: 4, body: good })
    expect(await findVendorStore(t.ctx, shop.id)).toMatchObject({ satisfaction: 100, rating: 4.5 })

    const [latest] = (await listVendorReviews(t.ctx, { vendorId: shop.id, filter: 'all', page: 1 })).items
    expect(await replyToReview(t.ctx, { vendorId: shop.id, reviewId: latest?.id ?? 0, reply: 'Thank you!' })).toEqual({
      ok: true,
    })
    const detail = await findProductBySlug(
      t.ctx,
      (await getReviewPage(t.ctx, { customerId: c1.id, productId: p.productId }))?.product.slug ?? '',
    )
    expect(detail?.rating).toBe(4.5)
    expect(detail?.reviewCount).toBe(2)
    expect(detail?.reviews.map((r) => r.vendorReply)).toContain('Thank you!')
    expect(detail?.vendor.name).toBe('reviews-shop-store-page')
  })
})

describe('vendor replies', () => {
  test("only on the vendor's own products: another vendor's review id is not found and unchanged", async () => {
    const c = await makeCustomer(t.ctx)
    const mine = await makeProduct(t.ctx, shopA.id)
    const theirs = await makeProduct(t.ctx, shopB.id)
    await buy(c, [mine, theirs], 'delivered')
    const a = await submitReview(t.ctx, { customerId: c.id, productId: mine.productId, rating: 4, body: good })
    const b = await submitReview(t.ctx, { customerId: c.id, productId: theirs.productId, rating: 2, body: good })
    if (!a.ok || !b.ok) throw new Error('reviews refused')

    expect(await replyToReview(t.ctx, { vendorId: shopA.id, reviewId: b.reviewId, reply: 'Not my product' })).toEqual({
      ok: false,
      code: 'not_found',
    })
    const [untouched] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, b.reviewId))
    expect(untouched).toMatchObject({ vendorReply: null, vendorRepliedAt: null })

    expect(await replyToReview(t.ctx, { vendorId: shopA.id, reviewId: a.reviewId, reply: 'Murakoze!' })).toEqual({
      ok: true,
    })
    expect(await replyToReview(t.ctx, { vendorId: shopA.id, reviewId: a.reviewId, reply: 'Murakoze cyane!' })).toEqual({
      ok: true,
    })
    const [replied] = await t.ctx.db.select().from(reviews).where(eq(reviews.id, a.reviewId))
    expect(replied?.vendorReply).toBe('Murakoze cyane!')
    expect(replied?.vendorRepliedAt).toBeInstanceOf(Date)
  })

  test('the list: all/unanswered with counts and the average rating, own products only', async () => {
    const shop = await makeVendor(t.ctx, 'reviews-shop-list')
    const p = await makeProduct(t.ctx, shop.id, { title: 'Imigongo cushion' })
    const [c1, c2] = [await makeCustomer(t.ctx), await makeCustomer(t.ctx)]
    await buy(c1, [p], 'delivered')
    await buy(c2, [p], 'delivered')
    const r1 = await submitReview(t.ctx, { customerId: c1.id, productId: p.productId, rating: 5, body: good })
    await submitReview(t.ctx, { customerId: c2.id, productId: p.productId, rating: 2, body: good })
    if (!r1.ok) throw new Error('refused')
    await replyToReview(t.ctx, { vendorId: shop.id, reviewId: r1.reviewId, reply: 'Thanks' })

    const all = await listVendorReviews(t.ctx, { vendorId: shop.id, filter: 'all', page: 1 })
    expect(all.counts).toEqual({ all: 2, unanswered: 1 })
    expect(all.averageRating).toBe(3.5)
    expect(all.items).toHaveLength(2)
    expect(all.items[0]).toMatchObject({ productTitle: 'Imigongo cushion', customerFirstName: 'Aline' })
    const open = await listVendorReviews(t.ctx, { vendorId: shop.id, filter: 'unanswered', page: 1 })
    expect(open.items.map((i) => i.rating)).toEqual([2])
    const empty = await listVendorReviews(t.ctx, { vendorId: shopB.id + 1000, filter: 'all', page: 1 })
    expect(empty).toMatchObject({ items: [], counts: { all: 0, unanswered: 0 }, averageRating: null })
  })
})

describe('validation', () => {
  test('rating 1..5, text 10..2000 characters, reply 2..1000', async () => {
    expect(ReviewSchema.safeParse({ rating: '5', body: good }).success).toBe(true)
    const refused = parseReviewForm({ rating: '', body: good })
    expect(refused.ok ? null : refused.errors.rating).toBe('reviews.error.rating')
    expect(ReviewSchema.safeParse({ rating: 0, body: good }).success).toBe(false)
    expect(ReviewSchema.safeParse({ rating: 6, body: good }).success).toBe(false)
    expect(ReviewSchema.safeParse({ rating: 3.5, body: good }).success).toBe(false)
    expect(ReviewSchema.safeParse({ rating: 3, body: '  too short  ' }).error?.issues[0]?.message).toBe(
      'reviews.error.bodyShort',
    )
    expect(ReviewSchema.safeParse({ rating: 3, body: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'reviews.error.bodyLong',
    )
    expect(ReplySchema.safeParse({ reviewId: '1', reply: 'x' }).success).toBe(false)
    expect(ReplySchema.safeParse({ reviewId: '1', reply: 'x'.repeat(1001) }).success).toBe(false)
    expect(ReplySchema.safeParse({ reviewId: '1', reply: 'Ok' }).success).toBe(true)
  })

  test('the services refuse bad input and write nothing', async () => {
    const c = await makeCustomer(t.ctx)
    const p = await makeProduct(t.ctx, shopA.id)
    await buy(c, [p], 'delivered')
    const short = await saveCustomerReview(t.ctx, { customerId: c.id, productId: p.productId, rating: 5, body: 'Nice' })
    expect(short).toMatchObject({ ok: false, code: 'invalid', errors: { body: 'reviews.error.bodyShort' } })
    const stars = await submitReview(t.ctx, { customerId: c.id, productId: p.productId, rating: 9, body: good })
    expect(stars).toMatchObject({ ok: false, code: 'invalid', errors: { rating: 'reviews.error.rating' } })
    expect(await reviewRows(p.productId)).toHaveLength(0)
    expect(await sumsOf(p.productId)).toEqual({ ratingSum: 0, reviewCount: 0 })
  })
})
