import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { connectDatabase, type DatabaseConnection } from '#app/lib/db.server.ts'
import { adminQuery } from './global-setup.ts'

export type TestDatabase = {
  ctx: ServiceContext
  connection: DatabaseConnection
  /** PostgreSQL only: the test database's URL (a test may open more connections to it). */
  url?: string
  close(): Promise<void>
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new PostgreSQL database created for this file and dropped afterwards. Both start from the template that
 * tests/global-setup.ts migrated once; without it (a test run outside this configuration) they migrate here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const template = inject('pgliteTemplate')
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined
    const connection = connectDatabase({ dataDir: 'memory://', loadDataDir })
    if (!template) await connection.migrate()
    return { ctx: { db: connection.db }, connection, close: () => connection.close() }
  }
  const template = inject('postgresTemplate')
  const name = `isoko_test_${randomUUID().replaceAll('-', '')}`
  await adminQuery(url, template ? `create database ${name} template ${template}` : `create database ${name}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const connection = connectDatabase({ url: dbUrl.toString() })
  if (!template) await connection.migrate()
  return {
    ctx: { db: connection.db },
    connection,
    url: dbUrl.toString(),
    close: async () => {
      await connection.close()
      await adminQuery(url, `drop database if exists ${name} with (force)`)
    },
  }
}
