import type { I18n, Messages } from '@lingui/core'
import {
  type Area,
  defaultLocale,
  type I18nHandle,
  i18nFromMessages,
  isLocale,
  type Locale,
  locales,
  type MessageId,
  type PageMessages,
  scriptJson,
} from './i18n.tsx'
import { withOwnNumbers } from './own-numbers.ts'

export { isLocale }

/** The cookie that remembers the visitor's choice; the account keeps it too (`users.locale`). */
export const LOCALE_COOKIE = 'lang'

/** Language tags that name one of ours: ISO 639-1, and Kinyarwanda's ISO 639-2 code. */
function localeOfTag<L extends string>(tag: string, supported: readonly L[]): L | undefined {
  const base = tag.trim().toLowerCase().split('-')[0] ?? ''
  const code = base === 'kin' ? 'rw' : base
  return (supported as readonly string[]).includes(code) ? (code as L) : undefined
}

/**
 * Picks the interface language: the `lang` cookie, then Accept-Language (its preferred supported language, by
 * q-value), then English. `supported` is the interface's languages; its tests pass others too.
 */
export function negotiateLocale<L extends string = Locale>(
  cookieHeader: string | null,
  acceptLanguage: string | null,
  supported: readonly L[] = locales as readonly string[] as readonly L[],
  fallback: L = defaultLocale as string as L,
): L {
  const fromCookie = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]{2})(?:;|$)/)?.[1]
  const chosen = fromCookie ? localeOfTag(fromCookie, supported) : undefined
  if (chosen) return chosen
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';')
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1)
      return { tag, q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const found = localeOfTag(tag, supported)
    if (found) return found
  }
  return fallback
}

/**
 * The language of one request: `?lang=` in the address (the links search engines follow, `hreflang`), then the
 * cookie, then Accept-Language. The address never sets the cookie: only the switcher does.
 */
export function requestLocale(request: Request): Locale {
  const fromQuery = new URL(request.url).searchParams.get('lang')
  if (isLocale(fromQuery)) return fromQuery
  return negotiateLocale(request.headers.get('Cookie'), request.headers.get('Accept-Language'))
}

/** Every area of the catalogue (`app/locales/<lang>/<area>.po`), as the `Area` type lists them. */
export const areas = [
  'common',
  'home',
  'products',
  'vendors',
  'cart',
  'help',
  'pages',
  'accounts',
  'vendor',
  'admin',
  'customer',
  'orders',
  'fulfilment',
  'reviews',
  'uploads',
  'analytics',
  'inventory',
  'messages',
  'product-editor',
  'statement',
  'store-media',
  'staff-money',
  'payouts',
  'returns',
  'support',
  'product-import',
  'vendor-workspace',
] as const satisfies readonly Area[]

export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && (areas as readonly string[]).includes(value)
}

/** The areas named by a page's matched routes' handles, with `common` (header, footer, errors) always. */
export function areasOfHandles(handles: readonly unknown[]): Area[] {
  const found = new Set<Area>(['common'])
  for (const handle of handles) {
    const list = (handle as Partial<I18nHandle> | undefined)?.i18n
    if (Array.isArray(list)) for (const a of list) if (isArea(a)) found.add(a)
  }
  return [...found].sort()
}

// Every catalogue of every language, compiled by Lingui's Vite plugin at build time (the server has them all; a
// page ships only its areas, see entry.server.tsx). Outside Vite (the seed, scripts under tsx) there is no
// `import.meta.glob`: the same files are read and compiled at start instead.
let compiled: Record<string, { messages: Messages }>
try {
  compiled = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true })
} catch {
  const reader = new URL('./po-files.server.ts', import.meta.url).href
  const { readCompiledCatalogues } = (await import(/* @vite-ignore */ reader)) as typeof import('./po-files.server.ts')
  compiled = readCompiledCatalogues(new URL('../locales', import.meta.url).pathname)
}

const byArea = {} as Record<Locale, Record<Area, Messages>>
for (const locale of locales) {
  byArea[locale] = {} as Record<Area, Messages>
  for (const area of areas) {
    const module = compiled[`../locales/${locale}/${area}.po`]
    // English is complete by construction; a translation that lacks a file falls back to English below.
    // Their plurals and numbers written by Isoko, not by an Intl.NumberFormat (own-numbers.ts).
    byArea[locale][area] = withOwnNumbers(module?.messages ?? {})
  }
}

function merge(locale: Locale, of: readonly Area[]): Messages {
  return Object.assign({}, ...of.map((area) => byArea[locale][area]))
}

const whole = Object.fromEntries(locales.map((l) => [l, merge(l, areas)])) as Record<Locale, Messages>

/** Each id's area (from the English catalogue, which has every id). */
const areaOfId = new Map<string, Area>()
for (const area of areas) for (const id of Object.keys(byArea.en[area])) areaOfId.set(id, area)

const ID_SHAPE = /^[a-z][A-Za-z]*(\.[\w-]+)+$/

/**
 * The areas of the message ids found in a page's data: ids that travel as data (a form's errors from a schema, a
 * refusal from a workflow) and that the page translates. Scanned a few levels deep, strings only.
 */
export function areasOfIdsIn(value: unknown, found = new Set<Area>(), depth = 0): Set<Area> {
  if (depth > 6 || value == null) return found
  if (typeof value === 'string') {
    const area = ID_SHAPE.test(value) ? areaOfId.get(value) : undefined
    if (area) found.add(area)
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 200)) areasOfIdsIn(item, found, depth + 1)
  } else if (typeof value === 'object') {
    for (const item of Object.values(value as Record<string, unknown>).slice(0, 200)) {
      areasOfIdsIn(item, found, depth + 1)
    }
  }
  return found
}

/** The messages of some areas in one language: what a page ships. */
export function messagesOf(locale: Locale, of: readonly Area[]): Messages {
  return merge(locale, of)
}

const shippedCache = new Map<string, { messages: Messages; json: string }>()

/**
 * What a page ships of the catalogue, merged and serialised once per language and set of areas (a few dozen sets
 * in all), not at every request: the messages, and their JSON for the document's script element.
 */
export function pageMessagesOf(locale: Locale, of: readonly Area[]): { messages: Messages; json: string } {
  const key = `${locale}:${of.join(',')}`
  let shipped = shippedCache.get(key)
  if (!shipped) {
    const messages = merge(locale, of)
    const page: PageMessages = { locale, areas: [...of], messages }
    shipped = { messages, json: scriptJson(page) }
    // Bounded by the areas' combinations the routes name; a cap keeps odd data from growing it without end.
    if (shippedCache.size >= 256) shippedCache.clear()
    shippedCache.set(key, shipped)
  }
  return shipped
}

/** The whole catalogue of a language. */
export function getMessages(locale: Locale): Messages {
  return whole[locale]
}

/** An id's English text, for a language that lacks it (production only: tests make every id complete). */
export function englishFallback(id: string, values?: Record<string, unknown>): string {
  return createI18n(defaultLocale)._(id as MessageId, values)
}

/** Lingui's I18n with message ids typed: an id that is not in the English catalogue does not compile. */
export type Translator = Omit<I18n, '_' | 't'> & {
  _(id: MessageId, values?: Record<string, unknown>): string
}

const instances = new Map<Locale, Translator>()

/** The translator of a whole language, for loaders, actions, e-mails and SMS on the server. */
export function createI18n(locale: Locale): Translator {
  let i18n = instances.get(locale)
  if (!i18n) {
    i18n = i18nFromMessages(locale, { ...whole.en, ...whole[locale] }) as Translator
    instances.set(locale, i18n)
  }
  return i18n
}

/** The translator for a request's language (`?lang=`, the cookie, then Accept-Language). */
export function requestI18n(request: Request): Translator {
  return createI18n(requestLocale(request))
}

/** The request's language, checked: a stored or posted language that is not ours reads as English. */
export function localeOr(value: string | null | undefined, fallback: Locale = defaultLocale): Locale {
  return isLocale(value) ? value : fallback
}
