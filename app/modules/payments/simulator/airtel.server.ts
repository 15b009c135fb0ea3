/**
 * A simulator of Airtel Money's Open API (Rwanda), answering as the contract in
 * domain/payments-and-rwanda.md section 2 says: OAuth token with `expires_in` as a string, USSD push
 * accepted with DP00800001006 (in process, not paid), ESB000041 for a duplicate transaction id, TS/TF/TIP in the
 * enquiry, and callbacks to the one URL configured "in the portal", with a `hash` when a secret is set.
 *
 * The early callback of test number …006 says TS while the enquiry still says TIP: the race Isoko must survive by
 * never trusting a callback body.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import { type Request, type Response, Router } from 'express'
import { airtelCallbackHash } from '#app/modules/payments/providers/airtel.server.ts'
import {
  bearer,
  createBoundedStore,
  createTokenStore,
  DEFAULT_MAX_RECORDS,
  deliver,
  playOutcome,
  randomDigits,
  randomToken,
  type Scheduler,
  type Settlement,
  type Timing,
} from './shared.server.ts'
import { simulatorOutcome } from './test-numbers.ts'

export type AirtelSimulatorOptions = {
  clientId: string
  clientSecret: string
  /** Where callbacks go (set in Airtel's portal, not per request); none sent when unset. */
  callbackUrl?: string
  /** When set, callbacks carry `hash` = airtelCallbackHash(secret, transaction). */
  callbackSecret?: string
  /** Transactions remembered at most; the oldest settled go first. */
  maxRecords?: number
  /** Disbursements: the PIN the encrypted `pin` must decrypt to (with the simulator's own RSA key). */
  disbursementPin?: string
  /** Where disbursement callbacks go (Airtel's portal has its own setting for them). */
  disbursementCallbackUrl?: string
}

type Transaction = {
  id: string
  amount: number
  msisdn: string
  reference: string
  status: 'TIP' | 'TS' | 'TF'
  responseCode: string
  message: string
  airtelMoneyId?: string
  refunded: boolean
}

const FAILURES: Record<Exclude<Settlement, 'approved'>, { code: string; message: string }> = {
  declined: { code: 'DP00800001008', message: 'The transaction was refused.' },
  'not-enough-funds': { code: 'DP00800001007', message: 'Insufficient balance.' },
  expired: { code: 'DP00800001029', message: 'The transaction has expired.' },
}

function statusBlock(success: boolean, resultCode: string, responseCode: string, message: string, code = '200') {
  return { code, message, result_code: resultCode, response_code: responseCode, success }
}

export function createAirtelSimulator(options: AirtelSimulatorOptions, timing: Timing, scheduler: Scheduler): Router {
  const router = Router()
  const tokens = createTokenStore<{ expiresAt: number }>()
  const transactions = createBoundedStore<string, Transaction>({
    max: options.maxRecords ?? DEFAULT_MAX_RECORDS,
    settled: (t) => t.status !== 'TIP',
  })

  function authorised(req: Request, res: Response): boolean {
    const token = tokens.get(bearer(req) ?? '')
    if (!token || token.expiresAt < Date.now()) {
      res.status(401).json({ status: statusBlock(false, 'ESB000001', '', 'Unauthorized', '401') })
      return false
    }
    if (req.get('x-country') !== 'RW' || req.get('x-currency') !== 'RWF') {
      res.status(400).json({ status: statusBlock(false, 'ROUTER112', '', 'Invalid country or currency', '400') })
      return false
    }
    return true
  }

  function callback(t: Transaction, statusCode: 'TS' | 'TF') {
    const transaction = {
      id: t.id,
      message: t.message,
      status_code: statusCode,
      airtel_money_id: t.airtelMoneyId ?? '',
    }
    const hash = options.callbackSecret ? { hash: airtelCallbackHash(options.callbackSecret, transaction) } : {}
    return deliver(options.callbackUrl, 'POST', { transaction, ...hash })
  }

  router.post('/auth/oauth2/token', (req, res) => {
    const body = req.body as Record<string, unknown> | undefined
    if (
      body?.grant_type !== 'client_credentials' ||
      body.client_id !== options.clientId ||
      body.client_secret !== options.clientSecret
    ) {
      return res.status(401).json({ error: 'invalid_client', error_description: 'Invalid client credentials' })
    }
    const token = randomToken()
    tokens.set(token, { expiresAt: Date.now() + 180_000 })
    // Airtel sends expires_in as a string.
    res.json({ access_token: token, expires_in: '180', token_type: 'bearer' })
  })

  router.post('/merchant/v1/payments/', (req, res) => {
    if (!authorised(req, res)) return
    const body = req.body as Record<string, unknown> | undefined
    const subscriber = body?.subscriber as Record<string, unknown> | undefined
    const transaction = body?.transaction as Record<string, unknown> | undefined
    const id = transaction?.id
    const amount = transaction?.amount
    const msisdn = subscriber?.msisdn
    if (typeof id !== 'string' || !id || typeof msisdn !== 'string' || !/^\d{9}$/.test(msisdn)) {
      return res.status(400).json({ status: statusBlock(false, 'ESB000008', '', 'Field validation failed', '400') })
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return res.json({ status: statusBlock(false, 'ESB000008', 'DP00800001004', 'Invalid amount', '400') })
    }
    if (transaction?.currency !== 'RWF' || transaction.country !== 'RW') {
      return res.json({ status: statusBlock(false, 'ROUTER112', '', 'Invalid currency', '400') })
    }
    if (transactions.has(id)) {
      return res.json({ status: statusBlock(false, 'ESB000041', '', 'Duplicate transaction id', '400') })
    }
    const t: Transaction = {
      id,
      amount,
      msisdn,
      reference: typeof body?.reference === 'string' ? body.reference : '',
      status: 'TIP',
      responseCode: 'DP00800001006',
      message: 'Transaction in process',
      refunded: false,
    }
    const timers = scheduler.group()
    transactions.set(id, t, timers)
    playOutcome(simulatorOutcome(msisdn), timing, timers, {
      settle(result) {
        t.airtelMoneyId = `MP${randomDigits(12)}`
        if (result === 'approved') {
          t.status = 'TS'
          t.responseCode = 'DP00800001001'
          t.message = 'Transaction is successful'
        } else {
          t.status = 'TF'
          t.responseCode = FAILURES[result].code
          t.message = FAILURES[result].message
        }
      },
      callback: (early) => callback(t, early ? 'TS' : t.status === 'TS' ? 'TS' : 'TF'),
    })
    res.json({
      data: { transaction: { id, status: 'SUCCESS' } },
      status: statusBlock(true, 'ESB000010', 'DP00800001006', 'SUCCESS'),
    })
  })

  router.get('/standard/v1/payments/:id', (req, res) => {
    if (!authorised(req, res)) return
    const t = transactions.get(String(req.params.id))
    if (!t) {
      return res.json({ status: statusBlock(false, 'ESB000045', 'DP00800001025', 'Transaction not found', '404') })
    }
    res.json({
      data: {
        transaction: { airtel_money_id: t.airtelMoneyId ?? null, id: t.id, message: t.message, status: t.status },
      },
      status: statusBlock(true, 'ESB000010', t.responseCode, 'SUCCESS'),
    })
  })

  router.post('/standard/v1/payments/refund', (req, res) => {
    if (!authorised(req, res)) return
    const transaction = (req.body as Record<string, unknown> | undefined)?.transaction as
      | Record<string, unknown>
      | undefined
    const airtelMoneyId = transaction?.airtel_money_id
    const t = [...transactions.values()].find((x) => x.airtelMoneyId && x.airtelMoneyId === airtelMoneyId)
    if (!t) {
      return res.json({ status: statusBlock(false, 'ESB000045', 'DP00800001025', 'Transaction not found', '404') })
    }
    if (t.status !== 'TS') {
      return res.json({
        status: statusBlock(false, 'ESB000014', 'DP00800001008', 'Transaction cannot be refunded', '400'),
      })
    }
    // Airtel refunds the whole transaction; asking again answers the same (the simulator's choice, [U] upstream).
    t.refunded = true
    res.json({
      data: { transaction: { airtel_money_id: t.airtelMoneyId, status: 'SUCCESS' } },
      status: statusBlock(true, 'ESB000010', 'DP00800001001', 'SUCCESS'),
    })
  })

  // Disbursements (vendor payouts, A4/A5). The PIN is encrypted with this simulator's own RSA key, generated at
  // start; the clients fetch its public half from /simulator/pin-public-key (a simulator-only route: Airtel gives
  // its key in the portal).
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const disbursements = createBoundedStore<string, Transaction>({
    max: options.maxRecords ?? DEFAULT_MAX_RECORDS,
    settled: (t) => t.status !== 'TIP',
  })
  const pinOk = (pin: unknown) => {
    if (typeof pin !== 'string' || !options.disbursementPin) return false
    try {
      const clear = privateDecrypt(
        { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING },
        Buffer.from(pin, 'base64'),
      )
      return clear.toString('utf8') === options.disbursementPin
    } catch {
      return false
    }
  }

  router.get('/simulator/pin-public-key', (_req, res) => {
    res.type('text/plain').send(keys.publicKey)
  })

  router.post('/standard/v1/disbursements/', (req, res) => {
    if (!authorised(req, res)) return
    const body = req.body as Record<string, unknown> | undefined
    const payee = body?.payee as Record<string, unknown> | undefined
    const transaction = body?.transaction as Record<string, unknown> | undefined
    const id = transaction?.id
    const amount = transaction?.amount
    const msisdn = payee?.msisdn
    if (typeof id !== 'string' || !id || typeof msisdn !== 'string' || !/^\d{9}$/.test(msisdn)) {
      return res.status(400).json({ status: statusBlock(false, 'ESB000008', '', 'Field validation failed', '400') })
    }
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return res.json({ status: statusBlock(false, 'ESB000008', 'DP00800001004', 'Invalid amount', '400') })
    }
    if (disbursements.has(id)) {
      return res.json({ status: statusBlock(false, 'ESB000041', '', 'Duplicate transaction id', '400') })
    }
    if (!pinOk(body?.pin)) {
      return res.json({ status: statusBlock(false, 'ROUTER116', 'DP00800001002', 'Invalid PIN', '400') })
    }
    const t: Transaction = {
      id,
      amount,
      msisdn,
      reference: typeof body?.reference === 'string' ? body.reference : '',
      status: 'TIP',
      responseCode: 'DP00900001006',
      message: 'Transaction in process',
      refunded: false,
    }
    const timers = scheduler.group()
    disbursements.set(id, t, timers)
    playOutcome(simulatorOutcome(msisdn), timing, timers, {
      settle(result) {
        t.airtelMoneyId = `DS${randomDigits(12)}`
        if (result === 'approved') {
          t.status = 'TS'
          t.responseCode = 'DP00900001001'
          t.message = 'Transaction is successful'
        } else {
          t.status = 'TF'
          t.responseCode = FAILURES[result].code
          t.message = FAILURES[result].message
        }
      },
      callback: (early) => {
        const transaction = {
          id: t.id,
          message: t.message,
          status_code: early ? 'TS' : t.status === 'TS' ? 'TS' : 'TF',
          airtel_money_id: t.airtelMoneyId ?? '',
        }
        const hash = options.callbackSecret ? { hash: airtelCallbackHash(options.callbackSecret, transaction) } : {}
        return deliver(options.disbursementCallbackUrl, 'POST', { transaction, ...hash })
      },
    })
    res.json({
      data: { transaction: { reference_id: randomDigits(8), id, status: 'TIP' } },
      status: statusBlock(true, 'ESB000010', 'DP00900001006', 'SUCCESS'),
    })
  })

  router.get('/standard/v1/disbursements/:id', (req, res) => {
    if (!authorised(req, res)) return
    const t = disbursements.get(String(req.params.id))
    if (!t) {
      return res.json({ status: statusBlock(false, 'ESB000045', 'DP00800001025', 'Transaction not found', '404') })
    }
    res.json({
      data: {
        transaction: {
          airtel_money_id: t.airtelMoneyId ?? null,
          id: t.id,
          amount: t.amount,
          message: t.message,
          status: t.status,
        },
      },
      status: statusBlock(true, 'ESB000010', t.responseCode, 'SUCCESS'),
    })
  })

  return router
}
