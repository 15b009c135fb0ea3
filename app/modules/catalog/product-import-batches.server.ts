import { randomBytes } from 'node:crypto'
import { and, eq, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { ImportCounts } from './product-import.server.ts'
import { productImports } from './tables.server.ts'

// Previewed product imports waiting for Apply, kept in the database so that any server may apply what another
// previewed (several servers behind a proxy, each with its own disk). A token is only valid for its store: every
// lookup names both. Claiming is one UPDATE from 'waiting' to 'applying', so two Applies at once (on one server or
// two) import once; the row ends 'done' with the counts a repeated Apply answers with.

/** How long a previewed import may wait for Apply. */
export const IMPORT_TTL_MS = 24 * 60 * 60 * 1000
/** How long a finished import keeps its counts for a repeated Apply (a reload, a double click). */
export const IMPORT_DONE_KEEP_MS = 60 * 60 * 1000
/** An import left 'applying' this long (its server stopped mid-way) may be claimed again. */
export const IMPORT_CLAIM_TIMEOUT_MS = 10 * 60 * 1000

const TOKEN_PATTERN = /^[a-f0-9]{32}$/

/**
 * The zip travels as base64 text, decoded and encoded by the database: the embedded engine takes a 50 MB bytea
 * parameter in about 15 s, its base64 text in about 2 s (and reads it back in 0.5 s instead of 5 s); PostgreSQL
 * does either quickly. (Node's decoder skips the line breaks PostgreSQL's encode puts every 76 characters.)
 */
const base64Of = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')

const ago = (ms: number) => sql`now() - ${`${Math.round(ms / 1000)} seconds`}::interval`

/**
 * Keeps a previewed import's files until Apply; answers its token. Old rows go first: waiting or stuck ones after a
 * day, done ones after an hour (of every store: whichever server previews next does the sweeping).
 */
export async function keepProductImport(
  ctx: ServiceContext,
  input: { vendorId: number; csv: string; zip: Uint8Array | null },
): Promise<string> {
  await ctx.db
    .delete(productImports)
    .where(
      or(
        sql`${productImports.createdAt} < ${ago(IMPORT_TTL_MS)}`,
        and(eq(productImports.state, 'done'), sql`${productImports.updatedAt} < ${ago(IMPORT_DONE_KEEP_MS)}`),
      ),
    )
  const token = randomBytes(16).toString('hex')
  const zip = input.zip && input.zip.length > 0 ? input.zip : null
  await ctx.db.insert(productImports).values({
    token,
    vendorId: input.vendorId,
    csv: input.csv,
    zip: zip ? sql`decode(${base64Of(zip)}, 'base64')` : null,
  })
  return token
}

export type ClaimedImport =
  | { state: 'claimed'; csv: string; zip: Uint8Array | null }
  | { state: 'done'; counts: ImportCounts }
  /** Unknown (or another store's), expired, or being applied by another request right now. */
  | { state: 'unavailable' }

/**
 * Claims the store's previewed import for Apply: only one request gets its files (a waiting one, or one whose
 * Apply stopped more than IMPORT_CLAIM_TIMEOUT_MS ago); a finished one answers with its counts.
 */
export async function claimProductImport(
  ctx: ServiceContext,
  input: { vendorId: number; token: string },
): Promise<ClaimedImport> {
  if (!TOKEN_PATTERN.test(input.token)) return { state: 'unavailable' }
  const mine = and(eq(productImports.token, input.token), eq(productImports.vendorId, input.vendorId))
  const [claimed] = await ctx.db
    .update(productImports)
    .set({ state: 'applying', updatedAt: sql`now()` })
    .where(
      and(
        mine,
        sql`${productImports.createdAt} >= ${ago(IMPORT_TTL_MS)}`,
        or(
          eq(productImports.state, 'waiting'),
          and(eq(productImports.state, 'applying'), sql`${productImports.updatedAt} < ${ago(IMPORT_CLAIM_TIMEOUT_MS)}`),
        ),
      ),
    )
    .returning({ csv: productImports.csv, zip: sql<string | null>`encode(${productImports.zip}, 'base64')` })
  if (claimed) {
    return { state: 'claimed', csv: claimed.csv, zip: claimed.zip === null ? null : Buffer.from(claimed.zip, 'base64') }
  }
  const [done] = await ctx.db
    .select({ result: productImports.result })
    .from(productImports)
    .where(and(mine, eq(productImports.state, 'done')))
  return done ? { state: 'done', counts: done.result as ImportCounts } : { state: 'unavailable' }
}

/**
 * The claimed import is still being applied (a long run of photos): its claim is renewed, so that it is not taken
 * for a stopped server's and claimed again by another Apply.
 */
export async function renewProductImportClaim(ctx: ServiceContext, input: { vendorId: number; token: string }) {
  await ctx.db
    .update(productImports)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(productImports.token, input.token),
        eq(productImports.vendorId, input.vendorId),
        eq(productImports.state, 'applying'),
      ),
    )
}

/** The claimed import went through: its files go, its counts stay for a repeated Apply. */
export async function finishProductImport(
  ctx: ServiceContext,
  input: { vendorId: number; token: string; counts: ImportCounts },
): Promise<void> {
  await ctx.db
    .update(productImports)
    .set({ state: 'done', result: input.counts, csv: '', zip: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(productImports.token, input.token),
        eq(productImports.vendorId, input.vendorId),
        eq(productImports.state, 'applying'),
      ),
    )
}

/** The claimed import did not go through (nothing was applied): it waits for Apply again. */
export async function releaseProductImport(ctx: ServiceContext, input: { vendorId: number; token: string }) {
  await ctx.db
    .update(productImports)
    .set({ state: 'waiting', updatedAt: sql`now()` })
    .where(
      and(
        eq(productImports.token, input.token),
        eq(productImports.vendorId, input.vendorId),
        eq(productImports.state, 'applying'),
      ),
    )
}
