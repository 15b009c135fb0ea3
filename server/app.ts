// The Isoko server: Express in front of React Router, the background workers, and (in simulator mode) the
// provider simulators on a loopback port of their own. Vite builds this file together with the app
// (vite.config.ts), so the process runs one module graph from build/server/index.js; `server/start.js` starts it
// with plain Node (no TypeScript loader, no seed code, no test factories).
import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import express from 'express'
import helmet from 'helmet'
import { type Logger, pino } from 'pino'
import { pinoHttp } from 'pino-http'
import { RouterContextProvider } from 'react-router'
import { clientAddressContext, cspNonceContext, databaseContext } from '#app/lib/context.server.ts'
import { connectConfiguredDatabase, type Database, type DatabaseConnection } from '#app/lib/db.server.ts'
import { type Env, ensureDataDir, getEnv } from '#app/lib/env.server.ts'
import { parseTrustProxy } from '#app/lib/trust-proxy.server.ts'
import { parseWorkerMode } from '#app/lib/worker-mode.server.ts'
import { createAccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { findAccountsWithDemoPassword } from '#app/modules/accounts/demo-accounts.server.ts'
import { authContext } from '#app/modules/accounts/request.server.ts'
import { createSmsSimulator } from '#app/modules/outbox/africastalking-simulator.server.ts'
import { createTransports, parseMessagingConfig } from '#app/modules/outbox/config.server.ts'
import { startOutboxWorker } from '#app/modules/outbox/outbox.server.ts'
import {
  getPaymentsConfig,
  simulatorBanner,
  simulatorUrl,
  startPaymentSimulatorServer,
} from '#app/modules/payments/config.server.ts'
import { configureThrottles } from '#app/modules/throttle/throttle.server.ts'
import { startPaymentsWorker } from '#app/workflows/payments.server.ts'
import { startPayoutsWorker } from '#app/workflows/payouts.server.ts'
import { startReturnsWorker } from '#app/workflows/returns.server.ts'
import { configurationProblems } from './config.ts'
import { cspNonce } from './csp-nonce.ts'
import { createDeliveryHandler } from './delivery.ts'
import { clientErrorHandler, installRequestGuards, loggerOptions } from './guards/index.ts'
import { PageCache, pageCacheSeconds } from './page-cache.ts'
import { onlyTopLevelFiles, precompressedAssets, staticHeaders } from './static-assets.ts'

// For server/start.js: what it prints of a failed start never holds a query's values.
export { errorForLog } from '#app/lib/error-log.server.ts'
// The staff-account command (`npm run admin:create`, server/create-admin.js) travels in the same build.
export { main as createAdminCommand } from '../scripts/create-admin.ts'

const clientDir = fileURLToPath(new URL('../client', import.meta.url))

/** A start that must not go on: the message names every reason, and the process exits with status 1. */
export class StartupRefused extends Error {}

/**
 * The web application: guards, security headers, static files (compressed at build time), then React Router, whose every
 * request gets the process's database and auth, its CSP nonce and the client's address (app/lib/context.server.ts).
 */
export function createApp(
  env: Env,
  logger: Logger,
  options: { connection: DatabaseConnection; pageCacheSeconds?: number },
) {
  const accounts = createAccountsContext(options.connection.db)
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', parseTrustProxy(process.env.TRUST_PROXY))
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id']
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID()
        res.setHeader('X-Request-Id', id)
        return id
      },
      autoLogging: {
        ignore: (req) => (req.url ?? '').startsWith('/assets/') || (req.url ?? '').startsWith('/images/'),
      },
      ...loggerOptions.http,
    }),
  )
  installRequestGuards(app, {
    publicOrigin: new URL(env.PUBLIC_URL).origin,
    development: !env.production,
    uploadMaxBytes: Math.ceil(env.UPLOAD_MAX_MB * 1024 * 1024) * env.UPLOAD_MAX_PHOTOS,
  })
  if (env.production) app.use(servedAtPublicUrl(env.PUBLIC_URL))
  // Pages and data: rendered whole, compressed once, with an ETag and a Cache-Control fit for whom they show;
  // public pages for visitors without a session kept PAGE_CACHE_SECONDS in this process (server/delivery.ts). A kept
  // page is answered here, with the headers it was first sent with, before anything below is worked out again.
  const cacheSeconds = options.pageCacheSeconds ?? pageCacheSeconds(process.env)
  const delivery = createDeliveryHandler({
    build: () => import('virtual:react-router/server-build'),
    cache: cacheSeconds > 0 ? new PageCache({ ttlSeconds: cacheSeconds }) : undefined,
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider()
      context.set(databaseContext, options.connection.db)
      context.set(authContext, accounts.auth)
      context.set(cspNonceContext, res.locals.cspNonce as string)
      context.set(clientAddressContext, req.ip ?? '')
      return context
    },
  })
  app.use(delivery.fromCache)
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce()
    next()
  })
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          // Forms post to Isoko only, in every mode: the card provider's hosted page (or its simulator) is reached by
          // a link from Isoko's own card page, never by a form redirected off-site.
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': env.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only where the site is served over HTTPS (production); a local http:// start must not be pinned.
      strictTransportSecurity: env.production ? { maxAge: 31_536_000 } : false,
      // Not helmet's 'no-referrer': with it a browser sends `Origin: null` on a plain (JavaScript-less) form post,
      // and a page's action from an origin nobody can check is refused, so forms failed without JavaScript.
      // 'same-origin' still gives other sites no referrer at all.
      referrerPolicy: { policy: 'same-origin' },
    }),
  )
  // The build's files as the build compressed them (brotli 11, gzip 9), never compressed per request. Hashed
  // build assets never change: cached for a year. Other public files for an hour.
  app.use(precompressedAssets(clientDir).middleware)
  app.use(
    '/assets',
    express.static(`${clientDir}/assets`, { immutable: true, maxAge: '1y', setHeaders: staticHeaders }),
  )
  // Local pictures straight from the disk; with STORAGE_URL (S3) the /images route proxies or redirects instead.
  if (!env.STORAGE_URL) {
    app.use('/images', express.static(`${env.DATA_DIR}/images`, { immutable: true, maxAge: '1y', fallthrough: false }))
  }
  app.use(onlyTopLevelFiles(clientDir, express.static(clientDir, { maxAge: '1h', setHeaders: staticHeaders })))
  app.all('/{*splat}', delivery)
  // Last: a refusal from express.static (a missing picture, a path leaving /images) answered without a stack trace.
  app.use(clientErrorHandler())
  return app
}

/**
 * Production: the app sees every request at PUBLIC_URL, whatever Host, X-Forwarded-Host or scheme it came with, so
 * no absolute URL and no origin check ever depends on what a client chose to send (a reset link pointing at an
 * attacker's host, an action accepted from a forged origin).
 */
function servedAtPublicUrl(publicUrl: string): express.RequestHandler {
  const url = new URL(publicUrl)
  const protocol = url.protocol.slice(0, -1)
  return (req, _res, next) => {
    req.headers.host = url.host
    delete req.headers['x-forwarded-host']
    Object.defineProperty(req, 'protocol', { value: protocol, configurable: true })
    next()
  }
}

/**
 * Checks the configuration, migrates, refuses an unsafe production database, then starts what WORKER_MODE asks
 * for: the web listener, the background workers, or both. Resolves once listening; returns a stop function.
 */
export async function startServer(): Promise<{ stop(): Promise<void>; db: Database }> {
  const problems = configurationProblems(process.env)
  if (problems.length > 0) {
    throw new StartupRefused(
      `Isoko cannot start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
  }
  const env = getEnv()
  const logger = pino({ level: env.LOG_LEVEL, ...loggerOptions.base })
  if (!env.DATABASE_URL || !env.STORAGE_URL) ensureDataDir(env.DATA_DIR)

  const connection = connectConfiguredDatabase()
  await connection.migrate()
  const getCtx = () => ({ db: connection.db })
  if (env.production) {
    const demo = await findAccountsWithDemoPassword(getCtx())
    if (demo.length > 0) {
      throw new StartupRefused(
        `Isoko refuses to start in production while these accounts still have the demo password: ${demo.join(', ')}. ` +
          'Change their passwords or remove them (docs/security.md).',
      )
    }
  }

  const stops: (() => Promise<void> | void)[] = []
  const mode = parseWorkerMode(process.env.WORKER_MODE)
  const payments = getPaymentsConfig()
  const simulating = payments.mode === 'simulator'
  const messaging = parseMessagingConfig(process.env, {
    production: env.production,
    // SMS go to the Africa's Talking simulator only where the simulators run (beside the payment ones).
    smsSimulator: simulating,
    simulatorBase: simulating ? `${simulatorUrl(payments)}/africastalking` : undefined,
    appBase: payments.callbackBase,
  })
  configureThrottles({ scale: env.THROTTLE_SCALE })
  if (simulating) {
    for (const line of simulatorBanner(payments, { production: env.production }).split('\n')) logger.warn(line)
    if (!payments.simulator.external) {
      const sms = messaging.sms.simulator ? createSmsSimulator(messaging.sms.simulator) : undefined
      const simulators = await startPaymentSimulatorServer({
        config: payments,
        extraRouters: sms ? { '/africastalking': sms } : {},
      })
      stops.push(async () => {
        sms?.close()
        await simulators.close()
      })
      logger.warn(`payment and SMS simulators listen on ${simulators.url} (loopback only)`)
    }
  }

  if (mode !== 'web') {
    // E-mails and SMS from the outbox; payments: polls attempts not heard of lately (a lost callback), expires
    // unanswered ones, follows refunds and cancels unpaid orders. Both claim their rows (FOR UPDATE SKIP LOCKED)
    // before any outside call, so any number of workers on one PostgreSQL never do the same work twice.
    stops.push(
      startOutboxWorker(getCtx, createTransports(messaging), {
        onError: (error) => logger.error({ err: error }, 'outbox delivery failed'),
      }),
    )
    stops.push(
      startPaymentsWorker(getCtx, { onError: (error) => logger.error({ err: error }, 'payments sweep failed') }),
    )
    // Vendor payouts: the schedule (each slot run once, by whichever worker takes it) and the payouts poller.
    stops.push(startPayoutsWorker(getCtx, { onError: (error) => logger.error({ err: error }, 'payouts sweep failed') }))
    // Return requests a store left unanswered for 2 business days go to staff as disputes.
    stops.push(startReturnsWorker(getCtx, { onError: (error) => logger.error({ err: error }, 'returns sweep failed') }))
  }

  let server: Server | undefined
  if (mode !== 'worker') {
    const app = createApp(env, logger, { connection })
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(env.PORT, env.HOST, (error?: Error) => (error ? reject(error) : resolve(s)))
    })
    logger.info(`Isoko is ready at ${env.production ? env.PUBLIC_URL : `http://localhost:${env.PORT}`}`)
  } else {
    logger.info('Isoko worker started (WORKER_MODE=worker): no web listener')
  }

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      for (const s of stops) await s()
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
      await connection.close()
    })()
    return stopping
  }
  // `db`: the browser journeys' harness creates its test data in the server's own process, on this connection
  // (an embedded database opens in one process only). Nothing in the server itself uses it.
  return { stop, db: connection.db }
}
