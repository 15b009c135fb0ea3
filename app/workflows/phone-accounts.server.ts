import { parseForm } from '#app/lib/forms.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import {
  AddEmailSchema,
  PhoneCodeSchema,
  PhoneSignupSchema,
  PhoneStartSchema,
} from '#app/modules/accounts/accounts.schemas.ts'
import {
  type AccountsContext,
  accountOwnerKey,
  settleAccountLocale,
  updateAccountName,
} from '#app/modules/accounts/accounts.server.ts'
import {
  addEmailAndPassword,
  addPhoneToAccount,
  findUserIdByPhone,
  type PhoneCodeRefusal,
  type PhoneVerifyRefusal,
  sendPhoneCode,
  signInWithPhoneCode,
} from '#app/modules/accounts/phone.server.ts'
import { mergeCarts } from '#app/modules/cart/cart.server.ts'
import {
  createCustomer,
  findCustomerByUserId,
  listAccountsWithProfilePhone,
  setCustomerEmail,
  setCustomerPhone,
} from '#app/modules/customers/customers.server.ts'
import { minutesToWait } from '#app/modules/throttle/throttle.server.ts'
import { type AccountSuccess, type Caller, type FormRefusal, typedValues } from './accounts.server.ts'

/**
 * Sign in, or sign up, with a phone number (issue 14): the number (and, to sign up, the name) first; a code goes
 * to it by SMS; the code typed back signs the person in, making their customer account the first time. Between
 * the two steps the page keeps a `PendingPhone` (in a signed cookie: a reload shows the code step again).
 */
export type PendingPhone = { phone: string; firstName?: string; lastName?: string; redirectTo?: string }

/** A refused form: its messages, and what was typed (kept in the fields). */
export function refuse(
  form: FormData,
  errors: Record<string, string>,
  messageValues?: Record<string, number>,
): FormRefusal {
  return { ok: false, errors, values: typedValues(form), messageValues }
}

/** A refused send, as the form shows it: wait a minute, or come back later. */
function sendRefusal(form: FormData, refusal: PhoneCodeRefusal, field: string): FormRefusal {
  if (refusal.reason === 'wait') {
    return refuse(form, { [field]: 'account.phone.error.wait' }, { seconds: refusal.retryAfterSeconds ?? 60 })
  }
  if (refusal.reason === 'rate-limited') {
    return refuse(form, { form: 'account.error.locked' }, { minutes: minutesToWait(refusal.retryAfterSeconds ?? 60) })
  }
  return refuse(form, { form: 'account.error.failed' })
}

/**
 * The first step: checks the number (and the name, to sign up), then sends the code. A number that an account
 * signing in with e-mail gives in its profile is not made a second account: the person is told to sign in with
 * their e-mail address and add the number there.
 */
export async function startPhoneSignIn(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
  mode: 'sign-in' | 'sign-up',
): Promise<{ ok: true; pending: PendingPhone } | FormRefusal> {
  let phone: string
  let names: { firstName?: string; lastName?: string } = {}
  if (mode === 'sign-up') {
    const parsed = parseForm(form, PhoneSignupSchema)
    if (!parsed.ok) return refuse(form, parsed.errors)
    phone = parsed.data.phone
    names = { firstName: parsed.data.firstName, lastName: parsed.data.lastName }
  } else {
    const parsed = parseForm(form, PhoneStartSchema)
    if (!parsed.ok) return refuse(form, parsed.errors)
    phone = parsed.data.phone
  }
  if (!(await findUserIdByPhone(ctx, phone)) && (await listAccountsWithProfilePhone(ctx, phone)).length > 0) {
    return refuse(form, { phone: 'account.phone.error.onEmailAccount' })
  }
  const sent = await sendPhoneCode(ctx, caller, phone)
  if (!sent.ok) return sendRefusal(form, sent, 'phone')
  const redirectTo = String(form.get('redirectTo') ?? '').slice(0, 2048) || undefined
  return { ok: true, pending: { phone, ...names, redirectTo } }
}

/** "Send the code again": only a minute after the last one (the page says how long is left). */
export async function resendPhoneCode(
  ctx: AccountsContext,
  caller: Caller,
  pending: PendingPhone,
  form: FormData,
): Promise<{ ok: true } | FormRefusal> {
  const sent = await sendPhoneCode(ctx, caller, pending.phone)
  return sent.ok ? { ok: true } : sendRefusal(form, sent, 'code')
}

const verifyField: Record<PhoneVerifyRefusal['reason'], { field: string; message: string }> = {
  wrong: { field: 'code', message: 'account.phone.error.wrong' },
  expired: { field: 'code', message: 'account.phone.error.expired' },
  'too-many': { field: 'code', message: 'account.phone.error.tooMany' },
  'rate-limited': { field: 'form', message: 'account.error.rateLimited' },
  taken: { field: 'code', message: 'account.phone.error.taken' },
  failed: { field: 'form', message: 'account.error.failed' },
}

/**
 * The second step: the code. Right, the person is signed in; the first time, their customer account and profile
 * are made (with the name given to sign up; the number is their phone, verified). The guest's cart joins theirs.
 */
export async function finishPhoneSignIn(
  ctx: AccountsContext,
  caller: Caller,
  pending: PendingPhone,
  form: FormData,
): Promise<(AccountSuccess & { needsName: boolean }) | FormRefusal> {
  const parsed = parseForm(form, PhoneCodeSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const result = await signInWithPhoneCode(ctx, caller, { phone: pending.phone, code: parsed.data.code })
  if (!result.ok) {
    const { field, message } = verifyField[result.reason]
    return refuse(form, { [field]: message })
  }
  let needsName = false
  if (result.role === 'customer' && !(await findCustomerByUserId(ctx, result.userId))) {
    const firstName = pending.firstName ?? ''
    const lastName = pending.lastName ?? ''
    await createCustomer(ctx, { firstName, lastName, email: null, phone: pending.phone, userId: result.userId })
    if (firstName) await updateAccountName(ctx, result.userId, `${firstName} ${lastName}`)
    else needsName = true
  }
  if (caller.guestKey) await mergeCarts(ctx, caller.guestKey, accountOwnerKey(result.userId))
  const locale = await settleAccountLocale(ctx, result.userId, requestLocale(caller.request))
  return {
    ok: true,
    cookies: result.cookies,
    userId: result.userId,
    role: result.role,
    name: pending.firstName ?? '',
    locale,
    needsName,
  }
}

/**
 * A signed-in account proves a number is theirs with the code sent to it, and signs in with it from then on; it
 * becomes the phone of their customer profile too (deliveries and SMS use it).
 */
export async function finishAddPhone(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  pending: PendingPhone,
  form: FormData,
): Promise<{ ok: true } | FormRefusal> {
  const parsed = parseForm(form, PhoneCodeSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const result = await addPhoneToAccount(ctx, caller, { phone: pending.phone, code: parsed.data.code })
  if (!result.ok) {
    const { field, message } = verifyField[result.reason]
    return refuse(form, { [field]: message })
  }
  await setCustomerPhone(ctx, actor.userId, pending.phone)
  return { ok: true }
}

const emailFailure = {
  'email-taken': { field: 'email', message: 'account.error.emailTaken' },
  'has-email': { field: 'form', message: 'customer.signIn.error.hasEmail' },
  failed: { field: 'form', message: 'account.error.failed' },
} as const

/** A phone-only account adds an e-mail address and a password (and its receipts go by e-mail from then on). */
export async function addEmailToPhoneAccount(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true } | FormRefusal> {
  const parsed = parseForm(form, AddEmailSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const result = await addEmailAndPassword(ctx, caller, { userId: actor.userId, ...parsed.data })
  if (!result.ok) {
    const { field, message } = emailFailure[result.reason]
    return refuse(form, { [field]: message })
  }
  await setCustomerEmail(ctx, actor.userId, parsed.data.email)
  return { ok: true }
}

/**
 * A signed-in account asks to sign in with a number too: a number another account signs in with is refused; the
 * code goes to it, and `verifyNewPhone` finishes.
 */
export async function startAddPhone(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true; pending: PendingPhone } | FormRefusal> {
  const parsed = parseForm(form, PhoneStartSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const { phone } = parsed.data
  const owner = await findUserIdByPhone(ctx, phone)
  if (owner && owner !== actor.userId) return refuse(form, { phone: 'account.phone.error.taken' })
  if (owner === actor.userId) return refuse(form, { phone: 'account.phone.error.already' })
  const sent = await sendPhoneCode(ctx, caller, phone)
  if (!sent.ok) return sendRefusal(form, sent, 'phone')
  return { ok: true, pending: { phone } }
}
