import { isKinyarwanda } from '#app/lib/format.ts'
import { KIGALI_TIME_ZONE, onKigaliClock } from '#app/lib/kigali-clock.ts'

/**
 * Dates in the reader's language, on Kigali's clock unless told, the same on the server and in every browser.
 * English and French come from Intl; Kinyarwanda is written here from CLDR's rules for `rw` (day month year with
 * the months' Kinyarwanda names, a 24-hour clock), because Chrome's and most phones' Intl lack it (format.ts).
 * Not in app/lib: only the pages that show dates load it.
 */

export type DateFormatter = {
  format(date: Date | number): string
  /** "1 – 7 Nov 2026" as the language writes a range. */
  formatRange(start: Date | number, end: Date | number): string
}

const MONTHS = [
  'Mutarama',
  'Gashyantare',
  'Werurwe',
  'Mata',
  'Gicurasi',
  'Kamena',
  'Nyakanga',
  'Kanama',
  'Nzeri',
  'Ukwakira',
  'Ugushyingo',
  'Ukuboza',
]
const MONTHS_SHORT = ['mut.', 'gas.', 'wer.', 'mat.', 'gic.', 'kam.', 'nya.', 'kan.', 'nze.', 'ukw.', 'ugu.', 'uku.']
const WEEKDAYS = [
  'Ku cyumweru',
  'Kuwa mbere',
  'Kuwa kabiri',
  'Kuwa gatatu',
  'Kuwa kane',
  'Kuwa gatanu',
  'Kuwa gatandatu',
]
const WEEKDAYS_SHORT = ['cyu.', 'mbe.', 'kab.', 'gtu.', 'kan.', 'gnu.', 'gnd.']

const dateCache = new Map<string, DateFormatter>()

/**
 * Intl.DateTimeFormat for the reader's language, on Kigali's clock unless `timeZone` says otherwise. Kinyarwanda
 * knows the shapes Isoko uses: `dateStyle` (with or without `timeStyle: 'short'`), day with month, month with
 * year, a weekday before the day, and the time of day.
 */
export function dateFormat(intlLocale: string, options: Intl.DateTimeFormatOptions = {}): DateFormatter {
  const withZone = { timeZone: KIGALI_TIME_ZONE, ...options }
  const key = `${intlLocale}|${JSON.stringify(withZone)}`
  let formatter = dateCache.get(key)
  if (!formatter) {
    const intl = () =>
      isKinyarwanda(intlLocale)
        ? kinyarwandaDates(withZone)
        : plainSpaces(new Intl.DateTimeFormat(intlLocale, withZone))
    formatter = mediumDates(intlLocale, withZone, intl) ?? intl()
    dateCache.set(key, formatter)
  }
  return formatter
}

/** Each language's short month names in dates of `dateStyle: 'medium'`, as CLDR writes them. */
const MEDIUM_MONTHS: Record<string, readonly string[]> = {
  'en-RW': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  'fr-RW': ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  'rw-RW': MONTHS,
}

/**
 * "26 Nov 2026", "26 nov. 2026", "26 Ugushyingo 2026" (`dateStyle: 'medium'` on Kigali's clock, a product's
 * reviews) written here, not by Intl: a browser's first Intl.DateTimeFormat loads ICU's calendar data, tens of ms
 * of main thread inside hydration. The strings are Intl's own (date-format.test.ts compares them month by month).
 * A range is Intl's to write, made when first needed.
 */
function mediumDates(
  intlLocale: string,
  options: Intl.DateTimeFormatOptions,
  intl: () => DateFormatter,
): DateFormatter | null {
  const months = MEDIUM_MONTHS[intlLocale]
  const { dateStyle, timeZone, ...rest } = options
  if (!months || dateStyle !== 'medium' || timeZone !== KIGALI_TIME_ZONE || Object.keys(rest).length > 0) return null
  let fallback: DateFormatter | undefined
  return {
    format(date) {
      const kigali = onKigaliClock(date)
      const year = kigali.getUTCFullYear()
      // Before 1970 (Kigali's clock was not yet UTC+2 before 1935) or an invalid date: Intl's to write.
      if (!(year >= 1970 && year <= 9999)) {
        fallback ??= intl()
        return fallback.format(date)
      }
      return `${kigali.getUTCDate()} ${months[kigali.getUTCMonth()]} ${year}`
    },
    formatRange(start, end) {
      fallback ??= intl()
      return fallback.formatRange(start, end)
    },
  }
}

/**
 * Intl with its thin and narrow no-break spaces written as plain ones: Node's ICU puts thin spaces around a range's
 * dash ("29 Oct – 27 Nov") where Chromium's puts plain ones, and the page rendered on the server must hydrate as
 * the same text in the browser.
 */
function plainSpaces(intl: Intl.DateTimeFormat): DateFormatter {
  const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ')
  return {
    format: (date) => plain(intl.format(date)),
    formatRange: (start, end) => plain(intl.formatRange(start, end)),
  }
}

function kinyarwandaDates(options: Intl.DateTimeFormatOptions): DateFormatter {
  const numeric = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 }
  const format = (date: Date | number): string => {
    const parts = Object.fromEntries(numeric.formatToParts(date).map((p) => [p.type, p.value]))
    const day = Number(parts.day)
    const month = Number(parts.month) - 1
    const year = parts.year
    const time = `${parts.hour}:${parts.minute}`
    const weekday = weekdayIndex[parts.weekday ?? 'Sun'] ?? 0
    const { dateStyle, timeStyle } = options
    if (dateStyle) {
      const text =
        dateStyle === 'short'
          ? `${String(day).padStart(2, '0')}/${String(month + 1).padStart(2, '0')}/${year}`
          : dateStyle === 'full'
            ? `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month]} ${year}`
            : `${day} ${MONTHS[month]} ${year}`
      return timeStyle ? `${text}, ${time}` : text
    }
    if (timeStyle) return time
    const short = options.month === 'short' || options.month === 'narrow'
    const monthName = options.month ? (short ? MONTHS_SHORT[month] : MONTHS[month]) : ''
    const out: string[] = []
    if (options.weekday)
      out.push(options.weekday === 'long' ? (WEEKDAYS[weekday] as string) : (WEEKDAYS_SHORT[weekday] as string))
    if (options.day) out.push(String(day))
    if (monthName) out.push(monthName as string)
    if (options.year) out.push(year as string)
    const datePart = out.join(' ')
    if (options.hour) return datePart ? `${datePart}, ${time}` : time
    return datePart
  }
  return { format, formatRange: (start, end) => `${format(start)} – ${format(end)}` }
}
