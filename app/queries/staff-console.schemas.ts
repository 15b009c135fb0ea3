import { z } from 'zod'

// The query strings of the console's stores, customers and products tables: a bad value falls back to its default,
// so a hand-edited URL never fails.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const q = z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined)
const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1)

export const StaffStoresQuerySchema = z.object({
  q,
  status: z.preprocess(blankToUndefined, z.enum(['approved', 'suspended']).optional()).catch(undefined),
  page,
})

export const StaffCustomersQuerySchema = z.object({ q, page })

export const StaffProductsQuerySchema = z.object({
  q,
  view: z.preprocess(blankToUndefined, z.enum(['all', 'listed', 'hidden', 'queue']).default('all')).catch('all'),
  store: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()).catch(undefined),
  page,
})

const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647))

/** Hide (with a reason), unhide, or mark reviewed: one product. */
export const ProductModerationFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('hide'), productId: id, reason: z.string().max(10_000).default('') }),
  z.object({ intent: z.literal('unhide'), productId: id }),
  z.object({ intent: z.literal('reviewed'), productId: id }),
])

/** Add, rename, move, hide or show a category. */
export const CategoryFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    parentId: z.union([z.literal(''), id]).default(''),
    en: z.string().max(1000).default(''),
    rw: z.string().max(1000).default(''),
    fr: z.string().max(1000).default(''),
  }),
  z.object({
    intent: z.literal('rename'),
    categoryId: id,
    en: z.string().max(1000).default(''),
    rw: z.string().max(1000).default(''),
    fr: z.string().max(1000).default(''),
  }),
  z.object({ intent: z.literal('move'), categoryId: id, parentId: z.union([z.literal(''), id]).default('') }),
  z.object({ intent: z.literal('hide'), categoryId: id }),
  z.object({ intent: z.literal('show'), categoryId: id }),
])
