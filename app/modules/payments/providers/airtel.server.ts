/**
 * Airtel Money Africa Open API client (Rwanda). Contract: domain/payments-and-rwanda.md section 2
 * (rows A0–A3 and the callback).
 *
 * Refunds: Airtel's refund (A3) answers with the outcome at once and the API has no refund enquiry. So `refund`
 * returns `succeeded` or `failed` (never `pending`; an answer that is neither throws `ProviderError`, and calling
 * `refund` again is safe because Airtel refunds by `airtel_money_id`), and `refundStatus` always throws: the state
 * `refund` returned is the final word.
 */
import { constants, publicEncrypt } from 'node:crypto'
import {
  type DisbursementProvider,
  type IncomingCallback,
  type PaymentProvider,
  ProviderError,
  type ProviderStatus,
  type VerifiedCallback,
} from '#app/modules/payments/provider.ts'
import {
  createTokenCache,
  expectStatus,
  type FetchLike,
  type HttpAnswer,
  hmacSha256Base64,
  isRecord,
  parseAmount,
  rwandaMsisdn,
  safeEqual,
  send,
  trimSlash,
} from './http.server.ts'

export type AirtelConfig = {
  baseUrl: string
  /** Disbursements (payouts): the wallet's PIN, sent RSA-encrypted with Airtel's public key (A4). */
  disbursementPin?: string
  /** Airtel's public key (PEM) for the PIN, or a function that fetches it (the simulator's own key). */
  pinPublicKey?: string | null | (() => Promise<string>)
  clientId: string
  clientSecret: string
  /** The portal's callback-authentication key; when set, callbacks without a valid `hash` are refused. */
  callbackSecret?: string
  country?: string
  currency?: string
  fetch?: FetchLike
  now?: () => number
}

/** `DP00800001006`: Airtel accepted the push and is waiting for the payer's PIN: in process, not paid. */
export const AIRTEL_IN_PROCESS = 'DP00800001006'

/**
 * The callback `hash`: base64(HMAC-SHA256(secret, input)). Airtel does not publish the exact input [U]; Isoko uses
 * the JSON of the callback's `transaction` object as it was sent (JSON.stringify of the parsed object keeps the
 * sender's key order). If Airtel's portal turns out to sign something else, this is the one function to change.
 */
export function airtelCallbackHash(secret: string, transaction: unknown): string {
  return hmacSha256Base64(secret, JSON.stringify(transaction))
}

/** +250731234567 → 731234567: Airtel wants the number without the country code (the last 9 digits). */
export function airtelMsisdn(e164: string): string {
  return rwandaMsisdn(e164).slice(-9)
}

function statusBlock(body: unknown): Record<string, unknown> | undefined {
  return isRecord(body) && isRecord(body.status) ? body.status : undefined
}

function transactionBlock(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body) || !isRecord(body.data) || !isRecord(body.data.transaction)) return undefined
  return body.data.transaction
}

function requireSuccess(answer: HttpAnswer, what: string) {
  expectStatus(answer, [200], what)
  const status = statusBlock(answer.body)
  if (status?.success !== true) throw new ProviderError(`${what}: not successful`, answer.status, answer.body)
}

export function createAirtelProvider(config: AirtelConfig): PaymentProvider {
  const fetchImpl = config.fetch ?? fetch
  const base = trimSlash(config.baseUrl)
  const country = config.country ?? 'RW'
  const currency = config.currency ?? 'RWF'

  const token = createTokenCache(async () => {
    const answer = await send(fetchImpl, `${base}/auth/oauth2/token`, {
      method: 'POST',
      headers: { Accept: '*/*' },
      body: { client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'client_credentials' },
    })
    expectStatus(answer, [200], 'Airtel token')
    const body = answer.body
    if (!isRecord(body) || typeof body.access_token !== 'string') {
      throw new ProviderError('Airtel token answer without access_token', answer.status, body)
    }
    // expires_in may be a string ("180").
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in) || 180 }
  }, config.now)

  async function call(method: string, path: string, body?: unknown) {
    const answer = await send(fetchImpl, `${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await token.get()}`,
        'X-Country': country,
        'X-Currency': currency,
        Accept: '*/*',
      },
      body,
    })
    if (answer.status === 401) token.clear()
    return answer
  }

  const provider: PaymentProvider = {
    method: 'airtel',

    async start(input) {
      const answer = await call('POST', '/merchant/v1/payments/', {
        reference: input.orderNumber,
        subscriber: { country, currency, msisdn: airtelMsisdn(input.phone) },
        transaction: { amount: input.amount, country, currency, id: input.reference },
      })
      // Accepted means "USSD push sent" (response_code DP00800001006, in process), never "paid".
      requireSuccess(answer, 'Airtel payment request')
      return { raw: answer.body }
    },

    async status(reference, _providerTransactionId, expectedAmount): Promise<ProviderStatus> {
      const answer = await call('GET', `/standard/v1/payments/${encodeURIComponent(reference)}`)
      requireSuccess(answer, 'Airtel transaction enquiry')
      const transaction = transactionBlock(answer.body)
      const code = transaction?.status
      const responseCode = statusBlock(answer.body)?.response_code
      const airtelMoneyId =
        typeof transaction?.airtel_money_id === 'string' && transaction.airtel_money_id
          ? transaction.airtel_money_id
          : undefined
      const amount = parseAmount(transaction?.amount)
      const raw = answer.body
      switch (code) {
        case 'TS':
          if (expectedAmount !== undefined && amount !== undefined && amount < expectedAmount) {
            return { state: 'failed', providerTransactionId: airtelMoneyId, amount, reason: 'AMOUNT_MISMATCH', raw }
          }
          return { state: 'succeeded', providerTransactionId: airtelMoneyId, amount, raw }
        case 'TF':
        case 'TE': {
          // The response code says why (DP00800001007 insufficient balance, ...); else the status itself.
          const reason =
            typeof responseCode === 'string' && responseCode !== 'DP00800001001' && responseCode !== AIRTEL_IN_PROCESS
              ? responseCode
              : code
          return { state: 'failed', providerTransactionId: airtelMoneyId, amount, reason, raw }
        }
        case 'TA':
        case 'TIP':
          return { state: 'pending', providerTransactionId: airtelMoneyId, amount, reason: code, raw }
        default:
          throw new ProviderError(`Airtel transaction enquiry: unknown status ${String(code)}`, answer.status, raw)
      }
    },

    verifyCallback(callback: IncomingCallback): VerifiedCallback | null {
      const body = callback.body
      if (!isRecord(body) || !isRecord(body.transaction)) return null
      const transaction = body.transaction
      if (typeof transaction.id !== 'string' || !transaction.id) return null
      if (config.callbackSecret) {
        if (typeof body.hash !== 'string' || !body.hash) return null
        if (!safeEqual(body.hash, airtelCallbackHash(config.callbackSecret, transaction))) return null
      }
      return {
        reference: transaction.id,
        providerTransactionId:
          typeof transaction.airtel_money_id === 'string' && transaction.airtel_money_id
            ? transaction.airtel_money_id
            : undefined,
        raw: body,
      }
    },

    async refund(input) {
      let airtelMoneyId = input.providerTransactionId
      if (!airtelMoneyId) {
        const known = await provider.status(input.reference)
        airtelMoneyId = known.providerTransactionId
        if (!airtelMoneyId)
          throw new ProviderError('Airtel refund: the payment has no airtel_money_id', undefined, known.raw)
      }
      const answer = await call('POST', '/standard/v1/payments/refund', {
        transaction: { airtel_money_id: airtelMoneyId },
      })
      expectStatus(answer, [200], 'Airtel refund')
      const status = statusBlock(answer.body)
      const transaction = transactionBlock(answer.body)
      if (status?.success === true && transaction?.status === 'SUCCESS') {
        return { state: 'succeeded', providerTransactionId: airtelMoneyId, raw: answer.body }
      }
      if (status?.success === false) {
        const reason = status.response_code ?? status.result_code
        return { state: 'failed', reason: typeof reason === 'string' ? reason : undefined, raw: answer.body }
      }
      throw new ProviderError('Airtel refund: ambiguous answer', answer.status, answer.body)
    },

    async refundStatus() {
      throw new ProviderError('Airtel has no refund enquiry: the state refund() returned is final')
    },
  }
  return provider
}

/**
 * The PIN as A4 wants it: RSA-encrypted with Airtel's public key, base64. The padding is [U] upstream; Isoko uses
 * OAEP (SHA-1, Node's default), as the Laravel client does. The simulator decrypts it the same way.
 */
export function encryptAirtelPin(pin: string, publicKeyPem: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING },
    Buffer.from(pin, 'utf8'),
  ).toString('base64')
}

const TRANSFER_STATES = { TS: 'succeeded', TF: 'failed', TE: 'failed', TIP: 'pending', TA: 'pending' } as const

/**
 * Airtel Money disbursements (vendor payouts): A4 `POST /standard/v1/disbursements/` with our transaction id (a
 * repeat answers ESB000041: the transfer exists) and the encrypted PIN, A5 for its status. Callbacks come to the
 * URL set in Airtel's portal, shaped and signed as for collections.
 */
export function createAirtelDisbursement(config: AirtelConfig): DisbursementProvider {
  const fetchImpl = config.fetch ?? fetch
  const base = trimSlash(config.baseUrl)
  const collections = createAirtelProvider(config)
  const token = createTokenCache(async () => {
    const answer = await send(fetchImpl, `${base}/auth/oauth2/token`, {
      method: 'POST',
      headers: { Accept: '*/*' },
      body: { client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'client_credentials' },
    })
    expectStatus(answer, [200], 'Airtel token')
    const body = answer.body
    if (!isRecord(body) || typeof body.access_token !== 'string') {
      throw new ProviderError('Airtel token answer without access_token', answer.status, body)
    }
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in) || 180 }
  }, config.now)
  let publicKey: Promise<string> | undefined
  const pinKey = () => {
    const source = config.pinPublicKey
    if (!source) throw new ProviderError('Airtel disbursement: no PIN public key configured')
    publicKey ??= (typeof source === 'string' ? Promise.resolve(source) : source()).catch((error: unknown) => {
      publicKey = undefined
      throw new ProviderError(`Airtel PIN key: ${(error as Error).message}`)
    })
    return publicKey
  }
  async function call(method: string, path: string, body?: unknown) {
    const answer = await send(fetchImpl, `${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await token.get()}`,
        'X-Country': config.country ?? 'RW',
        'X-Currency': config.currency ?? 'RWF',
        Accept: '*/*',
      },
      body,
    })
    if (answer.status === 401) token.clear()
    return answer
  }
  const stateOf = (transaction: Record<string, unknown> | undefined) =>
    typeof transaction?.status === 'string' && transaction.status in TRANSFER_STATES
      ? TRANSFER_STATES[transaction.status as keyof typeof TRANSFER_STATES]
      : undefined

  return {
    method: 'airtel',

    async transfer(input) {
      if (!config.disbursementPin) throw new ProviderError('Airtel disbursement: no PIN configured')
      const answer = await call('POST', '/standard/v1/disbursements/', {
        payee: { msisdn: airtelMsisdn(input.phone) },
        reference: input.note.slice(0, 64),
        pin: encryptAirtelPin(config.disbursementPin, await pinKey()),
        transaction: { amount: input.amount, id: input.reference },
      })
      expectStatus(answer, [200], 'Airtel disbursement')
      const status = statusBlock(answer.body)
      // A repeated transaction id: the transfer was accepted before (a retry after a lost answer).
      if (status?.result_code === 'ESB000041') return { state: 'pending', raw: answer.body }
      if (status?.success !== true) {
        const reason = status?.response_code || status?.result_code
        // A refusal before any money moved (wrong PIN, invalid amount, payee not permitted): final.
        if (typeof reason === 'string' && reason.startsWith('DP')) return { state: 'failed', reason, raw: answer.body }
        throw new ProviderError('Airtel disbursement: not successful', answer.status, answer.body)
      }
      const state = stateOf(transactionBlock(answer.body)) ?? 'pending'
      return { state, raw: answer.body }
    },

    async transferStatus(reference) {
      const answer = await call('GET', `/standard/v1/disbursements/${encodeURIComponent(reference)}`)
      expectStatus(answer, [200], 'Airtel disbursement enquiry')
      const status = statusBlock(answer.body)
      if (status?.result_code === 'ESB000045') return { state: 'unknown', raw: answer.body }
      if (status?.success !== true) {
        throw new ProviderError('Airtel disbursement enquiry: not successful', answer.status, answer.body)
      }
      const transaction = transactionBlock(answer.body)
      const state = stateOf(transaction)
      if (!state) {
        throw new ProviderError(`Airtel disbursement enquiry: unknown status ${String(transaction?.status)}`)
      }
      const responseCode = status.response_code
      return {
        state,
        providerTransactionId:
          typeof transaction?.airtel_money_id === 'string' && transaction.airtel_money_id
            ? transaction.airtel_money_id
            : undefined,
        amount: parseAmount(transaction?.amount),
        reason:
          state === 'failed'
            ? typeof responseCode === 'string' && responseCode !== 'DP00900001001'
              ? responseCode
              : String(transaction?.status)
            : undefined,
        raw: answer.body,
      }
    },

    verifyCallback: (callback) => collections.verifyCallback(callback),
  }
}
