/**
 * The payment simulators as one Express router: MTN MoMo at /momo, Airtel Money at /airtel, Flutterwave at /card.
 * State lives in memory, bounded. The router needs `express.json()` (and `express.urlencoded()` for the card page's
 * forms) in front of it; `startPaymentSimulatorServer` (server.server.ts) serves it on its own loopback listener,
 * never on the app's public one. See docs/payments-simulator.md.
 */
import { Router } from 'express'
import type { MomoCredentials } from '#app/modules/payments/providers/momo.server.ts'
import { createAirtelSimulator } from './airtel.server.ts'
import { createCardSimulator } from './card.server.ts'
import { createMomoSimulator } from './momo.server.ts'
import { createScheduler, type SimulatorClock } from './shared.server.ts'

export { SIMULATOR_TEST_NUMBERS, simulatorOutcome } from './test-numbers.ts'

export type PaymentSimulatorOptions = {
  momo: { targetEnvironment: string; collection: MomoCredentials; disbursement: MomoCredentials }
  airtel: {
    clientId: string
    clientSecret: string
    callbackUrl?: string
    callbackSecret?: string
    disbursementPin?: string
    disbursementCallbackUrl?: string
  }
  card: { secretKey: string; webhookSecret: string; webhookUrl?: string }
  /** The app's origin for callbacks, e.g. http://127.0.0.1:3000: MoMo's X-Callback-Url must be under its /api/payments/. */
  callbackBase: string
  /** Browser-facing URL where this router is mounted (for the card page link), e.g. http://127.0.0.1:3001 */
  publicBaseUrl: string
  /** Delay before a payment resolves. Default 4000 ms. */
  approvalMs?: number
  /** How long an "expires" number stays pending before failing. Default 5 minutes, as MTN. */
  expiryMs?: number
  /** Payments, refunds and checkouts each simulator remembers at most. Default 1000. */
  maxRecords?: number
  /** Where the delays come from: Node's timers by default; tests pass a manual clock (createManualClock). */
  clock?: SimulatorClock
}

export type PaymentSimulator = Router & {
  /** Cancels pending timers (settlements and callbacks). */
  close(): void
}

export function createPaymentSimulator(options: PaymentSimulatorOptions): PaymentSimulator {
  const timing = { approvalMs: options.approvalMs ?? 4000, expiryMs: options.expiryMs ?? 5 * 60_000 }
  const { maxRecords } = options
  const callbackBase = options.callbackBase.replace(/\/+$/, '')
  const scheduler = createScheduler(options.clock)
  const router = Router()
  router.use('/momo', createMomoSimulator({ ...options.momo, callbackBase, maxRecords }, timing, scheduler))
  router.use('/airtel', createAirtelSimulator({ ...options.airtel, maxRecords }, timing, scheduler))
  router.use(
    '/card',
    createCardSimulator({
      ...options.card,
      maxRecords,
      publicUrl: `${options.publicBaseUrl.replace(/\/+$/, '')}/card`,
    }),
  )
  return Object.assign(router, { close: () => scheduler.close() })
}
