// Redirect targets that a visitor supplies (`redirectTo` after sign-in, a form's way back) are followed only within
// the site (issue 11): parsed against PUBLIC_URL and accepted only on its origin, returned as a path.

/**
 * The longest target followed. A longer one is no page of the site, and as a Location header it could exceed what
 * a proxy or client takes (nginx answers 502 to an upstream header over its 4-8 KB buffer).
 */
export const MAX_REDIRECT_LENGTH = 2048

/**
 * The path (with query and hash) to redirect to, when `value` names a page of this site; `fallback` otherwise.
 * `publicUrl` is the configured PUBLIC_URL: relative values resolve against it, absolute ones must share its origin.
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, publicUrl: string, fallback = '/') {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return fallback
  let url: URL
  try {
    url = new URL(value, publicUrl)
  } catch {
    return fallback
  }
  if (url.origin !== new URL(publicUrl).origin) return fallback
  const target = `${url.pathname}${url.search}${url.hash}`
  // A path such as `//evil.example` would leave the site once sent as a Location header (a scheme-relative URL).
  if (target.startsWith('//') || target.includes('\\') || target.length > MAX_REDIRECT_LENGTH) return fallback
  return target
}
