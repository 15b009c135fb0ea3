/**
 * Numbers in the reader's language, the same on the server and in every browser (dates: date-format.ts). English
 * and French come from Intl. Kinyarwanda does not: Node has its CLDR data, but Chrome's, and most phones', do not
 * (a browser would read 'rw-RW' as American English, and a page would hydrate with other text than the server
 * sent). So Kinyarwanda is written here from CLDR's rules for `rw`: '.' groups thousands, ',' marks decimals,
 * "RF 33.500".
 */

export type NumberFormatter = { format(value: number): string }

/** Whether an Intl locale tag is Kinyarwanda's, which Isoko writes itself (here, and in date-format.ts). */
export function isKinyarwanda(intlLocale: string): boolean {
  return intlLocale === 'rw' || intlLocale.startsWith('rw-')
}

const numberCache = new Map<string, NumberFormatter>()

/** Intl.NumberFormat for the reader's language (style, currency, notation, digits and sign as Intl takes them). */
export function numberFormat(intlLocale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  const key = `${intlLocale}|${JSON.stringify(options)}`
  let formatter = numberCache.get(key)
  if (!formatter) {
    const intl = () =>
      isKinyarwanda(intlLocale) ? kinyarwandaNumbers(options) : new Intl.NumberFormat(intlLocale, options)
    formatter = wholeNumbers(intlLocale, options, intl) ?? intl()
    numberCache.set(key, formatter)
  }
  return formatter
}

/** How each language groups the thousands of a whole number (CLDR: en ',', fr U+202F, rw and de '.'). */
const GROUPS: Record<string, string> = { en: ',', fr: '\u202f', rw: '.', de: '.' }

/**
 * A whole number's digits grouped by threes ('1,234,567'), with its minus sign: what Intl writes for a whole number
 * in en, fr, rw and de, without Intl (wholeNumbers). Null for a language that is not one of those.
 */
export function groupWhole(value: number, language: string): string | null {
  const group = GROUPS[language]
  if (group === undefined) return null
  const digits = String(Math.abs(value))
  let out = value < 0 ? '-' : ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += group
    out += digits[i]
  }
  return out
}

/** The one currency shape amounts use (money.ts's formatRwf): whole Rwandan francs. */
export const WHOLE_FRANCS: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'RWF',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
}

/** The languages whose whole numbers are written here (wholeNumbers), by Intl locale. */
const OWN: Record<string, string> = { 'en-RW': 'en', 'fr-RW': 'fr', 'rw-RW': 'rw' }

/**
 * Whole numbers and whole francs written here, not by Intl: a browser's first Intl.NumberFormat loads ICU's number
 * data, 20 to 40 ms of main thread on this machine (more on a phone) inside hydration, for figures that only need
 * their thousands grouped. The strings are Intl's own, character for character (format.test.ts compares them):
 * "RF 33,500" and "33 500 RF" with a no-break space (U+00A0) between amount and currency, U+202F between French
 * groups. Anything else (a fraction, -0, a number beyond 2^53, another shape or language) goes to Intl, made when
 * first needed.
 */
function wholeNumbers(
  intlLocale: string,
  options: Intl.NumberFormatOptions,
  intl: () => NumberFormatter,
): NumberFormatter | null {
  const language = OWN[intlLocale]
  const francs = options === WHOLE_FRANCS
  if (!language || (!francs && Object.keys(options).length > 0)) return null
  let fallback: NumberFormatter | undefined
  return {
    format(value) {
      const grouped = Number.isSafeInteger(value) && !Object.is(value, -0) ? groupWhole(value, language) : null
      if (grouped === null) {
        fallback ??= intl()
        return fallback.format(value)
      }
      if (!francs) return grouped
      if (language === 'fr') return `${grouped}\u00a0RF`
      return value < 0 ? `-RF\u00a0${grouped.slice(1)}` : `RF\u00a0${grouped}`
    },
  }
}

function kinyarwandaNumbers(options: Intl.NumberFormatOptions): NumberFormatter {
  // American English has the same shapes ("RWF 33,500", "12.5", "95%", "120K"): only the marks differ.
  const base = new Intl.NumberFormat('en-US', options)
  return {
    format(value) {
      return base
        .formatToParts(value)
        .map((part) => {
          if (part.type === 'group') return '.'
          if (part.type === 'decimal') return ','
          if (part.type === 'currency') return part.value === 'RWF' ? 'RF' : part.value
          return part.value
        })
        .join('')
    },
  }
}
