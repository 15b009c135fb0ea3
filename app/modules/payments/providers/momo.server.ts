/**
 * MTN MoMo Open API client: Collection (request to pay) and, for refunds, Disbursement. Contract:
 * domain/payments-and-rwanda.md section 1 (rows T, C1, C2, D3). Collection and Disbursement each have
 * their own subscription key, API user and API key, hence two token caches.
 */
import {
  type DisbursementProvider,
  type PaymentProvider,
  ProviderError,
  type ProviderState,
  type ProviderStatus,
} from '#app/modules/payments/provider.ts'
import {
  createTokenCache,
  expectStatus,
  type FetchLike,
  isRecord,
  isUuidV4,
  parseAmount,
  rwandaMsisdn,
  send,
  trimSlash,
} from './http.server.ts'

export type MomoCredentials = { subscriptionKey: string; apiUser: string; apiKey: string }

export type MomoConfig = {
  baseUrl: string
  /** `mtnrwanda` in production, `sandbox` in MTN's sandbox. */
  targetEnvironment: string
  /** RWF in Rwanda (MTN's sandbox accepts EUR only). */
  currency?: string
  collection: MomoCredentials
  disbursement: MomoCredentials
  fetch?: FetchLike
  now?: () => number
}

/** MoMo's `reason` comes as a string or as `{code, message}`; returns the code either way. */
export function parseMomoReason(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason || undefined
  if (isRecord(reason) && typeof reason.code === 'string') return reason.code
  return undefined
}

/** MoMo messages: at most 160 characters, no apostrophes. */
export function momoMessage(text: string): string {
  return text.replace(/['’‘`]/g, '').slice(0, 160)
}

const STATES: Record<string, ProviderState> = { PENDING: 'pending', SUCCESSFUL: 'succeeded', FAILED: 'failed' }

function toStatus(body: unknown, expectedAmount?: number): ProviderStatus {
  if (!isRecord(body) || typeof body.status !== 'string' || !(body.status in STATES)) {
    throw new ProviderError('MoMo status answer without a known status', 200, body)
  }
  const amount = parseAmount(body.amount)
  const result: ProviderStatus = {
    state: STATES[body.status],
    providerTransactionId:
      typeof body.financialTransactionId === 'string' && body.financialTransactionId
        ? body.financialTransactionId
        : undefined,
    amount,
    reason: parseMomoReason(body.reason),
    raw: body,
  }
  if (
    result.state === 'succeeded' &&
    expectedAmount !== undefined &&
    (amount === undefined || amount < expectedAmount)
  ) {
    return { ...result, state: 'failed', reason: 'AMOUNT_MISMATCH' }
  }
  return result
}

/** MoMo's authenticated calls, per product, each with its own token cache (shared by collection and payouts). */
function createMomoCaller(config: MomoConfig) {
  const fetchImpl = config.fetch ?? fetch
  const base = trimSlash(config.baseUrl)

  function tokenCache(product: 'collection' | 'disbursement', credentials: MomoCredentials) {
    return createTokenCache(async () => {
      const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')
      // No body: MoMo answers 400 to a token request that has one.
      const answer = await send(fetchImpl, `${base}/${product}/token/`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': credentials.subscriptionKey },
      })
      expectStatus(answer, [200], `MoMo ${product} token`)
      const body = answer.body
      if (!isRecord(body) || typeof body.access_token !== 'string') {
        throw new ProviderError(`MoMo ${product} token answer without access_token`, answer.status, body)
      }
      return { token: body.access_token, expiresInSeconds: Number(body.expires_in) || 3600 }
    }, config.now)
  }
  const tokens = {
    collection: tokenCache('collection', config.collection),
    disbursement: tokenCache('disbursement', config.disbursement),
  }

  return async function call(
    product: 'collection' | 'disbursement',
    method: string,
    path: string,
    extra: { headers?: Record<string, string>; body?: unknown } = {},
  ) {
    const credentials = product === 'collection' ? config.collection : config.disbursement
    const token = await tokens[product].get()
    const answer = await send(fetchImpl, `${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Target-Environment': config.targetEnvironment,
        'Ocp-Apim-Subscription-Key': credentials.subscriptionKey,
        ...extra.headers,
      },
      body: extra.body,
    })
    if (answer.status === 401) tokens[product].clear()
    return answer
  }
}

export function createMomoProvider(config: MomoConfig): PaymentProvider {
  const currency = config.currency ?? 'RWF'
  const call = createMomoCaller(config)

  return {
    method: 'momo',

    async start(input) {
      if (!isUuidV4(input.reference)) throw new Error('MoMo X-Reference-Id must be a UUIDv4')
      const answer = await call('collection', 'POST', '/collection/v1_0/requesttopay', {
        headers: { 'X-Reference-Id': input.reference, 'X-Callback-Url': input.callbackUrl },
        body: {
          amount: String(input.amount),
          currency,
          externalId: input.orderNumber,
          payer: { partyIdType: 'MSISDN', partyId: rwandaMsisdn(input.phone) },
          payerMessage: momoMessage(`Isoko order ${input.orderNumber}`),
          payeeNote: momoMessage(`Isoko order ${input.orderNumber}`),
        },
      })
      expectStatus(answer, [202], 'MoMo request to pay')
      return { raw: answer.body ?? null }
    },

    async status(reference, _providerTransactionId, expectedAmount) {
      const answer = await call('collection', 'GET', `/collection/v1_0/requesttopay/${encodeURIComponent(reference)}`)
      expectStatus(answer, [200], 'MoMo request-to-pay status')
      return toStatus(answer.body, expectedAmount)
    },

    verifyCallback(callback) {
      // MoMo callbacks carry neither our reference nor a signature: the reference travels in our URL path, and the
      // caller always re-checks with `status`, so the body is never trusted.
      if (!isUuidV4(callback.reference)) return null
      return { reference: callback.reference.toLowerCase(), raw: callback.body }
    },

    async refund(input) {
      const answer = await call('disbursement', 'POST', '/disbursement/v2_0/refund', {
        headers: { 'X-Reference-Id': input.refundReference },
        body: {
          amount: String(input.amount),
          currency,
          externalId: input.reference,
          payerMessage: momoMessage('Isoko refund'),
          payeeNote: momoMessage(`Refund of ${input.reference}`),
          referenceIdToRefund: input.reference,
        },
      })
      expectStatus(answer, [202], 'MoMo refund')
      return { state: 'pending', raw: answer.body ?? null }
    },

    async refundStatus(refundReference) {
      const answer = await call(
        'disbursement',
        'GET',
        `/disbursement/v1_0/refund/${encodeURIComponent(refundReference)}`,
      )
      expectStatus(answer, [200], 'MoMo refund status')
      return toStatus(answer.body)
    },
  }
}

/**
 * MoMo Disbursement transfers (vendor payouts): D1 `POST /disbursement/v1_0/transfer` with our X-Reference-Id
 * (UUIDv4, the idempotency key: a repeat answers 409, which means the transfer exists), D2 for its status.
 */
export function createMomoDisbursement(config: MomoConfig): DisbursementProvider {
  const currency = config.currency ?? 'RWF'
  const call = createMomoCaller(config)
  return {
    method: 'momo',

    async transfer(input) {
      if (!isUuidV4(input.reference)) throw new Error('MoMo X-Reference-Id must be a UUIDv4')
      const answer = await call('disbursement', 'POST', '/disbursement/v1_0/transfer', {
        headers: {
          'X-Reference-Id': input.reference,
          ...(input.callbackUrl ? { 'X-Callback-Url': input.callbackUrl } : {}),
        },
        body: {
          amount: String(input.amount),
          currency,
          externalId: input.reference,
          payee: { partyIdType: 'MSISDN', partyId: rwandaMsisdn(input.phone) },
          payerMessage: momoMessage(input.note),
          payeeNote: momoMessage(input.note),
        },
      })
      // 409 RESOURCE_ALREADY_EXIST: this reference was accepted before (a retry after a lost answer).
      expectStatus(answer, [202, 409], 'MoMo transfer')
      return { state: 'pending', raw: answer.body ?? null }
    },

    async transferStatus(reference) {
      const answer = await call('disbursement', 'GET', `/disbursement/v1_0/transfer/${encodeURIComponent(reference)}`)
      if (answer.status === 404) return { state: 'unknown', raw: answer.body ?? null }
      expectStatus(answer, [200], 'MoMo transfer status')
      return toStatus(answer.body)
    },

    verifyCallback(callback) {
      // As for collections: no reference and no signature in the body; the reference is in our URL path.
      if (!isUuidV4(callback.reference)) return null
      return { reference: callback.reference.toLowerCase(), raw: callback.body }
    },
  }
}
