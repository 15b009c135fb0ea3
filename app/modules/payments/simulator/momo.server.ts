/**
 * A simulator of MTN MoMo's Collection and Disbursement APIs, answering as the contract in
 * domain/payments-and-rwanda.md section 1 says: 202 with an empty body for a request to pay, 400 for
 * a non-UUIDv4 X-Reference-Id, 409 RESOURCE_ALREADY_EXIST for a reused one, 404 RESOURCE_NOT_FOUND for an unknown
 * one, amounts as strings, callbacks (PUT, or POST for a repeat) without the reference in the body.
 *
 * X-Callback-Url is followed only under the app's own callback routes (`${callbackBase}/api/payments/`): anything
 * else is refused with 400 INVALID_CALLBACK_URL_HOST, as MTN refuses a host other than the partner's callback host,
 * so the simulator can never be made to call an arbitrary address.
 */
import { type Request, type Response, Router } from 'express'
import { isUuidV4 } from '#app/modules/payments/providers/http.server.ts'
import type { MomoCredentials } from '#app/modules/payments/providers/momo.server.ts'
import {
  allowedCallbackUrl,
  bearer,
  createBoundedStore,
  createTokenStore,
  DEFAULT_MAX_RECORDS,
  deliver,
  hasBody,
  playOutcome,
  randomDigits,
  randomToken,
  type Scheduler,
  type Settlement,
  type Timing,
} from './shared.server.ts'
import { simulatorOutcome } from './test-numbers.ts'

export type MomoSimulatorOptions = {
  targetEnvironment: string
  currency?: string
  collection: MomoCredentials
  disbursement: MomoCredentials
  /** The app's origin for callbacks (no trailing slash): X-Callback-Url must start with `${callbackBase}/api/payments/`. */
  callbackBase: string
  /** Payments (and, separately, refunds) remembered at most; the oldest settled go first. */
  maxRecords?: number
}

type Product = 'collection' | 'disbursement'

type Transfer = {
  amount: string
  currency: string
  externalId: string
  payer?: { partyIdType: string; partyId: string }
  payee?: { partyIdType: string; partyId: string }
  payerMessage: string
  payeeNote: string
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED'
  reason?: string | { code: string; message: string }
  financialTransactionId?: string
  callbackUrl?: string
}

const REASONS: Record<Exclude<Settlement, 'approved'>, Transfer['reason']> = {
  // MTN sends request-to-pay reasons as plain strings, and sometimes as {code, message}: the simulator does both.
  declined: 'APPROVAL_REJECTED',
  'not-enough-funds': { code: 'NOT_ENOUGH_FUNDS', message: 'The payer does not have enough funds.' },
  expired: 'COULD_NOT_PERFORM_TRANSACTION',
}

/** Why a transfer fails, by test number: the payee cannot receive, Isoko's account is short, or it times out. */
const TRANSFER_REASONS: Record<Exclude<Settlement, 'approved'>, Transfer['reason']> = {
  declined: { code: 'PAYEE_NOT_ALLOWED_TO_RECEIVE', message: 'The payee is not allowed to receive.' },
  'not-enough-funds': { code: 'NOT_ENOUGH_FUNDS', message: 'The payer does not have enough funds.' },
  expired: { code: 'COULD_NOT_PERFORM_TRANSACTION', message: 'The transaction could not be performed.' },
}

function error(res: Response, status: number, code: string, message: string) {
  res.status(status).json({ code, message })
}

/** The status body (C2/D2), which is also the callback body: it never contains the reference. */
function view(t: Transfer) {
  return {
    amount: t.amount,
    currency: t.currency,
    ...(t.financialTransactionId ? { financialTransactionId: t.financialTransactionId } : {}),
    externalId: t.externalId,
    ...(t.payer ? { payer: t.payer } : {}),
    ...(t.payee ? { payee: t.payee } : {}),
    payerMessage: t.payerMessage,
    payeeNote: t.payeeNote,
    status: t.status,
    ...(t.reason ? { reason: t.reason } : {}),
  }
}

function validMessage(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.length <= 160 && !value.includes("'"))
}

export function createMomoSimulator(options: MomoSimulatorOptions, timing: Timing, scheduler: Scheduler): Router {
  const router = Router()
  const currency = options.currency ?? 'RWF'
  const tokens = createTokenStore<{ product: Product; expiresAt: number }>()
  const max = options.maxRecords ?? DEFAULT_MAX_RECORDS
  const settled = (t: Transfer) => t.status !== 'PENDING'
  const payments = createBoundedStore<string, Transfer>({ max, settled })
  const refunds = createBoundedStore<string, Transfer & { referenceIdToRefund: string }>({ max, settled })
  const credentials = (product: Product) => options[product]

  function subscriptionOk(req: Request, res: Response, product: Product): boolean {
    if (req.get('ocp-apim-subscription-key') !== credentials(product).subscriptionKey) {
      res.status(401).json({
        statusCode: 401,
        message:
          'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
      })
      return false
    }
    return true
  }

  function authorised(req: Request, res: Response, product: Product): boolean {
    if (!subscriptionOk(req, res, product)) return false
    const token = tokens.get(bearer(req) ?? '')
    if (!token || token.product !== product || token.expiresAt < Date.now()) {
      error(res, 401, 'UNAUTHORIZED', 'Access token is missing, invalid or expired.')
      return false
    }
    if (req.get('x-target-environment') !== options.targetEnvironment) {
      error(res, 400, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.')
      return false
    }
    return true
  }

  /** Checks X-Reference-Id; null (after answering) when it is bad or already used in `store`. */
  function newReference(req: Request, res: Response, store: { has(key: string): boolean }): string | null {
    const reference = req.get('x-reference-id')
    if (!isUuidV4(reference)) {
      error(res, 400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID version 4.')
      return null
    }
    if (store.has(reference.toLowerCase())) {
      error(res, 409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.')
      return null
    }
    return reference.toLowerCase()
  }

  function callbackBody(t: Transfer) {
    return view(t)
  }

  /**
   * The request's X-Callback-Url when it is allowed (or absent: no callback then); false after answering 400. Checked
   * before anything is stored, so a refused request leaves no trace and no call is ever made.
   */
  function callbackUrl(req: Request, res: Response): string | undefined | false {
    const header = req.get('x-callback-url')
    if (header === undefined || header === '') return undefined
    const allowed = allowedCallbackUrl(header, options.callbackBase)
    if (allowed) return allowed
    error(
      res,
      400,
      'INVALID_CALLBACK_URL_HOST',
      `X-Callback-Url must start with ${options.callbackBase}/api/payments/ (the configured callback base).`,
    )
    return false
  }

  for (const product of ['collection', 'disbursement'] as const) {
    router.post(`/${product}/token/`, (req, res) => {
      if (!subscriptionOk(req, res, product)) return
      if (hasBody(req)) return error(res, 400, 'BAD_REQUEST', 'The token request must not have a body.')
      const { apiUser, apiKey } = credentials(product)
      const expected = `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`
      if (req.get('authorization') !== expected) return res.status(401).json({ error: 'login_failed' })
      const token = randomToken()
      tokens.set(token, { product, expiresAt: Date.now() + 3600_000 })
      res.json({ access_token: token, token_type: 'access_token', expires_in: 3600 })
    })
  }

  router.post('/collection/v1_0/requesttopay', (req, res) => {
    if (!authorised(req, res, 'collection')) return
    const reference = newReference(req, res, payments)
    if (!reference) return
    const body = req.body as Record<string, unknown> | undefined
    const payer = body?.payer as { partyIdType?: unknown; partyId?: unknown } | undefined
    if (typeof body?.amount !== 'string' || !/^[1-9]\d*$/.test(body.amount)) {
      return error(res, 400, 'INVALID_AMOUNT', 'amount must be a string of a positive whole number.')
    }
    if (body.currency !== currency) return error(res, 400, 'INVALID_CURRENCY', `Currency must be ${currency}.`)
    if (payer?.partyIdType !== 'MSISDN' || typeof payer.partyId !== 'string' || !/^\d{9,15}$/.test(payer.partyId)) {
      return error(res, 400, 'PAYER_NOT_FOUND', 'payer must be {partyIdType: MSISDN, partyId: digits}.')
    }
    if (!validMessage(body.payerMessage) || !validMessage(body.payeeNote)) {
      return error(res, 400, 'BAD_REQUEST', 'payerMessage and payeeNote: at most 160 characters, no apostrophes.')
    }
    const callback = callbackUrl(req, res)
    if (callback === false) return
    const payment: Transfer = {
      amount: body.amount,
      currency,
      externalId: typeof body.externalId === 'string' ? body.externalId : '',
      payer: { partyIdType: 'MSISDN', partyId: payer.partyId },
      payerMessage: typeof body.payerMessage === 'string' ? body.payerMessage : '',
      payeeNote: typeof body.payeeNote === 'string' ? body.payeeNote : '',
      status: 'PENDING',
      callbackUrl: callback,
    }
    const timers = scheduler.group()
    payments.set(reference, payment, timers)
    let callbacks = 0
    playOutcome(simulatorOutcome(payer.partyId), timing, timers, {
      settle(result) {
        if (result === 'approved') {
          payment.status = 'SUCCESSFUL'
          payment.financialTransactionId = randomDigits(10)
        } else {
          payment.status = 'FAILED'
          payment.reason = REASONS[result]
        }
      },
      // MTN uses PUT or POST: the simulator uses PUT, and POST for a repeat, so routes must accept both.
      callback: () => deliver(payment.callbackUrl, callbacks++ === 0 ? 'PUT' : 'POST', callbackBody(payment)),
    })
    res.status(202).end()
  })

  router.get('/collection/v1_0/requesttopay/:reference', (req, res) => {
    if (!authorised(req, res, 'collection')) return
    const payment = payments.get(String(req.params.reference).toLowerCase())
    if (!payment) return error(res, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.')
    res.json(view(payment))
  })

  router.post('/disbursement/v2_0/refund', (req, res) => {
    if (!authorised(req, res, 'disbursement')) return
    const reference = newReference(req, res, refunds)
    if (!reference) return
    const body = req.body as Record<string, unknown> | undefined
    if (typeof body?.amount !== 'string' || !/^[1-9]\d*$/.test(body.amount)) {
      return error(res, 400, 'INVALID_AMOUNT', 'amount must be a string of a positive whole number.')
    }
    if (body.currency !== currency) return error(res, 400, 'INVALID_CURRENCY', `Currency must be ${currency}.`)
    if (!validMessage(body.payerMessage) || !validMessage(body.payeeNote)) {
      return error(res, 400, 'BAD_REQUEST', 'payerMessage and payeeNote: at most 160 characters, no apostrophes.')
    }
    const original = payments.get(String(body.referenceIdToRefund).toLowerCase())
    if (!original) return error(res, 404, 'RESOURCE_NOT_FOUND', 'The payment to refund was not found.')
    const callback = callbackUrl(req, res)
    if (callback === false) return
    const refund: Transfer & { referenceIdToRefund: string } = {
      amount: body.amount,
      currency,
      externalId: typeof body.externalId === 'string' ? body.externalId : '',
      payee: original.payer,
      payerMessage: typeof body.payerMessage === 'string' ? body.payerMessage : '',
      payeeNote: typeof body.payeeNote === 'string' ? body.payeeNote : '',
      status: 'PENDING',
      callbackUrl: callback,
      referenceIdToRefund: String(body.referenceIdToRefund).toLowerCase(),
    }
    const timers = scheduler.group()
    refunds.set(reference, refund, timers)
    timers.after(timing.approvalMs, async () => {
      const alreadyRefunded = [...refunds.values()]
        .filter(
          (r) => r !== refund && r.referenceIdToRefund === refund.referenceIdToRefund && r.status === 'SUCCESSFUL',
        )
        .reduce((sum, r) => sum + Number(r.amount), 0)
      if (original.status !== 'SUCCESSFUL') {
        refund.status = 'FAILED'
        refund.reason = { code: 'NOT_ALLOWED', message: 'Only a successful payment can be refunded.' }
      } else if (alreadyRefunded + Number(refund.amount) > Number(original.amount)) {
        refund.status = 'FAILED'
        refund.reason = { code: 'NOT_ALLOWED', message: 'The refund is larger than what is left of the payment.' }
      } else {
        refund.status = 'SUCCESSFUL'
        refund.financialTransactionId = randomDigits(10)
      }
      await deliver(refund.callbackUrl, 'PUT', view(refund))
    })
    res.status(202).end()
  })

  router.get('/disbursement/v1_0/refund/:reference', (req, res) => {
    if (!authorised(req, res, 'disbursement')) return
    const refund = refunds.get(String(req.params.reference).toLowerCase())
    if (!refund) return error(res, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.')
    res.json(view(refund))
  })

  // Disbursement transfers (vendor payouts, D1/D2): the payee's number plays the same test outcomes.
  const transfers = createBoundedStore<string, Transfer>({ max, settled })

  router.post('/disbursement/v1_0/transfer', (req, res) => {
    if (!authorised(req, res, 'disbursement')) return
    const reference = newReference(req, res, transfers)
    if (!reference) return
    const body = req.body as Record<string, unknown> | undefined
    const payee = body?.payee as { partyIdType?: unknown; partyId?: unknown } | undefined
    if (typeof body?.amount !== 'string' || !/^[1-9]\d*$/.test(body.amount)) {
      return error(res, 400, 'INVALID_AMOUNT', 'amount must be a string of a positive whole number.')
    }
    if (body.currency !== currency) return error(res, 400, 'INVALID_CURRENCY', `Currency must be ${currency}.`)
    if (payee?.partyIdType !== 'MSISDN' || typeof payee.partyId !== 'string' || !/^\d{9,15}$/.test(payee.partyId)) {
      return error(res, 400, 'PAYEE_NOT_FOUND', 'payee must be {partyIdType: MSISDN, partyId: digits}.')
    }
    if (!validMessage(body.payerMessage) || !validMessage(body.payeeNote)) {
      return error(res, 400, 'BAD_REQUEST', 'payerMessage and payeeNote: at most 160 characters, no apostrophes.')
    }
    const callback = callbackUrl(req, res)
    if (callback === false) return
    const transfer: Transfer = {
      amount: body.amount,
      currency,
      externalId: typeof body.externalId === 'string' ? body.externalId : '',
      payee: { partyIdType: 'MSISDN', partyId: payee.partyId },
      payerMessage: typeof body.payerMessage === 'string' ? body.payerMessage : '',
      payeeNote: typeof body.payeeNote === 'string' ? body.payeeNote : '',
      status: 'PENDING',
      callbackUrl: callback,
    }
    const timers = scheduler.group()
    transfers.set(reference, transfer, timers)
    let callbacks = 0
    playOutcome(simulatorOutcome(payee.partyId), timing, timers, {
      settle(result) {
        if (result === 'approved') {
          transfer.status = 'SUCCESSFUL'
          transfer.financialTransactionId = randomDigits(10)
        } else {
          transfer.status = 'FAILED'
          // Disbursement callbacks carry the {code, message} form (momo.rs).
          transfer.reason = TRANSFER_REASONS[result]
        }
      },
      callback: () => deliver(transfer.callbackUrl, callbacks++ === 0 ? 'PUT' : 'POST', callbackBody(transfer)),
    })
    res.status(202).end()
  })

  router.get('/disbursement/v1_0/transfer/:reference', (req, res) => {
    if (!authorised(req, res, 'disbursement')) return
    const transfer = transfers.get(String(req.params.reference).toLowerCase())
    if (!transfer) return error(res, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.')
    res.json(view(transfer))
  })

  return router
}
