import { z } from 'zod'
import { COMMON_PASSWORDS } from './common-passwords.ts'

// Schemas of the sign-in and registration forms, shared by the forms and the actions. Each message is a
// catalogue id: the action translates it for the visitor's language.

/**
 * A Rwandan mobile number in any common form (078 123 4567, +250 78 123 4567, 250781234567, 0788-123-456)
 * as E.164 (+2507XXXXXXXX); null when it is not one. Mobile numbers are 7 followed by 2, 3, 8 or 9 and
 * seven digits (MTN 078/079, Airtel 072/073).
 */
/** MTN numbers start 078/079, Airtel's 072/073 (a prefix rule; the provider has the last word). */
export function operatorOf(e164: string): 'mtn' | 'airtel' | null {
  if (/^\+2507[89]/.test(e164)) return 'mtn'
  if (/^\+2507[23]/.test(e164)) return 'airtel'
  return null
}

export function normaliseRwandanPhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '')
  const m = digits.match(/^(?:\+?250|00250|0)?(7[2389]\d{7})$/)
  return m ? `+250${m[1]}` : null
}

const email = z
  .string()
  .trim()
  .min(1, 'account.error.required')
  .max(254, 'account.error.email')
  .pipe(z.email('account.error.email'))
  .transform((e) => e.toLowerCase())

/** An e-mail address field: trimmed, checked, lower-cased. */
export const EmailSchema = email

/** The demo accounts' published password: never accepted as anyone's real one. */
const DEMO_PASSWORD = 'isoko-demo-2026'

/**
 * 8 to 128 characters, not among the most common passwords (DESIGN.md section 3, point 11), not one character
 * repeated, not only spaces, no control characters, not the demo password. Leading and trailing spaces are kept
 * as typed: they are part of the password.
 */
export const PasswordSchema = z
  .string()
  .min(8, 'account.error.passwordShort')
  .max(128, 'account.error.passwordLong')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  .refine((p) => !/[\u0000-\u001f\u007f-\u009f]/.test(p), 'account.error.passwordControl')
  .refine((p) => p.trim() !== '', 'account.error.passwordBlank')
  .refine((p) => new Set(p).size > 1, 'account.error.passwordRepeated')
  .refine((p) => p.toLowerCase() !== DEMO_PASSWORD, 'account.error.passwordDemo')
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'account.error.passwordCommon')

export const required = (max: number) =>
  z.string().trim().min(1, 'account.error.required').max(max, 'account.error.tooLong')

export const LoginSchema = z.object({
  email,
  password: z.string().min(1, 'account.error.required').max(128, 'account.error.passwordLong'),
})

export const confirmed = <T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'account.mismatch' })
  }
}

export const CustomerSignupSchema = z
  .object({
    firstName: required(60),
    lastName: required(60),
    email,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed)

export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'account.error.required')
  .transform((value, ctx) => {
    const e164 = normaliseRwandanPhone(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'account.error.phone' })
      return z.NEVER
    }
    return e164
  })

/** The departments a store can say it mainly sells in. */
export const storeDepartments = ['women', 'men', 'kids', 'accessories', 'shoes', 'beauty', 'home-living'] as const

/** The departments a store is listed in: at least one of the choices, at onboarding and in the store's settings. */
export const StoreDepartmentsSchema = z.array(z.enum(storeDepartments)).min(1, 'account.error.categories')

export const VendorApplicationSchema = z
  .object({
    ownerName: required(80),
    businessName: required(80),
    email,
    phone: phoneSchema,
    businessAddress: required(200),
    businessDescription: z.string().trim().min(20, 'account.error.descriptionShort').max(1000, 'account.error.tooLong'),
    district: required(40),
    categories: StoreDepartmentsSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed)

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'account.error.required'),
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine(confirmed)

export const ResetPasswordSchema = z
  .object({ token: z.string().min(1), password: PasswordSchema, confirmPassword: z.string() })
  .superRefine(confirmed)

export const ForgotPasswordSchema = z.object({ email })

/** Sign in or sign up with a phone number: the number (and, to sign up, the name) that the code is sent for. */
export const PhoneStartSchema = z.object({ phone: phoneSchema })
export const PhoneSignupSchema = z.object({ firstName: required(60), lastName: required(60), phone: phoneSchema })

/** The one-time code sent by SMS: six digits (spaces typed between them are dropped). */
export const PhoneCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'account.error.required')
        .regex(/^\d{6}$/, 'account.phone.error.codeShape'),
    ),
})

/** A phone-only account adds an e-mail address and a password, to sign in with either. */
export const AddEmailSchema = z
  .object({ email, password: PasswordSchema, confirmPassword: z.string() })
  .superRefine(confirmed)

/** A new e-mail address for the account (it takes effect once the link sent to it is opened). */
export const ChangeEmailSchema = z.object({ email })
