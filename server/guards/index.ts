import type { Express } from 'express'
import { PRODUCT_CSV_MAX_BYTES } from '#app/modules/catalog/product-csv.ts'
import { PHOTO_ZIP_MAX_BYTES } from '#app/modules/images/photo-zip.server.ts'
import { RETURN_PHOTOS_MAX } from '#app/modules/returns/return-status.ts'
import { type BodyLimitRule, bodyLimit, KB, MB } from './body-limit.ts'
import { bodyTypeGuard } from './body-type.ts'
import { cookieGuard } from './cookies.ts'
import { originGuard, SERVER_TO_SERVER_PATHS } from './origin.ts'
import { methodGuard, urlGuard } from './request-shape.ts'

export { clientErrorHandler } from './client-errors.ts'
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

/** The product import: a product file and a zip of photos (issue 17); its path also matches PRODUCT_EDITOR's. */
const PRODUCT_IMPORT = /^\/vendor-dashboard\/products\/import(\.data)?$/
export const PRODUCT_IMPORT_BODY_BYTES = PRODUCT_CSV_MAX_BYTES + PHOTO_ZIP_MAX_BYTES + FORM_FIELDS_BYTES
/** The pages whose forms carry files (photos, a store picture, a CSV): the only ones that take multipart bodies. */
const PRODUCT_EDITOR = /^\/vendor-dashboard\/products\/[^/]+(\.data)?$/
const STORE_SETTINGS = /^\/vendor-dashboard\/settings(\.data)?$/
const INVENTORY = /^\/vendor-dashboard\/inventory(\.data)?$/
/** A customer's return request, with up to RETURN_PHOTOS_MAX photos. */
const RETURN_REQUEST = /^\/customer-dashboard\/orders\/[^/]+\/return\/[^/]+(\.data)?$/
export const FILE_FORM_PATHS = [PRODUCT_EDITOR, STORE_SETTINGS, INVENTORY, RETURN_REQUEST] as const

/** The body limits past the 64 KB default: only the routes that need more. `.data` is React Router's fetch. */
export function bodyLimitRules(options: Pick<RequestGuardOptions, 'uploadMaxBytes'>) {
  const photos = options.uploadMaxBytes + FORM_FIELDS_BYTES
  return [
    { path: PRODUCT_IMPORT, methods: ['POST'], maxBytes: PRODUCT_IMPORT_BODY_BYTES },
    { path: PRODUCT_EDITOR, methods: ['POST'], maxBytes: photos },
    { path: STORE_SETTINGS, methods: ['POST'], maxBytes: photos },
    { path: INVENTORY, methods: ['POST'], maxBytes: CSV_BODY_BYTES },
    {
      path: RETURN_REQUEST,
      methods: ['POST'],
      maxBytes: RETURN_PHOTOS_MAX * options.uploadMaxBytes + FORM_FIELDS_BYTES,
    },
    ...SERVER_TO_SERVER_PATHS.map((path) => ({ path, maxBytes: CALLBACK_BODY_BYTES })),
  ] satisfies BodyLimitRule[]
}

/** Mounts the guards, in order: method, URL, cookies, origin, body type, body limit. Call before any other middleware. */
export function installRequestGuards(app: Express, options: RequestGuardOptions): void {
  app.use(methodGuard())
  app.use(urlGuard())
  app.use(cookieGuard())
  app.use(originGuard({ publicOrigin: options.publicOrigin, development: options.development }))
  // Before the body limit: a body without a type becomes URL-encoded there, so its NUL check applies.
  app.use(bodyTypeGuard({ multipartPaths: FILE_FORM_PATHS, exempt: SERVER_TO_SERVER_PATHS }))
  app.use(bodyLimit({ rules: bodyLimitRules(options) }))
}
