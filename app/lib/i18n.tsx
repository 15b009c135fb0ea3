import { type I18n, type Messages, setupI18n } from '@lingui/core'
import { createContext, type ReactNode, useContext } from 'react'

export const locales = ['en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'en'

/** Intl locale used for numbers, money and dates in each interface language. */
export const intlLocale: Record<Locale, string> = { en: 'en-RW' }

export function isLocale(value: string | null | undefined): value is Locale {
  return !!value && (locales as readonly string[]).includes(value)
}

/**
 * Picks the interface language: the `lang` cookie, then Accept-Language (its first supported language), then
 * English. `supported` is the interface's languages; its tests pass more than the one there is today.
 */
export function negotiateLocale<L extends string = Locale>(
  cookieHeader: string | null,
  acceptLanguage: string | null,
  supported: readonly L[] = locales as readonly string[] as readonly L[],
  fallback: L = defaultLocale as string as L,
): L {
  const known = (value: string | undefined): value is L => !!value && (supported as readonly string[]).includes(value)
  const fromCookie = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]{2})/)?.[1]
  if (known(fromCookie)) return fromCookie
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (known(tag)) return tag
  }
  return fallback
}

export function i18nFromMessages(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } })
}

/**
 * The page's compiled catalogue travels as JSON in the document (`<script type="application/json">`), not as
 * JavaScript: the server renders it once, the browser reads it before hydrating, and it never counts against
 * the JavaScript budget or rides along with later navigations (ADR 0004).
 */
export const I18N_SCRIPT_ID = 'isoko-messages'
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
const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useI18n needs an <I18nProvider> above it')
  return i18n
}
