import { numberFormat, WHOLE_FRANCS } from './format.ts'

/**
 * All money in Isoko is an integer number of Rwandan francs; this is the one place it is formatted, as each
 * language writes it: "RF 33,500" (English), "RF 33.500" (Kinyarwanda), "33 500 RF" (French).
 */
export function formatRwf(amount: number, locale = 'en-RW'): string {
  return numberFormat(locale, WHOLE_FRANCS).format(amount)
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
