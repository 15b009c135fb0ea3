import { z } from 'zod'
import { normaliseRwandanPhone, operatorOf } from '#app/modules/accounts/accounts.schemas.ts'
import { type OpeningHours, parseTimeOfDay, WEEKDAYS, type Weekday } from './opening-hours.ts'
import { RESPONSE_TIMES } from './response-times.ts'

// The store settings form (/vendor-dashboard/settings), shared by the form and its action. Each message is a
// catalogue id (app/locales/en/vendor.po): the page shows it next to its field.

/** At most this many specialties: chips on the store page, not a list of keywords. */
export const MAX_SPECIALTIES = 8
export const MAX_SPECIALTY_LENGTH = 40

/** Shortest and longest length of each text field: the schema checks them, the page says them ({min}, {max}). */
export const storeSettingsLimits = {
  name: { min: 2, max: 80 },
  description: { min: 10, max: 200 },
  about: { min: 20, max: 2000 },
  district: { min: 1, max: 40 },
  returns: { min: 10, max: 500 },
  shipping: { min: 10, max: 500 },
  warranty: { min: 5, max: 500 },
  responseTime: { min: 3, max: 40 },
  specialties: { min: 0, max: MAX_SPECIALTY_LENGTH, count: MAX_SPECIALTIES },
} as const

const text = ({ min, max }: { min: number; max: number }) =>
  z
    .string({ error: 'vendor.settings.error.required' })
    .trim()
    .min(1, 'vendor.settings.error.required')
    .min(min, 'vendor.settings.error.short')
    .max(max, 'vendor.settings.error.long')

/** Specialties typed one per line or separated by commas: trimmed, blanks and repeats (any case) dropped. */
export function splitSpecialties(raw: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const part of raw.split(/[,\n]/)) {
    const s = part.replace(/\s+/g, ' ').trim()
    if (!s || seen.has(s.toLowerCase())) continue
    seen.add(s.toLowerCase())
    out.push(s)
  }
  return out
}

export const StoreSettingsSchema = z.object({
  name: text(storeSettingsLimits.name),
  /** One or two sentences: the store's cards and search results. */
  description: text(storeSettingsLimits.description),
  /** The store page's 'About'; blank lines separate paragraphs. */
  about: text(storeSettingsLimits.about),
  /** A district of Rwanda as the places module spells it (checked against the tree by the service). */
  district: text(storeSettingsLimits.district),
  specialties: z
    .string()
    .default('')
    .transform(splitSpecialties)
    .pipe(
      // Checked on the list, not on each item: the message belongs to the one field the vendor typed them in.
      z
        .array(z.string())
        .refine((list) => list.every((s) => s.length <= MAX_SPECIALTY_LENGTH), 'vendor.settings.error.specialtyLong')
        .max(MAX_SPECIALTIES, 'vendor.settings.error.specialtiesMany'),
    ),
  returns: text(storeSettingsLimits.returns),
  shipping: text(storeSettingsLimits.shipping),
  warranty: text(storeSettingsLimits.warranty),
  /** A choice of RESPONSE_TIMES, shown on the store page in the visitor's language. */
  responseTime: z.enum(RESPONSE_TIMES, 'vendor.settings.error.responseTime'),
})

export type StoreSettingsInput = z.infer<typeof StoreSettingsSchema>

/** The form's fields in order: what the page renders and what the action keeps when it refuses. */
export const storeSettingsFields = [
  'name',
  'description',
  'about',
  'district',
  'specialties',
  'returns',
  'shipping',
  'warranty',
  'responseTime',
] as const

export type StoreSettingsField = (typeof storeSettingsFields)[number]

const NETWORK = { mtn: 'momo', airtel: 'airtel' } as const
const networkOf = (e164: string) => {
  const operator = operatorOf(e164)
  return operator ? NETWORK[operator] : null
}

/**
 * The store's payout method: the network and its number (E.164 after normalising), which must be on that network.
 * The current password is checked by the workflow when a method exists already.
 */
export const PayoutMethodSchema = z
  .object({
    provider: z.enum(['momo', 'airtel'], 'payouts.method.error.provider'),
    phone: z.string().trim().max(40).optional().default(''),
    currentPassword: z.string().max(200).optional().default(''),
  })
  .transform((value, ctx) => {
    const phone = normaliseRwandanPhone(value.phone)
    if (!phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'payouts.method.error.phone' })
      return z.NEVER
    }
    if (networkOf(phone) !== value.provider) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: `payouts.method.error.network.${value.provider}` })
      return z.NEVER
    }
    return { provider: value.provider, phone, currentPassword: value.currentPassword }
  })

/**
 * The opening hours form: per weekday a checkbox `open-<day>` and two times `opens-<day>`, `closes-<day>` (HH:MM,
 * Kigali time; closing at or before the opening time means after midnight). A day left unticked is closed. Returns
 * the hours (Monday first) or each refused day's message, with what was typed kept by the caller.
 */
export function parseOpeningHoursForm(
  form: FormData,
): { ok: true; hours: OpeningHours } | { ok: false; errors: Partial<Record<Weekday, string>> } {
  const hours: OpeningHours = []
  const errors: Partial<Record<Weekday, string>> = {}
  for (const day of WEEKDAYS) {
    if (form.get(`open-${day}`) !== 'on') {
      hours.push(null)
      continue
    }
    const open = parseTimeOfDay(String(form.get(`opens-${day}`) ?? ''))
    const close = parseTimeOfDay(String(form.get(`closes-${day}`) ?? ''))
    if (open === null || close === null) errors[day] = 'vendorSettings.hours.error.time'
    else if (open === close) errors[day] = 'vendorSettings.hours.error.same'
    else hours.push({ open, close })
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, hours }
}
