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
  // Minimal stand-in for the search branch's filters (issue 16): that branch's version replaces these lines.
  sizes?: string[]
  colours?: string[]
  minRating?: number
  stores?: number[]
  inStock?: boolean
  /** The reader's language: cards show the vendor's translation of a title in it, where there is one. */
  locale?: Locale
  page: number
  perPage: number
}

/** Parses a query string (or its entries) into filters; never throws. */
export function parseProductFilters(params: URLSearchParams | Record<string, string | undefined>): ProductFilters {
  const input = params instanceof URLSearchParams ? Object.fromEntries(params) : params
  const filters: ProductFilters = ProductFiltersSchema.parse(input)
  // Minimal stand-in for the search branch's parser of the repeatable filters (issue 16); theirs replaces it.
  if (!(params instanceof URLSearchParams)) return filters
  const texts = (name: string) =>
    [...new Set(params.getAll(name).map((v) => v.trim()))].filter((v) => v && v.length <= 40).slice(0, 20)
  const sizes = texts('size')
  const colours = texts('colour')
  const stores = [...new Set(params.getAll('store').filter((v) => /^[0-9]{1,9}$/.test(v)))].map(Number).slice(0, 20)
  const rating = params.get('rating')?.trim()
  if (sizes.length) filters.sizes = sizes
  if (colours.length) filters.colours = colours
  if (stores.length) filters.stores = stores.filter((n) => n > 0)
  if (rating && /^[1-4]$/.test(rating)) filters.minRating = Number(rating)
  if (['1', 'on'].includes(params.get('stock')?.trim() ?? '')) filters.inStock = true
  return filters
}
