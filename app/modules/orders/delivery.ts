import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import type { DeliveryOption, DeliveryZoneId } from './tables.server.ts'

export type { DeliveryOption }

/** Prices include 18% VAT (DESIGN.md section 3, point 12). */
export const VAT_RATE_PERCENT = 18

/** Where a parcel goes, for its fee: Kigali, the six secondary cities, or the rest of Rwanda. */
export const DELIVERY_ZONES = ['kigali', 'secondary', 'rest'] as const satisfies readonly DeliveryZoneId[]
export type DeliveryZone = (typeof DELIVERY_ZONES)[number]
export const DELIVERY_OPTIONS = ['standard', 'express'] as const satisfies readonly DeliveryOption[]

/** The districts of the six designated secondary cities (districts as the places tree spells them). */
export const SECONDARY_CITY_DISTRICTS = ['Huye', 'Muhanga', 'Musanze', 'Nyagatare', 'Rubavu', 'Rusizi'] as const

/** The zone of a place: Kigali's province (its three districts), a secondary city's district, else the rest. */
export function zoneOf(place: { province: string; district: string }): DeliveryZone {
  if (isKigali(place.province)) return 'kigali'
  return (SECONDARY_CITY_DISTRICTS as readonly string[]).includes(place.district) ? 'secondary' : 'rest'
}

/** Integer francs per zone and option. */
export type DeliveryFeeTable = Record<DeliveryZone, Record<DeliveryOption, number>>

export type DeliveryConfig = {
  /** The fees staff set, by zone and option. */
  fees: DeliveryFeeTable
  /** Standard delivery is free for an order of at least this value (the items' total, integer francs). */
  freeStandardAbove: number
  /** Latest time of day (Africa/Kigali) an express order can be placed, "HH:MM". */
  expressCutoff: string
}

export type DeliveryQuote = {
  option: DeliveryOption
  fee: number
  /** Business days from today; 0 is today. */
  daysMin: number
  daysMax: number
  /** False when the option cannot be chosen at this time; `reason` says why. */
  available: boolean
  reason?: 'express_after_cutoff'
}

export function isKigali(province: string): boolean {
  return province === 'Kigali'
}

/** Minutes after midnight in Kigali (UTC+2 all year, no daylight saving). */
export function kigaliMinutes(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: KIGALI_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return get('hour') * 60 + get('minute')
}

export function parseCutoff(value: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value)
  if (!match) throw new Error(`Invalid cut-off time "${value}" (expected HH:MM)`)
  return Number(match[1]) * 60 + Number(match[2])
}

/** The standard fee for an order of `subtotal` to a zone: nothing from the free-delivery threshold on. */
export function standardFee(zone: DeliveryZone, subtotal: number, config: Omit<DeliveryConfig, 'expressCutoff'>) {
  return standardFeeAbove(config.fees[zone].standard, subtotal, config.freeStandardAbove)
}

/** A standard fee of `fee` for an order of `subtotal`: nothing from the free-delivery threshold on. */
export function standardFeeAbove(fee: number, subtotal: number, freeStandardAbove: number): number {
  return subtotal >= freeStandardAbove ? 0 : fee
}

/**
 * The delivery options for an order of `subtotal` to a place at a moment, each with the fee of the place's zone:
 * standard (Kigali 1-2 business days, elsewhere 2-4), free from the threshold on; express before the cut-off
 * (same day in Kigali, the next business day elsewhere).
 */
export function quoteDelivery(
  place: { province: string; district: string },
  subtotal: number,
  now: Date,
  config: DeliveryConfig,
): DeliveryQuote[] {
  const zone = zoneOf(place)
  const kigali = zone === 'kigali'
  const standard: DeliveryQuote = {
    option: 'standard',
    fee: standardFee(zone, subtotal, config),
    daysMin: kigali ? 1 : 2,
    daysMax: kigali ? 2 : 4,
    available: true,
  }
  const beforeCutoff = kigaliMinutes(now) < parseCutoff(config.expressCutoff)
  const express: DeliveryQuote = {
    option: 'express',
    fee: config.fees[zone].express,
    daysMin: kigali ? 0 : 1,
    daysMax: kigali ? 0 : 1,
    available: beforeCutoff,
    reason: beforeCutoff ? undefined : 'express_after_cutoff',
  }
  return [standard, express]
}

/** The quote for one option, or null when it cannot be chosen. */
export function chooseDelivery(
  place: { province: string; district: string },
  option: DeliveryOption,
  subtotal: number,
  now: Date,
  config: DeliveryConfig,
): DeliveryQuote | null {
  const quote = quoteDelivery(place, subtotal, now, config).find((q) => q.option === option)
  return quote?.available ? quote : null
}

/** The VAT part of a VAT-inclusive amount (integer francs, rounded to the nearest franc). */
export function vatIncluded(amount: number, ratePercent = VAT_RATE_PERCENT): number {
  return Math.round((amount * ratePercent) / (100 + ratePercent))
}

/** The calendar date `days` business days (Monday to Friday, Kigali) after `now`; 0 is today. */
export function addBusinessDays(now: Date, days: number): Date {
  const date = new Date(now.getTime())
  let left = days
  while (left > 0) {
    date.setTime(date.getTime() + 86_400_000)
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: KIGALI_TIME_ZONE, weekday: 'short' }).format(date)
    if (weekday !== 'Sat' && weekday !== 'Sun') left--
  }
  return date
}
