import { z } from 'zod'
import type { Locale } from '#app/lib/i18n.tsx'

/** Orders the listing can be sorted in; the first is the default. */
export const productSorts = ['featured', 'price-low', 'price-high', 'rating', 'newest'] as const
export type ProductSort = (typeof productSorts)[number]

export const DEFAULT_PER_PAGE = 24
export const MAX_PER_PAGE = 96

/** Empty strings from a GET form mean "not set". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const slug = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional(),
)

const amount = z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000_000).optional())

/**
 * The listing's filters, parsed from query-string values (`Object.fromEntries(url.searchParams)`).
 * Every field falls back to its default when its value is bad, so a hand-edited URL never fails.
 */
export const ProductFiltersSchema = z.object({
  q: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .transform((s) => s.slice(0, 100))
        .optional(),
    )
    .catch(undefined),
  category: slug.catch(undefined),
  subcategory: slug.catch(undefined),
  min: amount.catch(undefined),
  max: amount.catch(undefined),
  sort: z.enum(productSorts).default('featured').catch('featured'),
  sale: z
    .preprocess(
      (v) => (typeof v === 'string' ? ['on', 'true', '1', 'yes'].includes(v.toLowerCase()) : v),
      z.boolean().optional(),
    )
    .catch(undefined),
  vendorId: z
    .preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional())
    .catch(undefined),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1),
  perPage: z
    .preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE))
    .catch(DEFAULT_PER_PAGE),
})

/** At most this many values of one repeatable filter (size, colour, store) are read; the rest are ignored. */
export const MAX_FILTER_VALUES = 20

/** A size or colour as the vendor typed it: trimmed, 1-40 characters, no control characters. */
function optionValues(values: readonly string[]): string[] | undefined {
  const out: string[] = []
  for (const raw of values) {
    const v = raw.trim()
    if (v.length === 0 || v.length > 40 || /\p{Cc}/u.test(v)) continue
    if (!out.includes(v)) out.push(v)
    if (out.length >= MAX_FILTER_VALUES) break
  }
  return out.length > 0 ? out : undefined
}

/** Store ids: positive 32-bit integers written in digits; anything else is dropped. */
function storeIds(values: readonly string[]): number[] | undefined {
  const out: number[] = []
  for (const raw of values) {
    const v = raw.trim()
    if (!/^[0-9]{1,10}$/.test(v)) continue
    const n = Number(v)
    if (n < 1 || n > 2_147_483_647 || out.includes(n)) continue
    out.push(n)
    if (out.length >= MAX_FILTER_VALUES) break
  }
  return out.length > 0 ? out : undefined
}

/** The lowest average rating asked for: a whole number of stars from 1 to 4. */
function minRatingOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-4]$/.test(value.trim())) return undefined
  return Number(value.trim())
}

export type ProductFilters = {
  q?: string
  /** A department slug, or 'all'. */
  category?: string
  /** A group or item slug under the department (a group includes its items). */
  subcategory?: string
  min?: number
  max?: number
  sort: ProductSort
  sale?: boolean
  vendorId?: number
  /** Products with a variant in one of these sizes (param `size`, repeatable). */
  sizes?: string[]
  /** Products with a variant in one of these colours (param `colour`, repeatable). */
  colours?: string[]
  /** Products rated on average at least this many stars, 1-4 (param `rating`). */
  minRating?: number
  /** Products of these stores, by vendor id (param `store`, repeatable). */
  stores?: number[]
  /** Products with a variant in stock (param `stock`: 'on' or '1'). */
  inStock?: boolean
  /** The reader's language: cards show the vendor's translation of a title in it, where there is one. */
  locale?: Locale
  page: number
  perPage: number
}

/**
 * Parses a query string (or its entries) into filters; never throws. The repeatable filters (size, colour, store)
 * are read with `getAll` from a URLSearchParams; a record gives at most one value each. Bad values are dropped.
 */
export function parseProductFilters(params: URLSearchParams | Record<string, string | undefined>): ProductFilters {
  const input = params instanceof URLSearchParams ? Object.fromEntries(params) : params
  const all = (name: string): string[] => {
    if (params instanceof URLSearchParams) return params.getAll(name)
    const v = params[name]
    return v === undefined ? [] : [v]
  }
  const base = ProductFiltersSchema.parse(input) satisfies Omit<
    ProductFilters,
    'sizes' | 'colours' | 'minRating' | 'stores' | 'inStock'
  >
  const filters: ProductFilters = { ...base }
  const sizes = optionValues(all('size'))
  if (sizes) filters.sizes = sizes
  const colours = optionValues(all('colour'))
  if (colours) filters.colours = colours
  const minRating = minRatingOf(all('rating')[0])
  if (minRating !== undefined) filters.minRating = minRating
  const stores = storeIds(all('store'))
  if (stores) filters.stores = stores
  const stock = all('stock')[0]?.trim().toLowerCase()
  if (stock === 'on' || stock === '1') filters.inStock = true
  return filters
}
