// A store's opening hours, as its owner sets them in the workspace settings and the store page shows them. Kigali
// has one offset all year (UTC+2, no summer time), so a weekday and a time of day there are plain arithmetic.

import { onKigaliClock } from '#app/lib/kigali-clock.ts'

/** One day's hours in minutes after midnight, Kigali time. `close` ≤ `open` means the store closes after midnight. */
export type DayHours = { open: number; close: number }

/** Monday first, seven entries; null for a day the store is closed. */
export type OpeningHours = (DayHours | null)[]

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** The weekday (0 = Monday) and the minutes after midnight of an instant, in Kigali. */
export function kigaliWeekMinute(at: Date): { day: number; minutes: number } {
  const local = onKigaliClock(at)
  return { day: (local.getUTCDay() + 6) % 7, minutes: local.getUTCHours() * 60 + local.getUTCMinutes() }
}

/** Whether hours name at least one open day (an all-closed week is kept as no hours at all). */
export function hasHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return Array.isArray(hours) && hours.some((d) => d !== null)
}

/**
 * Whether the store is open at an instant by its own hours: within today's hours, or within yesterday's when they
 * run past midnight. False when no hours are set (nothing is claimed then).
 */
export function isOpenNow(hours: OpeningHours | null | undefined, at: Date): boolean {
  if (!hasHours(hours)) return false
  const { day, minutes } = kigaliWeekMinute(at)
  const today = hours[day]
  if (today) {
    if (today.open < today.close && minutes >= today.open && minutes < today.close) return true
    if (today.close <= today.open && minutes >= today.open) return true
  }
  const yesterday = hours[(day + 6) % 7]
  return !!yesterday && yesterday.close <= yesterday.open && minutes < yesterday.close
}

/** "08:30" for 510 minutes; 24:00 is written 00:00. */
export function timeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** "08:30" (or "8:30") as minutes after midnight; null when it is not a time of day. */
export function parseTimeOfDay(value: string): number | null {
  const m = value.trim().match(/^([01]?\d|2[0-3])[:.hH]([0-5]\d)$/)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}
