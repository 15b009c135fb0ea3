import { describe, expect, test } from 'vitest'
import { discountPercent, formatRwf } from './money.ts'
import { readFrancs } from './read-francs.ts'

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

  test('typed francs are read in each language’s grouping, never guessing at decimals', () => {
    for (const typed of [
      '25000',
      '25,000',
      '25.000',
      '25 000',
      '25\u00a0000',
      '25\u202f000',
      "25'000",
      'RF 25,000',
      '25.000 RWF',
      ' 25000 ',
    ]) {
      expect(readFrancs(typed), typed).toBe('25000')
    }
    expect(readFrancs('1.250.000')).toBe('1250000')
    expect(readFrancs('')).toBe('')
    expect(readFrancs('  ')).toBe('')
    for (const typed of ['2.5', '25,00', '25.0000', '1,250.000', '-500', '12a', '25,000.50', '1e5']) {
      expect(readFrancs(typed), typed).toBeNull()
    }
  })
})
