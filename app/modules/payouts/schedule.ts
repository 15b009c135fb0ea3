/**
 * When scheduled payouts run (PAYOUT_SCHEDULE): `weekly` on Mondays at 08:00 Kigali time (06:00 UTC), `daily` at
 * that hour, or every n hours (`12h`) counted from the same instant; `manual`: no schedule, payouts are made on the
 * vendor's request or by staff. Pure: the clock is the caller's.
 */

/** No scheduled runs: payouts on request and by staff only. */
export const MANUAL_SCHEDULE = 'manual'

/** Monday 5 January 2026, 08:00 in Kigali (UTC+2, no summer time): every slot is this plus whole intervals. */
const ANCHOR = Date.UTC(2026, 0, 5, 6, 0, 0)

export function scheduleIntervalMs(schedule: string): number {
  if (schedule === 'weekly') return 7 * 86_400_000
  if (schedule === 'daily') return 86_400_000
  const hours = /^(\d+)h$/.exec(schedule)
  if (hours) return Number(hours[1]) * 3_600_000
  throw new Error(`PAYOUT_SCHEDULE: expected daily, weekly or hours (12h), got ${schedule}`)
}

/** The latest slot at or before `now`. */
export function lastPayoutSlot(now: Date, schedule: string): Date {
  const every = scheduleIntervalMs(schedule)
  return new Date(ANCHOR + Math.floor((now.getTime() - ANCHOR) / every) * every)
}

/** The first slot after `now`: the next scheduled payout; null without a schedule. */
export function nextPayoutSlot(now: Date, schedule: string): Date | null {
  if (schedule === MANUAL_SCHEDULE) return null
  return new Date(lastPayoutSlot(now, schedule).getTime() + scheduleIntervalMs(schedule))
}
