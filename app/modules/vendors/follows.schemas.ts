import { z } from 'zod'
import { VendorIdSchema } from './vendors.schemas.ts'

/** The Follow button's post (/api/follow): what to do, and to which store. */
export const FollowActionSchema = z.object({
  intent: z.enum(['follow', 'unfollow']),
  vendorId: VendorIdSchema,
})

export type FollowAction = z.infer<typeof FollowActionSchema>
