import { count, eq } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { customers } from './tables.server.ts'

export type CreateCustomerInput = {
  firstName: string
  lastName: string
  email: string
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
      email: input.email.trim().toLowerCase(),
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

/** The customer profile of a sign-in account, or null. */
export async function findCustomerByUserId(ctx: ServiceContext, userId: string): Promise<CustomerProfile | null> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.userId, userId))
  return row ?? null
}

/** Removes a customer's profile and, with it, their addresses and follows (Delete Account). */
export async function deleteCustomerProfile(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(customers).where(eq(customers.userId, userId))
}
