import { describe, expect, test } from 'vitest'
import {
  addBusinessDays,
  canTransitionReturn,
  RETURN_TRANSITIONS,
  type ReturnActor,
  type ReturnStatus,
  returnRefundAmounts,
} from './return-status.ts'

const STATUSES: ReturnStatus[] = [
  'requested',
  'accepted',
  'refused',
  'received',
  'refunded',
  'replaced',
  'cancelled',
  'closed',
]
const ACTORS: ReturnActor[] = ['customer', 'vendor', 'staff', 'system']

describe('the return state machine', () => {
  const legal = new Set(RETURN_TRANSITIONS.map(([f, t, a]) => `${f}>${t}>${a}`))
  const every = STATUSES.flatMap((f) => STATUSES.flatMap((t) => ACTORS.map((a) => [f, t, a] as const)))

  test.each(every)('%s → %s by %s', (from, to, by) => {
    expect(canTransitionReturn(from, to, by)).toBe(legal.has(`${from}>${to}>${by}`))
  })

  test('the steps each side may take', () => {
    expect(canTransitionReturn('requested', 'accepted', 'vendor')).toBe(true)
    expect(canTransitionReturn('requested', 'received', 'vendor')).toBe(false)
    expect(canTransitionReturn('requested', 'accepted', 'customer')).toBe(false)
    expect(canTransitionReturn('received', 'cancelled', 'customer')).toBe(false)
    expect(canTransitionReturn('refused', 'refunded', 'vendor')).toBe(false)
    for (const end of ['refunded', 'replaced', 'cancelled', 'closed'] as const) {
      for (const to of STATUSES) for (const by of ACTORS) expect(canTransitionReturn(end, to, by)).toBe(false)
    }
  })
})

describe('business days in Kigali', () => {
  test('skip the weekend', () => {
    // Tuesday 10:00 Kigali (08:00 UTC) + 2 → Thursday.
    expect(addBusinessDays(new Date('2026-11-24T08:00:00Z'), 2).toISOString()).toBe('2026-11-26T08:00:00.000Z')
    // Friday → Tuesday.
    expect(addBusinessDays(new Date('2026-11-27T08:00:00Z'), 2).toISOString()).toBe('2026-12-01T08:00:00.000Z')
    // Saturday noon → Tuesday noon (Monday is the first business day after it).
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 2).toISOString()).toBe('2026-12-01T10:00:00.000Z')
    // Friday 23:30 Kigali is Friday 21:30 UTC: still a Friday there.
    expect(addBusinessDays(new Date('2026-11-27T21:30:00Z'), 1).toISOString()).toBe('2026-11-30T21:30:00.000Z')
  })
})

describe('what a return refunds', () => {
  const base = {
    unitPrice: 12_500,
    quantity: 2,
    reason: 'wrong_size' as const,
    deliveryFee: 1_500,
    wholeOrderBack: false,
    deliveryAlreadyRefunded: false,
    leftToRefund: 100_000,
  }
  test('the units returned, without the delivery fee when the customer changed their mind about part', () => {
    expect(returnRefundAmounts(base)).toEqual({ goods: 25_000, delivery: 0, bearer: 'platform' })
    expect(returnRefundAmounts({ ...base, quantity: 1 })).toEqual({ goods: 12_500, delivery: 0, bearer: 'platform' })
  })
  test('with the delivery fee when the whole order comes back (Isoko bears it) or the store is at fault (it does)', () => {
    expect(returnRefundAmounts({ ...base, wholeOrderBack: true })).toEqual({
      goods: 25_000,
      delivery: 1_500,
      bearer: 'platform',
    })
    expect(returnRefundAmounts({ ...base, reason: 'damaged' })).toEqual({
      goods: 25_000,
      delivery: 1_500,
      bearer: 'vendor',
    })
    expect(returnRefundAmounts({ ...base, reason: 'not_as_described', deliveryAlreadyRefunded: true })).toMatchObject({
      delivery: 0,
    })
    expect(returnRefundAmounts({ ...base, reason: 'damaged', deliveryFee: 0 })).toMatchObject({ delivery: 0 })
  })
  test('never more than is left of the payment', () => {
    expect(returnRefundAmounts({ ...base, wholeOrderBack: true, leftToRefund: 26_000 })).toMatchObject({
      goods: 25_000,
      delivery: 1_000,
    })
    expect(returnRefundAmounts({ ...base, leftToRefund: 10_000 })).toMatchObject({ goods: 10_000, delivery: 0 })
    expect(returnRefundAmounts({ ...base, leftToRefund: 0 })).toMatchObject({ goods: 0, delivery: 0 })
  })
})
