import { createContext, type RouterContextProvider } from 'react-router'
import type { Database, Executor } from '#app/lib/db.server.ts'

/** What every service function takes first: the database (or an open transaction). The actor joins with accounts. */
export type ServiceContext = { db: Executor }

/** The request context as loaders, actions and middleware receive it. */
export type RequestContext = Readonly<RouterContextProvider>

/** The process's database: opened once by the server start and given to every request (server/app.ts). */
export const databaseContext = createContext<Database>()

/** The Content-Security-Policy nonce of this response (none outside the server, e.g. in tests). */
export const cspNonceContext = createContext<string>('')

/** The visitor's network address, as the server saw the connection (rate limits count per address). */
export const clientAddressContext = createContext<string>('127.0.0.1')

/** The services' context of this request: the server's database. */
export function serviceContextOf(context: RequestContext): ServiceContext {
  return { db: context.get(databaseContext) }
}

/** The visitor's network address; the dev server and tests give none, which counts as the loopback address. */
export function clientAddressOf(context: RequestContext): string {
  return context.get(clientAddressContext) || '127.0.0.1'
}
