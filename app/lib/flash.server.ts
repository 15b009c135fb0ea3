import { clearCookie, flashCookieJar } from '#app/lib/cookies.server.ts'

/** A toast to show on the next page: catalogue ids, with values for the body. */
export type Flash = { kind: 'success' | 'error'; title: string; body?: string; values?: Record<string, string> }

/** The Set-Cookie header that carries a toast across a redirect (read once, by the root loader). */
export function flashCookie(flash: Flash): Promise<string> {
  return flashCookieJar().serialize(flash)
}

function isFlash(value: unknown): value is Flash {
  const flash = value as Partial<Flash> | null
  return (
    typeof flash === 'object' &&
    flash !== null &&
    (flash.kind === 'success' || flash.kind === 'error') &&
    typeof flash.title === 'string'
  )
}

/**
 * The pending toast of a request, and the header that clears it; nothing when there is none. A cookie not signed
 * by us reads as none (and expires within the minute); a signed one that holds no toast shows nothing.
 */
export async function readFlash(request: Request): Promise<{ flash: Flash; clear: string } | null> {
  const jar = flashCookieJar()
  const value: unknown = await jar.parse(request.headers.get('Cookie'))
  if (value === null) return null
  return { flash: isFlash(value) ? value : { kind: 'success', title: '' }, clear: await clearCookie(jar) }
}
