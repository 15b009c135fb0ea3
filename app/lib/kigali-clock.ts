// Kigali's clock: two hours ahead of UTC all year (Rwanda keeps no summer time), so a date, a month or a time of day
// there is plain arithmetic on the instant. Every module that reads Kigali's wall clock takes it from here.

/** Rwanda's time zone, for Intl and PostgreSQL (`AT TIME ZONE`). */
export const KIGALI_TIME_ZONE = 'Africa/Kigali'

/** UTC+2, in milliseconds. */
export const KIGALI_OFFSET_MS = 2 * 60 * 60 * 1000

/** UTC+2 as an ISO 8601 offset: `${date}T00:00:00${KIGALI_OFFSET}` is the instant a Kigali day begins. */
export const KIGALI_OFFSET = '+02:00'

/** The instant a Kigali day (YYYY-MM-DD) begins, or the one `plusDays` later (every day there is 24 hours long). */
export function kigaliDayStart(day: string, plusDays = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00${KIGALI_OFFSET}`) + plusDays * 86_400_000)
}

/** The instant moved to Kigali's wall clock: read its date and time with the getUTC… methods. */
export function onKigaliClock(at: Date | number): Date {
  return new Date(Number(at) + KIGALI_OFFSET_MS)
}
