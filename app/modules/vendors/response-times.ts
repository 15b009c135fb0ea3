/**
 * How soon a store answers, chosen from a list that each language can say (issue 14: a store's page reads in the
 * visitor's language, not as the vendor typed it). Shown as `vendors.responseTime.<key>`; a value from before the
 * list (migration 0013 read the old texts as the nearest choice) is shown as it is.
 */
export const RESPONSE_TIMES = ['hour', 'hours', 'day', 'days'] as const
export type ResponseTime = (typeof RESPONSE_TIMES)[number]

export function isResponseTime(value: string): value is ResponseTime {
  return (RESPONSE_TIMES as readonly string[]).includes(value)
}
