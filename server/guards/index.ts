import type { Express } from 'express'
import { type BodyLimitRule, bodyLimit, KB, MB } from './body-limit.ts'
import { cookieGuard } from './cookies.ts'
import { originGuard, SERVER_TO_SERVER_PATHS } from './origin.ts'
import { methodGuard, urlGuard } from './request-shape.ts'

export { httpLoggerSerializers, loggerOptions, redactUrl } from './logging.ts'

// Request guards (issue 11, "Bounded and well-formed input"), mounted first in the Express app so that every route,
// static files and resource routes included, sits behind them.

export type RequestGuardOptions = {
  /** PUBLIC_URL: the one origin allowed to post. */
  publicOrigin: string
  /** Development: the request's own host may post too (127.0.0.1 and localhost both work). */
  development: boolean
  /** The photos one product form may carry, in bytes: UPLOAD_MAX_MB × UPLOAD_MAX_PHOTOS × 1 MiB. */
  uploadMaxBytes: number
}

/** Room for a form's text fields next to its files (the product editor posts every variant row with the photos). */
export const FORM_FIELDS_BYTES = 256 * KB
/** The inventory page: a 1 MB CSV file, or its text posted back URL-encoded (commas and newlines take 3 bytes). */
export const CSV_BODY_BYTES = 3 * MB
/** Payment callbacks and SMS delivery reports: small JSON or form posts. */
export const CALLBACK_BODY_BYTES = 16 * KB

/** The body limits past the 64 KB default: only the routes that need more. `.data` is React Router's fetch. */
export function bodyLimitRules(options: Pick<RequestGuardOptions, 'uploadMaxBytes'>) {
  const photos = options.uploadMaxBytes + FORM_FIELDS_BYTES
  return [
    { path: /^\/vendor-dashboard\/products\/[^/]+(\.data)?$/, methods: ['POST'], maxBytes: photos },
    { path: /^\/vendor-dashboard\/settings(\.data)?$/, methods: ['POST'], maxBytes: photos },
    { path: /^\/vendor-dashboard\/inventory(\.data)?$/, methods: ['POST'], maxBytes: CSV_BODY_BYTES },
    ...SERVER_TO_SERVER_PATHS.map((path) => ({ path, maxBytes: CALLBACK_BODY_BYTES })),
  ] satisfies BodyLimitRule[]
}

/** Mounts the guards, in order: method, URL, cookies, origin, body limit. Call before any other middleware. */
export function installRequestGuards(app: Express, options: RequestGuardOptions): void {
  app.use(methodGuard())
  app.use(urlGuard())
  app.use(cookieGuard())
  app.use(originGuard({ publicOrigin: options.publicOrigin, development: options.development }))
  app.use(bodyLimit({ rules: bodyLimitRules(options) }))
}
