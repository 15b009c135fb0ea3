import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { adminQuery } from '#tests/global-setup.ts'
import { connectDatabase, migrationsPath } from './db.server.ts'

const url = process.env.TEST_DATABASE_URL

// Several servers starting at once on one fresh PostgreSQL database: each migrates at start. PGlite is one process
// with one connection, so only PostgreSQL is concerned.
test.skipIf(!url)(
  'servers migrating one fresh PostgreSQL database at once all succeed, and each migration runs once',
  async () => {
    if (!url) return
    const name = `isoko_test_${randomUUID().replaceAll('-', '')}`
    await adminQuery(url, `create database ${name}`)
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    const servers = Array.from({ length: 4 }, () => connectDatabase({ url: dbUrl.toString() }))
    try {
      const results = await Promise.allSettled(servers.map((s) => s.migrate()))
      expect(results.map((r) => r.status)).toEqual(servers.map(() => 'fulfilled'))
      const journal = JSON.parse(await readFile(path.join(migrationsPath(), 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[]
      }
      const applied = await servers[0].db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`)
      const hashes = (applied as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash)
      expect(hashes).toHaveLength(journal.entries.length)
      expect(new Set(hashes).size).toBe(hashes.length)
      // The lock was given back: a later start migrates (nothing to do) without waiting for ever.
      await servers[1].migrate()
    } finally {
      await Promise.all(servers.map((s) => s.close()))
      await adminQuery(url, `drop database if exists ${name} with (force)`)
    }
  },
)
