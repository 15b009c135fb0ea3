import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { operatorOf } from '#app/modules/accounts/accounts.schemas.ts'
import { releaseStock, reserveStock } from '#app/modules/catalog/stock.server.ts'
import {
  postCashRefund,
  postGoodwillRefund,
  postPaymentReceived,
  postPaymentUnapplied,
  postRefund,
  type RefundDelivery,
} from '#app/modules/ledger/ledger.server.ts'
import { type CancelReason, cancelPath } from '#app/modules/orders/order-status.ts'
import {
  cancelVendorOrders,
  createCancellationRequests,
  findOrder,
  findOrderByNumber,
  getOrderStockLines,
  listCancellations,
  listOverdueUnpaidOrders,
  listVendorOrderAmounts,
  lockVendorOrdersOf,
  type OrderRow,
  type PaymentMethod,
  recordOrderEvent,
  releaseOrderToVendors,
  setOrderPaymentMethod,
  setStockReserved,
  transitionOrder,
} from '#app/modules/orders/orders.server.ts'
import {
  getDisbursementProviders,
  getPaymentProviders,
  paymentCallbackUrls,
} from '#app/modules/payments/config.server.ts'
import { type FailureKind, failureKindOf } from '#app/modules/payments/failure-reasons.ts'
import {
  claimPaymentsToPoll,
  claimPendingRefunds,
  createPayment,
  createPaymentRefund,
  findLatestPayment,
  findPayment,
  findPaymentByReference,
  findPaymentRefund,
  findPaymentRefundByReference,
  hasPendingPayment,
  listOrderPayments,
  listOrderRefunds,
  listPendingPaymentRefunds,
  listUnsentPaymentRefunds,
  markCashRefundSending,
  type PaymentRefundRow,
  type PaymentRow,
  recordPaymentEvent,
  refundedSoFar,
  releasePaymentClaim,
  reviveLateSuccess,
  setRefundProviderId,
  settlePayment,
  settlePaymentRefund,
  settleRefund,
  startRefundRecord,
  updatePaymentRefund,
  updatePendingPayment,
} from '#app/modules/payments/payments.server.ts'
import {
  type DisbursementProvider,
  type IncomingCallback,
  type PaymentProvider,
  ProviderError,
  type ProviderStatus,
} from '#app/modules/payments/provider.ts'
import { settleReturnRefund } from '#app/modules/returns/returns.server.ts'
import {
  notifyCustomer,
  notifyVendorsOfCancellation,
  notifyVendorsOfCancelRequest,
  notifyVendorsOfLowStock,
  notifyVendorsOfNewOrder,
  notifyVendorsOfStaffAction,
} from './order-notifications.server.ts'

// Paying for an order (DESIGN.md section 5). Every answer a provider gives is stored as a payment event. A
// callback is only a hint: it is verified, then the provider's status call decides. Outcomes are applied once
// (the attempt row is locked and settled only from pending), so duplicate callbacks and several pollers agree.
// Outside calls never run inside a database transaction.

type OnlineMethod = Exclude<PaymentMethod, 'cod'>
type Providers = Record<OnlineMethod, PaymentProvider>

export type PaymentsDeps = {
  providers?: Providers
  /** The mobile-money transfer clients that send a cash-on-delivery refund to the customer's number. */
  disbursements?: Record<'momo' | 'airtel', DisbursementProvider>
  now?: () => Date
}

const providersOf = (deps: PaymentsDeps) => deps.providers ?? getPaymentProviders()
const disbursementsOf = (deps: PaymentsDeps) => deps.disbursements ?? getDisbursementProviders()
const nowOf = (deps: PaymentsDeps) => (deps.now ? deps.now() : new Date())

export type StartPaymentOutcome =
  | { ok: true; payment: PaymentRow; redirectUrl?: string }
  | { ok: false; code: 'not_found' | 'not_payable' | 'out_of_stock' | 'provider_unavailable' | 'email_required' }

/**
 * Starts an attempt to pay a pending order with `method`. A second click while an attempt is still waiting gets
 * that attempt back. When an earlier attempt failed, the units went back to stock: they are taken again first.
 * Cash on delivery confirms the order at once.
 */
export async function startOrderPayment(
  ctx: ServiceContext,
  input: {
    customerId: number
    orderNumber: string
    method: PaymentMethod
    phone: string
    /** None for a customer who signed up with a phone number alone: card payments need one for the receipt. */
    email: string | null
    name: string
    returnUrl: string
  },
  deps: PaymentsDeps = {},
): Promise<StartPaymentOutcome> {
  // The card provider's hosted page sends its receipt to an e-mail address, and will not start without one.
  if (input.method === 'card' && !input.email) return { ok: false, code: 'email_required' }
  const order = await findOrderByNumber(ctx, input.orderNumber)
  if (!order || order.customerId !== input.customerId) return { ok: false, code: 'not_found' }
  if (order.status !== 'pending_payment') return { ok: false, code: 'not_payable' }
  const now = nowOf(deps)
  const latest = await findLatestPayment(ctx, order.id)
  if (latest?.status === 'pending' && latest.expiresAt > now) {
    return { ok: true, payment: latest, redirectUrl: latest.redirectUrl ?? undefined }
  }
  const env = getEnv()
  const reference = crypto.randomUUID()
  const prepared = await ctx.db
    .transaction(async (tx) => {
      const t = { db: tx }
      const locked = await findOrder(t, order.id, true)
      if (locked?.status !== 'pending_payment') return { ok: false as const, code: 'not_payable' as const }
      if (await hasPendingPayment(t, order.id)) {
        // A second click that got past the first look while the first click was making its attempt: it waited on
        // the order's lock and now sees that attempt. Answer with it rather than "not payable".
        const pending = await findLatestPayment(t, order.id)
        if (pending?.status === 'pending' && pending.expiresAt > now) {
          return { ok: true as const, payment: pending, existing: true }
        }
        return { ok: false as const, code: 'not_payable' as const }
      }
      if (!locked.stockReserved) {
        const reserved = await reserveStock(t, await getOrderStockLines(t, order.id))
        if (!reserved.ok) throw new StockGone()
        await notifyVendorsOfLowStock(t, reserved.lowNow)
        await setStockReserved(t, order.id, true)
      }
      const payment = await createPayment(t, {
        orderId: order.id,
        method: input.method,
        reference,
        amount: locked.total,
        payerPhone: input.method === 'card' ? null : input.phone,
        expiresAt:
          input.method === 'cod'
            ? new Date(now.getTime() + 60 * 86_400_000)
            : new Date(now.getTime() + env.PAYMENT_ATTEMPT_MINUTES * 60_000),
      })
      if (input.method === 'cod') {
        await setOrderPaymentMethod(t, order.id, 'cod')
        await transitionOrder(t, order.id, 'confirmed', { actor: 'customer', note: 'cash_on_delivery' })
        const released = await releaseOrderToVendors(t, order.id)
        await notifyVendorsOfNewOrder(t, order.id, released)
      } else if (locked.paymentMethod !== input.method) {
        await setOrderPaymentMethod(t, order.id, input.method)
      }
      return { ok: true as const, payment, existing: false }
    })
    .catch((error: unknown) => {
      if (error instanceof StockGone) return { ok: false as const, code: 'out_of_stock' as const }
      throw error
    })
  if (!prepared.ok) return prepared
  if (prepared.existing) {
    return { ok: true, payment: prepared.payment, redirectUrl: prepared.payment.redirectUrl ?? undefined }
  }
  if (input.method === 'cod') return { ok: true, payment: prepared.payment }

  const provider = providersOf(deps)[input.method]
  const payment = prepared.payment
  try {
    const started = await provider.start({
      reference,
      orderNumber: order.number,
      amount: payment.amount,
      phone: input.phone,
      email: input.email ?? '',
      name: input.name,
      callbackUrl: input.method === 'momo' ? paymentCallbackUrls.momo(reference) : paymentCallbackUrls[input.method](),
      returnUrl: input.returnUrl,
    })
    await recordPaymentEvent(ctx, payment.id, 'request', {
      method: input.method,
      amount: payment.amount,
      answer: started.raw ?? null,
    })
    if (started.redirectUrl) await updatePendingPayment(ctx, payment.id, { redirectUrl: started.redirectUrl })
    return {
      ok: true,
      payment: { ...payment, redirectUrl: started.redirectUrl ?? null },
      redirectUrl: started.redirectUrl,
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    await recordPaymentEvent(ctx, payment.id, 'error', {
      message: error.message,
      status: error.status,
      body: error.body,
    })
    await applyOutcome(ctx, payment.id, { state: 'failed', reason: 'PROVIDER_UNAVAILABLE', raw: null }, deps)
    return { ok: false, code: 'provider_unavailable' }
  }
}

class StockGone extends Error {}

/**
 * Asks the provider how an attempt stands and applies the answer. A pending attempt past its expiry is given
 * up (expired) after this last check. Provider trouble leaves it pending for the next poll.
 */
export async function refreshPayment(ctx: ServiceContext, paymentId: number, deps: PaymentsDeps = {}): Promise<void> {
  const payment = await findPayment(ctx, paymentId)
  if (!payment || payment.method === 'cod') return
  if (payment.status !== 'pending') return
  const provider = providersOf(deps)[payment.method]
  const now = nowOf(deps)
  let status: ProviderStatus
  try {
    status = await provider.status(payment.reference, payment.providerTransactionId ?? undefined, payment.amount)
  } catch (error) {
    await recordPaymentEvent(ctx, payment.id, 'error', {
      message: error instanceof Error ? error.message : String(error),
    })
    await updatePendingPayment(ctx, payment.id, { checkedAt: now })
    if (payment.expiresAt <= now) await applyOutcome(ctx, payment.id, { state: 'pending', raw: null }, deps, true)
    return
  }
  await recordPaymentEvent(ctx, payment.id, 'status', status.raw)
  await updatePendingPayment(ctx, payment.id, {
    checkedAt: now,
    ...(status.providerTransactionId ? { providerTransactionId: status.providerTransactionId } : {}),
  })
  await applyOutcome(ctx, payment.id, status, deps, payment.expiresAt <= now)
}

/**
 * Applies a provider's answer to an attempt and its order, in one transaction. Returns after any refund the
 * answer calls for has been asked for.
 */
async function applyOutcome(
  ctx: ServiceContext,
  paymentId: number,
  status: Pick<ProviderStatus, 'state' | 'reason' | 'providerTransactionId'> & { raw: unknown },
  deps: PaymentsDeps,
  expired = false,
): Promise<void> {
  const refund = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const payment = await findPayment(t, paymentId, true)
    if (!payment) return false
    if (status.state === 'pending') {
      if (!expired || payment.status !== 'pending') return false
      await settlePayment(t, payment.id, { status: 'expired', reason: 'EXPIRED' })
      await releaseIfNothingPending(t, payment.orderId, payment.id)
      await tellPaymentFailed(t, payment.orderId, payment.id, 'expired')
      return false
    }
    if (status.state === 'failed') {
      if (!(await settlePayment(t, payment.id, { status: 'failed', reason: status.reason ?? 'FAILED' }))) return false
      await releaseIfNothingPending(t, payment.orderId, payment.id)
      await tellPaymentFailed(t, payment.orderId, payment.id, failureKindOf(status.reason ?? 'FAILED'))
      return false
    }
    // Succeeded: the money was taken. It pays the order if the order still waits for it; otherwise it goes back.
    const settled =
      (await settlePayment(t, payment.id, {
        status: 'succeeded',
        providerTransactionId: status.providerTransactionId,
      })) || (await reviveLateSuccess(t, payment.id, status.providerTransactionId))
    if (!settled) return false
    const order = await findOrder(t, payment.orderId, true)
    if (!order) return false
    // The money came in either way; a payment that pays no order is owed back (docs/ledger.md).
    const unapplied = { paymentId: payment.id, orderId: order.id, amount: payment.amount }
    if (order.status !== 'pending_payment') {
      await postPaymentUnapplied(t, unapplied)
      return true
    }
    if (!order.stockReserved) {
      const reserved = await reserveStock(t, await getOrderStockLines(t, order.id))
      if (!reserved.ok) {
        await cancelOrderInTransaction(t, order, { actor: 'payments', reason: 'out_of_stock_after_payment' })
        await postPaymentUnapplied(t, unapplied)
        return true
      }
      await setStockReserved(t, order.id, true)
    }
    await transitionOrder(t, order.id, 'paid', { actor: 'payments', data: { paymentId: payment.id } })
    await postPaymentReceived(t, {
      paymentId: payment.id,
      orderId: order.id,
      amount: payment.amount,
      deliveryFee: order.deliveryFee,
      placedAt: order.placedAt,
      vendorOrders: await listVendorOrderAmounts(t, order.id),
    })
    const released = await releaseOrderToVendors(t, order.id)
    await notifyCustomer(t, order.id, 'paid')
    await notifyVendorsOfNewOrder(t, order.id, released)
    return false
  })
  if (refund) await startRefund(ctx, paymentId, deps)
}

/** The customer is told an attempt failed, in words, while the order still waits for a payment. */
async function tellPaymentFailed(
  ctx: ServiceContext,
  orderId: number,
  paymentId: number,
  failure: FailureKind,
): Promise<void> {
  const order = await findOrder(ctx, orderId)
  if (order?.status !== 'pending_payment' || (await hasPendingPayment(ctx, orderId, paymentId))) return
  await notifyCustomer(ctx, orderId, 'paymentFailed', { failure })
}

/** A failed or expired attempt gives the units back, unless another attempt for the order is still waiting. */
async function releaseIfNothingPending(ctx: ServiceContext, orderId: number, paymentId: number): Promise<void> {
  const order = await findOrder(ctx, orderId, true)
  if (order?.status !== 'pending_payment' || !order.stockReserved) return
  if (await hasPendingPayment(ctx, orderId, paymentId)) return
  await releaseStock(ctx, await getOrderStockLines(ctx, orderId))
  await setStockReserved(ctx, orderId, false)
}

/**
 * Cancels an order inside a transaction: vendor orders, stock back, the customer told. `why` is the customer's
 * reason (and note), kept with the order's history. The refund of a paid order starts after the commit
 * (`refundOrderPayments`).
 */
export async function cancelOrderInTransaction(
  ctx: ServiceContext,
  order: OrderRow,
  change: { actor: string; reason: string; why?: { reason: CancelReason; note: string | null }; note?: string },
): Promise<void> {
  // What the vendors were shown and not yet cancelled: they are told not to send it.
  const shown = (await lockVendorOrdersOf(ctx, order.id)).filter((vo) => vo.releasedAt && vo.status !== 'cancelled')
  const stock = order.stockReserved ? await getOrderStockLines(ctx, order.id, { skipCancelled: true }) : []
  await transitionOrder(ctx, order.id, 'cancelled', {
    actor: change.actor,
    cancelReason: change.reason,
    note: change.why?.note ?? change.note ?? undefined,
    data: change.why ? { reason: change.why.reason } : undefined,
  })
  await cancelVendorOrders(ctx, order.id, change.actor)
  if (order.stockReserved) {
    await releaseStock(ctx, stock)
    await setStockReserved(ctx, order.id, false)
  }
  await notifyVendorsOfCancellation(ctx, order.id, {
    vendorOrderIds: shown.map((vo) => vo.id),
    by: change.actor.startsWith('staff:') ? 'staff' : 'customer',
    reason: change.note ?? null,
  })
  for (const p of await listOrderPayments(ctx, order.id)) {
    if (p.method === 'cod' && p.status === 'pending')
      await settlePayment(ctx, p.id, { status: 'failed', reason: 'CANCELLED' })
  }
  await notifyCustomer(ctx, order.id, 'cancelled')
}

/**
 * A refund staff make (`startRefund`'s fourth argument): `amount` francs of the payment, or of one vendor's part
 * (`vendorOrderId`: its ledger lines alone are reversed). `reference` is the form's UUIDv4: the same form sent
 * twice finds the refund it made the first time.
 */
export type StaffRefund = {
  amount: number
  reference: string
  reason: string
  actor: string
  vendorOrderId?: number | null
  /** The part of `amount` that gives back the delivery fee, and who bears it (a return). */
  delivery?: RefundDelivery
  /** Cash on delivery: the customer's MoMo or Airtel Money number to send it to (else the order's phone). */
  payeePhone?: string | null
  /** Isoko pays it as a goodwill cost (a dispute's decision): the store's payable is not touched. */
  platformBears?: boolean
}

export type RefundOutcome =
  | { ok: true; refund?: PaymentRefundRow; duplicate?: boolean }
  | { ok: false; code: 'not_found' | 'not_refundable' | 'invalid' }
  | { ok: false; code: 'too_much'; left: number }

/**
 * Asks the provider to return a succeeded attempt's money. Without `staff`: what is left of it, once (the
 * cancel of a paid order). With `staff`: that amount, as many times as staff ask while something is left; cash on
 * delivery is recorded `to_send` (a mobile-money disbursement to the customer's number: `sendCashRefund`).
 */
export async function startRefund(
  ctx: ServiceContext,
  paymentId: number,
  deps: PaymentsDeps = {},
  staff?: StaffRefund,
): Promise<RefundOutcome> {
  if (staff) return startStaffRefund(ctx, paymentId, staff, deps)
  const refundReference = crypto.randomUUID()
  const payment = await findPayment(ctx, paymentId)
  if (!payment || payment.method === 'cod') return { ok: false, code: 'not_refundable' }
  const left = payment.amount - (await refundedSoFar(ctx, payment))
  if (left <= 0) return { ok: false, code: 'not_refundable' }
  if (!(await startRefundRecord(ctx, paymentId, refundReference, left))) return { ok: false, code: 'not_refundable' }
  try {
    const answer = await providersOf(deps)[payment.method].refund({
      reference: payment.reference,
      providerTransactionId: payment.providerTransactionId ?? undefined,
      amount: left,
      refundReference,
    })
    await recordPaymentEvent(ctx, paymentId, 'refund', answer.raw)
    if (answer.providerTransactionId) await setRefundProviderId(ctx, paymentId, answer.providerTransactionId)
    if (answer.state !== 'pending') await applyRefundOutcome(ctx, paymentId, answer.state)
  } catch (error) {
    // The refund stays pending: the poller asks again (refundStatus), and staff see the error in the console.
    await recordPaymentEvent(ctx, paymentId, 'error', {
      refund: true,
      message: error instanceof Error ? error.message : String(error),
    })
  }
  return { ok: true }
}

async function applyRefundOutcome(
  ctx: ServiceContext,
  paymentId: number,
  state: 'succeeded' | 'failed',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const payment = await findPayment(t, paymentId, true)
    if (!payment || !(await settleRefund(t, paymentId, state))) return
    if (state !== 'succeeded') return
    // The money went back: the payment's posting is reversed for what this refund returned.
    await postRefund(t, {
      paymentId,
      refundKey: payment.refundReference ?? `payment:${paymentId}`,
      amount: payment.refundAmount ?? payment.amount,
    })
    await settleRefundedOrder(t, payment.orderId, paymentId)
  })
}

/** A cancelled order whose online payments all came back whole becomes refunded (the customer is told). */
async function settleRefundedOrder(ctx: ServiceContext, orderId: number, paymentId: number): Promise<void> {
  const order = await findOrder(ctx, orderId, true)
  if (order?.status !== 'cancelled') return
  for (const p of await listOrderPayments(ctx, order.id)) {
    if (p.status !== 'succeeded' || p.method === 'cod') continue
    const back =
      (p.refundStatus === 'succeeded' ? (p.refundAmount ?? p.amount) : 0) +
      (await listOrderRefunds(ctx, order.id))
        .filter((r) => r.paymentId === p.id && r.status === 'succeeded')
        .reduce((sum, r) => sum + r.amount, 0)
    if (back < p.amount) return
  }
  await transitionOrder(ctx, order.id, 'refunded', { actor: 'payments', data: { paymentId } })
  await notifyCustomer(ctx, order.id, 'refunded')
}

async function startStaffRefund(
  ctx: ServiceContext,
  paymentId: number,
  staff: StaffRefund,
  deps: PaymentsDeps,
): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(staff.amount) || staff.amount <= 0) return { ok: false, code: 'invalid' }
  const earlier = await findPaymentRefundByReference(ctx, staff.reference)
  if (earlier) return { ok: true, refund: earlier, duplicate: true }
  const made = await ctx.db.transaction((tx) => recordStaffRefund({ db: tx }, paymentId, staff))
  if (!made.ok) return made
  if (made.duplicate || !made.refund) return made
  await sendStaffRefund(ctx, made.refund.id, deps)
  return { ok: true, refund: (await findPaymentRefund(ctx, made.refund.id)) ?? made.refund }
}

/**
 * Records a staff refund in the caller's transaction (a return's or a dispute's step commits with it): the row is
 * the promise to send it. `sendStaffRefund` sends it once the transaction has committed; a refund a crash left
 * unsent is sent by the sweep (`sweepPayments`), with the same reference, so the provider takes it once.
 */
export async function recordStaffRefund(
  t: ServiceContext,
  paymentId: number,
  staff: StaffRefund,
): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(staff.amount) || staff.amount <= 0) return { ok: false, code: 'invalid' }
  const payment = await findPayment(t, paymentId, true)
  if (!payment) return { ok: false, code: 'not_found' }
  // A second submit of the same form waited on the payment's lock: it finds the refund the first one made.
  const again = await findPaymentRefundByReference(t, staff.reference)
  if (again) return { ok: true, refund: again, duplicate: true }
  if (payment.status !== 'succeeded') return { ok: false, code: 'not_refundable' }
  const left = payment.amount - (await refundedSoFar(t, payment))
  if (staff.amount > left) return { ok: false, code: 'too_much', left: Math.max(0, left) }
  const order = await findOrder(t, payment.orderId, true)
  if (!order) return { ok: false, code: 'not_found' }
  const cash = payment.method === 'cod'
  const refund = await createPaymentRefund(t, {
    paymentId,
    orderId: order.id,
    vendorOrderId: staff.vendorOrderId ?? null,
    reference: staff.reference,
    amount: staff.amount,
    reason: staff.reason,
    actor: staff.actor,
    payeePhone: cash ? (staff.payeePhone ?? order.phone) : null,
    deliveryAmount: staff.delivery?.amount ?? 0,
    deliveryBorneBy: staff.delivery && staff.delivery.amount > 0 ? staff.delivery.bearer : null,
    platformBears: staff.platformBears ?? false,
    status: cash ? 'to_send' : 'pending',
  })
  await recordOrderEvent(t, {
    orderId: order.id,
    vendorOrderId: staff.vendorOrderId ?? null,
    actor: staff.actor,
    note: staff.reason,
    data: { refund: refund.id, amount: staff.amount, status: refund.status },
  })
  if (cash) {
    await notifyCustomer(t, order.id, 'cashRefund', { amount: staff.amount })
    await notifyVendorsOfStaffAction(t, order.id, { action: 'refunded', amount: staff.amount })
  }
  return { ok: true, refund, duplicate: false }
}

/**
 * Sends a recorded staff refund: cash on delivery as a mobile-money transfer, else the provider's refund call. An
 * online refund whose call fails stays pending: the sweep asks the provider again.
 */
export async function sendStaffRefund(ctx: ServiceContext, refundId: number, deps: PaymentsDeps = {}): Promise<void> {
  const refund = await findPaymentRefund(ctx, refundId)
  const payment = refund ? await findPayment(ctx, refund.paymentId) : undefined
  if (!refund || !payment) return
  if (payment.method === 'cod') return sendCashRefund(ctx, refund.id, deps)
  if (refund.status !== 'pending') return
  try {
    const answer = await providersOf(deps)[payment.method].refund({
      reference: payment.reference,
      providerTransactionId: payment.providerTransactionId ?? undefined,
      amount: refund.amount,
      refundReference: refund.reference,
    })
    await recordPaymentEvent(ctx, payment.id, 'refund', { refundId: refund.id, answer: answer.raw ?? null })
    await updatePaymentRefund(ctx, refund.id, {
      checkedAt: nowOf(deps),
      ...(answer.providerTransactionId ? { providerRefundId: answer.providerTransactionId } : {}),
    })
    if (answer.state !== 'pending') await applyStaffRefundOutcome(ctx, refund.id, answer.state)
  } catch (error) {
    // It stays pending: the sweep asks the provider again (followStaffRefund).
    await recordPaymentEvent(ctx, payment.id, 'error', {
      refund: refund.id,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/** A staff refund's final answer: the ledger reversed for it and the customer told (or, failed, nothing moves). */
async function applyStaffRefundOutcome(
  ctx: ServiceContext,
  refundId: number,
  state: 'succeeded' | 'failed',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const refund = await findPaymentRefund(t, refundId, true)
    if (!refund || !(await settlePaymentRefund(t, refundId, state))) return
    // A return's or a dispute's refund: its return learns the outcome (refunded, or still waiting for money).
    await settleReturnRefund(t, { reference: refund.reference, state })
    await recordOrderEvent(t, {
      orderId: refund.orderId,
      vendorOrderId: refund.vendorOrderId,
      actor: 'payments',
      note: state === 'succeeded' ? 'refund_succeeded' : 'refund_failed',
      data: { refund: refund.id, amount: refund.amount },
    })
    if (state !== 'succeeded') return
    const scope = {
      paymentId: refund.paymentId,
      refundKey: `staff:${refund.reference}`,
      amount: refund.amount,
      vendorOrderIds: refund.vendorOrderId ? [refund.vendorOrderId] : undefined,
      delivery:
        refund.deliveryAmount > 0 && refund.deliveryBorneBy
          ? { amount: refund.deliveryAmount, bearer: refund.deliveryBorneBy }
          : undefined,
    }
    const cash = (await findPayment(t, refund.paymentId))?.method === 'cod'
    if (refund.platformBears) {
      await postGoodwillRefund(t, { ...scope, orderId: refund.orderId, cash })
    } else if (cash) {
      // Cash on delivery: the money went by mobile money to the customer; the cash sale is reversed, not a payment.
      await postCashRefund(t, { ...scope, orderId: refund.orderId })
    } else {
      await postRefund(t, scope)
    }
    await notifyCustomer(t, refund.orderId, 'refundedPart', { amount: refund.amount })
    await notifyVendorsOfStaffAction(t, refund.orderId, {
      vendorOrderIds: refund.vendorOrderId ? [refund.vendorOrderId] : undefined,
      action: 'refunded',
      amount: refund.amount,
    })
    await settleRefundedOrder(t, refund.orderId, refund.paymentId)
  })
}

/** Asks the provider how a staff refund stands and applies a final answer. */
async function followStaffRefund(ctx: ServiceContext, refund: PaymentRefundRow, deps: PaymentsDeps): Promise<void> {
  const payment = await findPayment(ctx, refund.paymentId)
  if (!payment) return
  if (payment.method === 'cod') return followCashRefund(ctx, refund, deps)
  await updatePaymentRefund(ctx, refund.id, { checkedAt: nowOf(deps) })
  try {
    const answer = await providersOf(deps)[payment.method].refundStatus(
      refund.reference,
      refund.providerRefundId ?? undefined,
    )
    await recordPaymentEvent(ctx, payment.id, 'refund_status', { refundId: refund.id, answer: answer.raw ?? null })
    if (answer.state !== 'pending') await applyStaffRefundOutcome(ctx, refund.id, answer.state)
  } catch (error) {
    await recordPaymentEvent(ctx, payment.id, 'error', {
      refund: refund.id,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/** The mobile-money network of a customer's number: MoMo for MTN numbers, Airtel Money for Airtel's. */
function walletOf(phone: string): 'momo' | 'airtel' | null {
  const operator = operatorOf(phone)
  return operator === 'mtn' ? 'momo' : operator
}

/**
 * Sends a cash-on-delivery refund (`to_send`) to the customer's number as a mobile-money transfer (MoMo
 * Disbursement or Airtel disbursement), its reference the refund's: it becomes `pending`, and the transfer's final
 * status settles it as an online refund is settled (the ledger's `cash_refund`, the customer and the stores told).
 * A transfer that cannot be asked for now stays pending and the sweep asks again with the same reference, which the
 * provider takes once. No callback: the sweep follows it (`followCashRefund`).
 */
export async function sendCashRefund(ctx: ServiceContext, refundId: number, deps: PaymentsDeps = {}): Promise<void> {
  const refund = await findPaymentRefund(ctx, refundId)
  if (!refund?.payeePhone) return
  if (!(await markCashRefundSending(ctx, refund.id, nowOf(deps)))) return
  await transferCashRefund(ctx, refund, deps)
}

async function transferCashRefund(ctx: ServiceContext, refund: PaymentRefundRow, deps: PaymentsDeps): Promise<void> {
  const wallet = refund.payeePhone ? walletOf(refund.payeePhone) : null
  if (!wallet || !refund.payeePhone) {
    // Not a MoMo or Airtel number: nothing can be sent to it; staff see the refund failed and refund another way.
    await recordPaymentEvent(ctx, refund.paymentId, 'error', { refund: refund.id, message: 'no mobile-money wallet' })
    await applyStaffRefundOutcome(ctx, refund.id, 'failed')
    return
  }
  const order = await findOrder(ctx, refund.orderId)
  try {
    const answer = await disbursementsOf(deps)[wallet].transfer({
      reference: refund.reference,
      amount: refund.amount,
      phone: refund.payeePhone,
      note: `Isoko refund ${order?.number ?? ''}`.trim(),
    })
    await recordPaymentEvent(ctx, refund.paymentId, 'refund', { refundId: refund.id, answer: answer.raw ?? null })
    if (answer.state !== 'pending') await applyStaffRefundOutcome(ctx, refund.id, answer.state)
  } catch (error) {
    await recordPaymentEvent(ctx, refund.paymentId, 'error', {
      refund: refund.id,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/** Asks the transfer's provider how a cash refund stands; one it never received is asked for again. */
async function followCashRefund(ctx: ServiceContext, refund: PaymentRefundRow, deps: PaymentsDeps): Promise<void> {
  const wallet = refund.payeePhone ? walletOf(refund.payeePhone) : null
  if (!wallet) return transferCashRefund(ctx, refund, deps)
  await updatePaymentRefund(ctx, refund.id, { checkedAt: nowOf(deps) })
  try {
    const answer = await disbursementsOf(deps)[wallet].transferStatus(refund.reference)
    await recordPaymentEvent(ctx, refund.paymentId, 'refund_status', {
      refundId: refund.id,
      answer: answer.raw ?? null,
    })
    if (answer.state === 'unknown') await transferCashRefund(ctx, refund, deps)
    else if (answer.state !== 'pending') await applyStaffRefundOutcome(ctx, refund.id, answer.state)
  } catch (error) {
    await recordPaymentEvent(ctx, refund.paymentId, 'error', {
      refund: refund.id,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

export type CallbackOutcome = 'accepted' | 'rejected' | 'unknown'

/** A provider's callback or webhook: verified, stored, then the status call decides (never the callback body). */
export async function handlePaymentCallback(
  ctx: ServiceContext,
  method: OnlineMethod,
  callback: IncomingCallback,
  deps: PaymentsDeps = {},
): Promise<CallbackOutcome> {
  const verified = providersOf(deps)[method].verifyCallback(callback)
  if (!verified) return 'rejected'
  const payment = await findPaymentByReference(ctx, verified.reference)
  if (!payment || payment.method !== method) return 'unknown'
  await recordPaymentEvent(ctx, payment.id, 'callback', verified.raw)
  if (verified.providerTransactionId && !payment.providerTransactionId) {
    await updatePendingPayment(ctx, payment.id, { providerTransactionId: verified.providerTransactionId })
  }
  await recheck(ctx, payment, deps)
  return 'accepted'
}

/** The card's return page: its query is not trusted, it only tells us to ask the provider now. */
export async function handleCardReturn(
  ctx: ServiceContext,
  input: { customerId: number; orderNumber: string; query: Record<string, string> },
  deps: PaymentsDeps = {},
): Promise<'ok' | 'not_found'> {
  const order = await findOrderByNumber(ctx, input.orderNumber)
  if (!order || order.customerId !== input.customerId) return 'not_found'
  const payment = input.query.tx_ref ? await findPaymentByReference(ctx, input.query.tx_ref) : null
  if (!payment || payment.orderId !== order.id) return 'ok'
  await recordPaymentEvent(ctx, payment.id, 'return', input.query)
  if (input.query.transaction_id && !payment.providerTransactionId && /^\d{1,20}$/.test(input.query.transaction_id)) {
    await updatePendingPayment(ctx, payment.id, { providerTransactionId: input.query.transaction_id })
  }
  await recheck(ctx, payment, deps)
  return 'ok'
}

/** Re-checks an attempt, including one already given up (a success after expiry must not be lost). */
async function recheck(ctx: ServiceContext, payment: PaymentRow, deps: PaymentsDeps): Promise<void> {
  if (payment.status === 'pending') return refreshPayment(ctx, payment.id, deps)
  if (payment.status === 'succeeded' || payment.method === 'cod') return
  try {
    const fresh = await findPayment(ctx, payment.id)
    const status = await providersOf(deps)[payment.method].status(
      payment.reference,
      fresh?.providerTransactionId ?? undefined,
      payment.amount,
    )
    await recordPaymentEvent(ctx, payment.id, 'status', status.raw)
    if (status.state === 'succeeded') await applyOutcome(ctx, payment.id, status, deps)
  } catch (error) {
    await recordPaymentEvent(ctx, payment.id, 'error', {
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/** The waiting page asks: refresh the attempt when it was not checked in the last `minAgeMs`. */
export async function refreshIfStale(
  ctx: ServiceContext,
  payment: PaymentRow,
  minAgeMs = 2000,
  deps: PaymentsDeps = {},
): Promise<void> {
  if (payment.status !== 'pending' || payment.method === 'cod') return
  const now = nowOf(deps).getTime()
  if (payment.checkedAt && now - payment.checkedAt.getTime() < minAgeMs) return
  await refreshPayment(ctx, payment.id, deps)
}

export type CancelOutcome =
  | { ok: true; requested?: true }
  | { ok: false; code: 'not_found' | 'not_cancellable' | 'requested' }

/**
 * The customer cancels, with a reason. While nothing is packed the order is cancelled at once: stock back, and the
 * money back if it was paid. Once a part is packed, each packed part's vendor is asked instead (and told); the
 * order is cancelled when all of them accept (`answerCancellationRequest`). Once anything left a vendor, or a
 * request was already made, it is `not_cancellable` (`requested` when the request is still waiting: a double
 * submit or a reload of the form).
 */
export async function cancelOrderForCustomer(
  ctx: ServiceContext,
  input: { customerId: number; orderNumber: string; reason: CancelReason; note?: string | null },
  deps: PaymentsDeps = {},
): Promise<CancelOutcome> {
  const found = await findOrderByNumber(ctx, input.orderNumber)
  if (!found || found.customerId !== input.customerId) return { ok: false, code: 'not_found' }
  const why = { reason: input.reason, note: input.note?.trim() || null }
  const outcome = await ctx.db.transaction(async (tx): Promise<CancelOutcome> => {
    const t = { db: tx }
    const order = await findOrder(t, found.id, true)
    if (!order) return { ok: false, code: 'not_found' }
    const parts = await lockVendorOrdersOf(t, order.id)
    const asked = await listCancellations(t, order.id)
    const path = cancelPath(
      order.status,
      parts.map((p) => ({
        status: p.status,
        cancellation: asked.find((c) => c.vendorOrderId === p.id)?.status ?? null,
      })),
    )
    if (path === null) {
      return asked.some((c) => c.status === 'requested')
        ? { ok: false, code: 'requested' }
        : { ok: false, code: 'not_cancellable' }
    }
    if (path === 'request') {
      const packed = parts.filter((p) => p.status === 'packed').map((p) => p.id)
      const made = await createCancellationRequests(t, { orderId: order.id, vendorOrderIds: packed, ...why })
      await notifyVendorsOfCancelRequest(
        t,
        order.id,
        made.map((r) => r.vendorOrderId),
      )
      return { ok: true, requested: true }
    }
    await cancelOrderInTransaction(t, order, { actor: 'customer', reason: 'customer', why })
    return { ok: true }
  })
  if (outcome.ok && !outcome.requested) await refundOrderPayments(ctx, found.id, deps)
  return outcome
}

/**
 * Starts the refund of what is left of every succeeded online payment of a cancelled order (after the cancel's
 * commit). When staff had already given it all back, the order becomes refunded now.
 */
export async function refundOrderPayments(ctx: ServiceContext, orderId: number, deps: PaymentsDeps = {}) {
  let started = false
  for (const p of await listOrderPayments(ctx, orderId)) {
    if (p.status === 'succeeded' && p.method !== 'cod') started = (await startRefund(ctx, p.id, deps)).ok || started
  }
  if (!started) {
    const paid = (await listOrderPayments(ctx, orderId)).find((p) => p.status === 'succeeded' && p.method !== 'cod')
    if (paid) await ctx.db.transaction((tx) => settleRefundedOrder({ db: tx }, orderId, paid.id))
  }
}

/**
 * One round of background work: poll attempts not heard of lately (recovers lost callbacks, expires the
 * unanswered), follow refunds, and cancel unpaid orders whose time is up. Safe to run on several servers at once:
 * each row is claimed (FOR UPDATE SKIP LOCKED, with a lease) before the provider is asked about it, so no two
 * sweeps poll it in one round, and every outcome is still applied once under the attempt's row lock.
 */
/** How old a recorded refund no provider has answered must be before the sweep sends it (not one just being sent). */
const UNSENT_REFUND_AFTER_MS = 60_000

export async function sweepPayments(
  ctx: ServiceContext,
  deps: PaymentsDeps & { pollAfterMs?: number; limit?: number; batch?: number } = {},
): Promise<{ polled: number; refunds: number; cancelled: number }> {
  const now = nowOf(deps)
  const checkedBefore = new Date(now.getTime() - (deps.pollAfterMs ?? 5000))
  const polled = await eachClaimed(
    (exclude, limit) => claimPaymentsToPoll(ctx, { now, checkedBefore, exclude, limit }),
    (p) => refreshPayment(ctx, p.id, deps),
    ctx,
    deps,
  )
  const refunds = await eachClaimed(
    (exclude, limit) => claimPendingRefunds(ctx, { now, checkedBefore, exclude, limit }),
    (p) => followRefund(ctx, p, deps),
    ctx,
    { ...deps, checkedAt: now },
  )
  // Refunds recorded with a return's or a dispute's step whose sending a crash cut off (never answered by the
  // provider, a minute old): sent now, with their own reference, before the pending ones are asked about.
  const createdBefore = new Date(now.getTime() - UNSENT_REFUND_AFTER_MS)
  for (const r of await listUnsentPaymentRefunds(ctx, { createdBefore, limit: deps.limit ?? 50 })) {
    await sendStaffRefund(ctx, r.id, deps)
    // Asked once: from now on the provider is asked how it stands (a refund call is never repeated).
    if ((await findPaymentRefund(ctx, r.id))?.checkedAt == null)
      await updatePaymentRefund(ctx, r.id, { checkedAt: now })
  }
  for (const r of await listPendingPaymentRefunds(ctx, { checkedBefore, limit: deps.limit ?? 50 })) {
    await followStaffRefund(ctx, r, deps)
  }
  // No outside call here: the order's row lock and its status decide, so a second server's try changes nothing.
  let cancelled = 0
  for (const orderId of await listOverdueUnpaidOrders(ctx, now)) {
    const done = await ctx.db.transaction(async (tx) => {
      const t = { db: tx }
      const order = await findOrder(t, orderId, true)
      if (order?.status !== 'pending_payment') return false
      if (await hasPendingPayment(t, orderId)) return false
      await cancelOrderInTransaction(t, order, { actor: 'system', reason: 'payment_expired' })
      return true
    })
    if (done) cancelled++
  }
  return { polled, refunds, cancelled }
}

/**
 * Claims due rows a batch at a time (a short batch keeps the lease ahead of slow providers), handles each, and
 * releases it. Rows handled this round are not claimed again in it. Returns how many were handled.
 */
async function eachClaimed(
  claim: (exclude: number[], limit: number) => Promise<PaymentRow[]>,
  handle: (payment: PaymentRow) => Promise<void>,
  ctx: ServiceContext,
  options: { limit?: number; batch?: number; checkedAt?: Date },
): Promise<number> {
  const limit = options.limit ?? 50
  const seen: number[] = []
  while (seen.length < limit) {
    const claimed = await claim(seen, Math.min(options.batch ?? 10, limit - seen.length))
    if (claimed.length === 0) break
    try {
      for (const p of claimed) {
        seen.push(p.id)
        try {
          await handle(p)
        } finally {
          await releasePaymentClaim(ctx, p, options.checkedAt)
        }
      }
    } finally {
      // A failure leaves the rest of the batch to the next round rather than to the lease's end.
      for (const p of claimed) if (!seen.includes(p.id)) await releasePaymentClaim(ctx, p)
    }
  }
  return seen.length
}

/** Asks the provider how a refund stands and applies a final answer. */
async function followRefund(ctx: ServiceContext, p: PaymentRow, deps: PaymentsDeps): Promise<void> {
  if (p.method === 'cod' || !p.refundReference) return
  try {
    const answer = await providersOf(deps)[p.method].refundStatus(p.refundReference, p.refundProviderId ?? undefined)
    await recordPaymentEvent(ctx, p.id, 'refund_status', answer.raw)
    if (answer.state !== 'pending') await applyRefundOutcome(ctx, p.id, answer.state)
  } catch (error) {
    await recordPaymentEvent(ctx, p.id, 'error', {
      refund: true,
      message: error instanceof Error ? error.message : String(error),
    })
  }
}

/**
 * Runs `sweepPayments` every `everyMs` in this process. Returns a stop function that resolves once a round under
 * way has finished, so its claims are given back before the database connection closes.
 */
/** Where the worker's pauses between rounds come from: Node's timers, or in tests a clock the test moves on. */
export type WorkerClock = {
  setTimeout(run: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const nodeTimers: WorkerClock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export function startPaymentsWorker(
  getCtx: () => ServiceContext,
  options: {
    everyMs?: number
    onError?: (error: unknown) => void
    deps?: Parameters<typeof sweepPayments>[1]
    clock?: WorkerClock
  } = {},
): () => Promise<void> {
  const clock = options.clock ?? nodeTimers
  let stopped = false
  let timer: unknown
  let round: Promise<void> | undefined
  const tick = async () => {
    try {
      await sweepPayments(getCtx(), options.deps)
    } catch (error) {
      options.onError?.(error)
    }
    if (!stopped) timer = clock.setTimeout(run, options.everyMs ?? 3000)
  }
  // The round is returned for a test's clock, which waits for it; Node's timers ignore it.
  const run = () => {
    round = tick()
    return round
  }
  timer = clock.setTimeout(run, options.everyMs ?? 3000)
  return async () => {
    stopped = true
    if (timer !== undefined) clock.clearTimeout(timer)
    await round
  }
}
