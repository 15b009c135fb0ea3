import { sql } from 'drizzle-orm'
import { getDb } from '#app/lib/db.server.ts'

/** Liveness and database reachability, for load balancers and the test runner. */
export async function loader() {
  await getDb().execute(sql`select 1`)
  return Response.json({ ok: true })
}
