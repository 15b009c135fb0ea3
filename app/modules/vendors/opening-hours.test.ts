import { describe, expect, test } from 'vitest'
import { hasHours, isOpenNow, kigaliWeekMinute, type OpeningHours, parseTimeOfDay, timeOfDay } from './opening-hours.ts'

const closed = null
/** Mon–Fri 08:00–18:00, Saturday 20:00 to 02:00 (past midnight), Sunday closed. */
const week: OpeningHours = [
  { open: 480, close: 1080 },
  { open: 480, close: 1080 },
  { open: 480, close: 1080 },
  { open: 480, close: 1080 },
  { open: 480, close: 1080 },
  { open: 1200, close: 120 },
  closed,
]
/** An instant given in Kigali time (UTC+2). 2026-11-23 is a Monday. */
const kigali = (iso: string) => new Date(`${iso}+02:00`)

describe('opening hours in Kigali time', () => {
  test('the weekday and minute are read in Kigali, not in UTC', () => {
    // 23:30 UTC on Sunday is 01:30 on Monday in Kigali.
    expect(kigaliWeekMinute(new Date('2026-11-22T23:30:00Z'))).toEqual({ day: 0, minutes: 90 })
    expect(kigaliWeekMinute(kigali('2026-11-29T12:00:00'))).toEqual({ day: 6, minutes: 720 })
  })

  test('open within the day, closed at the closing minute and before opening', () => {
    expect(isOpenNow(week, kigali('2026-11-23T08:00:00'))).toBe(true)
    expect(isOpenNow(week, kigali('2026-11-23T17:59:00'))).toBe(true)
    expect(isOpenNow(week, kigali('2026-11-23T18:00:00'))).toBe(false)
    expect(isOpenNow(week, kigali('2026-11-23T07:59:00'))).toBe(false)
  })

  test('hours past Kigali midnight: Saturday night runs into Sunday, Sunday itself is closed', () => {
    expect(isOpenNow(week, kigali('2026-11-28T19:59:00'))).toBe(false)
    expect(isOpenNow(week, kigali('2026-11-28T23:30:00'))).toBe(true)
    expect(isOpenNow(week, kigali('2026-11-29T01:59:00'))).toBe(true)
    expect(isOpenNow(week, kigali('2026-11-29T02:00:00'))).toBe(false)
    expect(isOpenNow(week, kigali('2026-11-29T12:00:00'))).toBe(false)
    // Friday's hours end at 18:00: Saturday 01:00 is closed (only a past-midnight day carries over).
    expect(isOpenNow(week, kigali('2026-11-28T01:00:00'))).toBe(false)
  })

  test('no hours: never open, nothing claimed', () => {
    expect(hasHours(null)).toBe(false)
    expect(hasHours([null, null, null, null, null, null, null])).toBe(false)
    expect(isOpenNow(null, kigali('2026-11-23T12:00:00'))).toBe(false)
  })

  test('times of day are written and read on the 24-hour clock', () => {
    expect(timeOfDay(510)).toBe('08:30')
    expect(timeOfDay(0)).toBe('00:00')
    expect(parseTimeOfDay('08:30')).toBe(510)
    expect(parseTimeOfDay('8.30')).toBe(510)
    expect(parseTimeOfDay('23:59')).toBe(1439)
    expect(parseTimeOfDay('24:00')).toBeNull()
    expect(parseTimeOfDay('8')).toBeNull()
  })
})
