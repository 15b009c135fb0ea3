import { numberFormat } from './format.ts'

/**
 * All money in Isoko is an integer number of Rwandan francs; this is the one place it is formatted, as each
 * language writes it: "RF 33,500" (English), "RF 33.500" (Kinyarwanda), "33 500 RF" (French).
 */
export function formatRwf(amount: number, locale = 'en-RW'): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'RWF',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount)
}

/**
 * A whole number of francs as a person types it: "25000", "25,000" (English), "25.000" (Kinyarwanda), "25 000"
 * (French, also with a no-break space) or "25'000", with or without "RF"/"RWF"/"FRW". Digits grouped by a
 * separator must come in threes ("2.5" or "25,00" are not whole francs). Returns the digits, '' when nothing was
 * typed, or null when it is not a whole number of francs. The forms' schemas check the range.
 */
export function readFrancs(typed: string): string | null {
  const s = typed
    .replace(/^\s*(?:rwf|frw|rf)\.?\s*|\s*(?:rwf|frw|rf)\.?\s*$/gi, '')
    .replace(/[\s\u00a0\u202f\u2009]/g, '')
  if (s === '') return ''
  if (/^\d+$/.test(s)) return s
  if (/^\d{1,3}(?:,\d{3})+$/.test(s) || /^\d{1,3}(?:\.\d{3})+$/.test(s) || /^\d{1,3}(?:'\d{3})+$/.test(s)) {
    return s.replace(/[.,']/g, '')
  }
  return null
}

/** Whole-percent discount of a sale price against its compare-at price, or null when not on sale. */
export function discountPercent(price: number, compareAtPrice: number | null | undefined): number | null {
  if (!compareAtPrice || compareAtPrice <= price) return null
  return Math.round(((compareAtPrice - price) / compareAtPrice) * 100)
}

/** A short amount for a chart's axis ('RF 120K'): the same currency style, in compact notation. */
export function formatRwfCompact(amount: number, locale = 'en-RW'): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'RWF',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount)
}
