import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { clearListingCaches } from '#app/lib/listing-cache.server.ts'
import { type StoreUploadOptions, storeUploadedImage, type UploadRefusal } from '#app/modules/images/uploads.server.ts'
import { isDistrict } from '#app/modules/places/places.server.ts'
import { deleteUnusedImages } from '#app/workflows/images.server.ts'
import { hasHours, type OpeningHours } from './opening-hours.ts'
import type { StoreSettingsInput } from './store-settings.schemas.ts'
import { type VendorPolicies, type VendorStatus, vendors } from './tables.server.ts'
import { cityOfDistrict } from './vendors.schemas.ts'

// A vendor's own store, as its owner sees and edits it (/vendor-dashboard). Every function takes the signed-in
// account's id and finds the store by its owner: no store id comes from the browser, so a vendor can reach no
// other store than their own.

export type StoreSettings = {
  id: number
  status: VendorStatus
  name: string
  description: string
  about: string
  district: string
  city: string
  specialties: string[]
  policies: VendorPolicies
  responseTime: string
  /** The uploaded logo (`logo-…`), or null: initials on the gradient. */
  avatarKey: string | null
  /** The banner (uploaded `banner-up-…`, or the seeded artwork), or null: the gradient. */
  bannerKey: string | null
  avatarColours: [string, string]
  /** Monday first; null until the owner sets them. */
  openingHours: OpeningHours | null
  /** When the owner closed the store for a while; null while it is open for business. */
  closedAt: Date | null
  /** The departments the store is listed in (slugs of `storeDepartments`). */
  categories: string[]
}

/** What the settings form starts from: the store an account runs, or null. */
export async function findStoreSettings(
  ctx: ServiceContext,
  input: { ownerUserId: string },
): Promise<StoreSettings | null> {
  const [row] = await ctx.db
    .select({
      id: vendors.id,
      status: vendors.status,
      name: vendors.name,
      description: vendors.description,
      about: vendors.about,
      district: vendors.district,
      city: vendors.city,
      specialties: vendors.specialties,
      policies: vendors.policies,
      responseTime: vendors.responseTime,
      avatarKey: vendors.avatarKey,
      bannerKey: vendors.bannerKey,
      avatarColours: vendors.avatarColours,
      openingHours: vendors.openingHours,
      closedAt: vendors.closedAt,
      categories: vendors.categories,
    })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  return row ?? null
}

export type UpdateStoreSettingsResult =
  | { ok: true; id: number }
  | { ok: false; code: 'no-store' }
  | { ok: false; code: 'invalid'; errors: Record<string, string> }

/**
 * Saves the settings of the store that `ownerUserId` runs, and only that one (the owner comes from the session,
 * never from the form). Any status may edit: a pending vendor prepares the store before it opens. The city
 * follows the district. Expected refusals come back as values.
 */
export async function updateStoreSettings(
  ctx: ServiceContext,
  input: StoreSettingsInput & { ownerUserId: string },
): Promise<UpdateStoreSettingsResult> {
  if (!isDistrict(input.district)) {
    return { ok: false, code: 'invalid', errors: { district: 'vendor.settings.error.district' } }
  }
  const rows = await ctx.db
    .update(vendors)
    .set({
      name: input.name,
      description: input.description,
      about: input.about,
      district: input.district,
      city: cityOfDistrict(input.district),
      specialties: input.specialties,
      policies: { returns: input.returns, shipping: input.shipping, warranty: input.warranty },
      responseTime: input.responseTime,
    })
    .where(eq(vendors.ownerUserId, input.ownerUserId))
    .returning({ id: vendors.id })
  const row = rows[0]
  // The store's name is in its products' search documents (a trigger, migration 0017) and in the listings' store
  // choices, which are cached.
  if (row) clearListingCaches()
  return row ? { ok: true, id: row.id } : { ok: false, code: 'no-store' }
}

/**
 * Sets the opening hours of the store `ownerUserId` runs (Monday first, seven entries). A week with no open day is
 * stored as no hours: the store page then shows none, rather than "closed" every day.
 */
export async function setOpeningHours(
  ctx: ServiceContext,
  input: { ownerUserId: string; hours: OpeningHours },
): Promise<{ ok: true } | { ok: false; code: 'no-store' }> {
  const hours = hasHours(input.hours) ? input.hours.slice(0, 7) : null
  const rows = await ctx.db
    .update(vendors)
    .set({ openingHours: hours })
    .where(eq(vendors.ownerUserId, input.ownerUserId))
    .returning({ id: vendors.id })
  return rows.length ? { ok: true } : { ok: false, code: 'no-store' }
}

/**
 * The owner closes the store for a while, or reopens it. Closed, it and its products are not listed (the search
 * read model's trigger, migration 0019, unlists them in the same statement) and its page says so; orders already
 * placed stay the store's to fulfil. Closing a closed store (a double click) keeps the first date.
 */
export async function setStoreClosed(
  ctx: ServiceContext,
  input: { ownerUserId: string; closed: boolean },
): Promise<{ ok: true } | { ok: false; code: 'no-store' }> {
  const rows = await ctx.db
    .update(vendors)
    .set({ closedAt: input.closed ? sql`coalesce(${vendors.closedAt}, now())` : null })
    // A store whose account was closed for good is never reopened.
    .where(and(eq(vendors.ownerUserId, input.ownerUserId), isNull(vendors.accountClosedAt)))
    .returning({ id: vendors.id })
  if (rows.length) clearListingCaches()
  return rows.length ? { ok: true } : { ok: false, code: 'no-store' }
}

/**
 * The departments the store `ownerUserId` runs is listed in (checked by StoreDepartmentsSchema, as at onboarding).
 * The stores directory filters by them, so its cached listings are dropped.
 */
export async function setStoreDepartments(
  ctx: ServiceContext,
  input: { ownerUserId: string; departments: string[] },
): Promise<{ ok: true } | { ok: false; code: 'no-store' }> {
  const rows = await ctx.db
    .update(vendors)
    .set({ categories: [...new Set(input.departments)] })
    .where(eq(vendors.ownerUserId, input.ownerUserId))
    .returning({ id: vendors.id })
  if (rows.length) clearListingCaches()
  return rows.length ? { ok: true } : { ok: false, code: 'no-store' }
}

/** How customers and Isoko reach the store `ownerUserId` runs: its phone and e-mail (each once re-verified). */
export async function findStoreContact(
  ctx: ServiceContext,
  input: { ownerUserId: string },
): Promise<{ id: number; phone: string; email: string } | null> {
  const [row] = await ctx.db
    .select({ id: vendors.id, phone: vendors.phone, email: vendors.email })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  return row ?? null
}

/**
 * The store's contact follows its owner's account: called once a new number or address is proved (the workflows
 * in vendor-contact.server.ts), never with a value the browser sent unchecked.
 */
export async function setStoreContact(
  ctx: ServiceContext,
  input: { ownerUserId: string; phone?: string; email?: string },
): Promise<void> {
  const set: { phone?: string; email?: string } = {}
  if (input.phone) set.phone = input.phone
  if (input.email) set.email = input.email
  if (Object.keys(set).length === 0) return
  await ctx.db.update(vendors).set(set).where(eq(vendors.ownerUserId, input.ownerUserId))
}

/**
 * The owner closed their account for good: the store is closed (unlisted with its products, by the read model's
 * trigger), marked so that it never reopens, and its owner's personal details (name, contact, address, payout
 * number) are cleared. Its orders and ledger stay, as the law and the accounts need. Doing it twice changes nothing.
 */
export async function closeStoreForGood(ctx: ServiceContext, input: { vendorId: number }): Promise<void> {
  await ctx.db
    .update(vendors)
    .set({
      closedAt: sql`coalesce(${vendors.closedAt}, now())`,
      accountClosedAt: sql`coalesce(${vendors.accountClosedAt}, now())`,
      ownerName: '',
      email: '',
      phone: '',
      businessAddress: '',
      payoutProvider: null,
      payoutPhone: null,
      payoutMethodSetAt: null,
    })
    .where(eq(vendors.id, input.vendorId))
  clearListingCaches()
}

/** The store's two pictures: its logo (square, `avatarKey`) and its banner (wide 3:1, `bannerKey`). */
export type StorePicture = 'logo' | 'banner'

export type SetStorePictureResult =
  | { ok: true; key: string }
  | { ok: false; code: 'no-store' }
  | { ok: false; code: UploadRefusal }

const PICTURE_COLUMN = { logo: 'avatarKey', banner: 'bannerKey' } as const

/**
 * Checks and stores an uploaded logo or banner for the store `ownerUserId` runs (the owner comes from the session,
 * never from the form), then points the store at it. A refused file changes nothing and comes back as its code.
 * The picture it replaces has its files deleted once no row shows it any more.
 */
export async function setStorePicture(
  ctx: ServiceContext,
  input: { ownerUserId: string; picture: StorePicture; file: Blob | null | undefined },
  options: StoreUploadOptions = {},
): Promise<SetStorePictureResult> {
  const [store] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  if (!store) return { ok: false, code: 'no-store' }
  const stored = await storeUploadedImage(input.file, input.picture, options)
  if (!stored.ok) {
    if (stored.partialKey) await deleteUnusedImages(ctx, [stored.partialKey], options)
    return { ok: false, code: stored.code }
  }
  const key = stored.image.key
  let previous: string | null
  try {
    previous = await replacePicture(ctx, store.id, input.picture, key)
  } catch (error) {
    // Nothing points at the new files: they go (unless another row shows the same picture).
    await deleteUnusedImages(ctx, [key], options)
    throw error
  }
  if (previous && previous !== key) await deleteUnusedImages(ctx, [previous], options)
  return { ok: true, key }
}

/** Points the store at `key` (or at no picture) and returns the key it pointed at before, read under a row lock. */
function replacePicture(
  ctx: ServiceContext,
  storeId: number,
  picture: StorePicture,
  key: string | null,
): Promise<string | null> {
  return ctx.db.transaction(async (db) => {
    const [row] = await db
      .select({ avatarKey: vendors.avatarKey, bannerKey: vendors.bannerKey })
      .from(vendors)
      .where(eq(vendors.id, storeId))
      .for('update')
    await db
      .update(vendors)
      .set({ [PICTURE_COLUMN[picture]]: key })
      .where(eq(vendors.id, storeId))
    return row?.[PICTURE_COLUMN[picture]] ?? null
  })
}

/**
 * Takes the logo or banner off the store `ownerUserId` runs: the store shows its initials, or its gradient, again.
 * Its files are deleted unless another row still shows the same picture (files are named by content).
 */
export async function removeStorePicture(
  ctx: ServiceContext,
  input: { ownerUserId: string; picture: StorePicture },
  options: StoreUploadOptions = {},
): Promise<{ ok: true } | { ok: false; code: 'no-store' }> {
  const [store] = await ctx.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.ownerUserId, input.ownerUserId))
  if (!store) return { ok: false, code: 'no-store' }
  const previous = await replacePicture(ctx, store.id, input.picture, null)
  if (previous) await deleteUnusedImages(ctx, [previous], options)
  return { ok: true }
}
