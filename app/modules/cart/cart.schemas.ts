import { z } from 'zod'

// A row id: a positive 32-bit integer (a larger one would reach PostgreSQL's integer column and fail there).
const id = z.coerce.number().int().positive().max(2_147_483_647)

// A size or colour as posted by a radio button; an empty one is no choice.
const choice = z
  .string()
  .trim()
  .max(60)
  .optional()
  .transform((v) => v || undefined)

/** The forms posted to /api/cart. */
export const CartActionSchema = z.discriminatedUnion('intent', [
  // Add a variant: by its id (a product with one variant), or by the product and the size and colour the shopper
  // chose (the product page's and Quick View's radio buttons, posted as they are, so a post made before the
  // page's JavaScript runs adds what was tapped). The action refuses a post with neither.
  z.object({
    intent: z.literal('add'),
    variantId: id.optional(),
    productId: id.optional(),
    size: choice,
    colour: choice,
    quantity: z.coerce.number().int().min(1).max(99).default(1),
  }),
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
  /** A product with several variants was added without a size or colour it has: the shopper must choose. */
  | { ok: false; code: 'choose_variant'; missing: ('size' | 'colour')[] }
  /** The chosen size and colour do not exist together. */
  | { ok: false; code: 'no_such_variant' }
