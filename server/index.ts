import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { pino } from 'pino'
import { pinoHttp } from 'pino-http'
import type { ServerBuild } from 'react-router'
import { getConnection } from '#app/lib/db.server.ts'

import { getEnv } from '#app/lib/env.server.ts'
import { developmentTransport, startOutboxWorker } from '#app/modules/outbox/outbox.server.ts'
import { mountPaymentSimulator } from '#app/modules/payments/config.server.ts'
import { isDatabaseEmpty, seedDatabase } from '#db/seed/index.ts'

const env = getEnv()
const logger = pino({ level: env.LOG_LEVEL })
const root = process.cwd()
const buildDir = path.resolve(root, 'build')
const imagesDir = path.resolve(env.DATA_DIR, 'images')

async function prepareDatabase() {
  const connection = getConnection()
  await connection.migrate()
  const ctx = { db: connection.db }
  if (await isDatabaseEmpty(ctx)) {
    logger.info('empty database: seeding the demo catalogue (first start only)')
    const started = Date.now()
    await seedDatabase(ctx, { imagesDir: env.STORAGE_URL ? undefined : imagesDir })
    logger.info({ ms: Date.now() - started }, 'seeded')
  }
}

async function main() {
  const serverBuildPath = path.join(buildDir, 'server/index.js')
  if (!existsSync(serverBuildPath)) {
    throw new Error('No build found: run `npm run build` first (npm start does both).')
  }
  await prepareDatabase()
  const build = (await import(serverBuildPath)) as ServerBuild

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string) || randomUUID()
        res.setHeader('X-Request-Id', id)
        return id
      },
      autoLogging: {
        ignore: (req) => (req.url ?? '').startsWith('/assets/') || (req.url ?? '').startsWith('/images/'),
      },
    }),
  )
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
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
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's 'no-referrer': with it a browser sends `Origin: null` on a plain (JavaScript-less) form post,
      // and React Router refuses a page's action from an origin it cannot check (400 'Bad Request'), so the help
      // form failed without JavaScript. 'same-origin' still gives other sites no referrer at all.
      referrerPolicy: { policy: 'same-origin' },
    }),
  )
  app.use(compression())
  // Hashed build assets never change: cache them for a year. Other public files for an hour.
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
  // Local pictures straight from the disk; with STORAGE_URL (S3) the /images route proxies or redirects instead.
  if (!env.STORAGE_URL) {
    app.use('/images', express.static(imagesDir, { immutable: true, maxAge: '1y', fallthrough: false }))
  }
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }))
  // PAYMENTS_MODE=simulator only: MoMo, Airtel and Flutterwave simulators at /__simulator (docs/payments-simulator.md).
  mountPaymentSimulator(app, { port: env.PORT, publicUrl: env.PUBLIC_URL })
  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: req.ip }),
    }),
  )

  // E-mails and SMS: delivered from the outbox. Without a provider configured, the development transport keeps
  // them for the admin console's mailbox.
  const stopOutbox = startOutboxWorker(() => ({ db: getConnection().db }), developmentTransport, {
    onError: (error) => logger.error({ err: error }, 'outbox delivery failed'),
  })

  // Payments: polls attempts not heard of lately (a lost callback), expires unanswered ones, follows refunds and
  // cancels unpaid orders whose time is up. Safe on several servers (row locks, outcomes applied once).
  const { startPaymentsWorker } = build.entry.module as unknown as {
    startPaymentsWorker: typeof import('#app/workflows/payments.server.ts').startPaymentsWorker
  }
  const stopPayments = startPaymentsWorker(() => ({ db: getConnection().db }), {
    onError: (error) => logger.error({ err: error }, 'payments sweep failed'),
  })

  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info(`Isoko is ready at http://localhost:${env.PORT}`)
  })
  const shutdown = () => {
    stopOutbox()
    stopPayments()
    server.close(() => {
      void getConnection()
        .close()
        .finally(() => process.exit(0))
    })
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error) => {
  logger.fatal(error)
  process.exit(1)
})
