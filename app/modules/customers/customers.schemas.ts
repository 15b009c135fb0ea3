import { z } from 'zod'
import { phoneSchema } from '#app/modules/accounts/accounts.schemas.ts'

// Schemas of the customer's account settings, shared by the forms and the services. Each message is a catalogue
// id: the page translates it for the customer's language.

const required = (max: number) => z.string().trim().min(1, 'account.error.required').max(max, 'account.error.tooLong')

/** A text field that may be missing from a post: treated as empty, so the message is 'required', not a type. */
const text = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === 'string' ? v : ''), schema)

/** The profile form: names, and a Rwandan mobile number in any common form (optional; stored in E.164). */
export const CustomerProfileSchema = z.object({
  firstName: text(required(60)),
  lastName: text(required(60)),
  phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined),
    phoneSchema.optional().transform((v) => v ?? null),
  ),
})
export type CustomerProfileInput = z.output<typeof CustomerProfileSchema>

const place = (message: string) => text(z.string().trim().min(1, message).max(80, message))

/** A delivery address: the place is checked against Rwanda's administrative tree by the service. */
export const AddressSchema = z.object({
  label: text(required(40)),
  recipient: text(required(80)),
  phone: text(phoneSchema),
  province: place('customer.address.error.province'),
  district: place('customer.address.error.district'),
  sector: place('customer.address.error.sector'),
  cell: place('customer.address.error.cell'),
  landmark: text(required(200)),
  /** A checkbox: 'on' when ticked, absent when not. */
  isDefault: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
})
export type AddressInput = z.output<typeof AddressSchema>
export type AddressField = keyof AddressInput

/** The fields of an address form, in their order on the page. */
export const addressFields = [
  'label',
  'recipient',
  'phone',
  'province',
  'district',
  'sector',
  'cell',
  'landmark',
] as const satisfies readonly AddressField[]

/** What counts towards a complete profile; each part weighs the same (five parts: 20% each). */
export const profileParts = ['firstName', 'lastName', 'email', 'phone', 'address'] as const
export type ProfilePart = (typeof profileParts)[number]

/** How complete a profile is, from its real fields: a percentage and the parts still missing. */
export function profileCompleteness(profile: {
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  addressCount: number
}): { percent: number; missing: ProfilePart[] } {
  const present: Record<ProfilePart, boolean> = {
    firstName: !!profile.firstName?.trim(),
    lastName: !!profile.lastName?.trim(),
    email: !!profile.email?.trim(),
    phone: !!profile.phone?.trim(),
    address: profile.addressCount > 0,
  }
  const missing = profileParts.filter((p) => !present[p])
  return { percent: Math.round(((profileParts.length - missing.length) / profileParts.length) * 100), missing }
}
