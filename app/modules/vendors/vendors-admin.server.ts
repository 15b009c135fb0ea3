import { count } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { follows, type VendorPolicies, type VendorStatus, vendors } from './tables.server.ts'

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
