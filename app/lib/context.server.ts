import { type Executor, getDb } from '#app/lib/db.server.ts'

/** What every service function takes first: the database (or an open transaction). The actor joins with accounts. */
export type ServiceContext = { db: Executor }

export function getServiceContext(): ServiceContext {
  return { db: getDb() }
}
