import type { Messages } from '@lingui/core'
import type { Area } from './i18n.tsx'
import type { PageState } from './i18n-client.ts'

// The areas a navigation needs, loaded before its route renders (i18n-client.ts's messagesFor). Its own chunk:
// no page needs it before it runs.

export async function ensureAreas(page: PageState | null, wanted: readonly Area[]): Promise<void> {
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
export async function ensureAreasOfData(page: PageState | null, data: unknown): Promise<void> {
  if (!page) return
  const ids = unknownIds(data, page.i18n.messages, new Set())
  if (ids.size === 0) return
  const { AREAS_OF_PREFIX } = await import('#app/locales/id-areas.ts')
  const wanted = new Set<Area>()
  for (const id of ids) for (const area of AREAS_OF_PREFIX[id.split('.').slice(0, 2).join('.')] ?? []) wanted.add(area)
  await ensureAreas(page, [...wanted])
}
