/**
 * Card payments through Flutterwave v3's hosted checkout: card numbers never reach Isoko. Contract:
 * domain/payments-and-rwanda.md section 3.
 *
 * - `status(reference, transactionId?, expectedAmount)`: `expectedAmount` is required here. A collection is
 *   `succeeded` only when Flutterwave says `successful` AND tx_ref is ours AND currency is RWF AND amount ≥ expected;
 *   a successful charge that fails the currency or amount check is `failed` (CURRENCY_MISMATCH, AMOUNT_MISMATCH):
 *   money moved but not the right money, which needs a person (and a refund). A transaction id whose tx_ref is not
 *   ours (the return URL's query can be edited) is ignored, and the status is asked by reference instead.
 * - Refunds: `POST /v3/transactions/{id}/refund`; their status by Flutterwave's refund id, `GET /v3/refunds/{id}`, so
 *   `refundStatus` needs the `providerTransactionId` that `refund` returned.
 */
import {
  type IncomingCallback,
  type PaymentProvider,
  ProviderError,
  type ProviderStatus,
  type VerifiedCallback,
} from '#app/modules/payments/provider.ts'
import {
  type FetchLike,
  type HttpAnswer,
  header,
  isRecord,
  parseAmount,
  safeEqual,
  send,
  trimSlash,
} from './http.server.ts'

/** Decides whether a webhook is genuine. Pluggable: newer Flutterwave accounts sign with `flutterwave-signature`. */
export type CardWebhookVerifier = (callback: IncomingCallback) => boolean

/** Flutterwave v3: the `verif-hash` header equals the dashboard's secret hash (a plain comparison, not an HMAC). */
export function verifHashVerifier(secret: string): CardWebhookVerifier {
  return (callback) => {
    const sent = header(callback.headers, 'verif-hash')
    return Boolean(secret) && typeof sent === 'string' && safeEqual(sent, secret)
  }
}

export type CardConfig = {
  baseUrl: string
  secretKey: string
  webhookSecret: string
  /** Defaults to `verifHashVerifier(webhookSecret)`. */
  verifyWebhook?: CardWebhookVerifier
  currency?: string
  paymentOptions?: string
  fetch?: FetchLike
}

function data(answer: HttpAnswer): Record<string, unknown> | undefined {
  return isRecord(answer.body) && isRecord(answer.body.data) ? answer.body.data : undefined
}

function isNoTransaction(answer: HttpAnswer): boolean {
  const message = isRecord(answer.body) ? answer.body.message : undefined
  return (
    (answer.status === 400 || answer.status === 404) && typeof message === 'string' && /no transaction/i.test(message)
  )
}

function refundState(status: unknown): ProviderStatus['state'] {
  if (status === 'completed' || status === 'successful') return 'succeeded'
  if (status === 'failed') return 'failed'
  return 'pending'
}

export function createCardProvider(config: CardConfig): PaymentProvider {
  const fetchImpl = config.fetch ?? fetch
  const base = trimSlash(config.baseUrl)
  const currency = config.currency ?? 'RWF'
  const verifyWebhook = config.verifyWebhook ?? verifHashVerifier(config.webhookSecret)

  function call(method: string, path: string, body?: unknown) {
    return send(fetchImpl, `${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${config.secretKey}` },
      body,
    })
  }

  async function verify(reference: string, transactionId?: string): Promise<HttpAnswer> {
    if (transactionId) {
      const byId = await call('GET', `/v3/transactions/${encodeURIComponent(transactionId)}/verify`)
      if (byId.status === 200 && data(byId)?.tx_ref === reference) return byId
      if (byId.status !== 200 && byId.status !== 400 && byId.status !== 404) {
        throw new ProviderError(`Flutterwave verify: HTTP ${byId.status}`, byId.status, byId.body)
      }
      // Unknown id, or someone else's transaction: ask by our reference instead.
    }
    return call('GET', `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`)
  }

  const provider: PaymentProvider = {
    method: 'card',

    async start(input) {
      const answer = await call('POST', '/v3/payments', {
        tx_ref: input.reference,
        amount: input.amount,
        currency,
        redirect_url: input.returnUrl,
        customer: { email: input.email, name: input.name, phonenumber: input.phone },
        payment_options: config.paymentOptions ?? 'card',
        customizations: { title: 'Isoko', description: `Order ${input.orderNumber}` },
        meta: { order_number: input.orderNumber },
      })
      const link = data(answer)?.link
      if (answer.status !== 200 || typeof link !== 'string' || !link) {
        throw new ProviderError('Flutterwave checkout was not created', answer.status, answer.body)
      }
      return { redirectUrl: link, raw: answer.body }
    },

    async status(reference, transactionId, expectedAmount): Promise<ProviderStatus> {
      if (expectedAmount === undefined) throw new Error('Card status needs the expected amount')
      const answer = await verify(reference, transactionId)
      if (isNoTransaction(answer)) return { state: 'pending', reason: 'NO_TRANSACTION', raw: answer.body }
      const tx = data(answer)
      if (answer.status !== 200 || !tx) {
        throw new ProviderError(`Flutterwave verify: HTTP ${answer.status}`, answer.status, answer.body)
      }
      const amount = parseAmount(tx.amount)
      const result = {
        providerTransactionId: tx.id === undefined ? undefined : String(tx.id),
        amount,
        raw: answer.body,
      }
      if (tx.tx_ref !== reference) {
        throw new ProviderError('Flutterwave verify answered about another tx_ref', answer.status, answer.body)
      }
      if (tx.status === 'successful') {
        if (tx.currency !== currency) return { ...result, state: 'failed', reason: 'CURRENCY_MISMATCH' }
        if (amount === undefined || amount < expectedAmount) {
          return { ...result, state: 'failed', reason: 'AMOUNT_MISMATCH' }
        }
        return { ...result, state: 'succeeded' }
      }
      if (tx.status === 'failed' || tx.status === 'cancelled') {
        return { ...result, state: 'failed', reason: String(tx.status) }
      }
      return { ...result, state: 'pending', reason: typeof tx.status === 'string' ? tx.status : undefined }
    },

    verifyCallback(callback): VerifiedCallback | null {
      if (!verifyWebhook(callback)) return null
      const body = callback.body
      if (!isRecord(body) || body.event !== 'charge.completed' || !isRecord(body.data)) return null
      const { id, tx_ref: txRef } = body.data
      if (typeof txRef !== 'string' || !txRef) return null
      return {
        reference: txRef,
        providerTransactionId: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined,
        raw: body,
      }
    },

    async refund(input) {
      let transactionId = input.providerTransactionId
      if (!transactionId) {
        const known = await provider.status(input.reference, undefined, 0)
        transactionId = known.providerTransactionId
        if (!transactionId) throw new ProviderError('Card refund: no Flutterwave transaction', undefined, known.raw)
      }
      const answer = await call('POST', `/v3/transactions/${encodeURIComponent(transactionId)}/refund`, {
        amount: input.amount,
        comments: `Isoko refund ${input.refundReference}`,
      })
      const refund = data(answer)
      if (answer.status !== 200 || !refund || refund.id === undefined) {
        throw new ProviderError(`Flutterwave refund: HTTP ${answer.status}`, answer.status, answer.body)
      }
      return {
        state: refundState(refund.status),
        providerTransactionId: String(refund.id),
        amount: parseAmount(refund.amount_refunded),
        reason: typeof refund.status === 'string' ? refund.status : undefined,
        raw: answer.body,
      }
    },

    async refundStatus(_refundReference, providerRefundId) {
      if (!providerRefundId) throw new Error('Card refund status needs the Flutterwave refund id')
      const answer = await call('GET', `/v3/refunds/${encodeURIComponent(providerRefundId)}`)
      const refund = data(answer)
      if (answer.status !== 200 || !refund) {
        throw new ProviderError(`Flutterwave refund status: HTTP ${answer.status}`, answer.status, answer.body)
      }
      return {
        state: refundState(refund.status),
        providerTransactionId: String(refund.id),
        amount: parseAmount(refund.amount_refunded),
        reason: typeof refund.status === 'string' ? refund.status : undefined,
        raw: answer.body,
      }
    },
  }
  return provider
}
