import { verifyPassword } from 'better-auth/crypto'
import { and, eq, inArray, or } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { authAccounts, users } from './tables.server.ts'

/**
 * The demo accounts of a development database (README). Their password is fixed only where NODE_ENV is not
 * production: the seed gives them random ones otherwise, and a production start refuses to run while any
 * account still has this password (docs/security.md).
 */
export const DEMO_PASSWORD = 'Isoko-Demo-2026'
export const DEMO_ACCOUNTS = [
  { email: 'customer@isoko.rw', name: 'Aline Uwase', role: 'customer' },
  { email: 'vendor@isoko.rw', name: 'Claudine Mukamana', role: 'vendor' },
  { email: 'pending@isoko.rw', name: 'Eric Habimana', role: 'vendor' },
  { email: 'admin@isoko.rw', name: 'Isoko Staff', role: 'admin' },
] as const

/**
 * The e-mail addresses of the accounts that still sign in with the demo password: the demo addresses and every
 * staff account (a staff password is what a takeover needs most). A few hash checks, not one per customer.
 */
export async function findAccountsWithDemoPassword(ctx: ServiceContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ email: users.email, hash: authAccounts.password })
    .from(users)
    .innerJoin(authAccounts, and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, 'credential')))
    .where(
      or(
        eq(users.role, 'admin'),
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      ),
    )
  const found: string[] = []
  for (const row of rows) {
    if (row.hash && (await verifyPassword({ hash: row.hash, password: DEMO_PASSWORD }))) found.push(row.email)
  }
  return found
}
