import type { z } from 'zod'
import { getEnv } from '#app/lib/env.server.ts'
import { checkValues, parseForm } from '#app/lib/forms.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { safeRedirect } from '#app/lib/redirects.server.ts'
import { CustomerSignupSchema, LoginSchema, VendorApplicationSchema } from '#app/modules/accounts/accounts.schemas.ts'
import {
  type AccountsContext,
  type AuthFailure,
  accountOwnerKey,
  createAccount,
  dashboardFor,
  deleteAccount,
  deleteOwnAccount,
  settleAccountLocale,
  signInWithPassword,
} from '#app/modules/accounts/accounts.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { forgetOwner, mergeCarts } from '#app/modules/cart/cart.server.ts'
import { createCustomer, deleteCustomerProfile } from '#app/modules/customers/customers.server.ts'
import { isDistrict } from '#app/modules/places/places.server.ts'
import { minutesToWait } from '#app/modules/throttle/throttle.server.ts'
import { PayoutMethodSchema } from '#app/modules/vendors/store-settings.schemas.ts'
import { type PayoutProvider, setPayoutMethod } from '#app/modules/vendors/vendors.server.ts'
import { createVendorApplication } from '#app/modules/vendors/vendors-admin.server.ts'
import { notifyApplicationReceived } from './vendor-notifications.server.ts'

/** The page request and the visitor's address: what the auth calls pass on. */
export type Caller = { request: Request; clientAddress: string; guestKey: string | null }

/** A form's answer when it is refused: messages (catalogue ids) by field, and what was typed (never passwords). */
export type FormRefusal = {
  ok: false
  errors: Record<string, string>
  values: Record<string, string>
  /** Values the form-wide message names (`minutes` to wait). */
  messageValues?: Record<string, number>
}
export type AccountSuccess = {
  ok: true
  cookies: string[]
  userId: string
  role: AccountRole
  name: string
  /** The account's language, which the page takes from now on (the `lang` cookie). */
  locale: Locale
}

const failureField: Record<AuthFailure, { field: string; message: string }> = {
  invalid: { field: 'password', message: 'account.error.invalidCredentials' },
  'email-taken': { field: 'email', message: 'account.error.emailTaken' },
  'rate-limited': { field: 'form', message: 'account.error.rateLimited' },
  'weak-password': { field: 'password', message: 'account.error.passwordShort' },
  expired: { field: 'form', message: 'account.error.resetExpired' },
  failed: { field: 'form', message: 'account.error.failed' },
  locked: { field: 'form', message: 'account.error.locked' },
}

/** Sent back at most: more fields than any account form has, each longer than any of its fields takes. */
const ECHO_FIELDS = 30
const ECHO_LENGTH = 2000

/**
 * What the visitor typed, to put back in the form: the text fields but the passwords, under a name a form of
 * ours could have, each cut to a length no field of ours takes, so a refused post never echoes a payload back.
 */
export function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) {
    if (typeof value !== 'string' || /password/i.test(key) || key === 'redirectTo' || !/^[A-Za-z]\w{0,39}$/.test(key))
      continue
    if (!(key in values) && Object.keys(values).length >= ECHO_FIELDS) continue
    values[key] = (values[key] ? `${values[key]},${value}` : value).slice(0, ECHO_LENGTH)
  }
  return values
}

function refuse(form: FormData, errors: Record<string, string>): FormRefusal {
  return { ok: false, errors, values: typedValues(form) }
}

function refuseAuth(form: FormData, reason: AuthFailure, retryAfterSeconds?: number): FormRefusal {
  const { field, message } = failureField[reason]
  const refusal = refuse(form, { [field]: message })
  return retryAfterSeconds ? { ...refusal, messageValues: { minutes: minutesToWait(retryAfterSeconds) } } : refusal
}

/** The form parsed by Conform against the schema; on failure, the refusal with each field's message. */
function parse<S extends z.ZodType>(schema: S, form: FormData) {
  const parsed = parseForm(form, schema)
  return parsed.ok
    ? ({ ok: true, data: parsed.data } as const)
    : ({ ok: false, refusal: refuse(form, parsed.errors) } as const)
}

/** The guest's cart and favourites join the account's (quantities added, capped by stock). */
async function adoptGuestCart(ctx: AccountsContext, guestKey: string | null, userId: string) {
  if (guestKey) await mergeCarts(ctx, guestKey, accountOwnerKey(userId))
}

/** Sign-in on either login page (DESIGN.md section 3, point 5). */
export async function signIn(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<AccountSuccess | FormRefusal> {
  const parsed = parse(LoginSchema, form)
  if (!parsed.ok) return parsed.refusal
  const result = await signInWithPassword(ctx, caller, parsed.data)
  if (!result.ok) return refuseAuth(form, result.reason, result.retryAfterSeconds)
  await adoptGuestCart(ctx, caller.guestKey, result.userId)
  const name = String(form.get('email'))
  const locale = await settleAccountLocale(ctx, result.userId, requestLocale(caller.request))
  return { ok: true, cookies: result.cookies, userId: result.userId, role: result.role, name, locale }
}

/** A customer's registration: the account, then the profile; the account is removed if the profile fails. */
export async function registerCustomer(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<AccountSuccess | FormRefusal> {
  const parsed = parse(CustomerSignupSchema, form)
  if (!parsed.ok) return parsed.refusal
  const input = parsed.data
  const name = `${input.firstName} ${input.lastName}`
  const account = await createAccount(ctx, caller, {
    name,
    email: input.email,
    password: input.password,
    role: 'customer',
  })
  if (!account.ok) return refuseAuth(form, account.reason)
  try {
    await createCustomer(ctx, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      userId: account.userId,
    })
  } catch (error) {
    await deleteAccount(ctx, account.userId)
    throw error
  }
  await adoptGuestCart(ctx, caller.guestKey, account.userId)
  const locale = await settleAccountLocale(ctx, account.userId, requestLocale(caller.request))
  return { ok: true, cookies: account.cookies, userId: account.userId, role: 'customer', name: input.firstName, locale }
}

/** A business's application to sell: the vendor account and its pending store, or neither. */
export async function applyAsVendor(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<AccountSuccess | FormRefusal> {
  const parsed = parse(VendorApplicationSchema, form)
  if (!parsed.ok) return parsed.refusal
  const input = parsed.data
  if (!isDistrict(input.district)) return refuse(form, { district: 'account.error.district' })
  const payout = applicationPayoutMethod(form)
  if (!payout.ok) return refuse(form, payout.errors)
  const account = await createAccount(ctx, caller, {
    name: input.ownerName,
    email: input.email,
    password: input.password,
    role: 'vendor',
  })
  if (!account.ok) return refuseAuth(form, account.reason)
  let vendorId: number
  try {
    vendorId = await ctx.db.transaction(async (tx) => {
      const { id } = await createVendorApplication({ db: tx }, { ...input, ownerUserId: account.userId })
      // The store's payout method from the start: no password to ask for, the account was made a moment ago.
      if (payout.method) await setPayoutMethod({ db: tx }, { ownerUserId: account.userId, ...payout.method })
      return id
    })
  } catch (error) {
    await deleteAccount(ctx, account.userId)
    throw error
  }
  const locale = await settleAccountLocale(ctx, account.userId, requestLocale(caller.request))
  await notifyApplicationReceived(ctx, vendorId)
  return {
    ok: true,
    cookies: account.cookies,
    userId: account.userId,
    role: 'vendor',
    name: input.businessName,
    locale,
  }
}

/**
 * The application's payout number (optional): both the network and the number, or neither. Checked as the store
 * settings check it (a Rwandan number on that network); the messages are named after the application's fields.
 */
function applicationPayoutMethod(
  form: FormData,
):
  | { ok: true; method: { provider: PayoutProvider; phone: string } | null }
  | { ok: false; errors: Record<string, string> } {
  const provider = String(form.get('payoutProvider') ?? '').trim()
  const phone = String(form.get('payoutPhone') ?? '').trim()
  if (!provider && !phone) return { ok: true, method: null }
  const parsed = checkValues(PayoutMethodSchema, { provider, phone })
  if (parsed.ok) return { ok: true, method: { provider: parsed.data.provider, phone: parsed.data.phone } }
  const errors: Record<string, string> = {}
  if (parsed.errors.provider) errors.payoutProvider = parsed.errors.provider
  if (parsed.errors.phone) errors.payoutPhone = parsed.errors.phone
  return { ok: false, errors }
}

/** Where to go after signing in: the page the visitor came from, if it is one of ours, else the dashboard. */
export function landingAfterSignIn(role: AccountRole, redirectTo: FormDataEntryValue | null): string {
  const to = safeRedirect(redirectTo, getEnv().PUBLIC_URL, '')
  return to && !/^\/(customer|vendor)-login/.test(to) ? to : dashboardFor(role)
}

/**
 * Delete Account: the password confirms it; then the customer's profile, addresses, follows, cart and
 * favourites go with the account (Rwanda's data protection law: nothing kept that is not needed).
 */
export async function deleteCustomerAccount(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true; cookies: string[] } | FormRefusal> {
  const password = form.get('password')
  if (typeof password !== 'string' || !password) return refuse(form, { password: 'account.error.required' })
  if (form.get('confirm') !== 'yes') return refuse(form, { confirm: 'account.error.deleteConfirm' })
  const result = await deleteOwnAccount(ctx, caller, password)
  if (!result.ok && result.reason === 'invalid') return refuse(form, { password: 'account.error.wrongPassword' })
  if (!result.ok) return refuseAuth(form, result.reason)
  await deleteCustomerProfile(ctx, actor.userId)
  await forgetOwner(ctx, accountOwnerKey(actor.userId))
  return { ok: true, cookies: result.cookies }
}
