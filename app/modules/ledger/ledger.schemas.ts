import { z } from 'zod'
import { KIGALI_OFFSET, KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import type { CommissionScope } from './tables.server.ts'

// The staff form that adds a commission rule (admin console). Each message is a catalogue id.

export const COMMISSION_SCOPES = ['platform', 'category', 'store'] as const satisfies readonly CommissionScope[]

/** Today's date in Kigali, YYYY-MM-DD. */
export function kigaliDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: KIGALI_TIME_ZONE }).format(now)
}

function isDay(date: string): boolean {
  const at = new Date(`${date}T00:00:00${KIGALI_OFFSET}`)
  return !Number.isNaN(at.getTime()) && kigaliDate(at) === date
}

const id = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined),
  z.number().int().positive().optional(),
)

/**
 * A rule: its scope and target (a category or a store), a rate in percent (up to two decimals, 0 to 100) and the
 * Kigali date it takes effect, today or later (a rule never reaches back to orders already placed).
 */
export function commissionRuleSchema(now: Date) {
  const today = kigaliDate(now)
  return z
    .object({
      scope: z.enum(COMMISSION_SCOPES, 'admin.commission.error.scope'),
      categoryId: id,
      storeId: id,
      rate: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().replace(/%$/, '').trim().replace(',', '.') : ''),
        z
          .string()
          .min(1, 'admin.commission.error.rate')
          .regex(/^\d{1,3}(\.\d{1,2})?$/, 'admin.commission.error.rate')
          .transform((v) => Math.round(Number(v) * 100))
          .refine((bps) => bps <= 10_000, 'admin.commission.error.rate'),
      ),
      effectiveFrom: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : ''),
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'admin.commission.error.date')
          // A real day: 2026-02-31 would otherwise roll over into March.
          .refine((d) => isDay(d), 'admin.commission.error.date')
          .refine((d) => d >= today, 'admin.commission.error.past'),
      ),
    })
    .superRefine((v, ctx) => {
      if (v.scope === 'category' && !v.categoryId) {
        ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'admin.commission.error.category' })
      }
      if (v.scope === 'store' && !v.storeId) {
        ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'admin.commission.error.store' })
      }
    })
    .transform((v) => {
      // The start of that day in Kigali; today's rule starts now (never before the moment it is saved).
      const start = new Date(`${v.effectiveFrom}T00:00:00${KIGALI_OFFSET}`)
      return {
        scope: v.scope,
        scopeId: v.scope === 'category' ? (v.categoryId ?? null) : v.scope === 'store' ? (v.storeId ?? null) : null,
        rateBps: v.rate,
        effectiveFrom: start.getTime() < now.getTime() ? now : start,
      }
    })
}
