import { sql } from 'drizzle-orm'
import { serviceContextOf } from '#app/lib/context.server.ts'
import type { Route } from './+types/healthz'

/** Liveness and database reachability, for load balancers and the test runner. */
export async function loader({ context }: Route.LoaderArgs) {
  await serviceContextOf(context).db.execute(sql`select 1`)
  return Response.json({ ok: true })
}
