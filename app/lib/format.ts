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
    formatter = isKinyarwanda(intlLocale) ? kinyarwandaNumbers(options) : new Intl.NumberFormat(intlLocale, options)
    numberCache.set(key, formatter)
  }
  return formatter
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
