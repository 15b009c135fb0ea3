/**
 * SMS texts and the GSM-7 alphabet (3GPP TS 23.038). One SMS holds 160 GSM-7 characters; one character outside
 * the alphabet makes the whole text UCS-2 (70 characters), and a longer text is billed per 153-character part.
 * Isoko's texts are written to fit one SMS (a test fills each with long values and counts); one that does not,
 * with a long store name or list, goes as a joined message of up to three parts, billed and counted as such,
 * never cut in the middle of a word the reader needs: `fitSms` turns typography into plain GSM-7 and cuts only
 * past three parts, visibly.
 */

/** The basic alphabet, each one septet. */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'

/** The extension table: each costs two septets (an escape, then the character). */
const EXTENSION = '\f^{}\\[~]|€'

const basic = new Set(BASIC)
const extension = new Set(EXTENSION)

export const SMS_MAX_SEPTETS = 160
/** A part of a longer (joined) SMS holds 153 septets: the rest carries the joining header. */
export const SMS_PART_SEPTETS = 153
/** The most parts one of Isoko's messages is sent in. */
export const SMS_MAX_PARTS = 3

/** How many SMS a GSM-7 text is sent as (billed as): 1 up to 160 septets, then one per 153. */
export function smsParts(text: string): number {
  const n = gsm7Length(text) ?? Math.ceil(text.length * (160 / 70))
  return n <= SMS_MAX_SEPTETS ? 1 : Math.ceil(n / SMS_PART_SEPTETS)
}

/** Septets the text needs in GSM-7, or null when a character is outside the alphabet. */
export function gsm7Length(text: string): number | null {
  let n = 0
  for (const c of text) {
    if (basic.has(c)) n += 1
    else if (extension.has(c)) n += 2
    else return null
  }
  return n
}

/** True when the text is all GSM-7 and fits one SMS. */
export function fitsOneSms(text: string): boolean {
  const n = gsm7Length(text)
  return n !== null && n <= SMS_MAX_SEPTETS
}

// Typography that has a plain GSM-7 spelling. Intl's currency format puts a no-break space in 'RF 12,500'.
const PLAIN: Record<string, string> = {
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00d7': 'x',
  '\u2022': '-',
  '\u00b7': '-',
}

/** One character in GSM-7: as is, its plain spelling, its letter without accents (ê → e), or '?'. */
function plainChar(c: string): string {
  if (basic.has(c) || extension.has(c)) return c
  const plain = PLAIN[c]
  if (plain !== undefined) return plain
  const bare = c.normalize('NFD').replace(/\p{M}/gu, '')
  if (bare !== '' && gsm7Length(bare) !== null) return bare
  return '?'
}

export type FittedSms = { text: string; truncated: boolean; replaced: boolean }

/**
 * The text as it will be sent: in GSM-7, in at most three joined parts. Characters outside the alphabet become
 * their plain spelling (or '?'); a text still longer than `maxSeptets` is cut and ends with '...' so the reader
 * sees it was cut. Never throws: the text often carries what people typed (a store's name), and an order must not
 * fail over it.
 */
export function fitSms(text: string, maxSeptets = SMS_PART_SEPTETS * SMS_MAX_PARTS): FittedSms {
  let plain = ''
  for (const c of text) plain += plainChar(c)
  const replaced = plain !== text
  if ((gsm7Length(plain) ?? 0) <= maxSeptets) return { text: plain, truncated: false, replaced }
  const ellipsis = '...'
  let out = ''
  let n = 0
  for (const c of plain) {
    const cost = extension.has(c) ? 2 : 1
    if (n + cost > maxSeptets - ellipsis.length) break
    out += c
    n += cost
  }
  return { text: out.trimEnd() + ellipsis, truncated: true, replaced }
}
