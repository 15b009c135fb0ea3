/**
 * The payments module's configuration: its own environment variables, read once and validated with zod (not part
 * of app/lib/env.server.ts). In `PAYMENTS_MODE=simulator` (the default) every provider points at Isoko's own
 * simulators on loopback with fixed development credentials; in `production` the base URLs and credentials are
 * required. See docs/payments-simulator.md and .env.example.
 */
import express from 'express'
import { z } from 'zod'
import type { PaymentProvider } from '#app/modules/payments/provider.ts'
import { createAirtelProvider } from '#app/modules/payments/providers/airtel.server.ts'
import { createCardProvider } from '#app/modules/payments/providers/card.server.ts'
import { createMomoProvider } from '#app/modules/payments/providers/momo.server.ts'
import { createPaymentSimulator, type PaymentSimulatorOptions } from '#app/modules/payments/simulator/index.server.ts'

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
const optionalUrl = optional.pipe(z.url().optional())
const ms = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback)

const PaymentsEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  PAYMENTS_MODE: z.enum(['simulator', 'production']).default('simulator'),
  MOMO_BASE_URL: optionalUrl,
  MOMO_TARGET_ENVIRONMENT: optional,
  MOMO_COLLECTION_SUBSCRIPTION_KEY: optional,
  MOMO_COLLECTION_API_USER: optional,
  MOMO_COLLECTION_API_KEY: optional,
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: optional,
  MOMO_DISBURSEMENT_API_USER: optional,
  MOMO_DISBURSEMENT_API_KEY: optional,
  AIRTEL_BASE_URL: optionalUrl,
  AIRTEL_CLIENT_ID: optional,
  AIRTEL_CLIENT_SECRET: optional,
  AIRTEL_CALLBACK_SECRET: optional,
  CARD_BASE_URL: optionalUrl,
  CARD_SECRET_KEY: optional,
  CARD_WEBHOOK_SECRET: optional,
  SIMULATOR_APPROVAL_MS: ms(4000),
  SIMULATOR_EXPIRY_MS: ms(5 * 60_000),
})

type PaymentsEnv = z.infer<typeof PaymentsEnvSchema>

/** Variables production cannot do without (AIRTEL_CALLBACK_SECRET stays optional: Airtel's hash is opt-in). */
const REQUIRED_IN_PRODUCTION = [
  'PUBLIC_URL',
  'MOMO_BASE_URL',
  'MOMO_TARGET_ENVIRONMENT',
  'MOMO_COLLECTION_SUBSCRIPTION_KEY',
  'MOMO_COLLECTION_API_USER',
  'MOMO_COLLECTION_API_KEY',
  'MOMO_DISBURSEMENT_SUBSCRIPTION_KEY',
  'MOMO_DISBURSEMENT_API_USER',
  'MOMO_DISBURSEMENT_API_KEY',
  'AIRTEL_BASE_URL',
  'AIRTEL_CLIENT_ID',
  'AIRTEL_CLIENT_SECRET',
  'CARD_BASE_URL',
  'CARD_SECRET_KEY',
  'CARD_WEBHOOK_SECRET',
] as const satisfies readonly (keyof PaymentsEnv)[]

/** Fixed development credentials: the simulators accept these and nothing else. Never used in production. */
export const SIMULATOR_CREDENTIALS = {
  momoTargetEnvironment: 'mtnrwanda',
  momoCollection: {
    subscriptionKey: 'sim-collection-subscription-key',
    apiUser: '0f6f3b1e-6a53-4c1b-9d0e-5b1f2a3c4d5e',
    apiKey: 'sim-collection-api-key',
  },
  momoDisbursement: {
    subscriptionKey: 'sim-disbursement-subscription-key',
    apiUser: '7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    apiKey: 'sim-disbursement-api-key',
  },
  airtelClientId: 'sim-airtel-client-id',
  airtelClientSecret: 'sim-airtel-client-secret',
  airtelCallbackSecret: 'sim-airtel-callback-secret',
  cardSecretKey: 'FLWSECK_TEST-simulator',
  cardWebhookSecret: 'sim-card-webhook-secret',
} as const

/** Where the providers' APIs are, and how to sign in, once defaults and simulator values are applied. */
export type PaymentsConfig = {
  mode: 'simulator' | 'production'
  port: number
  callbackBase: string
  momo: {
    baseUrl: string
    targetEnvironment: string
    collection: { subscriptionKey: string; apiUser: string; apiKey: string }
    disbursement: { subscriptionKey: string; apiUser: string; apiKey: string }
  }
  airtel: { baseUrl: string; clientId: string; clientSecret: string; callbackSecret?: string }
  card: { baseUrl: string; secretKey: string; webhookSecret: string }
  simulator: { approvalMs: number; expiryMs: number }
}

/** Builds the configuration from an environment (exported for tests; the app uses `getPaymentsConfig`). */
export function parsePaymentsConfig(source: Record<string, string | undefined>): PaymentsConfig {
  const parsed = PaymentsEnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid payments configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const simulator = { approvalMs: env.SIMULATOR_APPROVAL_MS, expiryMs: env.SIMULATOR_EXPIRY_MS }
  if (env.PAYMENTS_MODE === 'production') {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => env[name] === undefined)
    if (missing.length > 0) {
      throw new Error(`PAYMENTS_MODE=production needs these variables:\n${missing.map((m) => `  ${m}`).join('\n')}`)
    }
    // Checked just above: every value read through `need` is present.
    const need = (name: (typeof REQUIRED_IN_PRODUCTION)[number]) => env[name] as string
    return {
      mode: 'production',
      port: env.PORT,
      callbackBase: need('PUBLIC_URL').replace(/\/+$/, ''),
      momo: {
        baseUrl: need('MOMO_BASE_URL'),
        targetEnvironment: need('MOMO_TARGET_ENVIRONMENT'),
        collection: {
          subscriptionKey: need('MOMO_COLLECTION_SUBSCRIPTION_KEY'),
          apiUser: need('MOMO_COLLECTION_API_USER'),
          apiKey: need('MOMO_COLLECTION_API_KEY'),
        },
        disbursement: {
          subscriptionKey: need('MOMO_DISBURSEMENT_SUBSCRIPTION_KEY'),
          apiUser: need('MOMO_DISBURSEMENT_API_USER'),
          apiKey: need('MOMO_DISBURSEMENT_API_KEY'),
        },
      },
      airtel: {
        baseUrl: need('AIRTEL_BASE_URL'),
        clientId: need('AIRTEL_CLIENT_ID'),
        clientSecret: need('AIRTEL_CLIENT_SECRET'),
        callbackSecret: env.AIRTEL_CALLBACK_SECRET,
      },
      card: {
        baseUrl: need('CARD_BASE_URL'),
        secretKey: need('CARD_SECRET_KEY'),
        webhookSecret: need('CARD_WEBHOOK_SECRET'),
      },
      simulator,
    }
  }
  const loopback = `http://127.0.0.1:${env.PORT}`
  const sim = SIMULATOR_CREDENTIALS
  return {
    mode: 'simulator',
    port: env.PORT,
    callbackBase: loopback,
    momo: {
      baseUrl: env.MOMO_BASE_URL ?? `${loopback}/__simulator/momo`,
      targetEnvironment: env.MOMO_TARGET_ENVIRONMENT ?? sim.momoTargetEnvironment,
      collection: {
        subscriptionKey: env.MOMO_COLLECTION_SUBSCRIPTION_KEY ?? sim.momoCollection.subscriptionKey,
        apiUser: env.MOMO_COLLECTION_API_USER ?? sim.momoCollection.apiUser,
        apiKey: env.MOMO_COLLECTION_API_KEY ?? sim.momoCollection.apiKey,
      },
      disbursement: {
        subscriptionKey: env.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY ?? sim.momoDisbursement.subscriptionKey,
        apiUser: env.MOMO_DISBURSEMENT_API_USER ?? sim.momoDisbursement.apiUser,
        apiKey: env.MOMO_DISBURSEMENT_API_KEY ?? sim.momoDisbursement.apiKey,
      },
    },
    airtel: {
      baseUrl: env.AIRTEL_BASE_URL ?? `${loopback}/__simulator/airtel`,
      clientId: env.AIRTEL_CLIENT_ID ?? sim.airtelClientId,
      clientSecret: env.AIRTEL_CLIENT_SECRET ?? sim.airtelClientSecret,
      callbackSecret: env.AIRTEL_CALLBACK_SECRET ?? sim.airtelCallbackSecret,
    },
    card: {
      baseUrl: env.CARD_BASE_URL ?? `${loopback}/__simulator/card`,
      secretKey: env.CARD_SECRET_KEY ?? sim.cardSecretKey,
      webhookSecret: env.CARD_WEBHOOK_SECRET ?? sim.cardWebhookSecret,
    },
    simulator,
  }
}

let cached: PaymentsConfig | undefined

/** Reads `process.env` once; a bad or missing value stops the start with a message naming the variables. */
export function getPaymentsConfig(): PaymentsConfig {
  cached ??= parsePaymentsConfig(process.env)
  return cached
}

/** Where providers call Isoko back: loopback in simulator mode, PUBLIC_URL in production. No trailing slash. */
export function paymentCallbackBase(): string {
  return getPaymentsConfig().callbackBase
}

/** The callback URLs Isoko exposes (the API routes are someone else's; these are the paths they must serve). */
export const paymentCallbackUrls = {
  momo: (reference: string) => `${paymentCallbackBase()}/api/payments/momo/callback/${reference}`,
  airtel: () => `${paymentCallbackBase()}/api/payments/airtel/callback`,
  card: () => `${paymentCallbackBase()}/api/payments/card/webhook`,
}

export function createPaymentProviders(config: PaymentsConfig): Record<'momo' | 'airtel' | 'card', PaymentProvider> {
  return {
    momo: createMomoProvider(config.momo),
    airtel: createAirtelProvider(config.airtel),
    card: createCardProvider(config.card),
  }
}

let providers: Record<'momo' | 'airtel' | 'card', PaymentProvider> | undefined

/** The three provider clients (token caches included), built once. Cash on delivery needs none. */
export function getPaymentProviders(): Record<'momo' | 'airtel' | 'card', PaymentProvider> {
  providers ??= createPaymentProviders(getPaymentsConfig())
  return providers
}

/** The simulators' options: they accept exactly the credentials the clients use, and call the app's routes. */
export function getSimulatorOptions(publicUrl: string, config = getPaymentsConfig()): PaymentSimulatorOptions {
  return {
    momo: {
      targetEnvironment: config.momo.targetEnvironment,
      collection: config.momo.collection,
      disbursement: config.momo.disbursement,
    },
    airtel: {
      clientId: config.airtel.clientId,
      clientSecret: config.airtel.clientSecret,
      callbackSecret: config.airtel.callbackSecret,
      callbackUrl: `${config.callbackBase}/api/payments/airtel/callback`,
    },
    card: {
      secretKey: config.card.secretKey,
      webhookSecret: config.card.webhookSecret,
      webhookUrl: `${config.callbackBase}/api/payments/card/webhook`,
    },
    publicBaseUrl: `${publicUrl.replace(/\/+$/, '')}/__simulator`,
    approvalMs: config.simulator.approvalMs,
    expiryMs: config.simulator.expiryMs,
  }
}

/**
 * In simulator mode only, serves the simulators at /__simulator. `port` is the port the app listens on (the
 * clients and callbacks use loopback on it); `publicUrl` is where browsers reach the app (the card page link).
 * Returns whether it mounted them.
 */
export function mountPaymentSimulator(app: express.Express, { port, publicUrl }: { port: number; publicUrl: string }) {
  const config = getPaymentsConfig()
  if (config.mode !== 'simulator') return false
  if (config.port !== port) {
    throw new Error(`Payments simulator: PORT is ${config.port} for payments but the app listens on ${port}`)
  }
  app.use(
    '/__simulator',
    express.json(),
    express.urlencoded({ extended: false }),
    createPaymentSimulator(getSimulatorOptions(publicUrl, config)),
  )
  return true
}
