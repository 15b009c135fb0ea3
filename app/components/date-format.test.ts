import { describe, expect, it } from 'vitest'
import { dateFormat } from './date-format.ts'

describe('dateFormat', () => {
  it('writes a range with plain spaces, as browsers do, so the server-rendered text hydrates unchanged', () => {
    const range = dateFormat('en-RW', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
      new Date('2026-10-29T00:00:00Z'),
      new Date('2026-11-27T00:00:00Z'),
    )
    expect(range).toBe('29 Oct – 27 Nov 2026')
    expect(dateFormat('fr-RW', { timeStyle: 'short' }).format(new Date('2026-11-27T08:05:00Z'))).not.toMatch(
      /[\u2009\u202f]/,
    )
  })
})

describe('dates of dateStyle medium, written without Intl', () => {
  // Every month, both sides of Kigali's midnight (22:00 UTC), a leap day and the years' ends.
  const moments = [
    ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 1, 21, 59)),
    ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 28, 22, 0)),
    Date.UTC(2028, 1, 29, 12),
    Date.UTC(2026, 11, 31, 21, 59, 59),
    Date.UTC(2026, 11, 31, 22, 0),
    Date.UTC(1970, 0, 1),
    Date.UTC(2099, 6, 15, 23, 30),
  ]
  it.each(['en-RW', 'fr-RW'])('%s: the same strings as Intl on Kigali’s clock', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Africa/Kigali' })
    const ours = dateFormat(locale, { dateStyle: 'medium' })
    for (const at of moments) {
      expect(ours.format(at)).toBe(intl.format(at))
      expect(ours.format(new Date(at))).toBe(intl.format(at))
    }
    // Made by Isoko, not by Intl (a browser's first Intl.DateTimeFormat loads ICU's calendar data).
    expect(Object.getPrototypeOf(ours)).toBe(Object.prototype)
  })

  it('Kinyarwanda: the day, the month’s name and the year', () => {
    const rw = dateFormat('rw-RW', { dateStyle: 'medium' })
    expect(rw.format(Date.UTC(2026, 10, 26, 21, 30))).toBe('26 Ugushyingo 2026')
    expect(rw.format(Date.UTC(2026, 10, 26, 22, 30))).toBe('27 Ugushyingo 2026')
  })

  it('leaves ranges, other zones and old dates to Intl', () => {
    const ours = dateFormat('en-RW', { dateStyle: 'medium' })
    const intl = new Intl.DateTimeFormat('en-RW', { dateStyle: 'medium', timeZone: 'Africa/Kigali' })
    expect(ours.format(Date.UTC(1930, 5, 1))).toBe(intl.format(Date.UTC(1930, 5, 1)))
    expect(ours.formatRange(Date.UTC(2026, 9, 29), Date.UTC(2026, 10, 27))).toBe('29 Oct – 27 Nov 2026')
    expect(() => ours.format(Number.NaN)).toThrow(RangeError)
  })
})
