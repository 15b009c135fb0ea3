import { type I18n, type MessageOptions, type Messages, setupI18n } from '@lingui/core'
import { createContext, type ReactNode, useContext } from 'react'
import type { MessageId } from '#app/locales/message-ids.ts'
import { groupWhole } from './format.ts'

export type { MessageId }

/** The interface's languages: English (the source), Kinyarwanda, French. `lingui.config.ts` lists the same. */
export const locales = ['en', 'rw', 'fr'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en'

/** Each language's name in itself, as the switcher shows it: never translated, so anyone finds their own. */
export const localeNames: Record<Locale, string> = { en: 'English', rw: 'Ikinyarwanda', fr: 'Français' }

/** Intl locale used for numbers, money and dates in each interface language (app/lib/format.ts). */
export const intlLocale: Record<Locale, string> = { en: 'en-RW', rw: 'rw-RW', fr: 'fr-RW' }

export function isLocale(value: string | null | undefined): value is Locale {
  return !!value && (locales as readonly string[]).includes(value)
}

/**
 * The catalogue's areas, one `.po` file each (`app/locales/<lang>/<area>.po`). A page ships the messages of the
 * areas its routes name in `handle.i18n` (and `common`), not the whole catalogue. The list itself, and the
 * choice of a request's language, live in i18n.server.ts: the browser needs neither.
 */
export type Area =
  | 'common'
  | 'home'
  | 'products'
  | 'vendors'
  | 'cart'
  | 'help'
  | 'pages'
  | 'accounts'
  | 'vendor'
  | 'admin'
  | 'customer'
  | 'orders'
  | 'fulfilment'
  | 'reviews'
  | 'uploads'
  | 'analytics'
  | 'inventory'
  | 'messages'
  | 'product-editor'
  | 'statement'
  | 'store-media'
  | 'staff-money'
  | 'payouts'
  | 'returns'
  | 'support'
  | 'product-import'
  | 'vendor-workspace'

/** What a route module exports as `handle` to name the areas its page (and its components) read. */
export type I18nHandle = { i18n: readonly Area[] }

/**
 * What to do with an id that the page's messages lack. On the server in development and tests it throws, so a
 * route that forgot an area in its handle fails its journey at once instead of showing an id; in production the
 * id's English text is shown (`fallback`) and the miss is logged.
 */
export type MissingHandler = (locale: string, id: string) => string

export function i18nFromMessages(locale: Locale, messages: Messages, missing?: MissingHandler): I18n {
  const i18n = setupI18n({
    locale,
    // The plural rules of the messages: Node has CLDR's `rw` but browsers do not (format.ts), so the server and
    // the browser chose different cases and the page failed to hydrate. German has the same plural cases as `rw`
    // (one, other) in every engine, and writes numbers as `rw` does (1.000; 4,5) where Intl still writes one.
    ...(locale === 'rw' ? { locales: ['de'] } : {}),
    messages: { [locale]: messages },
    ...(missing ? { missing } : {}),
  })
  const numbers = locale === 'rw' ? 'de' : locale
  const translate = i18n._.bind(i18n)
  // Ids only: nothing calls `_` with a message descriptor (Translator's type has no such form).
  const own = ((id: string, values?: Values, options?: MessageOptions) =>
    translate(id, values && withWrittenNumbers(values, numbers), options)) as I18n['_']
  i18n._ = own
  i18n.t = own
  return i18n
}

/**
 * The values that messages rewritten by own-numbers.ts read: `count#` is how `#` writes `count`, and `count#plural`
 * its plural case ('one', 'other'). No message can name a value so. Every message reaches a page rewritten (the
 * server's catalogues, and the areas the browser loads later), so no plural asks lingui for an Intl.NumberFormat.
 */
export const WRITTEN = '#'
export const CASE = '#plural'

type Values = Record<string, unknown>
/** The values with, beside each number, how `#` writes it and its plural case (own-numbers.ts). */
function withWrittenNumbers(values: Values, language: string): Values {
  let out: Values | undefined
  for (const [name, value] of Object.entries(values)) {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
    if (Number.isNaN(n)) continue
    out ??= { ...values }
    // Written when a message reads it (a rating's 4.5 beside its message needs no Intl.NumberFormat).
    Object.defineProperty(out, `${name}${WRITTEN}`, {
      enumerable: true,
      get: () =>
        (Number.isSafeInteger(n) && !Object.is(n, -0) ? groupWhole(n, language) : null) ?? intlNumber(language, n),
    })
    out[`${name}${CASE}`] = pluralRules(language).select(n)
  }
  return out ?? values
}

const rules = new Map<string, Intl.PluralRules>()
/** The plural rules lingui itself uses: the language's, and English after it. */
function pluralRules(language: string): Intl.PluralRules {
  let found = rules.get(language)
  if (!found) {
    found = new Intl.PluralRules([language, 'en'])
    rules.set(language, found)
  }
  return found
}

const intlNumbers = new Map<string, Intl.NumberFormat>()
/** What lingui itself writes for `#`: Intl's default decimal format of the language (and English after it). */
function intlNumber(language: string, value: number): string {
  let format = intlNumbers.get(language)
  if (!format) {
    format = new Intl.NumberFormat([language, 'en'])
    intlNumbers.set(language, format)
  }
  return format.format(value)
}

/**
 * The page's messages travel as JSON in the document (`<script type="application/json">`), not as JavaScript:
 * the server renders them once, the browser reads them before hydrating, and they never count against the
 * JavaScript budget (ADR 0004). Areas the page did not ship are loaded when a navigation needs them.
 */
export const I18N_SCRIPT_ID = 'isoko-messages'
export type PageMessages = { locale: Locale; areas: Area[]; messages: Messages }
export const MessagesJsonContext = createContext<{ locale: Locale; json: string }>({
  locale: defaultLocale,
  json: '{}',
})

export function MessagesScript() {
  const { json } = useContext(MessagesJsonContext)
  return (
    <script
      id={I18N_SCRIPT_ID}
      type="application/json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own catalogue, with '<' escaped
      dangerouslySetInnerHTML={{ __html: json }}
      suppressHydrationWarning
    />
  )
}

/** JSON safe to put inside a script element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * The page's i18n instance for components. A plain context instead of @lingui/react's provider, which would add
 * about 1 KB gzip to every page for re-rendering on a live locale switch that Isoko does not do: a change of
 * language reloads the page with the new `lang` cookie.
 */
const I18nContext = createContext<PageI18n | null>(null)

/** What components need of Lingui's I18n: the language, and `_` with typed ids. */
export type PageI18n = { readonly locale: string; _(id: MessageId, values?: Record<string, unknown>): string }

export function I18nProvider({ i18n, children }: { i18n: PageI18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

export function useI18n(): PageI18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useI18n needs an <I18nProvider> above it')
  return i18n
}

/**
 * A message id that arrives as data rather than written in the code: a form's error from its zod schema, a flash,
 * a failure reason kept in the database. Literal ids are checked by the compiler; these by the catalogue tests
 * (tests/unit/i18n.test.ts finds the ids the code names, in schemas too).
 */
export function messageId(id: string): MessageId {
  return id as MessageId
}
