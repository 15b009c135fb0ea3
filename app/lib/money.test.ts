import { describe, expect, test } from 'vitest'
import { discountPercent, formatRwf } from './money.ts'

describe('money', () => {
  test('francs are shown with the RWF symbol, grouped, without decimals', () => {
    const text = formatRwf(12500)
    expect(text).toMatch(/^RF\s?12,500$/)
    expect(formatRwf(0)).toMatch(/^RF\s?0$/)
    expect(text).not.toContain('$')
    expect(text).not.toContain('.')
  })

  test('discount is a whole percent, only when the compare-at price is higher', () => {
    expect(discountPercent(7500, 10000)).toBe(25)
    expect(discountPercent(10000, 10000)).toBeNull()
    expect(discountPercent(10000, null)).toBeNull()
  })
})
