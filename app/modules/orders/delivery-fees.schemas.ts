import { z } from 'zod'
import { readFrancs } from '#app/lib/read-francs.ts'
import { DELIVERY_OPTIONS, DELIVERY_ZONES, type DeliveryFeeTable, type DeliveryZone } from './delivery.ts'

// The staff form of the delivery fees (admin console). Each message is a catalogue id.

/** The most a fee or the threshold can be (integer francs), as the service enforces it. */
export const MAX_DELIVERY_AMOUNT = 10_000_000

/** A whole number of francs, 0 or more; "1,500", "1.500" and "1 500" are read as 1500. */
const amount = z.preprocess(
  (v) => (typeof v === 'string' ? (readFrancs(v) ?? v) : ''),
  z
    .string()
    .min(1, 'admin.fees.error.required')
    .regex(/^\d+$/, 'admin.fees.error.whole')
    .transform(Number)
    .refine((n) => n <= MAX_DELIVERY_AMOUNT, 'admin.fees.error.tooLarge'),
)

/** A field's name: the zone and the option, `kigaliStandard`. */
export function feeField(zone: DeliveryZone, option: (typeof DELIVERY_OPTIONS)[number]) {
  return `${zone}${option === 'standard' ? 'Standard' : 'Express'}` as const
}

export const DeliveryFeesSchema = z
  .object({
    kigaliStandard: amount,
    kigaliExpress: amount,
    secondaryStandard: amount,
    secondaryExpress: amount,
    restStandard: amount,
    restExpress: amount,
    freeStandardAbove: amount,
  })
  .transform((v) => ({
    fees: Object.fromEntries(
      DELIVERY_ZONES.map((zone) => [
        zone,
        Object.fromEntries(DELIVERY_OPTIONS.map((option) => [option, v[feeField(zone, option)]])),
      ]),
    ) as DeliveryFeeTable,
    freeStandardAbove: v.freeStandardAbove,
  }))
