import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from '#db/schema.ts'

export type Schema = typeof schema
/** Either engine's handle: services are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** What a service function runs its queries on: the database, or an open transaction. */
export type Executor = Database | Transaction

export type DatabaseConnection = {
  db: Database
  engine: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
}

/** The migrations folder, found from the project root when this file is bundled into build/. */
export function migrationsPath(root = process.cwd()): string {
  return path.resolve(root, 'db/migrations')
}

/**
 * The advisory lock key that every server takes to migrate (an arbitrary fixed 64-bit number, "isoko-mg" in
 * ASCII): servers starting together on one PostgreSQL wait for each other, and each migration runs once.
 */
export const MIGRATION_LOCK_KEY = 0x69736f6b6f2d6d67n

/**
 * Runs drizzle's migrator on one dedicated connection holding the advisory lock. Without it two servers starting
 * at once both find a migration missing and both run it: one of them fails, or both apply it.
 */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect()
  const key = MIGRATION_LOCK_KEY.toString()
  let failed = false
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key])
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder })
    await client.query('select pg_advisory_unlock($1::bigint)', [key])
  } catch (error) {
    failed = true
    throw error
  } finally {
    // After a failure the connection is closed rather than returned to the pool: its session ends, and with it the
    // lock, whatever state the failure left it in.
    client.release(failed)
  }
}

/**
 * Opens PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (or in memory when `dataDir` is 'memory://').
 */
export function connectDatabase(options: {
  url?: string
  dataDir?: string
  migrationsDir?: string
  /** PGlite only: start from this dump of a data directory (a migrated template) instead of an empty one. */
  loadDataDir?: Blob
}): DatabaseConnection {
  const folder = options.migrationsDir ?? migrationsPath()
  if (options.url) {
    // Connections are kept for minutes, not pg's default ten seconds: a new PostgreSQL backend pays for its first
    // touch of every shared buffer (a page fault each: a search that reads 3,000 buffers takes 40 ms on a new
    // connection, 3 ms on the next query) and loads the text search dictionaries again. An idle connection does
    // not keep a script from ending (allowExitOnIdle).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      idleTimeoutMillis: 5 * 60 * 1000,
      allowExitOnIdle: true,
    })
    let closing = false
    // An idle connection can be cut by the server (a restart, a failover, a dropped test database): the pool
    // replaces it on the next query. Without this listener the error would end the process.
    pool.on('error', (error) => {
      if (!closing) console.error('PostgreSQL connection lost; the pool will reconnect:', error.message)
    })
    const db = drizzleNodePg(pool, { schema }) as unknown as Database
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePostgres(pool, folder),
      close: () => {
        closing = true
        return pool.end()
      },
    }
  }
  const dir = options.dataDir ?? 'memory://'
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true })
  // Search needs pg_trgm (typos, suggestions) and unaccent (accents ignored); PostgreSQL ships both as contrib
  // extensions, PGlite loads them here. The migration creates them in the database.
  const extensions = { pg_trgm, unaccent }
  const client = new PGlite(
    dir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
  )
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  }
}

/**
 * Opens the database the configuration names (DATABASE_URL, else PGlite in DATA_DIR/pgdata). Each process calls
 * it once, where it starts (the server, the seed, the migrate and admin commands), and passes the connection down.
 */
export function connectConfiguredDatabase(): DatabaseConnection {
  const url = process.env.DATABASE_URL || undefined
  const dataDir = path.resolve(process.env.DATA_DIR || './data', 'pgdata')
  return connectDatabase({ url, dataDir })
}
