import { z } from 'zod'

// The analytics page's query string: /vendor-dashboard/analytics?days=7. A bad or missing value means 30 days,
// so a hand-edited URL never fails.

export const ANALYTICS_PERIODS = [7, 30, 90] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30

export const AnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n): n is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly number[]).includes(n))
    .catch(DEFAULT_ANALYTICS_PERIOD),
})

/** The change from `previous` to `current` in whole percent; null when there was nothing before to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null
  return Math.round(((current - previous) / previous) * 100)
}
