import { describe, expect, test } from 'vitest'
import {
  addBusinessDays,
  chooseDelivery,
  kigaliMinutes,
  parseCutoff,
  quoteDelivery,
  SECONDARY_CITY_DISTRICTS,
  standardFee,
  VAT_RATE_PERCENT,
  vatIncluded,
  zoneOf,
} from './delivery.ts'

const fees = {
  kigali: { standard: 1_500, express: 3_000 },
  secondary: { standard: 2_500, express: 5_000 },
  rest: { standard: 3_500, express: 6_000 },
}
const config = { fees, freeStandardAbove: 50_000, expressCutoff: '14:00' }
const gasabo = { province: 'Kigali', district: 'Gasabo' }
const musanze = { province: 'North', district: 'Musanze' }
const burera = { province: 'North', district: 'Burera' }
/** Tuesday 10 June 2025, 10:00 in Kigali (UTC+2). */
const tuesdayMorning = new Date('2025-06-10T08:00:00Z')

describe('zoneOf', () => {
  test('Kigali’s province, the six secondary cities’ districts, the rest of Rwanda', () => {
    for (const district of ['Gasabo', 'Kicukiro', 'Nyarugenge']) {
      expect(zoneOf({ province: 'Kigali', district })).toBe('kigali')
    }
    expect(SECONDARY_CITY_DISTRICTS).toHaveLength(6)
    expect(zoneOf({ province: 'South', district: 'Huye' })).toBe('secondary')
    expect(zoneOf({ province: 'West', district: 'Rusizi' })).toBe('secondary')
    expect(zoneOf({ province: 'East', district: 'Nyagatare' })).toBe('secondary')
    expect(zoneOf(burera)).toBe('rest')
    expect(zoneOf({ province: 'East', district: 'Kayonza' })).toBe('rest')
  })
})

describe('quoteDelivery', () => {
  test('Kigali: standard in 1-2 business days and same-day express before the cut-off, at Kigali’s fees', () => {
    expect(quoteDelivery(gasabo, 10_000, tuesdayMorning, config)).toEqual([
      { option: 'standard', fee: 1_500, daysMin: 1, daysMax: 2, available: true },
      { option: 'express', fee: 3_000, daysMin: 0, daysMax: 0, available: true, reason: undefined },
    ])
  })

  test('elsewhere: standard in 2-4 business days, express the next business day, at the zone’s fees', () => {
    const [standard, express] = quoteDelivery(musanze, 10_000, tuesdayMorning, config)
    expect(standard).toEqual({ option: 'standard', fee: 2_500, daysMin: 2, daysMax: 4, available: true })
    expect(express).toMatchObject({ option: 'express', fee: 5_000, daysMin: 1, daysMax: 1, available: true })
    expect(quoteDelivery(burera, 10_000, tuesdayMorning, config).map((q) => q.fee)).toEqual([3_500, 6_000])
    expect(chooseDelivery(burera, 'standard', 10_000, tuesdayMorning, config)).toMatchObject({ fee: 3_500 })
  })

  test('standard is free from the threshold on; express never is', () => {
    expect(quoteDelivery(burera, 49_999, tuesdayMorning, config).map((q) => q.fee)).toEqual([3_500, 6_000])
    expect(quoteDelivery(burera, 50_000, tuesdayMorning, config).map((q) => q.fee)).toEqual([0, 6_000])
    expect(standardFee('kigali', 80_000, config)).toBe(0)
    expect(standardFee('kigali', 0, { fees, freeStandardAbove: 0 })).toBe(0)
  })

  test('the cut-off is Kigali time: 13:59 is before it, 14:00 is not', () => {
    const at = (iso: string) => quoteDelivery(gasabo, 1_000, new Date(iso), config)[1]
    expect(at('2025-06-10T11:59:59Z')).toMatchObject({ available: true })
    expect(at('2025-06-10T12:00:00Z')).toMatchObject({ available: false, reason: 'express_after_cutoff' })
    expect(at('2025-06-10T21:59:00Z')).toMatchObject({ available: false, reason: 'express_after_cutoff' })
    // 22:30 UTC is 00:30 the next day in Kigali: a new day, before the cut-off (a UTC clock would say 22:30).
    expect(at('2025-06-10T22:30:00Z')).toMatchObject({ available: true })
    expect(chooseDelivery(gasabo, 'express', 1_000, new Date('2025-06-10T12:00:00Z'), config)).toBeNull()
  })

  test('the cut-off is configurable', () => {
    const late = { ...config, expressCutoff: '18:30' }
    expect(quoteDelivery(gasabo, 1_000, new Date('2025-06-10T16:29:00Z'), late)[1]?.available).toBe(true)
    expect(quoteDelivery(gasabo, 1_000, new Date('2025-06-10T16:30:00Z'), late)[1]?.available).toBe(false)
  })
})

describe('kigaliMinutes and parseCutoff', () => {
  test('minutes after midnight in Kigali', () => {
    expect(kigaliMinutes(new Date('2025-06-10T00:00:00Z'))).toBe(120)
    expect(kigaliMinutes(new Date('2025-06-10T21:59:00Z'))).toBe(23 * 60 + 59)
    expect(kigaliMinutes(new Date('2025-06-10T22:00:00Z'))).toBe(0)
  })

  test('HH:MM only', () => {
    expect(parseCutoff('14:00')).toBe(840)
    expect(parseCutoff('00:00')).toBe(0)
    expect(parseCutoff('23:59')).toBe(1439)
    for (const bad of ['24:00', '9:00', '14:60', '1400', '']) expect(() => parseCutoff(bad)).toThrow(/cut-off/)
  })
})

describe('vatIncluded', () => {
  test('the 18% VAT part of an inclusive amount, rounded to the franc', () => {
    expect(VAT_RATE_PERCENT).toBe(18)
    expect(vatIncluded(11_800)).toBe(1_800)
    expect(vatIncluded(0)).toBe(0)
    expect(vatIncluded(100)).toBe(15) // 15.25
    expect(vatIncluded(4)).toBe(1) // 0.61
    expect(vatIncluded(3)).toBe(0) // 0.46
    expect(vatIncluded(58_500)).toBe(Math.round((58_500 * 18) / 118))
    expect(vatIncluded(1_000, 10)).toBe(91)
  })
})

describe('addBusinessDays', () => {
  test('0 is today; the weekend is skipped', () => {
    const friday = new Date('2025-06-13T08:00:00Z') // Friday 10:00 in Kigali
    expect(addBusinessDays(friday, 0)).toEqual(friday)
    expect(addBusinessDays(friday, 1)).toEqual(new Date('2025-06-16T08:00:00Z')) // Monday
    expect(addBusinessDays(friday, 3)).toEqual(new Date('2025-06-18T08:00:00Z')) // Wednesday
    const saturday = new Date('2025-06-14T08:00:00Z')
    expect(addBusinessDays(saturday, 1)).toEqual(new Date('2025-06-16T08:00:00Z'))
    const tuesday = new Date('2025-06-10T08:00:00Z')
    expect(addBusinessDays(tuesday, 2)).toEqual(new Date('2025-06-12T08:00:00Z'))
    expect(addBusinessDays(tuesday, 5)).toEqual(new Date('2025-06-17T08:00:00Z'))
  })

  test('weekdays are Kigali’s: late Friday UTC is already Saturday in Kigali', () => {
    // Friday 22:30 UTC = Saturday 00:30 in Kigali. One business day on is Monday in Kigali (Sunday 22:30 UTC).
    expect(addBusinessDays(new Date('2025-06-13T22:30:00Z'), 1)).toEqual(new Date('2025-06-15T22:30:00Z'))
    // Sunday 22:30 UTC = Monday 00:30 in Kigali: one business day on is Tuesday in Kigali.
    expect(addBusinessDays(new Date('2025-06-15T22:30:00Z'), 1)).toEqual(new Date('2025-06-16T22:30:00Z'))
  })
})
