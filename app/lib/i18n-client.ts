import type { I18n, Messages } from '@lingui/core'
import type { Area, I18nHandle, Locale } from './i18n.tsx'

/**
 * The browser's side of per-page messages: the document brings the areas its routes name (entry.server.tsx);
 * a navigation to a route that names others loads them first, from chunks built per language and area
 * (`app/locales/chunks.ts`, itself loaded only then, and kept out of the shared chunk), so a page never renders
 * an id it lacks. Ids that arrive as data (a form's errors, a refusal) bring their areas too.
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

const ID_SHAPE = /^[a-z][A-Za-z]*(\.[\w-]+)+$/

/** Id-shaped strings in loader or action data that the page's messages lack. */
function unknownIds(value: unknown, messages: Messages, found: Set<string>, depth = 0): Set<string> {
  if (depth > 8 || value == null) return found
  if (typeof value === 'string') {
    if (ID_SHAPE.test(value) && !(value in messages)) found.add(value)
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 200)) unknownIds(item, messages, found, depth + 1)
  } else if (typeof value === 'object') {
    for (const item of Object.values(value as Record<string, unknown>).slice(0, 200)) {
      unknownIds(item, messages, found, depth + 1)
    }
  }
  return found
}

/** Loads the areas of the ids a navigation's or a form's data carries, when the page lacks them. */
async function ensureAreasOfData(data: unknown): Promise<void> {
  if (!page) return
  const ids = unknownIds(data, page.i18n.messages, new Set())
  if (ids.size === 0) return
  const { AREAS_OF_PREFIX } = await import('#app/locales/id-areas.ts')
  const wanted = new Set<Area>()
  for (const id of ids) for (const area of AREAS_OF_PREFIX[id.split('.').slice(0, 2).join('.')] ?? []) wanted.add(area)
  await ensureAreas([...wanted])
}

/**
 * A route's client middleware that loads the areas its handle names before the route renders, and those of the
 * ids its data carries:
 *   export const handle = { i18n: ['products', 'cart'] } satisfies I18nHandle
 *   export const clientMiddleware = [messagesFor(handle)]
 */
export function messagesFor(handle: I18nHandle) {
  return async <T>(_args: unknown, next: () => Promise<T>): Promise<T> => {
    await ensureAreas(handle.i18n)
    const result = await next()
    await ensureAreasOfData(result)
    return result
  }
}
