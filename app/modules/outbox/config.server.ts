/**
 * The outbox's transports, configured from the environment (read once at start, validated here, not in
 * app/lib/env.server.ts). Production needs a real e-mail transport (SMTP_URL) and a real SMS gateway (Africa's
 * Talking: AT_USERNAME, AT_API_KEY, and AT_CALLBACK_SECRET for its delivery reports). In development, e-mails
 * without SMTP_URL stay in the outbox for the admin mailbox, and SMS go to the Africa's Talking simulator unless
 * AT_USERNAME and AT_API_KEY are set.
 *
 * Variables: SMTP_URL (smtp:// or smtps://, user:pass in the URL), MAIL_FROM ("Isoko <no-reply@isoko.rw>"),
 * AT_USERNAME, AT_API_KEY, AT_SENDER_ID (optional), AT_BASE_URL (https://api.africastalking.com),
 * AT_CALLBACK_SECRET (at least 16 characters; the delivery report URL given to Africa's Talking must carry it:
 * https://<PUBLIC_URL host>/api/sms/delivery-report?key=<AT_CALLBACK_SECRET>).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { type AfricasTalkingSettings, createAfricasTalkingTransport } from './africastalking.server.ts'
import type { SmsSimulatorOptions } from './africastalking-simulator.server.ts'
import { developmentTransport, type Transports } from './outbox.server.ts'
import { createSmtpTransport } from './smtp.server.ts'

export const DEFAULT_MAIL_FROM = 'Isoko <no-reply@isoko.rw>'
export const DEFAULT_AT_BASE_URL = 'https://api.africastalking.com'
export const DELIVERY_REPORT_PATH = '/api/sms/delivery-report'

/** Fixed development credentials: the SMS simulator accepts these. Never used in production. */
export const SMS_SIMULATOR_CREDENTIALS = {
  username: 'sandbox',
  apiKey: 'sim-africastalking-api-key',
  callbackSecret: 'sim-africastalking-callback-secret',
} as const

export type MessagingConfig = {
  email: { kind: 'smtp'; url: string; from: string } | { kind: 'development'; from: string }
  sms:
    | {
        kind: 'africastalking'
        settings: AfricasTalkingSettings
        /** Set when the settings point at the simulator: the options to create it with (`createSmsSimulator`). */
        simulator?: SmsSimulatorOptions
      }
    | { kind: 'development'; simulator?: undefined }
  /** The secret delivery reports must carry in `?key=`; none in production means the config was refused. */
  callbackSecret: string
}

export type MessagingConfigOptions = {
  production: boolean
  /**
   * Development without AT_USERNAME/AT_API_KEY: send SMS to the simulator (default true). Pass false when the
   * simulators do not run (PAYMENTS_MODE=production on a developer's machine): SMS then stay in the mailbox.
   */
  smsSimulator?: boolean
  /** Where the SMS simulator is mounted. Default http://127.0.0.1:<SIMULATOR_PORT, or PORT + 1>/africastalking. */
  simulatorBase?: string
  /** The app's loopback URL, where the simulator posts delivery reports. Default http://127.0.0.1:<PORT>. */
  appBase?: string
}

const text = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

const MessagingEnvSchema = z.object({
  SMTP_URL: text,
  MAIL_FROM: text,
  AT_USERNAME: text,
  AT_API_KEY: text,
  AT_SENDER_ID: text,
  AT_BASE_URL: text,
  AT_CALLBACK_SECRET: text,
  // Read only to find the simulators' loopback listener (the payments configuration owns and checks them).
  PORT: text,
  SIMULATOR_PORT: text,
})
type MessagingEnv = z.infer<typeof MessagingEnvSchema>

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

function readEnv(source: Record<string, string | undefined>): MessagingEnv {
  // Every field is an optional string: only a non-string value could fail, and the environment has none.
  return MessagingEnvSchema.parse(source)
}

/**
 * What is missing or wrong, one line per variable, each starting with its name (empty when the configuration is
 * usable). The start-up check prints them all at once.
 */
export function messagingConfigProblems(
  source: Record<string, string | undefined>,
  options: Pick<MessagingConfigOptions, 'production'>,
): string[] {
  const env = readEnv(source)
  const problems: string[] = []
  if (env.SMTP_URL && !isUrl(env.SMTP_URL, ['smtp:', 'smtps:'])) {
    problems.push('SMTP_URL: an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.rw:465')
  }
  if (env.MAIL_FROM && !/@[^@\s>]+/.test(env.MAIL_FROM)) {
    problems.push('MAIL_FROM: an address, e.g. "Isoko <no-reply@isoko.rw>"')
  }
  if (env.AT_BASE_URL && !isUrl(env.AT_BASE_URL, options.production ? ['https:'] : ['https:', 'http:'])) {
    problems.push(`AT_BASE_URL: ${options.production ? 'an https' : 'an http(s)'} URL, e.g. ${DEFAULT_AT_BASE_URL}`)
  }
  if (env.AT_CALLBACK_SECRET && env.AT_CALLBACK_SECRET.length < 16) {
    problems.push('AT_CALLBACK_SECRET: at least 16 characters')
  }
  if (options.production) {
    if (!env.SMTP_URL) problems.push('SMTP_URL: required in production (the e-mail transport)')
    if (!env.AT_USERNAME) problems.push("AT_USERNAME: required in production (Africa's Talking, for SMS)")
    if (!env.AT_API_KEY) problems.push("AT_API_KEY: required in production (Africa's Talking, for SMS)")
    if (!env.AT_CALLBACK_SECRET) {
      problems.push("AT_CALLBACK_SECRET: required in production (Africa's Talking delivery reports)")
    }
  } else if (Boolean(env.AT_USERNAME) !== Boolean(env.AT_API_KEY)) {
    // Half a gateway account is a mistake, not a wish for the simulator.
    problems.push(env.AT_USERNAME ? 'AT_API_KEY: needed with AT_USERNAME' : 'AT_USERNAME: needed with AT_API_KEY')
  }
  return problems
}

/** The transports' settings; throws naming every problem (see `messagingConfigProblems`). */
export function parseMessagingConfig(
  source: Record<string, string | undefined>,
  options: MessagingConfigOptions,
): MessagingConfig {
  const problems = messagingConfigProblems(source, options)
  if (problems.length > 0)
    throw new Error(`Invalid messaging configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  const env = readEnv(source)
  const from = env.MAIL_FROM ?? DEFAULT_MAIL_FROM
  const email: MessagingConfig['email'] = env.SMTP_URL
    ? { kind: 'smtp', url: env.SMTP_URL, from }
    : { kind: 'development', from }
  let sms: MessagingConfig['sms'] = { kind: 'development' }
  if (env.AT_USERNAME && env.AT_API_KEY) {
    sms = {
      kind: 'africastalking',
      settings: {
        username: env.AT_USERNAME,
        apiKey: env.AT_API_KEY,
        senderId: env.AT_SENDER_ID,
        baseUrl: (env.AT_BASE_URL ?? DEFAULT_AT_BASE_URL).replace(/\/+$/, ''),
      },
    }
  } else if (!options.production && options.smsSimulator !== false) {
    const port = Number(env.PORT ?? 3000)
    const simulatorBase = options.simulatorBase ?? `http://127.0.0.1:${env.SIMULATOR_PORT ?? port + 1}/africastalking`
    const appBase = options.appBase ?? `http://127.0.0.1:${port}`
    sms = {
      kind: 'africastalking',
      settings: {
        username: SMS_SIMULATOR_CREDENTIALS.username,
        apiKey: SMS_SIMULATOR_CREDENTIALS.apiKey,
        senderId: env.AT_SENDER_ID,
        baseUrl: simulatorBase.replace(/\/+$/, ''),
      },
      simulator: {
        username: SMS_SIMULATOR_CREDENTIALS.username,
        apiKey: SMS_SIMULATOR_CREDENTIALS.apiKey,
        callbackBase: appBase.replace(/\/+$/, ''),
        deliveryReportUrl: deliveryReportUrl(
          appBase,
          env.AT_CALLBACK_SECRET ?? SMS_SIMULATOR_CREDENTIALS.callbackSecret,
        ),
      },
    }
  }
  // In production the problems check above made AT_CALLBACK_SECRET present.
  const callbackSecret = env.AT_CALLBACK_SECRET ?? SMS_SIMULATOR_CREDENTIALS.callbackSecret
  return { email, sms, callbackSecret }
}

/** The outbox worker's transports, one per channel. */
export function createTransports(config: MessagingConfig): Transports {
  return {
    email: config.email.kind === 'smtp' ? createSmtpTransport(config.email) : developmentTransport,
    sms:
      config.sms.kind === 'africastalking' ? createAfricasTalkingTransport(config.sms.settings) : developmentTransport,
  }
}

/** The delivery report URL to give Africa's Talking (or the simulator): the app's route with the secret. */
export function deliveryReportUrl(appBase: string, secret: string): string {
  return `${appBase.replace(/\/+$/, '')}${DELIVERY_REPORT_PATH}?key=${encodeURIComponent(secret)}`
}

let secret: { value: string | undefined } | undefined

/**
 * The secret the delivery report route checks, from this process's environment: AT_CALLBACK_SECRET, or in
 * development the simulator's fixed one. Undefined in production without it (the start-up check refuses that).
 */
export function getDeliveryReportSecret(): string | undefined {
  secret ??= {
    value:
      process.env.AT_CALLBACK_SECRET?.trim() ||
      (process.env.NODE_ENV === 'production' ? undefined : SMS_SIMULATOR_CREDENTIALS.callbackSecret),
  }
  return secret.value
}

/** Compares a presented key with the secret in constant time (hashes first, so lengths do not leak either). */
export function deliveryReportKeyMatches(presented: string | null | undefined, expected: string | undefined): boolean {
  if (!presented || !expected) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
