/**
 * The payment simulators as one Express router: MTN MoMo at /momo, Airtel Money at /airtel, Flutterwave at /card.
 * State lives in memory. The router needs `express.json()` (and `express.urlencoded()` for the card page's forms)
 * in front of it. See docs/payments-simulator.md.
 */
import { Router } from 'express'
import type { MomoCredentials } from '#app/modules/payments/providers/momo.server.ts'
import { createAirtelSimulator } from './airtel.server.ts'
import { createCardSimulator } from './card.server.ts'
import { createMomoSimulator } from './momo.server.ts'
import { createScheduler } from './shared.server.ts'

export { SIMULATOR_TEST_NUMBERS, simulatorOutcome } from './test-numbers.ts'

export type PaymentSimulatorOptions = {
  momo: { targetEnvironment: string; collection: MomoCredentials; disbursement: MomoCredentials }
  airtel: { clientId: string; clientSecret: string; callbackUrl?: string; callbackSecret?: string }
  card: { secretKey: string; webhookSecret: string; webhookUrl?: string }
  /** Browser-facing URL where this router is mounted (for the card page link), e.g. http://localhost:3000/__simulator */
  publicBaseUrl: string
  /** Delay before a payment resolves. Default 4000 ms. */
  approvalMs?: number
  /** How long an "expires" number stays pending before failing. Default 5 minutes, as MTN. */
  expiryMs?: number
}

export type PaymentSimulator = Router & {
  /** Cancels pending timers (settlements and callbacks). */
  close(): void
}

export function createPaymentSimulator(options: PaymentSimulatorOptions): PaymentSimulator {
  const timing = { approvalMs: options.approvalMs ?? 4000, expiryMs: options.expiryMs ?? 5 * 60_000 }
  const scheduler = createScheduler()
  const router = Router()
  router.use('/momo', createMomoSimulator(options.momo, timing, scheduler))
  router.use('/airtel', createAirtelSimulator(options.airtel, timing, scheduler))
  router.use(
    '/card',
    createCardSimulator({ ...options.card, publicUrl: `${options.publicBaseUrl.replace(/\/+$/, '')}/card` }, scheduler),
  )
  return Object.assign(router, { close: () => scheduler.close() })
}
