import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '#app/lib/db.server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory, which each test file's database starts from. */
    pgliteTemplate?: string
    /** A migrated PostgreSQL database that each test file's database is created from. */
    postgresTemplate?: string
  }
}

/**
 * Migrates one database before the test files run, so that each file copies it instead of creating and
 * migrating its own: PGlite's first start (initdb) and the migrations are most of a small test file's time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const name = `isoko_template_${randomUUID().replaceAll('-', '')}`
    await adminQuery(url, `create database ${name}`)
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    const connection = connectDatabase({ url: dbUrl.toString() })
    await connection.migrate()
    await connection.close()
    project.provide('postgresTemplate', name)
    return () => adminQuery(url, `drop database if exists ${name} with (force)`)
  }
  const connection = connectDatabase({ dataDir: 'memory://' })
  await connection.migrate()
  const client = (connection.db as unknown as { $client: PGlite }).$client
  const dump = await client.dumpDataDir('none')
  await connection.close()
  const dir = await mkdtemp(path.join(tmpdir(), 'isoko-pglite-template-'))
  const file = path.join(dir, 'migrated.tar')
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rm(dir, { recursive: true, force: true })
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
