import { describe, expect, test } from 'vitest'
import { dateFormat } from '#app/components/date-format.ts'
import { numberFormat } from './format.ts'
import { formatRwf, formatRwfCompact } from './money.ts'

// Each language as it writes money, numbers and dates (issue 14), the same on the server as in any browser:
// Kinyarwanda is written by Isoko itself (Chrome's Intl has no `rw` and would fall back to American English).
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')
// 21:30 UTC is 23:30 in Kigali, the same day; 22:30 UTC is already the next day there.
const late = new Date('2026-11-26T21:30:00Z')

describe('money and numbers in each language', () => {
  test('RF 33,500 in English, RF 33.500 in Kinyarwanda, 33 500 RF in French: whole francs always', () => {
    expect(plain(formatRwf(1_233_500, 'en-RW'))).toBe('RF 1,233,500')
    expect(plain(formatRwf(1_233_500, 'rw-RW'))).toBe('RF 1.233.500')
    expect(plain(formatRwf(1_233_500, 'fr-RW'))).toBe('1 233 500 RF')
    expect(plain(formatRwfCompact(120_000, 'rw-RW'))).toBe('RF 120K')
  })

  test('Kinyarwanda groups with a point and marks decimals with a comma', () => {
    expect(numberFormat('rw-RW').format(12345)).toBe('12.345')
    expect(numberFormat('rw-RW', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(4.5)).toBe('4,5')
    expect(numberFormat('rw-RW', { style: 'percent', maximumFractionDigits: 0 }).format(0.95)).toBe('95%')
  })
})

describe('dates in each language, on Kigali’s clock', () => {
  test('day, month and year as each language writes them', () => {
    expect(dateFormat('en-RW', { dateStyle: 'medium' }).format(late)).toBe('26 Nov 2026')
    expect(dateFormat('rw-RW', { dateStyle: 'medium' }).format(late)).toBe('26 Ugushyingo 2026')
    expect(plain(dateFormat('fr-RW', { dateStyle: 'medium' }).format(late))).toBe('26 nov. 2026')
  })

  test('the hour is Kigali’s: 23:30 the same day, and past midnight the next day', () => {
    expect(dateFormat('rw-RW', { dateStyle: 'medium', timeStyle: 'short' }).format(late)).toBe(
      '26 Ugushyingo 2026, 23:30',
    )
    expect(dateFormat('rw-RW', { dateStyle: 'medium' }).format(new Date('2026-11-26T22:30:00Z'))).toBe(
      '27 Ugushyingo 2026',
    )
  })

  test('Kinyarwanda weekdays, short months, months with years, and ranges', () => {
    expect(dateFormat('rw-RW', { weekday: 'short', day: 'numeric', month: 'short' }).format(late)).toBe('kan. 26 ugu.')
    expect(dateFormat('rw-RW', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(late)).toBe(
      'Ugushyingo 2026',
    )
    expect(dateFormat('rw-RW', { dateStyle: 'medium' }).formatRange(late, new Date('2026-12-03T08:00:00Z'))).toBe(
      '26 Ugushyingo 2026 – 3 Ukuboza 2026',
    )
  })
})
