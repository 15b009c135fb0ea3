import { and, eq, ne, sql } from 'drizzle-orm'
import { createI18n } from '#app/lib/i18n.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { hit } from '#app/modules/throttle/throttle.server.ts'
import type { AccountsContext } from './accounts.server.ts'
import { type AuthCall, callAuth } from './auth.server.ts'
import { users } from './tables.server.ts'

// A signed-in account changes its e-mail address through better-auth's change-email flow: a link goes to the NEW
// address (emailVerification.sendVerificationEmail in auth.server.ts, through the outbox) and the address changes
// only when it is opened. The link is a signed token naming the old address, valid EMAIL_CHANGE_VALID_SECONDS: it
// works once (after the change the old address no longer matches) and not after it expires.

/** Links one account may ask for in an hour (each is an e-mail to an address someone typed). */
export const EMAIL_CHANGES_PER_HOUR = 5

export type EmailChangeRefusal = { ok: false; reason: 'same' | 'taken' | 'rate-limited' | 'failed' }

/** Sends the confirmation link to `newEmail`, unless it is the account's own address or another account's. */
export async function requestEmailChange(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  input: { userId: string; newEmail: string },
): Promise<{ ok: true } | EmailChangeRefusal> {
  const newEmail = input.newEmail.trim().toLowerCase()
  const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
  if (!me) return { ok: false, reason: 'failed' }
  if (me.email.toLowerCase() === newEmail) return { ok: false, reason: 'same' }
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, newEmail), ne(users.id, input.userId)))
  if (other) return { ok: false, reason: 'taken' }
  const allowed = await hit(ctx, {
    key: `email-change:acct:${input.userId}`,
    limit: EMAIL_CHANGES_PER_HOUR,
    windowSeconds: 60 * 60,
  })
  if (!allowed.ok) return { ok: false, reason: 'rate-limited' }
  const response = await callAuth(ctx.auth, '/change-email', { ...call, body: { newEmail } })
  if (response.ok) return { ok: true }
  return { ok: false, reason: response.status === 429 ? 'rate-limited' : 'failed' }
}

/** The claims of a change-of-address token, read only after better-auth has checked its signature. */
function claimsOf(token: string): { userId: string; oldEmail: string; newEmail: string } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      userId?: unknown
      email?: unknown
      updateTo?: unknown
    }
    if (typeof payload.userId !== 'string' || typeof payload.email !== 'string') return null
    if (typeof payload.updateTo !== 'string') return null
    return { userId: payload.userId, oldEmail: payload.email, newEmail: payload.updateTo }
  } catch {
    return null
  }
}

export type EmailConfirmRefusal = { ok: false; reason: 'expired' | 'invalid' | 'taken' | 'failed' }

/**
 * Opens the link: better-auth checks the token (signature, expiry, the old address still the account's) and
 * changes the address. Answers who changed from what to what, for the notice to the old address.
 */
export async function confirmEmailChange(
  ctx: AccountsContext,
  call: Omit<AuthCall, 'body'>,
  token: string,
): Promise<{ ok: true; userId: string; oldEmail: string; newEmail: string; cookies: string[] } | EmailConfirmRefusal> {
  const claims = claimsOf(token)
  if (!claims) return { ok: false, reason: 'invalid' }
  // The address may have been taken by another account since the link was sent.
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, claims.newEmail.toLowerCase()), ne(users.id, claims.userId)))
  if (other) return { ok: false, reason: 'taken' }
  let response: Response
  try {
    response = await callAuth(ctx.auth, `/verify-email?token=${encodeURIComponent(token)}`, { ...call, method: 'GET' })
  } catch {
    return { ok: false, reason: 'failed' }
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null
    if (body?.code === 'TOKEN_EXPIRED') return { ok: false, reason: 'expired' }
    if (response.status >= 500) return { ok: false, reason: 'failed' }
    return { ok: false, reason: 'invalid' }
  }
  return { ok: true, ...claims, cookies: response.headers.getSetCookie() }
}

/** The e-mail with the link, to the new address. */
export function emailChangeLinkEmail(input: { newEmail: string; name: string; link: string; locale: Locale }) {
  const i18n = createI18n(input.locale)
  return {
    channel: 'email' as const,
    recipient: input.newEmail,
    subject: i18n._('vendorSettings.email.mail.confirmSubject'),
    // The link works an hour (EMAIL_CHANGE_VALID_SECONDS in auth.server.ts), as the message says.
    body: i18n._('vendorSettings.email.mail.confirmBody', { name: input.name, link: input.link }),
  }
}

/** The notice to the old address, once the change is made. */
export function emailChangedNoticeEmail(input: { oldEmail: string; newEmail: string; name: string; locale: Locale }) {
  const i18n = createI18n(input.locale)
  return {
    channel: 'email' as const,
    recipient: input.oldEmail,
    subject: i18n._('vendorSettings.email.mail.changedSubject'),
    body: i18n._('vendorSettings.email.mail.changedBody', { name: input.name, email: input.newEmail }),
  }
}
