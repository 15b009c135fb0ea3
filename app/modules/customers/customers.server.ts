import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { CustomerProfileSchema } from './customers.schemas.ts'
import { customers } from './tables.server.ts'

export type CreateCustomerInput = {
  firstName: string
  lastName: string
  /** None for a customer who signed up with a phone number alone. */
  email: string | null
  /** The sign-in account of this customer (none for the seed's shoppers). */
  userId?: string
  phone?: string
  /** Defaults to now; the seed passes fixed dates so it is repeatable. */
  createdAt?: Date
}

/** Stores a customer profile (the e-mail lower-cased, so one address is one customer). */
export async function createCustomer(ctx: ServiceContext, input: CreateCustomerInput): Promise<{ id: number }> {
  const [row] = await ctx.db
    .insert(customers)
    .values({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email: input.email ? input.email.trim().toLowerCase() : null,
      userId: input.userId,
      phone: input.phone,
      createdAt: input.createdAt,
    })
    .returning({ id: customers.id })
  return row
}

/** How many customers exist (the home page's statistics, the seed's emptiness check). */
export async function countCustomers(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(customers)
  return row?.n ?? 0
}

export type CustomerProfile = typeof customers.$inferSelect

/** How a customer is named on reviews, orders and conversations, and where they are written to. */
export type CustomerContact = {
  id: number
  firstName: string
  lastName: string
  /** None for a customer who signed up with a phone number alone. */
  email: string | null
  /** Their own phone number (E.164), when they gave one. */
  phone: string | null
  /** Their sign-in account (its language is the one their messages are written in); none for seeded shoppers. */
  userId: string | null
  /** Whether they want their order's news by SMS. */
  smsUpdates: boolean
}

/** The names and e-mail addresses of these customers, by id. */
export async function listCustomerContacts(ctx: ServiceContext, ids: number[]): Promise<Map<number, CustomerContact>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await ctx.db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      userId: customers.userId,
      smsUpdates: customers.smsUpdates,
    })
    .from(customers)
    .where(inArray(customers.id, unique))
  return new Map(rows.map((row) => [row.id, row]))
}

/** One customer's name and e-mail address, or null. */
export async function findCustomerContact(ctx: ServiceContext, id: number): Promise<CustomerContact | null> {
  return (await listCustomerContacts(ctx, [id])).get(id) ?? null
}

/** The customer profile of a sign-in account, or null. */
export async function findCustomerByUserId(ctx: ServiceContext, userId: string): Promise<CustomerProfile | null> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.userId, userId))
  return row ?? null
}

/** Removes a customer's profile and, with it, their addresses and follows (Delete Account). */
export async function deleteCustomerProfile(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(customers).where(eq(customers.userId, userId))
}

/**
 * The customer profile of a customer account, made when missing (an account created without one, e.g. by a
 * command): the names come from the display name. A shopper row with the same e-mail and no account is claimed.
 */
export async function ensureCustomerProfile(
  ctx: ServiceContext,
  account: { userId: string; email: string | null; name: string },
): Promise<CustomerProfile> {
  const found = await findCustomerByUserId(ctx, account.userId)
  if (found) return found
  const email = account.email ? account.email.trim().toLowerCase() : null
  const [first = '', ...rest] = account.name.trim().split(/\s+/)
  await ctx.db
    .insert(customers)
    .values({ firstName: first, lastName: rest.join(' '), email, userId: account.userId })
    .onConflictDoNothing()
  const [claimed] = email
    ? await ctx.db
        .update(customers)
        .set({ userId: account.userId })
        .where(and(eq(customers.email, email), isNull(customers.userId)))
        .returning()
    : []
  const profile = claimed ?? (await findCustomerByUserId(ctx, account.userId))
  if (!profile) throw new Error(`No customer profile could be made for account ${account.userId}`)
  return profile
}

export type ProfileOutcome = { ok: true; profile: CustomerProfile } | { ok: false; errors: Record<string, string> }

/**
 * Changes a customer's names and mobile number (any common Rwandan form, stored in E.164; empty removes it).
 * Refusals are messages by field. The account's display name is the caller's to follow (see the workflow).
 */
export async function updateCustomerProfile(
  ctx: ServiceContext,
  customerId: number,
  input: Record<string, unknown>,
): Promise<ProfileOutcome> {
  const parsed = checkValues(CustomerProfileSchema, input)
  if (!parsed.ok) return { ok: false, errors: parsed.errors }
  const [profile] = await ctx.db.update(customers).set(parsed.data).where(eq(customers.id, customerId)).returning()
  if (!profile) throw new Error(`Customer ${customerId} does not exist`)
  return { ok: true, profile }
}

/**
 * The accounts whose customer profile gives this number (E.164) as theirs: an account that signs in with an
 * e-mail address and wrote its number in the profile. A phone sign-in must not make a second account for it.
 */
export async function listAccountsWithProfilePhone(ctx: ServiceContext, phone: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: customers.userId })
    .from(customers)
    .where(and(eq(customers.phone, phone), isNotNull(customers.userId)))
  return rows.flatMap((r) => (r.userId ? [r.userId] : []))
}

/** Sets the e-mail address of a customer's profile (a phone-only account that added one). */
export async function setCustomerEmail(ctx: ServiceContext, userId: string, email: string): Promise<void> {
  await ctx.db.update(customers).set({ email: email.trim().toLowerCase() }).where(eq(customers.userId, userId))
}

/** Whether the customer wants their orders' news by SMS (the checkout's box, the profile's). */
export async function setSmsUpdates(ctx: ServiceContext, customerId: number, smsUpdates: boolean): Promise<void> {
  await ctx.db.update(customers).set({ smsUpdates }).where(eq(customers.id, customerId))
}

/** Sets the phone of a customer's profile (a number they proved theirs by a code). */
export async function setCustomerPhone(ctx: ServiceContext, userId: string, phone: string): Promise<void> {
  await ctx.db.update(customers).set({ phone }).where(eq(customers.userId, userId))
}
