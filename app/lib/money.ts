/** All money in Isoko is an integer number of Rwandan francs; this is the one place it is formatted. */
const formatters = new Map<string, Intl.NumberFormat>()

export function formatRwf(amount: number, locale = 'en-RW'): string {
  let f = formatters.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'RWF',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    })
    formatters.set(locale, f)
  }
  return f.format(amount)
}

/** Whole-percent discount of a sale price against its compare-at price, or null when not on sale. */
export function discountPercent(price: number, compareAtPrice: number | null | undefined): number | null {
  if (!compareAtPrice || compareAtPrice <= price) return null
  return Math.round(((compareAtPrice - price) / compareAtPrice) * 100)
}

const compactFormatters = new Map<string, Intl.NumberFormat>()

/** A short amount for a chart's axis ('RF 120K'): the same currency style, in compact notation. */
export function formatRwfCompact(amount: number, locale = 'en-RW'): string {
  let f = compactFormatters.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'RWF',
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    compactFormatters.set(locale, f)
  }
  return f.format(amount)
}
