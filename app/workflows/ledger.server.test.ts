import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCategory, createProduct } from '#app/modules/catalog/catalog-admin.server.ts'
import {
  accounts,
  getAccountBalances,
  getVendorBalances,
  listOrderEntries,
  listOrderTerms,
  listUnbalancedTransactions,
  setCommissionRate,
} from '#app/modules/ledger/ledger.server.ts'
import { findOrder } from '#app/modules/orders/orders.server.ts'
import { findLatestPayment } from '#app/modules/payments/payments.server.ts'
import type { PaymentProvider } from '#app/modules/payments/provider.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeVendor, placeCart, type TestCustomer } from '#tests/shop.ts'
import { advanceVendorOrderStep, recordCashCollected } from './fulfilment.server.ts'
import {
  cancelOrderForCustomer,
  handlePaymentCallback,
  type PaymentsDeps,
  startOrderPayment,
} from './payments.server.ts'

// The ledger through the workflows that post into it (docs/ledger.md): a MoMo sale paid (its callback delivered
// twice) and delivered, a cash-on-delivery sale delivered and collected, a paid order cancelled and refunded, an
// order cancelled before payment, and a payment that succeeds after its order was cancelled. After each step every
// account sums with the others to zero, and so does each transaction. Providers are stand-ins that approve at once:
// the payments tests cover the real clients.

/** A provider whose every collection and refund succeeds as soon as it is asked about. */
function approvingProvider(method: 'momo' | 'airtel' | 'card'): PaymentProvider {
  return {
    method,
    start: async () => ({ raw: { accepted: true } }),
    status: async (reference) => ({ state: 'succeeded', providerTransactionId: `tx-${reference}`, raw: {} }),
    verifyCallback: (callback) => (callback.reference ? { reference: callback.reference, raw: callback.body } : null),
    refund: async (input) => ({ state: 'succeeded', providerTransactionId: `rf-${input.refundReference}`, raw: {} }),
    refundStatus: async () => ({ state: 'succeeded', raw: {} }),
  }
}

const deps: PaymentsDeps = {
  providers: { momo: approvingProvider('momo'), airtel: approvingProvider('airtel'), card: approvingProvider('card') },
}

let t: TestDatabase
let shopA: number
let shopB: number
let dressVariant: number
let soapVariant: number

beforeAll(async () => {
  t = await createTestDatabase()
  shopA = (await makeVendor(t.ctx, 'ledger-tailor')).id
  shopB = (await makeVendor(t.ctx, 'ledger-beauty')).id
  const clothing = (await createCategory(t.ctx, { slug: 'ledger-clothing', name: 'Clothing', level: 0 })).id
  const beauty = (await createCategory(t.ctx, { slug: 'ledger-beauty', name: 'Beauty', level: 0 })).id
  // Beauty pays 15%; store A pays 8% whatever it sells; everything else the platform's 10%.
  const staff = { ...t.ctx, actor: { userId: 'staff-1', role: 'admin' as const } }
  const since = new Date('2026-01-01T00:00:00Z')
  await setCommissionRate(staff, { scope: 'category', scopeId: beauty, rateBps: 1500, effectiveFrom: since })
  await setCommissionRate(staff, { scope: 'store', scopeId: shopA, rateBps: 800, effectiveFrom: since })
  dressVariant = await product(shopA, clothing, 'ledger-dress', 20_000)
  soapVariant = await product(shopB, beauty, 'ledger-soap', 6_000)
})
afterAll(async () => {
  await t?.close()
})

async function product(vendorId: number, categoryId: number, slug: string, price: number): Promise<number> {
  const p = await createProduct(t.ctx, {
    vendorId,
    categoryId,
    title: slug,
    slug,
    description: 'A thing',
    price,
    status: 'active',
    variants: [{ size: 'M', colour: 'Blue', sku: `${slug}-m`, stock: 100 }],
    images: [],
  })
  return p.variantIds[0] as number
}

/** Sum of every line is zero, and each transaction's lines sum to zero. */
async function expectLedgerBalanced() {
  const balances = await getAccountBalances(t.ctx)
  expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
  expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
  return balances
}

/** A customer's order of one dress (store A) and two soaps (store B): 32,000 francs, standard delivery (free). */
async function place(method: 'momo' | 'cod'): Promise<{ c: TestCustomer; orderId: number; number: string }> {
  const c = await makeCustomer(t.ctx)
  await fillCart(t.ctx, c.ownerKey, [
    { variantId: dressVariant, quantity: 1 },
    { variantId: soapVariant, quantity: 2 },
  ])
  const order = await placeCart(t.ctx, c, method)
  return { c, orderId: order.id, number: order.number }
}

async function payByMomo(o: { c: TestCustomer; number: string; orderId: number }) {
  const started = await startOrderPayment(
    t.ctx,
    {
      customerId: o.c.id,
      orderNumber: o.number,
      method: 'momo',
      phone: '+250788123456',
      email: o.c.email,
      name: 'Aline Uwase',
      returnUrl: 'http://localhost/return',
    },
    deps,
  )
  if (!started.ok) throw new Error(started.code)
  const callback = { reference: started.payment.reference, headers: {}, body: { status: 'SUCCESSFUL' } }
  // The provider calls back twice (it retries): the order is paid, and the payment posted, once.
  expect(await handlePaymentCallback(t.ctx, 'momo', callback, deps)).toBe('accepted')
  expect(await handlePaymentCallback(t.ctx, 'momo', callback, deps)).toBe('accepted')
  return started.payment
}

async function partsOf(orderId: number) {
  const terms = await listOrderTerms(t.ctx, orderId)
  const a = terms.find((x) => x.vendorId === shopA)
  const b = terms.find((x) => x.vendorId === shopB)
  if (!a || !b) throw new Error('vendor orders missing')
  return { a, b }
}

async function deliver(vendorId: number, vendorOrderId: number) {
  for (const to of ['packed', 'dispatched', 'delivered'] as const) {
    expect(await advanceVendorOrderStep(t.ctx, { vendorId, vendorOrderId, to })).toMatchObject({ ok: true })
  }
}

const reasons = async (orderId: number) => (await listOrderEntries(t.ctx, orderId)).map((e) => e.reason)

test('sales, cash, a refund and a cancellation keep every account summing to zero after each step', async () => {
  await expectLedgerBalanced()

  // 1. A MoMo sale: commission fixed at checkout by the rules (store A 8%, beauty 15%), then paid. Delivery to
  // Kigali under the free-delivery threshold: the seeded standard fee, 1,500, which Isoko earns.
  const sale = await place('momo')
  const { a, b } = await partsOf(sale.orderId)
  expect(a).toMatchObject({ subtotal: 20_000, commission: 1_600 })
  expect(b).toMatchObject({ subtotal: 12_000, commission: 1_800 })
  expect(await reasons(sale.orderId)).toEqual([]) // placed, not paid: nothing moved
  const payment = await payByMomo(sale)
  expect((await findOrder(t.ctx, sale.orderId))?.status).toBe('paid')
  expect(await reasons(sale.orderId)).toEqual(['payment_received'])
  let balances = await expectLedgerBalanced()
  expect(balances.get(accounts.platformCash)).toBe(33_500)
  expect(balances.get(accounts.deliveryRevenue)).toBe(-1_500)
  expect(balances.get(accounts.commissionRevenue)).toBe(-3_400)
  expect(balances.get(accounts.vendorPayable(shopA))).toBe(-18_400)
  expect(balances.get(accounts.vendorPayable(shopB))).toBe(-10_200)
  const [entry] = await listOrderEntries(t.ctx, sale.orderId)
  expect(entry?.paymentId).toBe(payment.id)

  // Delivered: the payable waits out the hold, then is available.
  await deliver(shopA, a.vendorOrderId)
  await expectLedgerBalanced()
  expect(await getVendorBalances(t.ctx, shopA)).toEqual({ available: 0, onHold: 18_400, owedOnCashSales: 0 })
  const afterHold = new Date(Date.now() + 8 * 86_400_000)
  expect(await getVendorBalances(t.ctx, shopA, { now: afterHold })).toEqual({
    available: 18_400,
    onHold: 0,
    owedOnCashSales: 0,
  })
  // Store B has not delivered yet: still on hold, however long.
  expect(await getVendorBalances(t.ctx, shopB, { now: afterHold })).toEqual({
    available: 0,
    onHold: 10_200,
    owedOnCashSales: 0,
  })

  // 2. Cash on delivery: nothing moves at checkout; each vendor's collection posts its part.
  const cash = await place('cod')
  expect(await reasons(cash.orderId)).toEqual([])
  const cod = await partsOf(cash.orderId)
  await deliver(shopA, cod.a.vendorOrderId)
  expect(await recordCashCollected(t.ctx, { vendorId: shopA, vendorOrderId: cod.a.vendorOrderId })).toEqual({
    ok: true,
  })
  expect(await reasons(cash.orderId)).toEqual(['cod_collected', 'cod_commission_owed'])
  await expectLedgerBalanced()
  // Collected twice (a double submit): refused, and posted once.
  expect(await recordCashCollected(t.ctx, { vendorId: shopA, vendorOrderId: cod.a.vendorOrderId })).toMatchObject({
    ok: false,
  })
  expect(await getVendorBalances(t.ctx, shopA, { now: afterHold })).toEqual({
    available: 18_400,
    onHold: 0,
    owedOnCashSales: 1_600,
  })
  for (const to of ['packed', 'dispatched'] as const) {
    await advanceVendorOrderStep(t.ctx, { vendorId: shopB, vendorOrderId: cod.b.vendorOrderId, to })
  }
  expect(await recordCashCollected(t.ctx, { vendorId: shopB, vendorOrderId: cod.b.vendorOrderId })).toEqual({
    ok: true,
  })
  expect((await findLatestPayment(t.ctx, cash.orderId))?.status).toBe('succeeded')
  balances = await expectLedgerBalanced()
  // Store B's collection completed the order: it collected the delivery fee too, and owes it with its commission.
  expect(balances.get(accounts.cashSalesOwed(shopB))).toBe(1_800 + 1_500)
  expect(balances.get(accounts.deliveryRevenue)).toBe(-3_000)
  // The cash never reached Isoko: platform cash is still the MoMo sale's.
  expect(balances.get(accounts.platformCash)).toBe(33_500)

  // 3. A paid order cancelled before packing: refunded through the provider, the payment's posting reversed.
  const refunded = await place('momo')
  await payByMomo(refunded)
  await expectLedgerBalanced()
  expect(
    await cancelOrderForCustomer(
      t.ctx,
      { customerId: refunded.c.id, orderNumber: refunded.number, reason: 'changed_mind' },
      deps,
    ),
  ).toEqual({ ok: true })
  expect((await findOrder(t.ctx, refunded.orderId))?.status).toBe('refunded')
  expect(await reasons(refunded.orderId)).toEqual(['payment_received', 'refund'])
  const [received, refund] = await listOrderEntries(t.ctx, refunded.orderId)
  expect(refund?.lines.map((l) => [l.account, l.amount])).toEqual(received?.lines.map((l) => [l.account, -l.amount]))
  balances = await expectLedgerBalanced()
  expect(balances.get(accounts.platformCash)).toBe(33_500)
  expect(balances.get(accounts.vendorPayable(shopB))).toBe(-10_200)

  // 4. An order cancelled before it is paid: nothing posted.
  const unpaid = await place('momo')
  expect(
    await cancelOrderForCustomer(
      t.ctx,
      { customerId: unpaid.c.id, orderNumber: unpaid.number, reason: 'changed_mind' },
      deps,
    ),
  ).toEqual({ ok: true })
  expect(await reasons(unpaid.orderId)).toEqual([])
  await expectLedgerBalanced()

  // 5. A payment that succeeds after its order was cancelled: the money is owed back, then refunded.
  const late = await place('momo')
  const started = await startOrderPayment(
    t.ctx,
    {
      customerId: late.c.id,
      orderNumber: late.number,
      method: 'momo',
      phone: '+250788123456',
      email: late.c.email,
      name: 'Aline Uwase',
      returnUrl: 'http://localhost/return',
    },
    deps,
  )
  if (!started.ok) throw new Error(started.code)
  expect(
    await cancelOrderForCustomer(t.ctx, { customerId: late.c.id, orderNumber: late.number, reason: 'mistake' }, deps),
  ).toEqual({ ok: true })
  const callback = { reference: started.payment.reference, headers: {}, body: {} }
  expect(await handlePaymentCallback(t.ctx, 'momo', callback, deps)).toBe('accepted')
  expect(await reasons(late.orderId)).toEqual(['payment_unapplied', 'refund'])
  balances = await expectLedgerBalanced()
  expect(balances.get(accounts.customerRefundsDue)).toBe(0)
  expect(balances.get(accounts.platformCash)).toBe(33_500)
})
