/**
 * The payments module's configuration: its own environment variables, read once and validated with zod (not part
 * of app/lib/env.server.ts). In `PAYMENTS_MODE=simulator` (the default outside production) every provider points
 * at Isoko's own simulators, served on their own loopback listener (`SIMULATOR_PORT`, never the public one), with
 * fixed development credentials; in `production` the base URLs and credentials are required. Production
 * (`NODE_ENV=production`) needs PAYMENTS_MODE set explicitly and refuses the simulators unless
 * `ALLOW_PAYMENT_SIMULATOR=1`. See docs/payments-simulator.md and .env.example.
 */
import type { Router } from 'express'
import { z } from 'zod'
import type { DisbursementProvider, PaymentProvider } from '#app/modules/payments/provider.ts'
import { createAirtelDisbursement, createAirtelProvider } from '#app/modules/payments/providers/airtel.server.ts'
import { createCardProvider } from '#app/modules/payments/providers/card.server.ts'
import { createMomoDisbursement, createMomoProvider } from '#app/modules/payments/providers/momo.server.ts'
import type { PaymentSimulatorOptions } from '#app/modules/payments/simulator/index.server.ts'
import { listenPaymentSimulator, SIMULATOR_HOST } from '#app/modules/payments/simulator/server.server.ts'
import type { SimulatorClock } from '#app/modules/payments/simulator/shared.server.ts'

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
const optionalUrl = optional.pipe(z.url({ protocol: /^https?$/ }).optional())
const ms = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback)
const flag = z
  .enum(['', '0', '1', 'false', 'true'], { error: 'must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true')

const PaymentsEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  // No default here: production must say which mode it wants (paymentsConfigProblems); elsewhere it is 'simulator'.
  PAYMENTS_MODE: optional.pipe(z.enum(['simulator', 'production']).optional()),
  ALLOW_PAYMENT_SIMULATOR: flag,
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
  /** Payouts by Airtel Money: the disbursing wallet's PIN and Airtel's RSA public key (PEM) to encrypt it. */
  AIRTEL_DISBURSEMENT_PIN: optional,
  AIRTEL_PIN_PUBLIC_KEY: optional,
  CARD_BASE_URL: optionalUrl,
  CARD_SECRET_KEY: optional,
  CARD_WEBHOOK_SECRET: optional,
  SIMULATOR_PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  SIMULATOR_PUBLIC_URL: optionalUrl,
  SIMULATOR_CALLBACK_URL: optionalUrl,
  SIMULATOR_EXTERNAL: flag,
  SIMULATOR_APPROVAL_MS: ms(4000),
  SIMULATOR_EXPIRY_MS: ms(5 * 60_000),
})

type PaymentsEnv = z.infer<typeof PaymentsEnvSchema>

/**
 * Variables production cannot do without (AIRTEL_CALLBACK_SECRET stays optional: Airtel's hash is opt-in; so do
 * AIRTEL_DISBURSEMENT_PIN and AIRTEL_PIN_PUBLIC_KEY, without which Airtel payouts are not sent).
 */
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

/**
 * Every problem with the payments settings, as sentences naming the variable, so that a start-up check can print
 * them all at once (empty when the settings are usable). `production` is NODE_ENV=production: it requires an
 * explicit PAYMENTS_MODE and refuses the simulators unless ALLOW_PAYMENT_SIMULATOR=1 (a staging site).
 */
export function paymentsConfigProblems(
  source: Record<string, string | undefined>,
  { production }: { production: boolean },
): string[] {
  const parsed = PaymentsEnvSchema.safeParse(source)
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  const env = parsed.data
  const problems: string[] = []
  if (production && env.PAYMENTS_MODE === undefined) {
    problems.push('PAYMENTS_MODE must be set explicitly in production (production, or simulator for a staging site)')
  }
  const mode = env.PAYMENTS_MODE ?? 'simulator'
  if (mode === 'production') {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (env[name] === undefined) problems.push(`${name} is required when PAYMENTS_MODE=production`)
    }
  } else {
    if (production && env.PAYMENTS_MODE === 'simulator' && !env.ALLOW_PAYMENT_SIMULATOR) {
      problems.push(
        'PAYMENTS_MODE=simulator is refused in production: no real money would move. Set PAYMENTS_MODE=production, ' +
          'or ALLOW_PAYMENT_SIMULATOR=1 for a staging site',
      )
    }
    if (simulatorPort(env) === env.PORT) problems.push('SIMULATOR_PORT must differ from PORT')
    if (simulatorPort(env) > 65535) problems.push('SIMULATOR_PORT must be set when PORT is 65535')
  }
  return problems
}

/** The simulators' own port: SIMULATOR_PORT, or the app's PORT + 1. */
function simulatorPort(env: PaymentsEnv): number {
  return env.SIMULATOR_PORT ?? env.PORT + 1
}

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
  airtelDisbursementPin: '2468',
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
  airtel: {
    baseUrl: string
    clientId: string
    clientSecret: string
    callbackSecret?: string
    disbursementPin: string
    /** PEM; in simulator mode fetched from the simulator (its own key), so null here. */
    pinPublicKey: string | null
  }
  card: { baseUrl: string; secretKey: string; webhookSecret: string }
  simulator: {
    approvalMs: number
    expiryMs: number
    /** The simulators' loopback port (0 in tests: any free port). */
    port: number
    /** SIMULATOR_PUBLIC_URL: where browsers reach the simulators' listener, when not http://127.0.0.1:port. */
    publicUrl?: string
    /** SIMULATOR_EXTERNAL=1: the simulators run in another process (`npm run simulators`); do not start them. */
    external: boolean
  }
}

/**
 * Builds the configuration from an environment (exported for tests; the app uses `getPaymentsConfig`). Throws,
 * listing every problem, when `paymentsConfigProblems` finds any; `production` defaults to NODE_ENV=production.
 */
export function parsePaymentsConfig(
  source: Record<string, string | undefined>,
  { production = source.NODE_ENV === 'production' }: { production?: boolean } = {},
): PaymentsConfig {
  const problems = paymentsConfigProblems(source, { production })
  if (problems.length > 0) {
    throw new Error(`Invalid payments configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
  // Checked by paymentsConfigProblems just above.
  const env = PaymentsEnvSchema.parse(source)
  const simulator = {
    approvalMs: env.SIMULATOR_APPROVAL_MS,
    expiryMs: env.SIMULATOR_EXPIRY_MS,
    port: simulatorPort(env),
    publicUrl: env.SIMULATOR_PUBLIC_URL?.replace(/\/+$/, ''),
    external: env.SIMULATOR_EXTERNAL,
  }
  if (env.PAYMENTS_MODE === 'production') {
    // Checked above: every value read through `need` is present.
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
        // Optional: without them an Airtel payout is never sent (it stays pending, then fails as not started).
        disbursementPin: env.AIRTEL_DISBURSEMENT_PIN ?? '',
        // A PEM in one environment variable: its line breaks may be written as \n.
        pinPublicKey: env.AIRTEL_PIN_PUBLIC_KEY?.replaceAll('\\n', '\n') ?? null,
      },
      card: {
        baseUrl: need('CARD_BASE_URL'),
        secretKey: need('CARD_SECRET_KEY'),
        webhookSecret: need('CARD_WEBHOOK_SECRET'),
      },
      simulator,
    }
  }
  // The clients reach the simulators on their own loopback port; the simulators call the app back on its port (or
  // SIMULATOR_CALLBACK_URL, e.g. a local proxy in front of several app servers sharing one simulator process).
  const simulators = `http://127.0.0.1:${simulator.port}`
  const sim = SIMULATOR_CREDENTIALS
  return {
    mode: 'simulator',
    port: env.PORT,
    callbackBase: (env.SIMULATOR_CALLBACK_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, ''),
    momo: {
      baseUrl: env.MOMO_BASE_URL ?? `${simulators}/momo`,
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
      baseUrl: env.AIRTEL_BASE_URL ?? `${simulators}/airtel`,
      clientId: env.AIRTEL_CLIENT_ID ?? sim.airtelClientId,
      clientSecret: env.AIRTEL_CLIENT_SECRET ?? sim.airtelClientSecret,
      callbackSecret: env.AIRTEL_CALLBACK_SECRET ?? sim.airtelCallbackSecret,
      disbursementPin: env.AIRTEL_DISBURSEMENT_PIN ?? sim.airtelDisbursementPin,
      pinPublicKey: env.AIRTEL_PIN_PUBLIC_KEY?.replaceAll('\\n', '\n') ?? null,
    },
    card: {
      baseUrl: env.CARD_BASE_URL ?? `${simulators}/card`,
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

/** Where providers call back about payouts (under /api/payments/, the prefix MoMo's callback host allows). */
export const payoutCallbackUrls = {
  momo: (reference: string) => `${paymentCallbackBase()}/api/payments/payouts/momo/${reference}`,
  airtel: () => `${paymentCallbackBase()}/api/payments/payouts/airtel`,
}

/**
 * The payout clients (MoMo Disbursement, Airtel disbursement). In simulator mode, without AIRTEL_PIN_PUBLIC_KEY,
 * the Airtel client fetches the simulator's own public key (the simulator makes a key pair when it starts).
 */
export function createDisbursementProviders(
  config: PaymentsConfig,
  fetchImpl: typeof fetch = fetch,
): Record<'momo' | 'airtel', DisbursementProvider> {
  const { pinPublicKey, ...airtel } = config.airtel
  const simulatorKey = async () => {
    const response = await fetchImpl(`${airtel.baseUrl.replace(/\/+$/, '')}/simulator/pin-public-key`)
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.text()
  }
  return {
    momo: createMomoDisbursement(config.momo),
    airtel: createAirtelDisbursement({
      ...airtel,
      pinPublicKey: pinPublicKey ?? (config.mode === 'simulator' ? simulatorKey : undefined),
    }),
  }
}

let disbursements: Record<'momo' | 'airtel', DisbursementProvider> | undefined

/** The payout clients, built once. */
export function getDisbursementProviders(): Record<'momo' | 'airtel', DisbursementProvider> {
  disbursements ??= createDisbursementProviders(getPaymentsConfig())
  return disbursements
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
export function getSimulatorOptions(
  publicUrl: string,
  config = getPaymentsConfig(),
): PaymentSimulatorOptions & { publicBaseUrl: string } {
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
      disbursementPin: config.airtel.disbursementPin,
      disbursementCallbackUrl: `${config.callbackBase}/api/payments/payouts/airtel`,
    },
    card: {
      secretKey: config.card.secretKey,
      webhookSecret: config.card.webhookSecret,
      webhookUrl: `${config.callbackBase}/api/payments/card/webhook`,
    },
    callbackBase: config.callbackBase,
    publicBaseUrl: publicUrl.replace(/\/+$/, ''),
    approvalMs: config.simulator.approvalMs,
    expiryMs: config.simulator.expiryMs,
  }
}

/** Where the simulators' listener is for the clients on this machine: http://127.0.0.1:SIMULATOR_PORT. */
export function simulatorUrl(config = getPaymentsConfig()): string {
  return `http://${SIMULATOR_HOST}:${config.simulator.port}`
}

/**
 * The origin a shopper's browser opens the card simulator's hosted page at (by a link from Isoko's card page, so
 * the site's CSP needs no exemption for it): SIMULATOR_PUBLIC_URL's, else the loopback one.
 */
export function simulatorBrowserOrigin(config = getPaymentsConfig()): string {
  return new URL(config.simulator.publicUrl ?? simulatorUrl(config)).origin
}

export type PaymentSimulatorServer = {
  /** Where the simulators listen, e.g. http://127.0.0.1:3001 (MoMo at `${url}/momo`, Airtel `/airtel`, card `/card`). */
  url: string
  port: number
  /** Where browsers open the card page (`simulatorBrowserOrigin`). */
  browserOrigin: string
  close(): Promise<void>
}

/**
 * Starts the payment simulators on their own listener, bound to 127.0.0.1 (never the app's public one), at
 * SIMULATOR_PORT (default PORT + 1), with the credentials the clients use and callbacks to the callback base only.
 * `extraRouters` adds other simulators on the same listener (`{ '/africastalking': smsSimulator }`).
 */
export async function startPaymentSimulatorServer(
  options: {
    config?: PaymentsConfig
    /** Default config.simulator.port; 0 picks a free port (tests). */
    port?: number
    extraRouters?: Record<string, Router>
    /** Payments, refunds and checkouts each simulator remembers at most. Default 1000. */
    maxRecords?: number
    /** Tests: the simulators' delays on a clock the test moves (createManualClock). */
    clock?: SimulatorClock
  } = {},
): Promise<PaymentSimulatorServer> {
  const config = options.config ?? getPaymentsConfig()
  if (config.mode !== 'simulator') throw new Error('The payment simulators run only with PAYMENTS_MODE=simulator')
  const { publicBaseUrl: _fromListener, ...simulator } = getSimulatorOptions(simulatorUrl(config), config)
  const listener = await listenPaymentSimulator({
    port: options.port ?? config.simulator.port,
    simulator: { ...simulator, maxRecords: options.maxRecords, clock: options.clock },
    publicUrl: config.simulator.publicUrl,
    extraRouters: options.extraRouters,
  })
  const browserOrigin = new URL(config.simulator.publicUrl ?? listener.url).origin
  return { ...listener, browserOrigin }
}

/**
 * What the server logs at every start in simulator mode: no money moves; in production (only possible with
 * ALLOW_PAYMENT_SIMULATOR=1) it says so louder, since anyone at the card page can "pay" any order.
 */
export function simulatorBanner(
  config = getPaymentsConfig(),
  { production = process.env.NODE_ENV === 'production' }: { production?: boolean } = {},
): string {
  const where = config.simulator.external
    ? `an external simulator process (npm run simulators) on 127.0.0.1:${config.simulator.port}`
    : `the simulators on 127.0.0.1:${config.simulator.port} (loopback only)`
  const rule = '!'.repeat(78)
  const lines = [
    rule,
    '!! PAYMENTS_MODE=simulator: MTN MoMo, Airtel Money and card payments are SIMULATED.',
    '!! No real money moves. Every order "paid" by MoMo, Airtel or card is NOT paid.',
    `!! Providers: ${where}.`,
  ]
  if (production) {
    lines.push(
      '!! NODE_ENV=production with ALLOW_PAYMENT_SIMULATOR=1: for a STAGING site only.',
      '!! Never run a shop that takes real orders like this: set PAYMENTS_MODE=production.',
    )
  }
  lines.push(rule)
  return lines.join('\n')
}
