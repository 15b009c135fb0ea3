/**
 * What Isoko asks of a payment provider (DESIGN.md section 5). Each provider is an HTTP client of the real API;
 * in `PAYMENTS_MODE=simulator` the same clients talk to Isoko's own simulators of those APIs on loopback, so
 * going to production is a change of base URLs and credentials only.
 *
 * Expected outcomes (declined, still pending) are values; a provider that cannot be reached or answers outside
 * its contract throws `ProviderError`, and the caller keeps the payment pending and polls again later.
 */

export type PaymentMethod = 'momo' | 'airtel' | 'card' | 'cod'

/** What a provider says about one collection or refund. */
export type ProviderState = 'pending' | 'succeeded' | 'failed'

export type ProviderStatus = {
  state: ProviderState
  /** The provider's own id of the money movement (MoMo financialTransactionId, airtel_money_id, card transaction id). */
  providerTransactionId?: string
  /** Amount the provider reports, in francs, when it reports one. */
  amount?: number
  /** The provider's failure code, as sent (MoMo reason, Airtel status or response code, card status). */
  reason?: string
  /** Exactly what the provider answered, stored as a payment event. */
  raw: unknown
}

export type StartPaymentInput = {
  /** Our reference for this attempt: a fresh UUIDv4 (MoMo X-Reference-Id, Airtel transaction id, card tx_ref). */
  reference: string
  /** The order number shown to people (MoMo externalId, Airtel reference). */
  orderNumber: string
  /** Integer francs. */
  amount: number
  /** E.164 (+2507XXXXXXXX): the wallet to charge (MoMo, Airtel), the buyer's phone (card). */
  phone: string
  email: string
  name: string
  /** Where the provider calls back; carries our reference in its path. */
  callbackUrl: string
  /** Card only: where the hosted checkout sends the buyer back. */
  returnUrl: string
}

export type StartPaymentResult = {
  /** Card only: the hosted checkout page to send the buyer to. */
  redirectUrl?: string
  raw: unknown
}

/** An incoming callback or webhook, as the route received it. */
export type IncomingCallback = {
  /** Our reference when it travels in the URL path (MoMo). */
  reference?: string
  headers: Record<string, string | undefined>
  body: unknown
}

/** A callback that passed verification: whose payment it concerns. Its body is never trusted for the outcome. */
export type VerifiedCallback = { reference: string; providerTransactionId?: string; raw: unknown }

export interface PaymentProvider {
  readonly method: Exclude<PaymentMethod, 'cod'>
  /** Asks the provider to collect. Resolves once the provider accepted the request (not paid yet). */
  start(input: StartPaymentInput): Promise<StartPaymentResult>
  /**
   * The provider's status of a collection, by our reference (and its transaction id when we know it).
   * `expectedAmount` (integer francs): when given, a collection the provider reports as paid with a smaller amount
   * is `failed` with reason `AMOUNT_MISMATCH`. The card provider requires it (Flutterwave's verify rules).
   */
  status(reference: string, providerTransactionId?: string, expectedAmount?: number): Promise<ProviderStatus>
  /** Checks a callback's signature or secret; null when it is not genuine or not about a payment. */
  verifyCallback(callback: IncomingCallback): VerifiedCallback | null
  /** Returns a collected payment's money; `refundReference` is a fresh UUIDv4. */
  refund(input: {
    reference: string
    providerTransactionId?: string
    amount: number
    refundReference: string
  }): Promise<ProviderStatus>
  /**
   * The status of a refund started with `refund`. `providerRefundId` is the `providerTransactionId` that `refund`
   * returned: the card provider needs it (Flutterwave knows refunds only by its own id).
   */
  refundStatus(refundReference: string, providerRefundId?: string): Promise<ProviderStatus>
}

/** The provider answered outside its contract or could not be reached. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}

/** One transfer to a wallet (a vendor's payout): what Isoko asks of MoMo Disbursement and Airtel disbursement. */
export type TransferInput = {
  /** Our reference (UUIDv4): MoMo's X-Reference-Id, Airtel's transaction id. Sending it again is idempotent. */
  reference: string
  /** Integer francs. */
  amount: number
  /** E.164 (+2507XXXXXXXX): the wallet to pay. */
  phone: string
  /** Shown to the payee (MoMo payeeNote, Airtel reference). */
  note: string
  /** MoMo only: where the provider calls back; carries our reference in its path. */
  callbackUrl?: string
}

/**
 * A transfer's status. `unknown`: the provider has no transfer with this reference (our request never reached it);
 * the caller may send the request again with the same reference.
 */
export type TransferStatus = ProviderStatus | { state: 'unknown'; raw: unknown }

export interface DisbursementProvider {
  readonly method: 'momo' | 'airtel'
  /**
   * Asks the provider to pay. Resolves once the request was accepted (or was a duplicate of one already accepted:
   * 409 / ESB000041), with the state it says when it says one; throws `ProviderError` on anything else.
   */
  transfer(input: TransferInput): Promise<{ state: 'pending' | 'succeeded' | 'failed'; reason?: string; raw: unknown }>
  /** The provider's status of a transfer by our reference. */
  transferStatus(reference: string): Promise<TransferStatus>
  /** Checks a transfer callback; null when it is not genuine. Its body is never trusted for the outcome. */
  verifyCallback(callback: IncomingCallback): VerifiedCallback | null
}
