/**
 * The payment simulators on their own HTTP listener, bound to 127.0.0.1 only: never on the app's public listener,
 * where an unauthenticated POST to the card page could mark an order paid. `startPaymentSimulatorServer` in
 * config.server.ts calls this with the app's configuration; `npm run simulators` (scripts/simulators.ts) runs it
 * alone.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type Router } from 'express'
import { createPaymentSimulator, type PaymentSimulatorOptions } from './index.server.ts'

/** Loopback only: the simulators are reached by the app on this machine, and by a developer's browser. */
export const SIMULATOR_HOST = '127.0.0.1'

/** Providers' API and callback bodies are small; the simulators refuse anything larger (413). */
const BODY_LIMIT = '16kb'

export type SimulatorListener = {
  /** Where the simulators listen, e.g. http://127.0.0.1:3001 (MoMo at `${url}/momo`, Airtel `/airtel`, card `/card`). */
  url: string
  port: number
  close(): Promise<void>
}

export async function listenPaymentSimulator(options: {
  /** 0 picks a free port (tests). */
  port: number
  simulator: Omit<PaymentSimulatorOptions, 'publicBaseUrl'>
  /** Where browsers reach this listener (the card page link); default its own loopback URL. */
  publicUrl?: string
  /** Other simulators served on the same listener, by path: `{ africastalking: router }` → /africastalking. */
  extraRouters?: Record<string, Router>
}): Promise<SimulatorListener> {
  const app = express()
  app.disable('x-powered-by')
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(options.port, SIMULATOR_HOST, (error?: Error) => (error ? reject(error) : resolve(s)))
  })
  // With port 0 the port is known only now, and the card page's link needs it: mount after listening (no request
  // can be answered before this function has returned the URL to anyone).
  const port = (server.address() as AddressInfo).port
  const url = `http://${SIMULATOR_HOST}:${port}`
  const simulator = createPaymentSimulator({ ...options.simulator, publicBaseUrl: options.publicUrl ?? url })
  app.use(express.json({ limit: BODY_LIMIT }), express.urlencoded({ extended: false, limit: BODY_LIMIT }))
  for (const [path, router] of Object.entries(options.extraRouters ?? {})) {
    app.use(`/${path.replace(/^\/+|\/+$/g, '')}`, router)
  }
  app.use(simulator)
  return {
    url,
    port,
    async close() {
      simulator.close()
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
