import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { connectDatabase, type DatabaseConnection } from '#app/lib/db.server.ts'

export type TestDatabase = { ctx: ServiceContext; connection: DatabaseConnection; close(): Promise<void> }

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new PostgreSQL database created for this file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const connection = connectDatabase({ dataDir: 'memory://' })
    await connection.migrate()
    return { ctx: { db: connection.db }, connection, close: () => connection.close() }
  }
  const name = `isoko_test_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const connection = connectDatabase({ url: dbUrl.toString() })
  await connection.migrate()
  return {
    ctx: { db: connection.db },
    connection,
    async close() {
      await connection.close()
      const a = new pg.Client({ connectionString: url })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    },
  }
}
