import { and, count, eq, inArray, max } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Database } from '#app/lib/db.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { createI18n } from '#app/lib/i18n.server.ts'
import { defaultLocale, isLocale, type Locale } from '#app/lib/i18n.tsx'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { checkBackoff, clearBackoff, recordFailure, throttleKeyPart } from '#app/modules/throttle/throttle.server.ts'
import { type Auth, type AuthCall, callAuth, createAuth, isPhoneOnlyEmail, PHONE_CODE } from './auth.server.ts'
import { emailChangeLinkEmail } from './email-change.server.ts'
import { type AccountRole, dashboardPath, isStaffRole, type StaffRole } from './roles.ts'
import { sessions, users } from './tables.server.ts'

/** Who is asking: the signed-in account, or null for a visitor. */
export type Actor = {
  userId: string
  role: AccountRole
  /** None for an account made with a phone number alone (until it adds one). */
  email: string | null
  name: string
  /** A staff account's role in the console (app/modules/staff/permissions.ts); none for other accounts. */
  staffRole?: StaffRole | null
}

/**
 * The columns that make an account of `role`: a staff account starts as an owner unless told otherwise (the
 * `admin:create` command and the seed make owners; an invitation names its role); any other account has no staff
 * role.
 */
function roleColumns(role: AccountRole, staffRole?: StaffRole) {
  return { role, staffRole: role === 'admin' ? (staffRole ?? 'owner') : null }
}

/** What the accounts services take: the database and the auth instance built on it. */
export type AccountsContext = ServiceContext & { auth: Auth }

/**
 * The accounts context on a database: better-auth configured from the environment (the session secret, the
 * public URL, the attempts allowed). The server builds it once at start and gives it to every request.
 */
export function createAccountsContext(db: Database): AccountsContext {
  const env = getEnv()
  const auth = createAuth({
    db,
    secret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    attemptsPerMinute: env.AUTH_ATTEMPTS_PER_MINUTE,
    sendPasswordReset: async (input) => {
      const locale = await findAccountLocale({ db }, input.userId)
      await enqueueMessage({ db }, passwordResetEmail({ ...input, locale }))
    },
    sendPhoneCode: async (input) => {
      await enqueueMessage(
        { db },
        phoneCodeSms({ ...input, locale: isLocale(input.locale) ? input.locale : undefined }),
      )
    },
    sendEmailChange: async (input) => {
      const locale = await findAccountLocale({ db }, input.userId)
      await enqueueMessage({ db }, emailChangeLinkEmail({ ...input, locale }))
    },
  })
  return { db, auth }
}

/** The reset e-mail, in the account's language. */
export function passwordResetEmail(input: { email: string; name: string; link: string; locale?: Locale }) {
  const i18n = createI18n(input.locale ?? defaultLocale)
  return {
    channel: 'email' as const,
    recipient: input.email,
    subject: i18n._('account.email.reset.subject'),
    body: i18n._('account.email.reset.body', { name: input.name, link: input.link }),
  }
}

/** The SMS with a one-time code, in the language of the page that asked for it. */
export function phoneCodeSms(input: { phone: string; code: string; locale?: Locale }) {
  const i18n = createI18n(input.locale ?? defaultLocale)
  const values = { code: input.code, minutes: PHONE_CODE.validSeconds / 60 }
  return {
    channel: 'sms' as const,
    recipient: input.phone,
    subject: i18n._('account.phone.sms.subject'),
    body: i18n._('account.phone.sms.code', values),
  }
}

export type AuthFailure =
  | 'invalid'
  | 'email-taken'
  | 'rate-limited'
  | 'weak-password'
  | 'expired'
  | 'failed'
  /** Too many failed sign-ins for this e-mail address: refused for `retryAfterSeconds`, whatever the password. */
  | 'locked'

function failureOf(response: Response, code: string | undefined): AuthFailure {
  if (response.status === 429) return 'rate-limited'
  if (code?.includes('ALREADY_EXISTS')) return 'email-taken'
  if (code?.startsWith('PASSWORD_TOO')) return 'weak-password'
  if (code === 'INVALID_TOKEN') return 'expired'
  if (code?.startsWith('INVALID_') || response.status === 401) return 'invalid'
  return 'failed'
}

async function answer<T>(
  response: Response,
): Promise<{ ok: true; body: T; cookies: string[] } | { ok: false; reason: AuthFailure }> {
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (!response.ok) return { ok: false, reason: failureOf(response, (body as { code?: string } | null)?.code) }
  return { ok: true, body: body as T, cookies: response.headers.getSetCookie() }
}

type UserBody = { user: { id: string; email: string; name: string } }

/**
 * The back-off on failed sign-ins for one e-mail address, besides better-auth's limit per network address (which
 * a password guesser spreading over many addresses escapes): from the 5th failure within 15 minutes, that address
 * is refused for 1, 2, 4 … up to 15 minutes. It counts any address, known or not, so that it reveals nothing.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  firstDelaySeconds: 60,
  maxDelaySeconds: 15 * 60,
}

const signInKey = (email: string) => `signin:${throttleKeyPart(email)}`

/** Signs in with e-mail and password; the cookies start the session in the browser. */
export async function signInWithPassword(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { email: string; password: string; now?: Date },
): Promise<
  | { ok: true; userId: string; role: AccountRole; cookies: string[] }
  | { ok: false; reason: AuthFailure; retryAfterSeconds?: number }
> {
  const key = signInKey(input.email)
  const blocked = await checkBackoff(ctx, key, input.now)
  if (!blocked.ok) return { ok: false, reason: 'locked', retryAfterSeconds: blocked.retryAfterSeconds }
  const result = await answer<UserBody>(
    await callAuth(ctx.auth, '/sign-in/email', { ...call, body: { email: input.email, password: input.password } }),
  )
  if (!result.ok) {
    if (result.reason === 'invalid') await recordFailure(ctx, { ...SIGN_IN_BACKOFF, key, now: input.now })
    return result
  }
  await clearBackoff(ctx, key)
  const role = await getRole(ctx, result.body.user.id)
  return { ok: true as const, userId: result.body.user.id, role, cookies: result.cookies }
}

/** Creates an account with a password (hashed by better-auth) and signs it in. */
export async function createAccount(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { name: string; email: string; password: string; role: AccountRole },
) {
  const { role, ...body } = input
  const result = await answer<UserBody>(await callAuth(ctx.auth, '/sign-up/email', { ...call, body }))
  if (!result.ok) return result
  if (role !== 'customer') {
    await ctx.db.update(users).set(roleColumns(role)).where(eq(users.id, result.body.user.id))
  }
  return { ok: true as const, userId: result.body.user.id, cookies: result.cookies }
}

/** Removes an account that could not be completed (the compensation of a failed registration). */
export async function deleteAccount(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db.delete(users).where(eq(users.id, userId))
}

/** Ends the session; the cookies clear it in the browser. */
export async function signOut(ctx: AccountsContext, call: Omit<AuthCall, 'body'>): Promise<string[]> {
  const response = await callAuth(ctx.auth, '/sign-out', { ...call, body: {} })
  return response.headers.getSetCookie()
}

/** Sends a reset link if the address has an account; says nothing either way (no account discovery). */
export async function requestPasswordReset(ctx: AccountsContext, call: Omit<AuthCall, 'body'>, email: string) {
  const response = await callAuth(ctx.auth, '/request-password-reset', {
    ...call,
    body: { email, redirectTo: '/reset-password' },
  })
  return response.status === 429 ? { ok: false as const, reason: 'rate-limited' as const } : { ok: true as const }
}

export async function resetPassword(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { token: string; password: string },
) {
  const result = await answer(
    await callAuth(ctx.auth, '/reset-password', { ...call, body: { token: input.token, newPassword: input.password } }),
  )
  return result.ok ? { ok: true as const } : result
}

export async function changePassword(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { currentPassword: string; password: string },
) {
  const result = await answer(
    await callAuth(ctx.auth, '/change-password', {
      ...call,
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
    }),
  )
  return result.ok ? { ok: true as const, cookies: result.cookies } : result
}

/**
 * Whether a reset link's token can still set a password (it exists, unused, not expired), asked of better-auth's
 * own link endpoint so that the page can say so before the person types a new password.
 */
export async function checkPasswordResetToken(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body' | 'method'>,
  token: string,
): Promise<boolean> {
  if (!token) return false
  const response = await callAuth(
    ctx.auth,
    `/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent('/reset-password')}`,
    { ...call, method: 'GET' },
  )
  const location = response.headers.get('location') ?? ''
  return location !== '' && !location.includes('error=') && new URL(location, 'http://x').searchParams.has('token')
}

/** Changes an account's display name (the header's and the dashboard's greeting), e.g. after a profile edit. */
export async function updateAccountName(ctx: ServiceContext, userId: string, name: string): Promise<void> {
  await ctx.db.update(users).set({ name: name.trim(), updatedAt: new Date() }).where(eq(users.id, userId))
}

async function getRole(ctx: ServiceContext, userId: string): Promise<AccountRole> {
  const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return row?.role ?? 'customer'
}

/** The signed-in account of a request, or null. */
export async function findActor(ctx: AccountsContext, request: Request): Promise<Actor | null> {
  if (!request.headers.get('cookie')?.includes('isoko.session_token')) return null
  const session = await ctx.auth.api.getSession({ headers: request.headers })
  if (!session) return null
  const user = session.user as typeof session.user & { role?: AccountRole; staffRole?: string | null }
  const role = user.role ?? 'customer'
  return {
    userId: user.id,
    role,
    email: isPhoneOnlyEmail(user.email) ? null : user.email,
    name: user.name,
    staffRole: role === 'admin' && isStaffRole(user.staffRole) ? user.staffRole : null,
  }
}

/** Where each kind of account lands after signing in (DESIGN.md section 3, point 5). */
export const dashboardFor: (role: AccountRole) => string = dashboardPath

/** The cart and favourites key of a signed-in account (a guest's is `guest:<uuid>`). */
export function accountOwnerKey(userId: string): string {
  return `user:${userId}`
}

/**
 * Creates an account from the server itself, without a visitor's request (the seed's demo accounts and the
 * `admin:create` command): the same password rules and hashing, no rate limit, no session kept.
 */
export async function createAccountDirect(
  ctx: AccountsContext,
  input: { name: string; email: string; password: string; role: AccountRole; staffRole?: StaffRole },
): Promise<{ ok: true; userId: string } | { ok: false; reason: AuthFailure }> {
  const { role, staffRole, ...body } = input
  try {
    const result = await ctx.auth.api.signUpEmail({ body })
    if (role !== 'customer') {
      await ctx.db.update(users).set(roleColumns(role, staffRole)).where(eq(users.id, result.user.id))
    }
    return { ok: true, userId: result.user.id }
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code
    return {
      ok: false,
      reason: code?.includes('ALREADY_EXISTS')
        ? 'email-taken'
        : code?.startsWith('PASSWORD_TOO')
          ? 'weak-password'
          : 'failed',
    }
  }
}

/**
 * Gives an existing account a role (the `admin:create` command on an address that already signs in: it becomes an
 * owner, or stays the staff role it had).
 */
export async function setRoleByEmail(ctx: ServiceContext, email: string, role: AccountRole): Promise<boolean> {
  const [current] = await ctx.db
    .select({ staffRole: users.staffRole })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
  const rows = await ctx.db
    .update(users)
    .set({ ...roleColumns(role, current?.staffRole ?? undefined), updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id })
  return rows.length > 0
}

/**
 * Checks the signed-in account's password (better-auth's /verify-password, through its rate limiter), for an action
 * that needs it again, such as changing where a store's payouts go. Nothing changes either way.
 */
export async function verifyOwnPassword(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  password: string,
): Promise<{ ok: true } | { ok: false; reason: AuthFailure }> {
  const result = await answer(await callAuth(ctx.auth, '/verify-password', { ...call, body: { password } }))
  return result.ok ? { ok: true } : result
}

/** Deletes the signed-in account after checking its password; the cookies clear the session. */
export async function deleteOwnAccount(ctx: AccountsContext, call: Omit<AuthCall, 'body'>, password: string) {
  const result = await answer(await callAuth(ctx.auth, '/delete-user', { ...call, body: { password } }))
  return result.ok ? { ok: true as const, cookies: result.cookies } : result
}

/** The names and e-mail addresses of these accounts, by id (the admin console's "who"); unknown ids are left out. */
export async function listAccountNames(
  ctx: ServiceContext,
  userIds: string[],
): Promise<Map<string, { name: string; email: string }>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids))
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]))
}

/** The staff members (every admin account), by name: whom a support ticket can be given to. */
export async function listStaffMembers(ctx: ServiceContext): Promise<{ id: string; name: string }[]> {
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.name)
}

/** The staff accounts (every admin account), where news for staff is sent, each with its language. */
export async function listStaffRecipients(ctx: ServiceContext): Promise<{ email: string; locale: Locale }[]> {
  const rows = await ctx.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.role, 'admin'))
  return rows.map((r) => ({ email: r.email, locale: isLocale(r.locale) ? r.locale : defaultLocale }))
}

/** The language an account reads Isoko in (pages, e-mails, SMS): the one it chose, else English. */
export async function findAccountLocale(ctx: ServiceContext, userId: string): Promise<Locale> {
  const [row] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
  return isLocale(row?.locale) ? row.locale : defaultLocale
}

/** The languages of several accounts at once, by id (English for those that chose none). */
export async function listAccountLocales(ctx: ServiceContext, userIds: string[]): Promise<Map<string, Locale>> {
  const unique = [...new Set(userIds)]
  if (unique.length === 0) return new Map()
  const rows = await ctx.db.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, unique))
  return new Map(rows.map((r) => [r.id, isLocale(r.locale) ? r.locale : defaultLocale]))
}

/** Keeps the language the person chose with the switcher on their account, so it follows them everywhere. */
export async function setAccountLocale(ctx: ServiceContext, userId: string, locale: Locale): Promise<void> {
  await ctx.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId))
}

/**
 * At sign-in or sign-up: the account's own language wins (the page follows it from then on); an account that has
 * none takes the language the person is reading now.
 */
export async function settleAccountLocale(ctx: ServiceContext, userId: string, reading: Locale): Promise<Locale> {
  const [row] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
  if (isLocale(row?.locale)) return row.locale
  await setAccountLocale(ctx, userId, reading)
  return reading
}

/** A staff member as the console's Staff page lists them. */
export type StaffAccount = {
  id: string
  name: string
  email: string
  staffRole: StaffRole
  /** When they last signed in (their newest session began), if they ever did. */
  lastSignInAt: Date | null
}

/** Every staff account (the 'admin' role) with its staff role and last sign-in, by name. */
export async function listStaffAccounts(ctx: ServiceContext): Promise<StaffAccount[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      staffRole: users.staffRole,
      lastSignInAt: max(sessions.createdAt),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.role, 'admin'))
    .groupBy(users.id)
    .orderBy(users.name, users.id)
  return rows.map((r) => ({ ...r, staffRole: r.staffRole ?? 'owner', lastSignInAt: r.lastSignInAt ?? null }))
}

/** One staff account by id, locked for a change in the caller's transaction; null for an id that is not staff. */
export async function lockStaffAccount(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; name: string; email: string; staffRole: StaffRole } | null> {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, staffRole: users.staffRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'admin')))
    .for('update')
  return row ? { ...row, staffRole: row.staffRole ?? 'owner' } : null
}

/**
 * How many owners there are, counted with their rows locked (in the caller's transaction), so that two owners
 * demoting each other at once cannot leave none.
 */
export async function countOwnersLocked(ctx: ServiceContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner')))
    .for('update')
  return rows.length
}

/** Changes a staff account's role; the change applies from its next request (the role is read with the session). */
export async function setStaffRole(ctx: ServiceContext, userId: string, staffRole: StaffRole): Promise<void> {
  await ctx.db
    .update(users)
    .set({ staffRole, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'admin')))
}

/**
 * Ends a staff account's staff access: it becomes a plain customer account (its own orders and messages stay) and
 * every session it has is ended, so that an open console tab stops at its next request.
 */
export async function removeStaffAccess(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ role: 'customer', staffRole: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'admin')))
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId))
}

/**
 * Makes a new account a staff member with a role (an accepted invitation: the link came to the address, so the
 * address is verified too).
 */
export async function makeStaffAccount(ctx: ServiceContext, userId: string, staffRole: StaffRole): Promise<void> {
  await ctx.db
    .update(users)
    .set({ ...roleColumns('admin', staffRole), emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
}

/** Whether an e-mail address already has an account, and of which kind. */
export async function findAccountRoleByEmail(ctx: ServiceContext, email: string): Promise<AccountRole | null> {
  const [row] = await ctx.db.select({ role: users.role }).from(users).where(eq(users.email, email.trim().toLowerCase()))
  return row?.role ?? null
}

/** How many staff accounts there are (for a quick check in tests and the console). */
export async function countStaffAccounts(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'))
  return row?.n ?? 0
}
