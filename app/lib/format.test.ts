import { describe, expect, test } from 'vitest'
import { dateFormat } from '#app/components/date-format.ts'
import { numberFormat, WHOLE_FRANCS } from './format.ts'
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

describe('whole numbers written without Intl', () => {
  // A browser's first Intl.NumberFormat loads ICU's number data (20-40 ms inside hydration): whole numbers and whole
  // francs are written by format.ts itself, to the very strings Intl writes.
  const whole = [0, 1, 9, 10, 999, 1000, 1001, 9999, 10000, 33500, 100000, 999999, 1000000, 1234567, 2 ** 53 - 1]
  const signed = [...whole, ...whole.filter((n) => n > 0).map((n) => -n)]
  const francs = WHOLE_FRANCS

  test.each(['en-RW', 'fr-RW'])('%s: the same strings as Intl, character for character', (locale) => {
    const plainIntl = new Intl.NumberFormat(locale)
    const francsIntl = new Intl.NumberFormat(locale, francs)
    for (const n of signed) {
      expect(numberFormat(locale).format(n)).toBe(plainIntl.format(n))
      expect(numberFormat(locale, francs).format(n)).toBe(francsIntl.format(n))
      expect(formatRwf(n, locale)).toBe(francsIntl.format(n))
    }
    expect(numberFormat(locale)).not.toBeInstanceOf(Intl.NumberFormat)
    expect(numberFormat(locale, francs)).not.toBeInstanceOf(Intl.NumberFormat)
  })

  test('Kinyarwanda: points between the groups, RF before the amount', () => {
    expect(formatRwf(1_233_500, 'rw-RW')).toBe('RF\u00a01.233.500')
    expect(formatRwf(-2500, 'rw-RW')).toBe('-RF\u00a02.500')
    expect(numberFormat('rw-RW').format(1000)).toBe('1.000')
    expect(numberFormat('rw-RW').format(999)).toBe('999')
    // The same as CLDR's rw, which Node has (browsers do not).
    for (const n of signed) expect(numberFormat('rw-RW').format(n)).toBe(new Intl.NumberFormat('rw').format(n))
  })

  test('what is not a whole number is still written by Intl', () => {
    expect(numberFormat('en-RW').format(1234.5)).toBe('1,234.5')
    expect(numberFormat('fr-RW').format(1234.5)).toBe(new Intl.NumberFormat('fr-RW').format(1234.5))
    expect(numberFormat('rw-RW').format(4.5)).toBe('4,5')
    expect(numberFormat('en-RW').format(-0)).toBe('-0')
    expect(numberFormat('en-RW').format(2 ** 60)).toBe(new Intl.NumberFormat('en-RW').format(2 ** 60))
    expect(formatRwf(10.6, 'en-RW')).toBe(new Intl.NumberFormat('en-RW', francs).format(10.6))
    // Other shapes are Intl's alone.
    expect(numberFormat('en-RW', { style: 'percent' })).toBeInstanceOf(Intl.NumberFormat)
  })
})
