import type { MiddlewareFunction } from 'react-router'
import { databaseContext } from '#app/lib/context.server.ts'
import { connectConfiguredDatabase, type DatabaseConnection } from '#app/lib/db.server.ts'
import { type AccountsContext, createAccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { authContext } from '#app/modules/accounts/request.server.ts'

type Services = { connection: DatabaseConnection; accounts: AccountsContext }

// Kept across the development server's module reloads (Vite's hot data), so the embedded database is opened once.
const hot = import.meta.hot?.data as { services?: Services } | undefined
let services = hot?.services

function hasServerContext(context: Parameters<MiddlewareFunction<Response>>[0]['context']): boolean {
  try {
    context.get(databaseContext)
    return true
  } catch {
    return false
  }
}

/**
 * `npm run dev` (react-router dev) calls the app without the server's request context (server/app.ts gives it in
 * every other start): this root middleware gives each request of the development server the database and auth
 * the server would, opened on first use. Elsewhere it does nothing (and the production build leaves it out).
 */
export const developmentServices: MiddlewareFunction<Response> = ({ context }) => {
  if (!import.meta.env.DEV || hasServerContext(context)) return
  if (!services) {
    const connection = connectConfiguredDatabase()
    services = { connection, accounts: createAccountsContext(connection.db) }
    if (hot) hot.services = services
  }
  context.set(databaseContext, services.connection.db)
  context.set(authContext, services.accounts.auth)
}
