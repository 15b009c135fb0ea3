import { and, eq, ne } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import {
  checkBackoff,
  hitAll,
  startCooldown,
  type ThrottleOutcome,
  throttleKeyPart,
} from '#app/modules/throttle/throttle.server.ts'
import type { AccountsContext } from './accounts.server.ts'
import { type AuthCall, callAuth, isPhoneOnlyEmail, PHONE_CODE } from './auth.server.ts'
import type { AccountRole } from './roles.ts'
import { users } from './tables.server.ts'

// Phone-first accounts (issue 14): a Rwandan mobile number and a code sent to it by SMS sign a person in, and make
// their account on the first time. better-auth's phone-number plugin keeps and checks the codes (6 digits, 10
// minutes, 5 tries); this file adds what it does not: one code a minute to a number, five an hour, twenty an hour
// from one network address, and the answers the pages give.

export type PhoneCodeRefusal = {
  ok: false
  /** `wait`: a code went to this number less than a minute ago; `rate-limited`: too many codes for now. */
  reason: 'wait' | 'rate-limited' | 'failed'
  retryAfterSeconds?: number
}

const waitKey = (phone: string) => `otp:wait:${throttleKeyPart(phone)}`

/** Seconds until another code may go to this number (0: now). */
export async function secondsUntilResend(ctx: ServiceContext, phone: string, now?: Date): Promise<number> {
  const outcome = await checkBackoff(ctx, waitKey(phone), now)
  return outcome.ok ? 0 : outcome.retryAfterSeconds
}

/** Sends a one-time code to `phone` (E.164) by SMS, in the page's language, if the limits allow it. */
export async function sendPhoneCode(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  phone: string,
  now?: Date,
): Promise<{ ok: true } | PhoneCodeRefusal> {
  const wait = await secondsUntilResend(ctx, phone, now)
  if (wait > 0) return { ok: false, reason: 'wait', retryAfterSeconds: wait }
  const limited: ThrottleOutcome = await hitAll(
    ctx,
    [
      { key: `otp:number:${throttleKeyPart(phone)}`, limit: PHONE_CODE.perNumberPerHour, windowSeconds: 3600 },
      { key: `otp:ip:${call.clientAddress}`, limit: PHONE_CODE.perAddressPerHour, windowSeconds: 3600 },
    ],
    now,
  )
  if (!limited.ok) return { ok: false, reason: 'rate-limited', retryAfterSeconds: limited.retryAfterSeconds }
  const response = await callAuth(ctx.auth, '/phone-number/send-otp', { ...call, body: { phoneNumber: phone } })
  if (!response.ok) return { ok: false, reason: response.status === 429 ? 'rate-limited' : 'failed' }
  await startCooldown(ctx, waitKey(phone), PHONE_CODE.resendAfterSeconds, now)
  return { ok: true }
}

export type PhoneVerifyRefusal = {
  ok: false
  /** `wrong`: not the code (tries are left); `expired`: no code is waiting any more (too old, used, or 5 wrong). */
  reason: 'wrong' | 'expired' | 'too-many' | 'rate-limited' | 'taken' | 'failed'
}

async function codeFailure(response: Response): Promise<PhoneVerifyRefusal> {
  if (response.status === 429) return { ok: false, reason: 'rate-limited' }
  const body = (await response.json().catch(() => null)) as { code?: string } | null
  switch (body?.code) {
    case 'INVALID_OTP':
      return { ok: false, reason: 'wrong' }
    case 'OTP_EXPIRED':
    case 'OTP_NOT_FOUND':
      return { ok: false, reason: 'expired' }
    case 'TOO_MANY_ATTEMPTS':
      return { ok: false, reason: 'too-many' }
    case 'PHONE_NUMBER_EXIST':
      return { ok: false, reason: 'taken' }
    default:
      return { ok: false, reason: 'failed' }
  }
}

/** The account that signs in with this number, or null. */
export async function findUserIdByPhone(ctx: ServiceContext, phone: string): Promise<string | null> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone))
  return row?.id ?? null
}

/**
 * Checks the code typed for `phone`. Right: the account with that number is signed in, or made (a customer) when
 * there was none; `created` says which. The cookies start the session.
 */
export async function signInWithPhoneCode(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { phone: string; code: string },
): Promise<{ ok: true; userId: string; role: AccountRole; cookies: string[]; created: boolean } | PhoneVerifyRefusal> {
  const existing = await findUserIdByPhone(ctx, input.phone)
  const response = await callAuth(ctx.auth, '/phone-number/verify', {
    ...call,
    body: { phoneNumber: input.phone, code: input.code },
  })
  if (!response.ok) return codeFailure(response)
  const body = (await response.json()) as { user: { id: string } }
  const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, body.user.id))
  return {
    ok: true,
    userId: body.user.id,
    role: row?.role ?? 'customer',
    cookies: response.headers.getSetCookie(),
    created: existing === null,
  }
}

/** A signed-in account adds a number to sign in with: the code sent to it proves it is theirs. */
export async function addPhoneToAccount(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { phone: string; code: string },
): Promise<{ ok: true } | PhoneVerifyRefusal> {
  const taken = await findUserIdByPhone(ctx, input.phone)
  if (taken) return { ok: false, reason: 'taken' }
  const response = await callAuth(ctx.auth, '/phone-number/verify', {
    ...call,
    body: { phoneNumber: input.phone, code: input.code, updatePhoneNumber: true },
  })
  return response.ok ? { ok: true } : codeFailure(response)
}

/** How an account signs in: its verified number and its e-mail address (none for a phone-only account). */
export async function findSignInIdentifiers(
  ctx: ServiceContext,
  userId: string,
): Promise<{ phone: string | null; email: string | null }> {
  const [row] = await ctx.db
    .select({ phone: users.phoneNumber, verified: users.phoneNumberVerified, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) return { phone: null, email: null }
  return { phone: row.verified ? row.phone : null, email: isPhoneOnlyEmail(row.email) ? null : row.email }
}

/**
 * A phone-only account adds an e-mail address and a password, and signs in with either from then on. An address
 * another account has is refused.
 */
export async function addEmailAndPassword(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { userId: string; email: string; password: string },
): Promise<{ ok: true } | { ok: false; reason: 'email-taken' | 'has-email' | 'failed' }> {
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
  if (!me) return { ok: false, reason: 'failed' }
  if (!isPhoneOnlyEmail(me.email)) return { ok: false, reason: 'has-email' }
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, input.userId)))
  if (other) return { ok: false, reason: 'email-taken' }
  // The address first (its unique index settles a race with another account), then the password; the address is
  // given back if the password cannot be set.
  try {
    await ctx.db
      .update(users)
      .set({ email: input.email, emailVerified: false, updatedAt: new Date() })
      .where(eq(users.id, input.userId))
  } catch {
    return { ok: false, reason: 'email-taken' }
  }
  try {
    await ctx.auth.api.setPassword({ body: { newPassword: input.password }, headers: call.request.headers })
  } catch {
    await ctx.db.update(users).set({ email: me.email }).where(eq(users.id, input.userId))
    return { ok: false, reason: 'failed' }
  }
  return { ok: true }
}
