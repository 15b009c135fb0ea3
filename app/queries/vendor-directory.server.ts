// The public vendor directory and store page: approved stores with figures counted from the catalogue's products
// and reviews and the stores' followers. A read-only join across the vendors and catalog modules, so it lives here
// (docs/decisions/0006-module-ownership.md) rather than in either module.

import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { escapeLike } from '#app/lib/like.ts'
import { products, reviews } from '#app/modules/catalog/tables.server.ts'
import { isOpenNow, kigaliWeekMinute, type OpeningHours } from '#app/modules/vendors/opening-hours.ts'
import { follows, type VendorPolicies, vendors } from '#app/modules/vendors/tables.server.ts'
import {
  KIGALI_DISTRICTS,
  locationSlug,
  VENDORS_PER_PAGE,
  type VendorFilters,
  type VendorSort,
} from '#app/modules/vendors/vendors.schemas.ts'

// ---------------------------------------------------------------------------------------------------------------
// Clock: opening hours and years are read in Kigali's time zone. `now` is injectable for tests.
// ---------------------------------------------------------------------------------------------------------------

export type ClockOptions = { now?: Date }

const kigaliParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: KIGALI_TIME_ZONE,
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The year and the minutes after midnight at this instant in Kigali. */
export function kigaliClock(now: Date): { year: number; minutes: number } {
  let year = 0
  let hour = 0
  let minute = 0
  for (const part of kigaliParts.formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value)
    else if (part.type === 'hour') hour = Number(part.value) % 24
    else if (part.type === 'minute') minute = Number(part.value)
  }
  return { year, minutes: hour * 60 + minute }
}

/** The year an instant falls in, in Kigali. */
function kigaliYear(date: Date): number {
  return kigaliClock(date).year
}

/**
 * Whether a store with these opening hours (minutes after midnight) is open at `minutes`. Hours that pass midnight
 * (opens 20:00, closes 02:00) are understood; equal opening and closing times mean the store is closed.
 */
export function isOpenAt(opensAt: number, closesAt: number, minutes: number): boolean {
  if (opensAt === closesAt) return false
  if (opensAt < closesAt) return minutes >= opensAt && minutes < closesAt
  return minutes >= opensAt || minutes < closesAt
}

/**
 * The rule of `isOpenNow` (app/modules/vendors/opening-hours.ts) as a condition on the vendors table: within
 * today's hours, or yesterday's when they run past midnight. A store without hours is never open.
 */
function openCondition(now: Date): SQL {
  const { day, minutes } = kigaliWeekMinute(now)
  const yesterday = (day + 6) % 7
  const open = (d: number) => sql`(${vendors.openingHours} -> ${sql.raw(String(d))} ->> 'open')::int`
  const close = (d: number) => sql`(${vendors.openingHours} -> ${sql.raw(String(d))} ->> 'close')::int`
  return sql`(
    (${open(day)} < ${close(day)} and ${open(day)} <= ${minutes} and ${minutes} < ${close(day)})
    or (${close(day)} <= ${open(day)} and ${minutes} >= ${open(day)})
    or (${close(yesterday)} <= ${open(yesterday)} and ${minutes} < ${close(yesterday)})
  )`
}

// ---------------------------------------------------------------------------------------------------------------
// Figures: products, reviews, followers. Always computed from the rows, never stored.
// ---------------------------------------------------------------------------------------------------------------

export type VendorStats = {
  productCount: number
  reviewCount: number
  rating: number | null
  happyCount: number
  followerCount: number
}

const emptyStats: VendorStats = { productCount: 0, reviewCount: 0, rating: null, happyCount: 0, followerCount: 0 }

/** Only the vendor's active products, and the reviews of those, count. */
const activeProduct = eq(products.status, 'active')

/** The figures of these vendors, by vendor id (a vendor without any row gets zeros). */
async function statsOf(ctx: ServiceContext, ids: number[]): Promise<Map<number, VendorStats>> {
  const result = new Map<number, VendorStats>(ids.map((id) => [id, { ...emptyStats }]))
  if (ids.length === 0) return result
  const [productRows, reviewRows, followerRows] = await Promise.all([
    ctx.db
      .select({ vendorId: products.vendorId, n: count() })
      .from(products)
      .where(and(activeProduct, inArray(products.vendorId, ids)))
      .groupBy(products.vendorId),
    ctx.db
      .select({
        vendorId: products.vendorId,
        n: count(),
        average: sql<string | number | null>`avg(${reviews.rating})`,
        happy: sql<string | number>`count(*) filter (where ${reviews.rating} >= 4)`,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(activeProduct, inArray(products.vendorId, ids)))
      .groupBy(products.vendorId),
    ctx.db
      .select({ vendorId: follows.vendorId, n: count() })
      .from(follows)
      .where(inArray(follows.vendorId, ids))
      .groupBy(follows.vendorId),
  ])
  for (const r of productRows) {
    const s = result.get(r.vendorId)
    if (s) s.productCount = Number(r.n)
  }
  for (const r of reviewRows) {
    const s = result.get(r.vendorId)
    if (!s) continue
    s.reviewCount = Number(r.n)
    s.happyCount = Number(r.happy)
    s.rating = s.reviewCount > 0 && r.average != null ? Math.round(Number(r.average) * 10) / 10 : null
  }
  for (const r of followerRows) {
    const s = result.get(r.vendorId)
    if (s) s.followerCount = Number(r.n)
  }
  return result
}

/** One store's figures, whatever its status: its owner sees them on the dashboard before it is public. */
export async function getVendorStats(ctx: ServiceContext, vendorId: number): Promise<VendorStats> {
  return (await statsOf(ctx, [vendorId])).get(vendorId) ?? { ...emptyStats }
}

// ---------------------------------------------------------------------------------------------------------------
// The vendor list
// ---------------------------------------------------------------------------------------------------------------

export type VendorCardData = {
  id: number
  name: string
  description: string
  district: string
  city: string
  /** Average of the reviews of the vendor's active products, one decimal; null without reviews. */
  rating: number | null
  reviewCount: number
  /** Active products. */
  productCount: number
  followerCount: number
  /** Current year minus the year the vendor joined, in Kigali, at least 0. */
  yearsActive: number
  /** Department slugs. */
  categories: string[]
  verified: boolean
  /** Open now by the hours its owner set (Kigali time); null when it has set none (nothing is claimed then). */
  isOnline: boolean | null
  avatarColours: [string, string]
  avatarKey: string | null
}

/** A value of the location filter: 'kigali', a Kigali district, or another district or city among the vendors. */
export type VendorLocation = { value: string; name: string }

export type VendorListing = {
  items: VendorCardData[]
  total: number
  page: number
  pageCount: number
  /** Every location the filter offers, 'kigali' and its three districts first. */
  locations: VendorLocation[]
  /** The filters as applied: a category or location that does not exist reads as undefined ('all'). */
  applied: { category?: string; location?: string }
}

export type ListVendorsInput = Partial<VendorFilters> & { perPage?: number; departments?: string[] }

/** Only approved vendors are public. */
const isPublic = eq(vendors.status, 'approved')
/** The directory lists the public stores that are open for business (not closed for a while by their owner). */
const isListed = and(isPublic, isNull(vendors.closedAt))

const cardColumns = {
  id: vendors.id,
  name: vendors.name,
  description: vendors.description,
  district: vendors.district,
  city: vendors.city,
  categories: vendors.categories,
  verified: vendors.verified,
  openingHours: vendors.openingHours,
  closedAt: vendors.closedAt,
  avatarColours: vendors.avatarColours,
  avatarKey: vendors.avatarKey,
  joinedAt: vendors.joinedAt,
}

type CardRow = {
  id: number
  name: string
  description: string
  district: string
  city: string
  categories: string[]
  verified: boolean
  openingHours: OpeningHours | null
  closedAt: Date | null
  avatarColours: [string, string]
  avatarKey: string | null
  joinedAt: Date
}

function toCard(row: CardRow, stats: VendorStats, clock: { year: number }, now: Date): VendorCardData {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    district: row.district,
    city: row.city,
    rating: stats.rating,
    reviewCount: stats.reviewCount,
    productCount: stats.productCount,
    followerCount: stats.followerCount,
    yearsActive: Math.max(0, clock.year - kigaliYear(row.joinedAt)),
    categories: row.categories,
    verified: row.verified,
    isOnline: row.openingHours?.some(Boolean) ? isOpenNow(row.openingHours, now) : null,
    avatarColours: row.avatarColours,
    avatarKey: row.avatarKey,
  }
}

/** Every word must appear in the vendor's name, description, district or city. */
function searchCondition(q: string): SQL | undefined {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6)
  if (words.length === 0) return undefined
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`
      return or(
        ilike(vendors.name, pattern),
        ilike(vendors.description, pattern),
        ilike(vendors.district, pattern),
        ilike(vendors.city, pattern),
      ) as SQL
    }),
  )
}

/** The district and city names of approved vendors, and the location filter's values built from them. */
async function loadLocations(ctx: ServiceContext) {
  const rows = await ctx.db
    .selectDistinct({ district: vendors.district, city: vendors.city })
    .from(vendors)
    .where(isPublic)
  const fixed: VendorLocation[] = [
    { value: 'kigali', name: 'Kigali' },
    { value: 'gasabo', name: 'Gasabo' },
    { value: 'nyarugenge', name: 'Nyarugenge' },
    { value: 'kicukiro', name: 'Kicukiro' },
  ]
  const others = new Map<string, string>()
  for (const name of rows.flatMap((r) => [r.district, r.city])) {
    const value = locationSlug(name)
    if (value && !fixed.some((f) => f.value === value) && !others.has(value)) others.set(value, name.trim())
  }
  const rest = [...others].map(([value, name]) => ({ value, name })).sort((a, b) => a.name.localeCompare(b.name))
  return { rows, locations: [...fixed, ...rest] }
}

/** The condition of a location value, or undefined when the value is not one of the offered locations. */
function locationCondition(
  location: string,
  rows: { district: string; city: string }[],
  locations: VendorLocation[],
): SQL | undefined {
  if (!locations.some((l) => l.value === location)) return undefined
  const matches = (name: string) =>
    location === 'kigali'
      ? (KIGALI_DISTRICTS as readonly string[]).includes(locationSlug(name)) || locationSlug(name) === 'kigali'
      : locationSlug(name) === location
  const districts = [...new Set(rows.map((r) => r.district).filter(matches))]
  const cities = [...new Set(rows.map((r) => r.city).filter(matches))]
  // A fixed location nobody is in yet: a valid filter with no result.
  if (districts.length === 0 && cities.length === 0) return sql`false`
  return or(
    districts.length ? inArray(vendors.district, districts) : undefined,
    cities.length ? inArray(vendors.city, cities) : undefined,
  )
}

/** Aggregates over every public vendor's rows, for the sorts that order by a figure. */
function rankingSubqueries(ctx: ServiceContext) {
  const productStats = ctx.db
    .select({ vendorId: products.vendorId, productCount: count().as('product_count') })
    .from(products)
    .where(activeProduct)
    .groupBy(products.vendorId)
    .as('product_stats')
  const reviewStats = ctx.db
    .select({
      vendorId: products.vendorId,
      reviewCount: count().as('review_count'),
      ratingAverage: sql<number>`round(avg(${reviews.rating}), 1)`.as('rating_average'),
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(activeProduct)
    .groupBy(products.vendorId)
    .as('review_stats')
  return { productStats, reviewStats }
}

/**
 * A page of approved vendors matching the filters, with their figures; the number of matches; and the locations
 * the filter offers. `departments` lists the department slugs a category must be one of (others read as 'all').
 */
export async function listVendors(
  ctx: ServiceContext,
  filters: ListVendorsInput = {},
  options: ClockOptions = {},
): Promise<VendorListing> {
  const now = options.now ?? new Date()
  const clock = kigaliClock(now)
  const perPage = Math.min(Math.max(Math.trunc(filters.perPage ?? VENDORS_PER_PAGE) || VENDORS_PER_PAGE, 1), 60)
  const sort: VendorSort = filters.sort ?? 'featured'

  const { rows: places, locations } = await loadLocations(ctx)
  const location = filters.location ? locationCondition(filters.location, places, locations) : undefined
  const category =
    filters.category && (!filters.departments || filters.departments.includes(filters.category))
      ? filters.category
      : undefined

  const where = and(
    isListed,
    filters.q ? searchCondition(filters.q) : undefined,
    category ? sql`${vendors.categories} @> ${JSON.stringify([category])}::jsonb` : undefined,
    location,
    filters.verified ? eq(vendors.verified, true) : undefined,
    filters.online ? openCondition(now) : undefined,
  )

  const [totals] = await ctx.db.select({ n: count() }).from(vendors).where(where)
  const total = Number(totals?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(Math.trunc(filters.page ?? 1) || 1, 1), pageCount)
  const applied = { category, location: location ? filters.location : undefined }
  if (total === 0) return { items: [], total, page, pageCount, locations, applied }

  let rows: CardRow[]
  if (sort === 'featured' || sort === 'newest') {
    rows = await ctx.db
      .select(cardColumns)
      .from(vendors)
      .where(where)
      .orderBy(
        ...(sort === 'newest'
          ? [desc(vendors.joinedAt), desc(vendors.id)]
          : [desc(vendors.featuredScore), asc(vendors.id)]),
      )
      .limit(perPage)
      .offset((page - 1) * perPage)
  } else {
    const { productStats, reviewStats } = rankingSubqueries(ctx)
    const productCount = sql`coalesce(${productStats.productCount}, 0)`
    const reviewCount = sql`coalesce(${reviewStats.reviewCount}, 0)`
    const order: SQL[] =
      sort === 'rating'
        ? [sql`${reviewStats.ratingAverage} desc nulls last`, desc(reviewCount), asc(vendors.id)]
        : sort === 'reviews'
          ? [desc(reviewCount), sql`${reviewStats.ratingAverage} desc nulls last`, asc(vendors.id)]
          : [desc(productCount), asc(vendors.id)]
    rows = await ctx.db
      .select(cardColumns)
      .from(vendors)
      .leftJoin(productStats, eq(productStats.vendorId, vendors.id))
      .leftJoin(reviewStats, eq(reviewStats.vendorId, vendors.id))
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage)
  }

  const stats = await statsOf(
    ctx,
    rows.map((r) => r.id),
  )
  const items = rows.map((r) => toCard(r, stats.get(r.id) ?? emptyStats, clock, now))
  return { items, total, page, pageCount, locations, applied }
}

// ---------------------------------------------------------------------------------------------------------------
// The store page
// ---------------------------------------------------------------------------------------------------------------

export type VendorStoreData = VendorCardData & {
  about: string
  specialties: string[]
  policies: VendorPolicies
  responseTime: string
  bannerKey: string | null
  /** ISO timestamp. */
  joinedAt: string
  /** Current year minus the year joined, at least 0: 0 shows 'New on Isoko'. */
  yearsOnIsoko: number
  /** Share of reviews rated 4 or 5, a whole percent; null without reviews. */
  satisfaction: number | null
  /** Opening hours as the owner set them (Monday first, minutes after midnight in Kigali); null when none. */
  openingHours: OpeningHours | null
  /** Closed for a while by its owner: the page says so, and nothing is listed. */
  closed: boolean
}

/** Everything the store page shows about an approved vendor, or null when there is no such public vendor. */
export async function findVendorStore(
  ctx: ServiceContext,
  id: number,
  options: ClockOptions = {},
): Promise<VendorStoreData | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null
  const [row] = await ctx.db
    .select({
      ...cardColumns,
      about: vendors.about,
      specialties: vendors.specialties,
      policies: vendors.policies,
      responseTime: vendors.responseTime,
      bannerKey: vendors.bannerKey,
    })
    .from(vendors)
    .where(and(isPublic, eq(vendors.id, id)))
    .limit(1)
  if (!row) return null
  const now = options.now ?? new Date()
  const clock = kigaliClock(now)
  const stats = (await statsOf(ctx, [row.id])).get(row.id) ?? emptyStats
  const card = toCard(row, stats, clock, now)
  return {
    ...card,
    about: row.about,
    specialties: row.specialties,
    policies: row.policies,
    responseTime: row.responseTime,
    bannerKey: row.bannerKey,
    joinedAt: row.joinedAt.toISOString(),
    yearsOnIsoko: card.yearsActive,
    satisfaction: stats.reviewCount > 0 ? Math.round((stats.happyCount / stats.reviewCount) * 100) : null,
    openingHours: row.openingHours?.some(Boolean) ? row.openingHours : null,
    closed: row.closedAt !== null,
  }
}
