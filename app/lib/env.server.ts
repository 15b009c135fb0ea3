import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Where people reach the site; links in e-mails point there. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  STORAGE_URL: z.string().url().optional(),
  PAYMENTS_MODE: z.enum(['simulator', 'production']).default('simulator'),
  SESSION_SECRET: z.string().min(32).optional(),
  SUPPORT_PHONE: z.string().min(1).default('+250 788 123 456'),
  SUPPORT_EMAIL: z.string().email().default('support@isoko.rw'),
  /** Sign-in, sign-up and reset attempts allowed per minute from one network address. */
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Same-day express delivery within Kigali, integer francs. */
  EXPRESS_DELIVERY_FEE: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /** Express orders are taken until this time of day, Africa/Kigali (HH:MM). */
  EXPRESS_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM')
    .default('14:00'),
  /** How long one mobile money or card attempt may stay unanswered before it is given up (MoMo allows about 5). */
  PAYMENT_ATTEMPT_MINUTES: z.coerce.number().int().min(1).max(120).default(6),
  /** How long an unpaid order keeps its place (retries included) before it is cancelled and its stock released. */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Largest photo a vendor may upload, in megabytes (a 12 MP phone photo is 3 to 6 MB). */
  UPLOAD_MAX_MB: z.coerce.number().min(1).max(50).default(12),
  /** Photos per product. */
  UPLOAD_MAX_PHOTOS: z.coerce.number().int().min(1).max(30).default(8),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; PUBLIC_URL: string }

let cached: Env | undefined

/** Reads and validates the environment once; a bad value stops the process with a clear message. */
export function getEnv(): Env {
  if (cached) return cached
  const parsed = EnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  cached = {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSecret(env.DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }
  return cached
}

/** When SESSION_SECRET is unset, one is generated into DATA_DIR so cookies survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
