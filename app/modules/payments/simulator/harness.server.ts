/**
 * For tests: the simulators on their own loopback listener (a free port), started exactly as simulator mode starts
 * them, and a recorder at the app's callback paths (/api/payments/...) on another server: `base`, the callback base.
 */
import type { AddressInfo } from 'node:net'
import express from 'express'
import {
  createPaymentProviders,
  type PaymentsConfig,
  parsePaymentsConfig,
  startPaymentSimulatorServer,
} from '#app/modules/payments/config.server.ts'
import type { SimulatorClock } from './shared.server.ts'

export type ReceivedCallback = {
  method: string
  path: string
  headers: Record<string, string | undefined>
  body: unknown
  at: number
}

export async function startSimulatorHarness(
  env: Record<string, string> = {},
  options: { maxRecords?: number; clock?: SimulatorClock } = {},
) {
  const app = express()
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  const base = `http://127.0.0.1:${port}`
  const settings = {
    PORT: String(port),
    // Short, but with room for a busy CI machine between 'still pending' and 'settled' checks.
    SIMULATOR_APPROVAL_MS: '200',
    SIMULATOR_EXPIRY_MS: '1500',
    ...env,
  }
  const simulators = await startPaymentSimulatorServer({
    config: parsePaymentsConfig({ ...settings, SIMULATOR_PORT: '0' }),
    port: 0,
    maxRecords: options.maxRecords,
    clock: options.clock,
  })
  // The clients' configuration, now that the simulators' port is known.
  const config: PaymentsConfig = parsePaymentsConfig({ ...settings, SIMULATOR_PORT: String(simulators.port) })
  const received: ReceivedCallback[] = []
  app.use('/api/payments', express.json(), (req, res) => {
    received.push({
      method: req.method,
      path: `/api/payments${req.path}`,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])),
      body: req.body,
      at: Date.now(),
    })
    res.status(200).end()
  })

  return {
    /** The app's side: callbacks arrive here. */
    base,
    /** The simulators' listener. */
    simulatorUrl: simulators.url,
    config,
    providers: createPaymentProviders(config),
    received,
    /** Callbacks received so far whose path starts with `pathPrefix` (and whose body matches, when given). */
    callbacks(pathPrefix: string, match: (c: ReceivedCallback) => boolean = () => true) {
      return received.filter((c) => c.path.startsWith(pathPrefix) && match(c))
    },
    async close() {
      await simulators.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export type SimulatorHarness = Awaited<ReturnType<typeof startSimulatorHarness>>

/** Calls `read` until `done` holds or `timeoutMs` passes; returns the last value either way. */
export async function pollUntil<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 6000) {
  const end = Date.now() + timeoutMs
  let value = await read()
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    value = await read()
  }
  return value
}
