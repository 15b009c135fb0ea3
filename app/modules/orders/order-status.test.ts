import { describe, expect, test } from 'vitest'
import {
  CANCELLABLE_ORDER_STATUSES,
  canTransitionOrder,
  canTransitionVendorOrder,
  nextVendorOrderStatus,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderStatusFromVendorOrders,
  VENDOR_ORDER_TRANSITIONS,
  type VendorOrderStatus,
} from './order-status.ts'

const ORDER_STATUSES: OrderStatus[] = [
  'pending_payment',
  'paid',
  'confirmed',
  'partly_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
]
const VENDOR_STATUSES: VendorOrderStatus[] = ['new', 'packed', 'dispatched', 'delivered', 'cancelled']

describe('the order machine', () => {
  // The allowed moves written out here, apart from the table under test: every pair of statuses is checked
  // against this list (a table that gains or loses a move, or a `() => true` in its place, fails).
  const ALLOWED = new Set([
    'pending_payment → paid',
    'pending_payment → cancelled',
    'pending_payment → confirmed',
    'paid → partly_shipped',
    'paid → shipped',
    'paid → cancelled',
    'confirmed → partly_shipped',
    'confirmed → shipped',
    'confirmed → cancelled',
    'partly_shipped → shipped',
    'shipped → delivered',
    'cancelled → refunded',
  ])
  test.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s: allowed exactly when listed',
    (from, to) => {
      expect(canTransitionOrder(from, to)).toBe(ALLOWED.has(`${from} → ${to}`))
    },
  )

  test('the table holds the listed moves and nothing else', () => {
    expect(new Set(ORDER_TRANSITIONS.map(([f, t]) => `${f} → ${t}`))).toEqual(ALLOWED)
  })

  test.each([
    ['pending_payment', 'shipped'],
    ['pending_payment', 'delivered'],
    ['paid', 'delivered'],
    ['confirmed', 'delivered'],
    ['partly_shipped', 'delivered'],
    ['partly_shipped', 'cancelled'],
    ['shipped', 'cancelled'],
    ['delivered', 'cancelled'],
    ['delivered', 'shipped'],
    ['cancelled', 'paid'],
    ['refunded', 'cancelled'],
    ['paid', 'paid'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(false)
  })

  test('the final states lead nowhere', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransitionOrder('delivered', to)).toBe(false)
      expect(canTransitionOrder('refunded', to)).toBe(false)
    }
  })

  test('a customer can cancel only before anything leaves a vendor', () => {
    for (const s of CANCELLABLE_ORDER_STATUSES) expect(canTransitionOrder(s, 'cancelled')).toBe(true)
    for (const s of ORDER_STATUSES.filter((s) => !CANCELLABLE_ORDER_STATUSES.includes(s))) {
      expect(canTransitionOrder(s, 'cancelled')).toBe(false)
    }
  })
})

describe('the vendor order machine', () => {
  const ALLOWED = new Set([
    'new → packed',
    'packed → dispatched',
    'dispatched → delivered',
    'new → cancelled',
    'packed → cancelled',
  ])
  test.each(VENDOR_STATUSES.flatMap((from) => VENDOR_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s: allowed exactly when listed',
    (from, to) => {
      expect(canTransitionVendorOrder(from, to)).toBe(ALLOWED.has(`${from} → ${to}`))
    },
  )

  test('the table holds the listed moves and nothing else', () => {
    expect(new Set(VENDOR_ORDER_TRANSITIONS.map(([f, t]) => `${f} → ${t}`))).toEqual(ALLOWED)
  })

  test.each([
    ['new', 'dispatched'],
    ['new', 'delivered'],
    ['packed', 'delivered'],
    ['packed', 'new'],
    ['dispatched', 'cancelled'],
    ['dispatched', 'packed'],
    ['delivered', 'cancelled'],
    ['delivered', 'dispatched'],
    ['cancelled', 'new'],
    ['new', 'new'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(canTransitionVendorOrder(from, to)).toBe(false)
  })

  test('the next step a vendor is offered is always a legal one, and none after delivery', () => {
    for (const s of VENDOR_STATUSES) {
      const next = nextVendorOrderStatus(s)
      if (next) expect(canTransitionVendorOrder(s, next)).toBe(true)
    }
    expect(nextVendorOrderStatus('new')).toBe('packed')
    expect(nextVendorOrderStatus('packed')).toBe('dispatched')
    expect(nextVendorOrderStatus('dispatched')).toBe('delivered')
    expect(nextVendorOrderStatus('delivered')).toBeNull()
    expect(nextVendorOrderStatus('cancelled')).toBeNull()
  })
})

describe('orderStatusFromVendorOrders', () => {
  test.each([
    [[], null],
    [['cancelled'], null],
    [['new'], null],
    [['new', 'packed'], null],
    [['dispatched'], 'shipped'],
    [['packed', 'dispatched'], 'partly_shipped'],
    [['new', 'delivered'], 'partly_shipped'],
    [['dispatched', 'delivered'], 'shipped'],
    [['delivered', 'delivered'], 'delivered'],
    [['delivered', 'cancelled'], 'delivered'],
    [['dispatched', 'cancelled'], 'shipped'],
  ] as [VendorOrderStatus[], OrderStatus | null][])('%j → %s', (statuses, expected) => {
    expect(orderStatusFromVendorOrders(statuses)).toBe(expected)
  })
})
