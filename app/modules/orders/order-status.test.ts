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
  test.each(ORDER_TRANSITIONS.map(([from, to]) => [from, to]))('%s → %s is allowed', (from, to) => {
    expect(canTransitionOrder(from, to)).toBe(true)
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
  test.each(VENDOR_ORDER_TRANSITIONS.map(([from, to]) => [from, to]))('%s → %s is allowed', (from, to) => {
    expect(canTransitionVendorOrder(from, to)).toBe(true)
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
