import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { phoneNumber } from 'better-auth/plugins'
import { and, eq, like } from 'drizzle-orm'
import type { Database } from '#app/lib/db.server.ts'
import { requestLocale } from '#app/lib/i18n.server.ts'
import { hit } from '#app/modules/throttle/throttle.server.ts'
import { normaliseRwandanPhone } from './accounts.schemas.ts'
import { PHONE_CODE } from './phone-code.ts'

export { PHONE_CODE }

import { authAccounts, rateLimits, sessions, users, verifications } from './tables.server.ts'

export type AuthOptions = {
  db: Database
  secret: string
  /**
   * Where the site is reached (https://isoko.rw): e-mailed links point there. Never taken from a request's Host
   * header, which a client chooses (a reset link pointing elsewhere would hand its token to someone else).
   */
  publicUrl: string
  /** Sign-in and sign-up attempts allowed per minute from one address. */
  attemptsPerMinute: number
  /** Queues the reset e-mail (through the outbox); `link` is the page that sets the new password. */
  sendPasswordReset(input: { userId: string; email: string; name: string; link: string }): Promise<void>
  /**
   * Queues the SMS with a one-time code for a phone number, in the language of the page that asked for it. Without
   * it (a command, the seed) no code is ever sent, so no one signs in by phone.
   */
  sendPhoneCode?(input: { phone: string; code: string; locale: string | null }): Promise<void>
  /**
   * Queues the e-mail that confirms a change of address, to the NEW address; `link` is the page that confirms it
   * (single-use: it names the old address, which no longer matches once the change is made). Without it no
   * address can be changed.
   */
  sendEmailChange?(input: { userId: string; name: string; newEmail: string; link: string }): Promise<void>
  /** Ids for new rows (the seed passes a counter so that it is repeatable); random by default. */
  generateId?: () => string
}

/** How long a link confirming a new e-mail address works. */
export const EMAIL_CHANGE_VALID_SECONDS = 60 * 60

/** Reset e-mails one account may receive in an hour; further requests get the same answer and no e-mail. */
export const RESET_EMAILS_PER_HOUR = 3

/**
 * The e-mail address better-auth needs on every account, for an account made with a phone number alone: in the
 * `.invalid` domain, which no mail server accepts (RFC 2606), so nothing can ever be sent to it; Isoko reads such
 * an account as having no e-mail address (isPhoneOnlyEmail).
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.isoko.invalid'

export function phoneOnlyEmail(phone: string): string {
  return `${phone.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`
}

export function isPhoneOnlyEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)
}

/**
 * better-auth on our database: email and password, sessions in the database behind an HttpOnly SameSite=Lax
 * cookie (Secure over HTTPS), scrypt password hashes, rate-limited sign-in and sign-up. Its HTTP endpoints are
 * not served to browsers: route actions call them through `callAuth`, so no auth client ships to the browser
 * (DESIGN.md section 2).
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Isoko',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    // Every call comes from our own server with the page's origin (see callAuth).
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        // A staff account's role in the console (app/modules/staff/permissions.ts), read with the session.
        staffRole: { type: 'string', required: false, input: false },
      },
      // Delete Account (the footer's link): the password confirms it; the workflow removes the profile too.
      deleteUser: { enabled: true },
      // A new address takes effect only from the link sent to it (app/workflows/vendor-contact.server.ts).
      changeEmail: { enabled: options.sendEmailChange !== undefined },
    },
    // Used only by the change of address: the link to the new address (no verification at sign-up).
    emailVerification: {
      expiresIn: EMAIL_CHANGE_VALID_SECONDS,
      sendOnSignUp: false,
      ...(options.sendEmailChange
        ? {
            sendVerificationEmail: async ({
              user,
              token,
            }: {
              user: { id: string; name: string; email: string }
              token: string
            }) => {
              await options.sendEmailChange?.({
                userId: user.id,
                name: user.name,
                newEmail: user.email,
                link: new URL(`/confirm-email?token=${encodeURIComponent(token)}`, options.publicUrl).toString(),
              })
            },
          }
        : {}),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Someone who knows an address must not be able to flood its inbox; the form answers as usual.
        const allowed = await hit(
          { db: options.db },
          { key: `reset:acct:${user.id}`, limit: RESET_EMAILS_PER_HOUR, windowSeconds: 60 * 60 },
        )
        if (!allowed.ok) return
        await options.sendPasswordReset({
          userId: user.id,
          email: user.email,
          name: user.name,
          link: new URL(`/reset-password?token=${encodeURIComponent(token)}`, options.publicUrl).toString(),
        })
      },
      // better-auth consumes the link that was used; every other reset link of the account dies with it, so
      // that an older e-mail (perhaps in someone else's hands) cannot set the password again.
      onPasswordReset: async ({ user }) => {
        await options.db
          .delete(verifications)
          .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.id)))
      },
    },
    plugins: [
      // Sign in and sign up with a Rwandan mobile number and a code sent by SMS; the number is verified by the code.
      phoneNumber({
        otpLength: PHONE_CODE.digits,
        expiresIn: PHONE_CODE.validSeconds,
        allowedAttempts: PHONE_CODE.tries,
        phoneNumberValidator: (phone) => normaliseRwandanPhone(phone) === phone,
        sendOTP: async ({ phoneNumber: phone, code }, ctx) => {
          await options.sendPhoneCode?.({ phone, code, locale: ctx?.request?.headers.get('x-isoko-locale') ?? null })
        },
        signUpOnVerification: { getTempEmail: phoneOnlyEmail, getTempName: () => '' },
      }),
    ],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: options.attemptsPerMinute },
        '/sign-up/email': { window: 60, max: options.attemptsPerMinute },
        '/request-password-reset': { window: 60, max: options.attemptsPerMinute },
        // better-auth's own default here is 3 tries in 10 seconds per address: too tight behind a mobile
        // operator's shared address, and the current password is asked for anyway.
        '/change-password': { window: 60, max: options.attemptsPerMinute },
        // A password asked again before a sensitive change (the store's payout number).
        '/verify-password': { window: 60, max: options.attemptsPerMinute },
        '/change-email': { window: 60, max: options.attemptsPerMinute },
        '/verify-email': { window: 60, max: options.attemptsPerMinute },
        // Codes sent and typed, per network address (per number: phone.server.ts).
        '/phone-number/send-otp': { window: 60, max: options.attemptsPerMinute },
        '/phone-number/verify': { window: 60, max: options.attemptsPerMinute },
      },
    },
    advanced: {
      cookiePrefix: 'isoko',
      ...(options.generateId ? { database: { generateId: options.generateId } } : {}),
      // callAuth sets this header from the connection's address, replacing anything the browser sent.
      ipAddress: { ipAddressHeaders: ['x-isoko-client-address'] },
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>

export type AuthCall = {
  /** The page request the call is made for: its origin, cookies and user agent are passed on. */
  request: Request
  /** The visitor's network address (rate limits count per address). */
  clientAddress: string
  method?: 'GET' | 'POST'
  body?: unknown
}

/** Calls one of better-auth's endpoints (e.g. '/sign-in/email') as the visitor, through its rate limiter. */
export async function callAuth(auth: Auth, path: string, call: AuthCall): Promise<Response> {
  const origin = new URL(call.request.url).origin
  const headers = new Headers({ origin, 'x-isoko-client-address': call.clientAddress })
  const cookie = call.request.headers.get('cookie')
  if (cookie) headers.set('cookie', cookie)
  const agent = call.request.headers.get('user-agent')
  if (agent) headers.set('user-agent', agent)
  // The page's language: an SMS the call sends (a one-time code) is written in it.
  headers.set('x-isoko-locale', requestLocale(call.request))
  if (call.body !== undefined) headers.set('content-type', 'application/json')
  return auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: call.method ?? 'POST',
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
  )
}
