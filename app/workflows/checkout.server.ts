import { sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { type Cart, clearCart, getCart, setCartQuantity } from '#app/modules/cart/cart.server.ts'
import { getVariantSnapshots, reserveStock, type StockShortage } from '#app/modules/catalog/stock.server.ts'
import { type Address, findAddress, listAddresses } from '#app/modules/customers/addresses.server.ts'
import { findCustomerByUserId } from '#app/modules/customers/customers.server.ts'
import { fixCommission } from '#app/modules/ledger/ledger.server.ts'
import {
  chooseDelivery,
  DELIVERY_ZONES,
  type DeliveryConfig,
  type DeliveryOption,
  quoteDelivery,
  vatIncluded,
  zoneOf,
} from '#app/modules/orders/delivery.ts'
import { getDeliveryFees } from '#app/modules/orders/delivery-fees.server.ts'
import {
  createOrder,
  findOrderByCheckoutKey,
  listCustomerOrders,
  listVendorOrderAmounts,
  type NewOrderLine,
  type OrderRef,
  type PaymentMethod,
  releaseOrderToVendors,
} from '#app/modules/orders/orders.server.ts'
import { createPayment } from '#app/modules/payments/payments.server.ts'
import { notifyCustomer, notifyVendorsOfLowStock, notifyVendorsOfNewOrder } from './order-notifications.server.ts'

// Placing an order (DESIGN.md section 5): the cart as the customer last saw it is checked against prices and stock
// now; then, in ONE transaction, the order with its vendor orders and lines is written, the units are taken out
// of stock, the cart is emptied and the messages are queued. Paying is the next step (payments workflow): an
// outside call that must never hold the transaction open.

/** The delivery fees in force at `at` (staff set them) and the express cut-off (configuration). */
export async function deliveryConfig(ctx: ServiceContext, at: Date = new Date()): Promise<DeliveryConfig> {
  const { fees, freeStandardAbove } = await getDeliveryFees(ctx, at)
  return { fees, freeStandardAbove, expressCutoff: getEnv().EXPRESS_CUTOFF }
}

/**
 * What the cart shows of delivery before checkout: the standard fee to the customer's default address (`to`), or
 * without one the lowest standard fee of any zone (`from`), and the order value from which standard is free.
 * The cart works out the fee for its running total with these (free from the threshold on).
 */
export type CartDeliveryEstimate = {
  standardFee: number
  /** The default address's district, or null when the fee is the lowest of any zone ("from"). */
  district: string | null
  freeStandardAbove: number
}

export async function estimateCartDelivery(
  ctx: ServiceContext,
  input: { userId: string | null; now?: Date },
): Promise<CartDeliveryEstimate> {
  const { fees, freeStandardAbove } = await getDeliveryFees(ctx, input.now)
  const customer = input.userId ? await findCustomerByUserId(ctx, input.userId) : null
  // The default address comes first in the list (else the newest).
  const [address] = customer ? await listAddresses(ctx, customer.id) : []
  if (address) return { standardFee: fees[zoneOf(address)].standard, district: address.district, freeStandardAbove }
  const lowest = Math.min(...DELIVERY_ZONES.map((z) => fees[z].standard))
  return { standardFee: lowest, district: null, freeStandardAbove }
}

/** A line as the review step showed it; the form sends these back so that a change since then is noticed. */
export type SeenLine = { variantId: number; quantity: number; unitPrice: number }

export type CartChange =
  | { kind: 'price'; variantId: number; title: string; before: number; after: number }
  | { kind: 'quantity'; variantId: number; title: string; before: number; after: number }
  | { kind: 'removed'; variantId: number; title: string }
  | { kind: 'added'; variantId: number; title: string }
  /** The delivery fee is not the one the review showed (staff changed the fees since): never charged unseen. */
  | { kind: 'delivery'; variantId: 0; title: ''; before: number; after: number }

export type PlaceOrderInput = {
  customerId: number
  ownerKey: string
  checkoutKey: string
  addressId: number
  delivery: DeliveryOption
  method: PaymentMethod
  seen: SeenLine[]
  /** The delivery fee the review showed; when given, a different fee now is a change the customer must see. */
  seenDeliveryFee?: number
  /** Titles of the lines the customer saw, to name a line that has since left the cart. */
  seenTitles?: Record<number, string>
  now?: Date
}

export type PlaceOrderOutcome =
  | { ok: true; order: OrderRef; created: boolean }
  | { ok: false; code: 'empty_cart' | 'address_missing' | 'delivery_unavailable' }
  | { ok: false; code: 'cart_changed' | 'out_of_stock'; changes: CartChange[] }

/** What the review step shows: the cart grouped by vendor, delivery, VAT part and total. */
export type CheckoutSummary = {
  cart: Cart
  deliveryFee: number
  total: number
  vatAmount: number
}

export function summarise(cart: Cart, deliveryFee: number): CheckoutSummary {
  const total = cart.subtotal + deliveryFee
  return { cart, deliveryFee, total, vatAmount: vatIncluded(total) }
}

/** Compares what the customer saw with the cart now: prices, quantities (stock may have capped them), lines. */
export function compareCart(seen: SeenLine[], cart: Cart, seenTitles: Record<number, string> = {}): CartChange[] {
  const changes: CartChange[] = []
  const now = new Map(cart.lines.map((l) => [l.variantId, l]))
  for (const s of seen) {
    const line = now.get(s.variantId)
    if (!line) {
      changes.push({ kind: 'removed', variantId: s.variantId, title: seenTitles[s.variantId] ?? '' })
      continue
    }
    if (line.unitPrice !== s.unitPrice) {
      changes.push({
        kind: 'price',
        variantId: s.variantId,
        title: line.title,
        before: s.unitPrice,
        after: line.unitPrice,
      })
    }
    if (line.quantity !== s.quantity) {
      changes.push({
        kind: 'quantity',
        variantId: s.variantId,
        title: line.title,
        before: s.quantity,
        after: line.quantity,
      })
    }
  }
  const seenIds = new Set(seen.map((s) => s.variantId))
  for (const line of cart.lines) {
    if (!seenIds.has(line.variantId)) changes.push({ kind: 'added', variantId: line.variantId, title: line.title })
  }
  return changes
}

class OutOfStock extends Error {
  constructor(readonly shortages: StockShortage[]) {
    super('out of stock')
  }
}

export async function placeOrder(ctx: ServiceContext, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  const existing = await findOrderByCheckoutKey(ctx, input.customerId, input.checkoutKey)
  if (existing) return { ok: true, order: existing, created: false }

  const address = await findAddress(ctx, input.customerId, input.addressId)
  if (!address) return { ok: false, code: 'address_missing' }
  const cart = await getCart(ctx, input.ownerKey)
  if (cart.lines.length === 0) {
    // A second click with the same key can get here after the first one looked for its order but before it
    // committed: the cart it emptied is then read here. That click's order exists now; answer with it. Another
    // tab (another key) whose order committed before this one read the cart is answered the same way, as it is
    // when it waits for that order inside the transaction below.
    const placed =
      (await findOrderByCheckoutKey(ctx, input.customerId, input.checkoutKey)) ??
      (await recentOrderOf(ctx, input.customerId))
    if (placed) return { ok: true, order: placed, created: false }
    return { ok: false, code: 'empty_cart' }
  }
  const changes = compareCart(input.seen, cart, input.seenTitles)
  if (changes.length > 0) return { ok: false, code: 'cart_changed', changes }
  const now = input.now ?? new Date()
  const snapshots = new Map(
    (
      await getVariantSnapshots(
        ctx,
        cart.lines.map((l) => l.variantId),
      )
    ).map((s) => [s.variantId, s]),
  )
  const lines: NewOrderLine[] = []
  for (const line of cart.lines) {
    const snap = snapshots.get(line.variantId)
    if (!snap)
      return {
        ok: false,
        code: 'cart_changed',
        changes: [{ kind: 'removed', variantId: line.variantId, title: line.title }],
      }
    lines.push({
      variantId: snap.variantId,
      productId: snap.productId,
      vendorId: snap.vendorId,
      title: snap.title,
      slug: snap.slug,
      size: snap.size,
      colour: snap.colour,
      sku: snap.sku,
      unitPrice: snap.price,
      quantity: line.quantity,
    })
  }
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)
  // The fee is worked out here, from the address, the items and the fees in force: never taken from the form.
  const delivery = chooseDelivery(address, input.delivery, subtotal, now, await deliveryConfig(ctx, now))
  if (!delivery) return { ok: false, code: 'delivery_unavailable' }
  if (input.seenDeliveryFee !== undefined && input.seenDeliveryFee !== delivery.fee) {
    return {
      ok: false,
      code: 'cart_changed',
      changes: [{ kind: 'delivery', variantId: 0, title: '', before: input.seenDeliveryFee, after: delivery.fee }],
    }
  }
  const env = getEnv()
  try {
    return await ctx.db.transaction(async (tx) => {
      const t = { db: tx }
      // One place-order at a time per cart: two tabs (two checkout keys) that both read the full cart above
      // would otherwise each make an order from it. The second waits here, then finds the cart emptied.
      await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK_SPACE}, hashtext(${input.ownerKey}))`)
      const current = await getCart(t, input.ownerKey)
      if (current.lines.length === 0) {
        const placed = await recentOrderOf(t, input.customerId)
        return placed
          ? { ok: true as const, order: placed, created: false }
          : { ok: false as const, code: 'empty_cart' as const }
      }
      const moved = compareCart(input.seen, current, input.seenTitles)
      if (moved.length > 0) return { ok: false as const, code: 'cart_changed' as const, changes: moved }
      const { created, order } = await createOrder(t, {
        customerId: input.customerId,
        checkoutKey: input.checkoutKey,
        paymentMethod: input.method,
        delivery,
        address: addressSnapshot(address),
        lines,
        paymentDueAt: input.method === 'cod' ? null : new Date(now.getTime() + env.PAYMENT_WINDOW_MINUTES * 60_000),
        vatAmount: vatIncluded(subtotal + delivery.fee),
      })
      if (!created) return { ok: true as const, order, created }
      const reserved = await reserveStock(t, lines)
      if (!reserved.ok) throw new OutOfStock(reserved.shortages)
      await notifyVendorsOfLowStock(t, reserved.lowNow)
      // Each vendor order's commission is fixed now, at the rates in force (a later change does not touch it).
      await fixCommission(t, {
        orderId: order.id,
        placedAt: now,
        vendorOrders: (await listVendorOrderAmounts(t, order.id)).map((vo) => ({
          vendorOrderId: vo.id,
          vendorId: vo.vendorId,
          lines: lines
            .filter((l) => l.vendorId === vo.vendorId)
            .map((l) => ({
              categoryId: snapshots.get(l.variantId)?.categoryId ?? null,
              amount: l.unitPrice * l.quantity,
            })),
        })),
      })
      await clearCart(t, input.ownerKey)
      // Cash on delivery is a confirmed order; an online payment is still to come (no "thank you" before it).
      await notifyCustomer(t, order.id, input.method === 'cod' ? 'placed' : 'awaitingPayment')
      if (input.method === 'cod') {
        // Cash is collected at the door: the attempt stays pending until the vendors record the money.
        await createPayment(t, {
          orderId: order.id,
          method: 'cod',
          reference: crypto.randomUUID(),
          amount: subtotal + delivery.fee,
          payerPhone: address.phone,
          expiresAt: new Date(now.getTime() + 60 * 86_400_000),
        })
        const released = await releaseOrderToVendors(t, order.id)
        await notifyVendorsOfNewOrder(t, order.id, released)
      }
      return { ok: true as const, order, created }
    })
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error
    // Nothing was written. The cart follows the stock, so the customer sees what is left and can place again.
    const titles = new Map(cart.lines.map((l) => [l.variantId, l.title]))
    const outChanges: CartChange[] = []
    for (const s of error.shortages) {
      await setCartQuantity(ctx, input.ownerKey, { variantId: s.variantId, quantity: s.available })
      outChanges.push(
        s.available > 0
          ? {
              kind: 'quantity',
              variantId: s.variantId,
              title: titles.get(s.variantId) ?? '',
              before: s.wanted,
              after: s.available,
            }
          : { kind: 'removed', variantId: s.variantId, title: titles.get(s.variantId) ?? '' },
      )
    }
    return { ok: false, code: 'out_of_stock', changes: outChanges }
  }
}

/** The first number of the advisory locks that serialise place-order per cart (the second is the cart's hash). */
const CART_LOCK_SPACE = 7301

/** How recent an order must be to be the one that just emptied the cart. */
const JUST_PLACED_MS = 15 * 60_000

/** The customer's newest order if it was placed a moment ago: the one another tab made from this cart. */
async function recentOrderOf(ctx: ServiceContext, customerId: number): Promise<OrderRef | null> {
  const [newest] = (await listCustomerOrders(ctx, customerId, { limit: 1 })).items
  // The database's clock wrote placedAt, so the real clock (not an injected one) measures it.
  if (!newest || Date.now() - newest.placedAt.getTime() > JUST_PLACED_MS) return null
  return { id: newest.id, number: newest.number, status: newest.status }
}

function addressSnapshot(a: Address) {
  return {
    recipient: a.recipient,
    phone: a.phone,
    province: a.province,
    district: a.district,
    sector: a.sector,
    cell: a.cell,
    landmark: a.landmark,
  }
}

export { quoteDelivery }
