import type { DeliveryOption } from './tables.server.ts'

export type { DeliveryOption }

export const RWANDA_TIME_ZONE = 'Africa/Kigali'
/** Prices include 18% VAT (DESIGN.md section 3, point 12). */
export const VAT_RATE_PERCENT = 18

export type DeliveryConfig = {
  /** Same-day express within Kigali, integer francs. */
  expressFee: number
  /** Latest time of day (Africa/Kigali) an express order can be placed, "HH:MM". */
  expressCutoff: string
}

export type DeliveryQuote = {
  option: DeliveryOption
  fee: number
  /** Business days from today; 0 is today. */
  daysMin: number
  daysMax: number
  /** False when the option cannot be chosen for this address at this time; `reason` says why. */
  available: boolean
  reason?: 'express_outside_kigali' | 'express_after_cutoff'
}

export function isKigali(province: string): boolean {
  return province === 'Kigali'
}

/** Minutes after midnight in Kigali (UTC+2 all year, no daylight saving). */
export function kigaliMinutes(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: RWANDA_TIME_ZONE,
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

/**
 * The delivery options for an address at a moment: standard is free everywhere (Kigali 1-2 business days,
 * elsewhere 2-4); same-day express is offered in Kigali before the cut-off, for the configured fee.
 */
export function quoteDelivery(province: string, now: Date, config: DeliveryConfig): DeliveryQuote[] {
  const kigali = isKigali(province)
  const standard: DeliveryQuote = {
    option: 'standard',
    fee: 0,
    daysMin: kigali ? 1 : 2,
    daysMax: kigali ? 2 : 4,
    available: true,
  }
  const beforeCutoff = kigaliMinutes(now) < parseCutoff(config.expressCutoff)
  const express: DeliveryQuote = {
    option: 'express',
    fee: config.expressFee,
    daysMin: 0,
    daysMax: 0,
    available: kigali && beforeCutoff,
    reason: !kigali ? 'express_outside_kigali' : beforeCutoff ? undefined : 'express_after_cutoff',
  }
  return [standard, express]
}

/** The quote for one option, or null when it cannot be chosen. */
export function chooseDelivery(
  province: string,
  option: DeliveryOption,
  now: Date,
  config: DeliveryConfig,
): DeliveryQuote | null {
  const quote = quoteDelivery(province, now, config).find((q) => q.option === option)
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
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: RWANDA_TIME_ZONE, weekday: 'short' }).format(date)
    if (weekday !== 'Sat' && weekday !== 'Sun') left--
  }
  return date
}
