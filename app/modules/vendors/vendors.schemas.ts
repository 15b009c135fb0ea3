import { z } from 'zod'

/** Orders the vendor list can be sorted in (prototype section 9); the first is the default. */
export const vendorSorts = ['featured', 'rating', 'reviews', 'products', 'newest'] as const
export type VendorSort = (typeof vendorSorts)[number]

/** Orders of the products grid on a vendor's store page (prototype section 9); the first is the default. */
export const storeProductSorts = ['featured', 'price-low', 'price-high', 'newest'] as const
export type StoreProductSort = (typeof storeProductSorts)[number]

export const VENDORS_PER_PAGE = 12
export const STORE_PRODUCTS_PER_PAGE = 12

/** The districts of the City of Kigali: the 'kigali' location covers all three. */
export const KIGALI_DISTRICTS = ['gasabo', 'nyarugenge', 'kicukiro'] as const

/** The city a store's address names: 'Kigali' for a district of the City of Kigali, elsewhere the district itself. */
export function cityOfDistrict(district: string): string {
  const name = district.trim()
  return (KIGALI_DISTRICTS as readonly string[]).includes(name.toLowerCase()) ? 'Kigali' : name
}

/** Empty strings from a GET form mean "not set". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** '1', 'on', 'true', 'yes' from a checkbox or a hand-written link. */
const flag = z
  .preprocess(
    (v) => (typeof v === 'string' ? ['1', 'on', 'true', 'yes'].includes(v.trim().toLowerCase()) : v),
    z.boolean().default(false),
  )
  .catch(false)

const page = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1)

const text = z
  .preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((s) => s.slice(0, 100))
      .optional(),
  )
  .catch(undefined)

/** A slug-like value, lower-cased; 'all' or anything malformed means "no filter". */
const choice = z
  .preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,60}$/)
      .optional(),
  )
  .transform((v) => (v === 'all' ? undefined : v))
  .catch(undefined)

/**
 * The vendor list's filters from its query string. Every field falls back to its default when its value is bad,
 * so a hand-edited URL never fails. Whether a category or location exists is checked by the service.
 */
export const VendorFiltersSchema = z.object({
  q: text,
  /** A department slug. */
  category: choice,
  /** 'kigali', or a district or city slug present among the vendors. */
  location: choice,
  verified: flag,
  online: flag,
  sort: z.enum(vendorSorts).default('featured').catch('featured'),
  page,
})

export type VendorFilters = z.infer<typeof VendorFiltersSchema>

/** Parses a query string (or its entries) into filters; never throws. */
export function parseVendorFilters(params: URLSearchParams | Record<string, string | undefined>): VendorFilters {
  const input = params instanceof URLSearchParams ? Object.fromEntries(params) : params
  return VendorFiltersSchema.parse(input)
}

/** The store page's products grid: search, sort and page, each falling back to its default. */
export const StoreProductsQuerySchema = z.object({
  q: text,
  sort: z.enum(storeProductSorts).default('featured').catch('featured'),
  page,
})

export type StoreProductsQuery = z.infer<typeof StoreProductsQuerySchema>

export function parseStoreProductsQuery(params: URLSearchParams): StoreProductsQuery {
  return StoreProductsQuerySchema.parse(Object.fromEntries(params))
}

/** A vendor id from the URL: a positive 32-bit integer written in plain digits ('abc', '1.5', '-3', '01' are not). */
export const VendorIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647))

/** The store page's id: 1 when the URL has none (prototype section 2), null when it is not a valid id. */
export function parseVendorId(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return 1
  const parsed = VendorIdSchema.safeParse(raw)
  return parsed.success ? parsed.data : null
}

/** The slug a location is filtered by: 'Gasabo' → 'gasabo', 'Rubavu (Gisenyi)' → 'rubavu-gisenyi'. */
export function locationSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
