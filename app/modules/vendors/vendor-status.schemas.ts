import { z } from 'zod'
import { vendorStatusActions, vendorStatuses } from './vendor-status.ts'

// The admin console's forms and query strings (in their own file: zod stays out of the console's browser code,
// which only needs the transition table).

/**
 * The admin console's status form: which store, what to do, and why. Whether a reason is needed, and whether the
 * change is allowed at all, is the status machine's call (changeVendorStatus), not the form's.
 */
export const VendorStatusFormSchema = z.object({
  intent: z.enum(vendorStatusActions),
  vendorId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
  reason: z.string().max(10_000).optional().default(''),
})

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** The applications queue's query string; a bad value falls back to its default, so a hand-edited URL never fails. */
export const VendorApplicationsQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(vendorStatuses).optional()).catch(undefined),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1),
  sort: z.preprocess(blankToUndefined, z.enum(['oldest', 'newest']).default('oldest')).catch('oldest'),
})

/** Staff grant or remove the Verified badge, always with a reason (setVendorVerified checks it again). */
export const VerifiedFormSchema = z.object({
  intent: z.enum(['verify', 'unverify']),
  reason: z.string().trim().min(1).max(500),
})
