import { describe, expect, test } from 'vitest'
import { addMonths, kigaliMonthOf, monthKey, parseMonth } from './months.ts'

// The statement's months are Kigali months (UTC+2 all year).
describe('statement months', () => {
  test('a month is read from YYYY-MM only', () => {
    expect(parseMonth('2026-11')).toEqual({ year: 2026, month: 11 })
    for (const bad of ['2026-13', '2026-00', '2026-1', 'november', '', null, undefined, '2026-11-01']) {
      expect(parseMonth(bad)).toBeNull()
    }
  })
  test('months add across years', () => {
    expect(monthKey(addMonths({ year: 2026, month: 12 }, 1))).toBe('2027-01')
    expect(monthKey(addMonths({ year: 2026, month: 1 }, -1))).toBe('2025-12')
    expect(monthKey(addMonths({ year: 2026, month: 5 }, -17))).toBe('2024-12')
  })
  test('an instant belongs to its Kigali month: 22:00 UTC on the last day is already the next month', () => {
    expect(kigaliMonthOf(new Date('2026-11-30T21:59:59Z'))).toEqual({ year: 2026, month: 11 })
    expect(kigaliMonthOf(new Date('2026-11-30T22:00:00Z'))).toEqual({ year: 2026, month: 12 })
    expect(kigaliMonthOf(new Date('2026-12-31T22:30:00Z'))).toEqual({ year: 2027, month: 1 })
  })
})
