import { z } from 'zod'

// A row id: a positive 32-bit integer (a larger one would reach PostgreSQL's integer column and fail there).
const id = z.coerce.number().int().positive().max(2_147_483_647)

/** The forms posted to /api/cart. */
export const CartActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), variantId: id, quantity: z.coerce.number().int().min(1).max(99).default(1) }),
  z.object({ intent: z.literal('set'), variantId: id, quantity: z.coerce.number().int().min(-1).max(999) }),
  z.object({ intent: z.literal('remove'), variantId: id }),
  z.object({ intent: z.literal('clear') }),
])

/** The forms posted to /api/favorites. */
export const FavouriteActionSchema = z.object({
  intent: z.enum(['toggle', 'add', 'remove']),
  productId: id,
})

export type CartOutcome =
  | { ok: true; quantity: number }
  | { ok: false; code: 'out_of_stock' | 'stock_limit' | 'not_found'; available?: number }
