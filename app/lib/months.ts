// Calendar months on Kigali's clock (a vendor's statement, staff figures per month). Rwanda keeps UTC+2 all year
// (no daylight saving), so a month starts at 00:00 in Kigali, 22:00 UTC the day before.

import { KIGALI_OFFSET, onKigaliClock } from './kigali-clock.ts'

export type KigaliMonth = { year: number; month: number }

/** "2026-11" → { year: 2026, month: 11 }; null when it is not a month. */
export function parseMonth(value: string | null | undefined): KigaliMonth | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value ?? '')
  return m ? { year: Number(m[1]), month: Number(m[2]) } : null
}

export function monthKey({ year, month }: KigaliMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`
}

export function addMonths({ year, month }: KigaliMonth, n: number): KigaliMonth {
  const index = year * 12 + (month - 1) + n
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** The Kigali month an instant falls in. */
export function kigaliMonthOf(at: Date): KigaliMonth {
  const local = onKigaliClock(at)
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 }
}

/** The instant a Kigali month begins. */
export function monthStart(m: KigaliMonth): Date {
  return new Date(`${monthKey(m)}-01T00:00:00${KIGALI_OFFSET}`)
}
