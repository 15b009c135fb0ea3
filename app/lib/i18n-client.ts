import type { I18n } from '@lingui/core'
import type { Area, I18nHandle, Locale } from './i18n.tsx'

/**
 * The browser's side of per-page messages: the document brings the areas its routes name (entry.server.tsx);
 * a navigation to a route that names others loads them first, from chunks built per language and area
 * (`app/locales/chunks.ts`, itself loaded only then, and kept out of the shared chunk), so a page never renders
 * an id it lacks. Ids that arrive as data (a form's errors, a refusal) bring their areas too.
 */
export type PageState = { i18n: I18n; locale: Locale; loaded: Set<Area> }
let page: PageState | null = null

/** Called once by entry.client.tsx with what the document brought. */
export function startPageMessages(i18n: I18n, locale: Locale, areas: readonly Area[]) {
  page = { i18n, locale, loaded: new Set(areas) }
}

/**
 * A route's client middleware that loads the areas its handle names before the route renders, and those of the
 * ids its data carries:
 *   export const handle = { i18n: ['products', 'cart'] } satisfies I18nHandle
 *   export const clientMiddleware = [messagesFor(handle)]
 */
export function messagesFor(handle: I18nHandle) {
  return async <T>(_args: unknown, next: () => Promise<T>): Promise<T> => {
    // The loading itself is fetched with the first navigation that needs it, not with every page.
    const { ensureAreas, ensureAreasOfData } = await import('./i18n-areas.ts')
    await ensureAreas(page, handle.i18n)
    const result = await next()
    await ensureAreasOfData(page, result)
    return result
  }
}
