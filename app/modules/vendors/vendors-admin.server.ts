import { asc, count, eq, like } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { follows, type PayoutProvider, type VendorPolicies, type VendorStatus, vendors } from './tables.server.ts'
import { cityOfDistrict } from './vendors.schemas.ts'

export type CreateVendorInput = {
  name: string
  slug: string
  ownerName: string
  email: string
  /** E.164, +2507XXXXXXXX. */
  phone: string
  description: string
  about: string
  businessAddress: string
  district: string
  city: string
  /** Department slugs the vendor mainly sells in. */
  categories: string[]
  specialties: string[]
  policies: VendorPolicies
  responseTime: string
  verified?: boolean
  status?: VendorStatus
  /** Minutes after midnight, Africa/Kigali. */
  opensAt?: number
  closesAt?: number
  bannerKey?: string | null
  avatarKey?: string | null
  avatarColours: [string, string]
  featuredScore?: number
  joinedAt?: Date
  ownerUserId?: string
}

const E164_RWANDA = /^\+2507[2389]\d{7}$/

/** Adds a store. New stores start as 'pending' unless told otherwise (the seed adds approved ones). */
export async function createVendor(ctx: ServiceContext, input: CreateVendorInput): Promise<{ id: number }> {
  if (!E164_RWANDA.test(input.phone)) throw new Error(`Not a Rwandan mobile number in E.164: ${input.phone}`)
  const [row] = await ctx.db
    .insert(vendors)
    .values({
      ...input,
      email: input.email.trim().toLowerCase(),
      status: input.status ?? 'pending',
      verified: input.verified ?? false,
    })
    .returning({ id: vendors.id })
  return row
}

export type FollowVendorInput = { vendorId: number; customerId: number; createdAt?: Date }

/** A customer follows a store; following twice changes nothing. Returns whether a new follow was made. */
export async function followVendor(ctx: ServiceContext, input: FollowVendorInput): Promise<{ followed: boolean }> {
  const rows = await ctx.db
    .insert(follows)
    .values({ vendorId: input.vendorId, customerId: input.customerId, createdAt: input.createdAt })
    .onConflictDoNothing()
    .returning({ vendorId: follows.vendorId })
  return { followed: rows.length > 0 }
}

/** Many follows in one statement (the seed); duplicates are ignored. */
export async function followVendors(ctx: ServiceContext, inputs: FollowVendorInput[]): Promise<void> {
  for (let i = 0; i < inputs.length; i += 5000) {
    const chunk = inputs.slice(i, i + 5000)
    if (chunk.length > 0) await ctx.db.insert(follows).values(chunk).onConflictDoNothing()
  }
}

/** How many stores exist, in any status (the seed's emptiness check). */
export async function countVendors(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(vendors)
  return row?.n ?? 0
}

export type VendorApplicationInput = {
  ownerUserId: string
  ownerName: string
  businessName: string
  email: string
  /** E.164, +2507XXXXXXXX. */
  phone: string
  businessAddress: string
  businessDescription: string
  district: string
  /** Department slugs. */
  categories: string[]
}

function slugOf(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'store'
  )
}

/** Two colours for the store's avatar, picked from its name so that they stay the same. */
function coloursOf(name: string): [string, string] {
  const palette: [string, string][] = [
    ['#0f766e', '#f59e0b'],
    ['#1d4ed8', '#f472b6'],
    ['#7c2d12', '#fbbf24'],
    ['#065f46', '#a3e635'],
    ['#6d28d9', '#fb7185'],
    ['#0b5d7a', '#fcd34d'],
  ]
  let h = 0
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return palette[h % palette.length] as [string, string]
}

/**
 * A business's application to sell (prototype section 3): a store in status 'pending', run by the applying
 * account, with the policies and hours a new store starts with until the vendor sets its own.
 */
export async function createVendorApplication(
  ctx: ServiceContext,
  input: VendorApplicationInput,
): Promise<{ id: number }> {
  const base = slugOf(input.businessName)
  const taken = await ctx.db
    .select({ slug: vendors.slug })
    .from(vendors)
    .where(like(vendors.slug, `${base}%`))
  const used = new Set(taken.map((r) => r.slug))
  let slug = base
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
  const district = input.district.trim()
  return createVendor(ctx, {
    name: input.businessName.trim(),
    slug,
    ownerName: input.ownerName.trim(),
    email: input.email,
    phone: input.phone,
    description:
      input.businessDescription
        .trim()
        .split(/(?<=[.!?])\s/)[0]
        ?.slice(0, 200) ?? '',
    about: input.businessDescription.trim(),
    businessAddress: input.businessAddress.trim(),
    district,
    city: cityOfDistrict(district),
    categories: input.categories,
    specialties: [],
    // What a new store says until its owner writes its own: Isoko's own rules (the return window requests are held
    // to, delivery as checkout quotes it), so that a store page never promises what checkout does not do.
    policies: {
      returns: `Returns within ${getEnv().RETURN_WINDOW_DAYS} days of delivery, unworn and unwashed with the original tags.`,
      shipping:
        'Delivered by Isoko: Kigali in 1-2 business days, elsewhere in Rwanda in 2-4; same-day express in Kigali.',
      warranty: 'Faults reported within 30 days are repaired or replaced.',
    },
    responseTime: 'Within a day',
    avatarColours: coloursOf(input.businessName),
    status: 'pending',
    ownerUserId: input.ownerUserId,
  })
}

/** The store run by a sign-in account, or null. */
export async function findVendorByOwner(ctx: ServiceContext, userId: string) {
  const [row] = await ctx.db.select().from(vendors).where(eq(vendors.ownerUserId, userId))
  return row ?? null
}

/** Sets a store's payout method by its id (the seed's demo stores; an owner sets theirs in the store settings). */
export async function setStorePayoutMethod(
  ctx: ServiceContext,
  vendorId: number,
  method: { provider: PayoutProvider; phone: string; setAt: Date },
): Promise<void> {
  await ctx.db
    .update(vendors)
    .set({ payoutProvider: method.provider, payoutPhone: method.phone, payoutMethodSetAt: method.setAt })
    .where(eq(vendors.id, vendorId))
}

/** Makes an account the owner of a store (the seed's demo vendors). */
export async function setVendorOwner(ctx: ServiceContext, vendorId: number, userId: string): Promise<void> {
  await ctx.db.update(vendors).set({ ownerUserId: userId }).where(eq(vendors.id, vendorId))
}

export type StoreName = { id: number; name: string; slug: string; status: VendorStatus }

/** Every store's name and status, by name (staff screens: a store to pick, a store's name beside its figures). */
export async function listStoreNames(ctx: ServiceContext): Promise<StoreName[]> {
  return ctx.db
    .select({ id: vendors.id, name: vendors.name, slug: vendors.slug, status: vendors.status })
    .from(vendors)
    .orderBy(asc(vendors.name), asc(vendors.id))
}
