import type { I18n, Messages } from '@lingui/core'
import type { Area, I18nHandle, Locale } from './i18n.tsx'

/**
 * The browser's side of per-page messages: the document brings the areas its routes name (entry.server.tsx);
 * a navigation to a route that names others loads them first, from chunks built per language and area
 * (`app/locales/chunks.ts`, itself loaded only then, and kept out of the shared chunk), so a page never renders an id it lacks.
 */
let page: { i18n: I18n; locale: Locale; loaded: Set<Area> } | null = null

/** Called once by entry.client.tsx with what the document brought. */
export function startPageMessages(i18n: I18n, locale: Locale, areas: readonly Area[]) {
  page = { i18n, locale, loaded: new Set(areas) }
}

async function ensureAreas(wanted: readonly Area[]): Promise<void> {
  if (!page) return
  const { i18n, locale, loaded } = page
  const missing = wanted.filter((a) => !loaded.has(a))
  if (missing.length === 0) return
  const { loadCatalogue } = await import('#app/locales/chunks.ts')
  const parts: Messages[] = await Promise.all(missing.map((area) => loadCatalogue(locale, area)))
  i18n.load(locale, Object.assign({}, ...parts))
  for (const a of missing) loaded.add(a)
}

/**
 * A route's client middleware that loads the areas its handle names before the route renders:
 *   export const handle = { i18n: ['products', 'cart'] } satisfies I18nHandle
 *   export const clientMiddleware = [messagesFor(handle)]
 */
export function messagesFor(handle: I18nHandle) {
  return async <T>(_args: unknown, next: () => Promise<T>): Promise<T> => {
    await ensureAreas(handle.i18n)
    return next()
  }
}
