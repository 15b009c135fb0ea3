import type { AppLoadContext } from 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    cspNonce?: string
    /** The visitor's network address, as the server saw the connection. */
    clientAddress?: string
  }
}

/** The visitor's network address (rate limits count per address); the dev server gives none. */
export function clientAddressOf(context: AppLoadContext | undefined): string {
  return context?.clientAddress || '127.0.0.1'
}
