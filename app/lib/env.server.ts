import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** An empty variable (`FOO=`) counts as unset, as in a .env file with the value left out. */
function emptyAsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema)
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: emptyAsUnset(z.string().url().optional()),
  /**
   * Where people reach the site: every absolute URL (e-mailed links, the card provider's return URL) is built
   * from it, never from a request's Host or X-Forwarded-Host. Defaults to http://localhost:PORT; https in production.
   */
  PUBLIC_URL: emptyAsUnset(z.string().url().optional()),
  STORAGE_URL: emptyAsUnset(z.string().url().optional()),
  PAYMENTS_MODE: z.enum(['simulator', 'production']).default('simulator'),
  SESSION_SECRET: emptyAsUnset(z.string().min(32).optional()),
  SUPPORT_PHONE: z.string().min(1).default('+250 788 123 456'),
  SUPPORT_EMAIL: z.string().email().default('support@isoko.rw'),
  /** Sign-in, sign-up and reset attempts allowed per minute from one network address. */
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Express orders are taken until this time of day, Africa/Kigali (HH:MM). */
  EXPRESS_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM')
    .default('14:00'),
  /** How long one mobile money or card attempt may stay unanswered before it is given up (MoMo allows about 5). */
  PAYMENT_ATTEMPT_MINUTES: z.coerce.number().int().min(1).max(120).default(6),
  /** How long an unpaid order keeps its place (retries included) before it is cancelled and its stock released. */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Days after a vendor's part is delivered before its payable can be paid out (the return window; docs/ledger.md). */
  PAYABLE_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /**
   * Days after delivery within which a customer may ask to return an item, unless its category says otherwise
   * (categories.return_days). Keep PAYABLE_HOLD_DAYS at least this, so a return can be refunded from the payable.
   */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The smallest payout, integer francs: a balance below it waits (the schedule and the vendor's button alike). */
  PAYOUT_MINIMUM_RWF: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  /** How often the payout sweep pays every vendor whose balance is due: daily, weekly, or a number of hours (`12h`). */
  PAYOUT_SCHEDULE: z
    .string()
    .regex(/^(daily|weekly|manual|[1-9]\d{0,3}h)$/, 'expected daily, weekly, manual or a number of hours such as 12h')
    .default('weekly'),
  /** Largest photo a vendor may upload, in megabytes (a 12 MP phone photo is 3 to 6 MB). */
  UPLOAD_MAX_MB: z.coerce.number().min(1).max(50).default(12),
  /** Photos per product. */
  UPLOAD_MAX_PHOTOS: z.coerce.number().int().min(1).max(30).default(8),
  /** Multiplies every abuse throttle's limit (contact form, search, messages…): 1 in production. */
  THROTTLE_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string
  PUBLIC_URL: string
  /** NODE_ENV=production: the mode that refuses what is unsafe (DESIGN.md section 2, docs/security.md). */
  production: boolean
}

let cached: Env | undefined

/**
 * What stops this environment from being used, every problem at once: a value of the wrong form, and, in
 * production, each setting that production cannot do without. Other modules add their own (payments, e-mail
 * and SMS, storage); `server/app.ts` prints them all before refusing to start.
 */
export function environmentProblems(source: Record<string, string | undefined> = process.env): string[] {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  const env = parsed.data
  const problems: string[] = []
  if (env.DATABASE_URL && !env.SESSION_SECRET) {
    problems.push(
      'SESSION_SECRET: required with DATABASE_URL (every server on one database must sign cookies with the same secret)',
    )
  }
  if (env.NODE_ENV !== 'production') return problems
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (https://…, where people reach the site)')
  else if (new URL(env.PUBLIC_URL).protocol !== 'https:') problems.push('PUBLIC_URL: must be an https:// address')
  if (!env.SESSION_SECRET && !env.DATABASE_URL) {
    problems.push('SESSION_SECRET: required in production (at least 32 random characters)')
  }
  return problems
}

/** Reads and validates the environment once; a bad value stops the process with a clear message. */
export function getEnv(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  const problems = environmentProblems(process.env)
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
  const env = parsed.data
  cached = {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSecret(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    production: env.NODE_ENV === 'production',
  }
  return cached
}

/**
 * An absolute URL of this site for `path`. In production always on PUBLIC_URL, never on what a request's Host or
 * X-Forwarded-Host says; in development on the address the visitor used (127.0.0.1 or localhost), so that a
 * provider's return lands where the visitor's cookies are.
 */
export function siteUrl(path: string, request: Request): string {
  const env = getEnv()
  return new URL(path, env.production ? env.PUBLIC_URL : request.url).toString()
}

/** Cookies carry `Secure` whenever the site is reached over HTTPS, which production requires. */
export function secureCookies(): boolean {
  const env = getEnv()
  return env.production || env.PUBLIC_URL.startsWith('https:')
}

/**
 * The data folder (embedded database, local pictures, the generated secret): created readable by this user only,
 * and its files written without world or group access.
 */
export function ensureDataDir(dataDir: string): string {
  const dir = path.resolve(dataDir)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  return dir
}

/** Development only: when SESSION_SECRET is unset, one is generated into DATA_DIR so cookies survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  ensureDataDir(dataDir)
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
