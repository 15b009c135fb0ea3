// Reading an amount typed in a form; its own module, so that pages without such a form do not carry it
// (formatting is money.ts's).

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
