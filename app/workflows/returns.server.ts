import type { ServiceContext } from '#app/lib/context.server.ts'
import { operatorOf } from '#app/modules/accounts/accounts.schemas.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { getReturnWindows } from '#app/modules/catalog/return-windows.server.ts'
import { releaseStock, reserveStock } from '#app/modules/catalog/stock.server.ts'
import { getPurchasableVariantsOf, type PurchasableVariant } from '#app/modules/catalog/variants.server.ts'
import { type StoreUploadOptions, storeUploadedImage, type UploadRefusal } from '#app/modules/images/uploads.server.ts'
import {
  findCustomerOrder,
  findOrder,
  findOrderDetail,
  findOrderIdOfVendorOrder,
  findVendorOrder,
  lockVendorOrdersOf,
  type OrderDetail,
  type OrderLineView,
  type VendorOrderView,
} from '#app/modules/orders/orders.server.ts'
import {
  findPaymentRefundByReference,
  listOrderPayments,
  listOrderRefunds,
  type PartRefundStatus,
  type PaymentRow,
  refundedSoFar,
} from '#app/modules/payments/payments.server.ts'
import {
  ANSWER_BUSINESS_DAYS,
  addBusinessDays,
  DISPUTE_KINDS_BY,
  type DisputeKind,
  FINAL_RETURN_STATUSES,
  RETURN_NOTE_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  type ReturnMethod,
  type ReturnReason,
  type ReturnResolution,
  returnRefundAmounts,
} from '#app/modules/returns/return-status.ts'
import {
  addDisputeMessage,
  claimOverdueReturns,
  createDispute,
  createReturn,
  type DisputeMessageRow,
  type DisputeRow,
  decideDisputeRow,
  findDispute,
  findOpenDispute,
  findReturn,
  listDisputeMessages,
  listDisputesOfOrder,
  listReturnsOfOrder,
  markReturnEscalated,
  type ReturnRow,
  type ReturnView,
  recordReturnNote,
  returnedUnits,
  setReturnRefund,
  transitionReturn,
} from '#app/modules/returns/returns.server.ts'
import { tradingStoreOf } from './fulfilment.server.ts'
import { deleteUnusedImages } from './images.server.ts'
import { type PaymentsDeps, recordStaffRefund, sendStaffRefund } from './payments.server.ts'
import { notifyReturn } from './return-notifications.server.ts'

// Returns and disputes across modules (issue 15): a customer asks to return units of a delivered line within its
// window; the store accepts (and says how it comes back) or refuses; it marks the parcel received, which puts the
// units back in stock (unless unsellable) and refunds them through the payment's own provider (cash on delivery:
// a MoMo or Airtel transfer to the number the customer gave), or sends the replacement; staff decide disputes.
// Every refusal a person can cause comes back as a value (STYLE.md point 10).

export type ReturnsDeps = PaymentsDeps

const nowOf = (deps: { now?: Date }) => deps.now ?? new Date()

export type ReturnRefusal =
  | 'not_found'
  | 'not_delivered'
  | 'no_returns'
  | 'window_closed'
  | 'nothing_left'
  | 'invalid'
  | 'illegal'
  | 'replacement_unavailable'
  | 'no_wallet'
  | 'forbidden'
  | 'already'
  | 'too_much'
  | 'not_refundable'

type Refused = { ok: false; code: ReturnRefusal; left?: number }

/** What a customer may return of one line of their order, and the choices the form offers. */
export type ReturnOptions = {
  order: OrderDetail
  vendorOrder: VendorOrderView
  line: OrderLineView
  windowDays: number
  deadline: Date
  unitsLeft: number
  /** Other sizes or colours of the same product, in stock now (a replacement). */
  replacements: PurchasableVariant[]
  cash: boolean
}

/** Whether a delivered line can still be returned, and how; the refusal says why not. */
export async function getReturnOptions(
  ctx: ServiceContext,
  input: { customerId: number; orderNumber: string; lineId: number },
  deps: { now?: Date } = {},
): Promise<{ ok: true; options: ReturnOptions } | Refused> {
  const order = await findCustomerOrder(ctx, input.customerId, input.orderNumber)
  if (!order) return { ok: false, code: 'not_found' }
  const vendorOrder = order.vendorOrders.find((v) => v.lines.some((l) => l.id === input.lineId))
  const line = vendorOrder?.lines.find((l) => l.id === input.lineId)
  if (!vendorOrder || !line) return { ok: false, code: 'not_found' }
  if (vendorOrder.status !== 'delivered' || !vendorOrder.deliveredAt) return { ok: false, code: 'not_delivered' }
  const windowDays =
    line.productId === null ? 0 : ((await getReturnWindows(ctx, [line.productId])).get(line.productId) ?? 0)
  if (windowDays <= 0) return { ok: false, code: 'no_returns' }
  const deadline = new Date(vendorOrder.deliveredAt.getTime() + windowDays * 86_400_000)
  if (nowOf(deps) > deadline) return { ok: false, code: 'window_closed' }
  const unitsLeft = line.quantity - ((await returnedUnits(ctx, [line.id])).get(line.id) ?? 0)
  if (unitsLeft <= 0) return { ok: false, code: 'nothing_left' }
  const replacements =
    line.productId === null
      ? []
      : (await getPurchasableVariantsOf(ctx, line.productId)).filter((v) => v.id !== line.variantId && v.stock > 0)
  return {
    ok: true,
    options: {
      order,
      vendorOrder,
      line,
      windowDays,
      deadline,
      unitsLeft,
      replacements,
      cash: order.paymentMethod === 'cod',
    },
  }
}

export type ReturnRequestInput = {
  customerId: number
  orderNumber: string
  lineId: number
  quantity: number
  reason: ReturnReason
  note: string | null
  resolution: ReturnResolution
  replacementVariantId: number | null
  /** Cash on delivery: where the refund is sent (E.164, MTN or Airtel). */
  refundPhone: string | null
  photos: { imageKey: string; placeholder: string }[]
}

/**
 * A customer asks to return `quantity` units of a delivered line. Checked again under the vendor order's lock, so
 * two requests at once (a double submit, two tabs) never ask back more units than were bought.
 */
export async function requestReturn(
  ctx: ServiceContext,
  input: ReturnRequestInput,
  deps: { now?: Date } = {},
): Promise<{ ok: true; returnId: number } | Refused> {
  if (!RETURN_REASONS.includes(input.reason)) return { ok: false, code: 'invalid' }
  if (!Number.isSafeInteger(input.quantity) || input.quantity <= 0) return { ok: false, code: 'invalid' }
  if (input.photos.length > RETURN_PHOTOS_MAX || (input.note?.length ?? 0) > RETURN_NOTE_MAX) {
    return { ok: false, code: 'invalid' }
  }
  const now = nowOf(deps)
  const outcome = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const found = await getReturnOptions(t, input, deps)
    if (!found.ok) return found
    await lockVendorOrdersOf(t, found.options.order.id)
    const { options } = found
    const left = options.line.quantity - ((await returnedUnits(t, [options.line.id])).get(options.line.id) ?? 0)
    if (left <= 0) return { ok: false as const, code: 'nothing_left' as const }
    if (input.quantity > left) return { ok: false as const, code: 'too_much' as const, left }
    let replacementLabel: string | null = null
    if (input.resolution === 'replace') {
      const choice = options.replacements.find((v) => v.id === input.replacementVariantId)
      if (!choice || choice.stock < input.quantity)
        return { ok: false as const, code: 'replacement_unavailable' as const }
      replacementLabel = [choice.size, choice.colour].filter(Boolean).join(' · ')
    }
    let refundPhone: string | null = null
    if (options.cash && input.resolution === 'refund') {
      refundPhone = input.refundPhone ?? options.order.phone
      if (!operatorOf(refundPhone)) return { ok: false as const, code: 'no_wallet' as const }
    }
    const row = await createReturn(t, {
      orderId: options.order.id,
      vendorOrderId: options.vendorOrder.id,
      orderLineId: options.line.id,
      customerId: input.customerId,
      vendorId: options.vendorOrder.vendorId,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note,
      resolution: input.resolution,
      replacementVariantId: input.resolution === 'replace' ? input.replacementVariantId : null,
      replacementLabel,
      refundPhone,
      answerDueAt: addBusinessDays(now, ANSWER_BUSINESS_DAYS),
      photos: input.photos,
    })
    await notifyReturn(t, row.id, 'requested')
    return { ok: true as const, returnId: row.id }
  })
  return outcome
}

/**
 * The request with the customer's photos (at most RETURN_PHOTOS_MAX, each checked as a product photo is): stored
 * first, then the request; a refused photo or a refused request leaves no file behind.
 */
export async function requestReturnWithPhotos(
  ctx: ServiceContext,
  input: Omit<ReturnRequestInput, 'photos'>,
  files: File[],
  options: { now?: Date; imageOptions?: StoreUploadOptions } = {},
): Promise<{ ok: true; returnId: number } | Refused | { ok: false; code: 'photo'; photo: UploadRefusal | 'too_many' }> {
  const chosen = files.filter((f) => f.size > 0)
  if (chosen.length > RETURN_PHOTOS_MAX) return { ok: false, code: 'photo', photo: 'too_many' }
  const written: string[] = []
  const photos: { imageKey: string; placeholder: string }[] = []
  const release = () => deleteUnusedImages(ctx, written, options.imageOptions)
  for (const file of chosen) {
    const stored = await storeUploadedImage(file, 'product', options.imageOptions)
    if (!stored.ok) {
      if (stored.partialKey) written.push(stored.partialKey)
      await release()
      return { ok: false, code: 'photo', photo: stored.code }
    }
    written.push(stored.image.key)
    photos.push({ imageKey: stored.image.key, placeholder: stored.image.placeholder })
  }
  const outcome = await requestReturn(ctx, { ...input, photos }, { now: options.now })
  if (!outcome.ok) await release()
  return outcome
}

/** The customer withdraws their request (until the parcel is received). */
export async function cancelReturn(
  ctx: ServiceContext,
  input: { customerId: number; returnId: number },
): Promise<{ ok: true; orderId: number } | Refused> {
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const row = await findReturn(t, input.returnId, true)
    if (!row || row.customerId !== input.customerId) return { ok: false as const, code: 'not_found' as const }
    if (row.status === 'cancelled') return { ok: false as const, code: 'already' as const }
    const moved = await transitionReturn(t, { returnId: row.id, to: 'cancelled', by: 'customer', actor: 'customer' })
    if (!moved.ok) return { ok: false as const, code: moved.code }
    await notifyReturn(t, row.id, 'cancelled')
    return { ok: true as const, orderId: row.orderId }
  })
}

export type ReturnAnswer =
  | { answer: 'accept'; method: ReturnMethod; instructions: string }
  | { answer: 'refuse'; refusal: string }

/** The store answers a request: accepted (with how the parcel comes back) or refused (with why). */
export async function answerReturn(
  ctx: ServiceContext,
  input: { ownerUserId: string; returnId: number } & ReturnAnswer,
): Promise<{ ok: true; vendorOrderId: number } | Refused> {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null) return { ok: false, code: 'not_found' }
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const row = await findReturn(t, input.returnId, true)
    if (!row || row.vendorId !== vendorId) return { ok: false as const, code: 'not_found' as const }
    const actor = `vendor:${vendorId}`
    const moved =
      input.answer === 'accept'
        ? await transitionReturn(t, {
            returnId: row.id,
            to: 'accepted',
            by: 'vendor',
            actor,
            set: { method: input.method, instructions: input.instructions },
          })
        : await transitionReturn(t, {
            returnId: row.id,
            to: 'refused',
            by: 'vendor',
            actor,
            note: input.refusal,
            set: { refusal: input.refusal },
          })
    if (!moved.ok) return { ok: false as const, code: row.status === 'requested' ? moved.code : ('already' as const) }
    await notifyReturn(t, row.id, input.answer === 'accept' ? 'accepted' : 'refused')
    return { ok: true as const, vendorOrderId: row.vendorOrderId }
  })
}

/** The order's payment that took its money (online, or the cash collected): the one a refund goes back through. */
async function takenPayment(ctx: ServiceContext, orderId: number): Promise<PaymentRow | null> {
  return (await listOrderPayments(ctx, orderId)).filter((p) => p.status === 'succeeded').at(-1) ?? null
}

/**
 * The store marks the parcel received. The units go back in stock unless `unsellable`. A replacement is taken
 * from stock and the return is `replaced` (the store sends it); if that size or colour sold out meanwhile, the
 * customer is refunded instead. A refund: the units' price, and the delivery fee when the whole order has come
 * back or the store is at fault, through the payment's own provider; the return becomes `refunded` when the
 * provider confirms it.
 */
export async function receiveReturn(
  ctx: ServiceContext,
  input: { ownerUserId: string; returnId: number; unsellable: boolean },
  deps: ReturnsDeps = {},
): Promise<{ ok: true; vendorOrderId: number; outcome: 'refund' | 'replaced' | 'no_payment' } | Refused> {
  const vendorId = await tradingStoreOf(ctx, input.ownerUserId)
  if (vendorId === null) return { ok: false, code: 'not_found' }
  const actor = `vendor:${vendorId}`
  const step = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const row = await findReturn(t, input.returnId, true)
    if (!row || row.vendorId !== vendorId) return { ok: false as const, code: 'not_found' as const }
    if (row.status !== 'accepted') {
      return { ok: false as const, code: row.status === 'requested' ? ('illegal' as const) : ('already' as const) }
    }
    const order = await findOrderDetail(t, row.orderId)
    const line = order?.vendorOrders.flatMap((v) => v.lines).find((l) => l.id === row.orderLineId)
    if (!order || !line) return { ok: false as const, code: 'not_found' as const }
    const received = await transitionReturn(t, {
      returnId: row.id,
      to: 'received',
      by: 'vendor',
      actor,
      note: input.unsellable ? 'unsellable' : null,
      set: { unsellable: input.unsellable },
    })
    if (!received.ok) return { ok: false as const, code: received.code }
    if (!input.unsellable && line.variantId !== null) {
      await releaseStock(t, [{ variantId: line.variantId, quantity: row.quantity }])
    }
    if (row.resolution === 'replace' && row.replacementVariantId !== null) {
      const taken = await reserveStock(t, [{ variantId: row.replacementVariantId, quantity: row.quantity }])
      if (taken.ok) {
        await transitionReturn(t, { returnId: row.id, to: 'replaced', by: 'vendor', actor })
        await notifyReturn(t, row.id, 'replaced')
        return { ok: true as const, kind: 'replaced' as const, row }
      }
      // Sold out since the request: the customer is refunded instead (and told so).
      await recordReturnNote(t, { returnId: row.id, actor, note: 'replacement_sold_out' })
    }
    const refund = await planReturnRefund(t, row, order, line)
    if (!refund) {
      await recordReturnNote(t, { returnId: row.id, actor: 'payments', note: 'no_payment' })
      return { ok: true as const, kind: 'no_payment' as const, row }
    }
    await setReturnRefund(t, {
      returnId: row.id,
      reference: refund.reference,
      amount: refund.goods + refund.delivery,
      deliveryRefund: refund.delivery,
    })
    // Recorded with the step, so that a crash after the commit cannot lose it: the sweep sends what is unsent.
    const recorded = await recordStaffRefund(t, refund.paymentId, {
      amount: refund.goods + refund.delivery,
      reference: refund.reference,
      reason: `return:${row.id}`,
      actor,
      vendorOrderId: row.vendorOrderId,
      delivery: refund.delivery > 0 ? { amount: refund.delivery, bearer: refund.bearer } : undefined,
      payeePhone: row.refundPhone,
    })
    // The plan never asks for more than is left, under the same payment lock: a refusal here is a defect.
    if (!recorded.ok || !recorded.refund)
      throw new Error(`return ${row.id}: refund refused (${recorded.ok || recorded.code})`)
    await notifyReturn(t, row.id, 'received', { amount: refund.goods + refund.delivery })
    return { ok: true as const, kind: 'refund' as const, row, refundId: recorded.refund.id }
  })
  if (!step.ok) return step
  if (step.kind === 'refund') await sendStaffRefund(ctx, step.refundId, deps)
  return {
    ok: true,
    vendorOrderId: step.row.vendorOrderId,
    outcome: step.kind === 'replaced' ? 'replaced' : step.kind,
  }
}

/** What a received return refunds, through which payment; null when nothing was taken (nothing to give back). */
async function planReturnRefund(ctx: ServiceContext, row: ReturnRow, order: OrderDetail, line: OrderLineView) {
  const payment = await takenPayment(ctx, order.id)
  if (!payment) return null
  const left = payment.amount - (await refundedSoFar(ctx, payment))
  if (left <= 0) return null
  const returns = await listReturnsOfOrder(ctx, order.id)
  const liveLines = order.vendorOrders.filter((v) => v.status !== 'cancelled').flatMap((v) => v.lines)
  const bought = liveLines.reduce((s, l) => s + l.quantity, 0)
  // Units that came back for money (this one included); a replaced unit stays with the customer.
  const back = returns
    .filter((r) => r.resolution === 'refund' || r.id === row.id)
    .filter((r) => r.id === row.id || r.status === 'received' || r.status === 'refunded')
    .reduce((s, r) => s + r.quantity, 0)
  const deliveryAlreadyRefunded =
    returns.some((r) => r.id !== row.id && r.deliveryRefund > 0) ||
    (await listOrderRefunds(ctx, order.id)).some((r) => r.deliveryAmount > 0 && r.status !== 'failed')
  const amounts = returnRefundAmounts({
    unitPrice: line.unitPrice,
    quantity: row.quantity,
    reason: row.reason,
    deliveryFee: order.deliveryFee,
    wholeOrderBack: back >= bought,
    deliveryAlreadyRefunded,
    leftToRefund: left,
  })
  if (amounts.goods + amounts.delivery <= 0) return null
  return { ...amounts, paymentId: payment.id, reference: crypto.randomUUID() }
}

/**
 * Requests a store left unanswered past their due time (2 business days) go to staff by themselves: a dispute is
 * opened for each, and both sides are told. Claimed with SKIP LOCKED, so several servers sweep without doubling.
 */
export async function escalateOverdueReturns(ctx: ServiceContext, now: Date = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const due = await claimOverdueReturns(t, now)
    for (const row of due) {
      await markReturnEscalated(t, row.id, now)
      await recordReturnNote(t, { returnId: row.id, actor: 'system', note: 'escalated' })
      await createDispute(t, {
        orderId: row.orderId,
        vendorOrderId: row.vendorOrderId,
        returnId: row.id,
        kind: 'no_answer',
        openedBy: 'system',
        statement: null,
      })
      await notifyReturn(t, row.id, 'escalated')
    }
    return due.length
  })
}

export type DisputeParty = { side: 'customer'; customerId: number } | { side: 'vendor'; ownerUserId: string }

/**
 * A customer or a store asks staff to decide: about one of the order's returns (a refusal) or about the vendor
 * order (never received, never shipped). One open case at a time per return or vendor order.
 */
export async function openDispute(
  ctx: ServiceContext,
  party: DisputeParty,
  input: { vendorOrderId: number; returnId: number | null; kind: DisputeKind; statement: string },
): Promise<{ ok: true; disputeId: number; orderNumber: string } | Refused> {
  const statement = input.statement.trim()
  if (statement.length === 0 || statement.length > RETURN_NOTE_MAX) return { ok: false, code: 'invalid' }
  if (!DISPUTE_KINDS_BY[party.side].includes(input.kind)) return { ok: false, code: 'invalid' }
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    // Whose order it is: the customer's own, or the store's own part.
    let order: OrderDetail | null = null
    if (party.side === 'customer') {
      const found = await findOrder(t, await orderIdOfVendorOrder(t, input.vendorOrderId))
      order = found && found.customerId === party.customerId ? await findOrderDetail(t, found.id) : null
    } else {
      const vendorId = await tradingStoreOf(t, party.ownerUserId)
      order = vendorId === null ? null : await findVendorOrder(t, vendorId, input.vendorOrderId)
    }
    const vendorOrder = order?.vendorOrders.find((v) => v.id === input.vendorOrderId)
    if (!order || !vendorOrder) return { ok: false as const, code: 'not_found' as const }
    await lockVendorOrdersOf(t, order.id)
    let returnRow: ReturnRow | null = null
    if (input.returnId !== null) {
      returnRow = await findReturn(t, input.returnId, true)
      if (!returnRow || returnRow.vendorOrderId !== vendorOrder.id)
        return { ok: false as const, code: 'not_found' as const }
      if (FINAL_RETURN_STATUSES.includes(returnRow.status)) return { ok: false as const, code: 'illegal' as const }
    } else if (input.kind === 'return_refused') {
      return { ok: false as const, code: 'invalid' as const }
    }
    // What each kind is about must be so: an item never received was sent; one never shipped was not.
    if (input.kind === 'not_received' && vendorOrder.status !== 'dispatched' && vendorOrder.status !== 'delivered') {
      return { ok: false as const, code: 'illegal' as const }
    }
    if (input.kind === 'not_shipped' && vendorOrder.status !== 'new' && vendorOrder.status !== 'packed') {
      return { ok: false as const, code: 'illegal' as const }
    }
    if (await findOpenDispute(t, { vendorOrderId: vendorOrder.id, returnId: input.returnId })) {
      return { ok: false as const, code: 'already' as const }
    }
    const dispute = await createDispute(t, {
      orderId: order.id,
      vendorOrderId: vendorOrder.id,
      returnId: input.returnId,
      kind: input.kind,
      openedBy: party.side,
      statement,
    })
    if (returnRow) await recordReturnNote(t, { returnId: returnRow.id, actor: party.side, note: 'escalated' })
    await notifyReturn(t, null, 'disputeOpened', { disputeId: dispute.id })
    return { ok: true as const, disputeId: dispute.id, orderNumber: order.number }
  })
}

async function orderIdOfVendorOrder(ctx: ServiceContext, vendorOrderId: number): Promise<number> {
  if (!Number.isSafeInteger(vendorOrderId) || vendorOrderId <= 0 || vendorOrderId > 2_147_483_647) return 0
  return (await findOrderIdOfVendorOrder(ctx, vendorOrderId)) ?? 0
}

/** The other side adds its word to an open dispute (or answers staff's question). */
export async function addDisputeStatement(
  ctx: ServiceContext,
  party: DisputeParty,
  input: { disputeId: number; body: string },
): Promise<{ ok: true } | Refused> {
  const body = input.body.trim()
  if (body.length === 0 || body.length > RETURN_NOTE_MAX) return { ok: false, code: 'invalid' }
  const dispute = await findDispute(ctx, input.disputeId)
  if (!dispute) return { ok: false, code: 'not_found' }
  if (party.side === 'customer') {
    const order = await findOrder(ctx, dispute.orderId)
    if (order?.customerId !== party.customerId) return { ok: false, code: 'not_found' }
  } else {
    const vendorId = await tradingStoreOf(ctx, party.ownerUserId)
    if (vendorId === null || !(await findVendorOrder(ctx, vendorId, dispute.vendorOrderId))) {
      return { ok: false, code: 'not_found' }
    }
  }
  if (dispute.status !== 'open') return { ok: false, code: 'illegal' }
  await addDisputeMessage(ctx, { disputeId: dispute.id, side: party.side, body })
  return { ok: true }
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }

export type DisputeDecision =
  | { decision: 'refund'; amount: number; bearer: 'vendor' | 'platform'; note: string; key: string }
  | { decision: 'close'; note: string }

/**
 * Staff decide a dispute: a refund of `amount` francs (at most what is left of the payment; borne by the store,
 * which gives back the commission on it, or by Isoko as a goodwill cost), or close it. The return it is about ends
 * with it (refunded once the money is back, or closed). Both sides are told. A second submit finds it decided.
 */
export async function decideDispute(
  ctx: StaffContext,
  input: { disputeId: number } & DisputeDecision,
  deps: ReturnsDeps = {},
): Promise<{ ok: true; orderNumber: string } | Refused> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  if (input.decision === 'refund' && !UUID_V4.test(input.key)) return { ok: false, code: 'invalid' }
  const note = input.note.trim()
  if (note.length === 0 || note.length > RETURN_NOTE_MAX) return { ok: false, code: 'invalid' }
  if (input.decision === 'refund' && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) {
    return { ok: false, code: 'invalid' }
  }
  const actor = `staff:${ctx.actor.userId}`
  const step = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const dispute = await findDispute(t, input.disputeId, true)
    if (!dispute) return { ok: false as const, code: 'not_found' as const }
    if (dispute.status !== 'open') return { ok: false as const, code: 'already' as const }
    const order = await findOrder(t, dispute.orderId, true)
    if (!order) return { ok: false as const, code: 'not_found' as const }
    const returnRow = dispute.returnId ? await findReturn(t, dispute.returnId, true) : null
    if (input.decision === 'close') {
      await decideDisputeRow(t, {
        disputeId: dispute.id,
        status: 'closed',
        refundAmount: null,
        bearer: null,
        decisionNote: note,
        refundReference: null,
        decidedBy: actor,
        at: deps.now?.() ?? new Date(),
      })
      if (returnRow && !FINAL_RETURN_STATUSES.includes(returnRow.status)) {
        await transitionReturn(t, { returnId: returnRow.id, to: 'closed', by: 'staff', actor, note })
      }
      await addDisputeMessage(t, { disputeId: dispute.id, side: 'staff', body: note })
      await notifyReturn(t, null, 'decidedClosed', { disputeId: dispute.id })
      return { ok: true as const, orderNumber: order.number, refundId: null }
    }
    const payment = await takenPayment(t, order.id)
    if (!payment) return { ok: false as const, code: 'not_refundable' as const }
    const left = payment.amount - (await refundedSoFar(t, payment))
    // A store bears at most its own part's price (the ledger reverses its lines for it); beyond that, Isoko does.
    const part = (await findOrderDetail(t, order.id))?.vendorOrders.find((v) => v.id === dispute.vendorOrderId)
    const cap = input.bearer === 'vendor' ? Math.min(left, part?.subtotal ?? 0) : left
    if (input.amount > cap) return { ok: false as const, code: 'too_much' as const, left: Math.max(0, cap) }
    const reference = input.key.toLowerCase()
    // Recorded with the decision, so that a crash after the commit cannot lose it: the sweep sends what is unsent.
    const recorded = await recordStaffRefund(t, payment.id, {
      amount: input.amount,
      reference,
      reason: note,
      actor,
      vendorOrderId: input.bearer === 'vendor' ? dispute.vendorOrderId : null,
      platformBears: input.bearer === 'platform',
      payeePhone: returnRow?.refundPhone ?? null,
    })
    if (!recorded.ok) {
      return recorded.code === 'too_much'
        ? { ok: false as const, code: 'too_much' as const, left: recorded.left }
        : { ok: false as const, code: 'not_refundable' as const }
    }
    await decideDisputeRow(t, {
      disputeId: dispute.id,
      status: 'decided',
      refundAmount: input.amount,
      bearer: input.bearer,
      decisionNote: note,
      refundReference: reference,
      decidedBy: actor,
      at: deps.now?.() ?? new Date(),
    })
    if (returnRow && !FINAL_RETURN_STATUSES.includes(returnRow.status)) {
      await setReturnRefund(t, { returnId: returnRow.id, reference, amount: input.amount, deliveryRefund: 0 })
    }
    await addDisputeMessage(t, { disputeId: dispute.id, side: 'staff', body: note })
    await notifyReturn(t, null, 'decidedRefund', { disputeId: dispute.id, amount: input.amount })
    return { ok: true as const, orderNumber: order.number, refundId: recorded.refund?.id ?? null }
  })
  if (!step.ok) return step
  if (step.refundId !== null) await sendStaffRefund(ctx, step.refundId, deps)
  return { ok: true, orderNumber: step.orderNumber }
}

/**
 * Runs `escalateOverdueReturns` every `everyMs` (a minute) in this process; returns a stop function that waits for
 * a round under way. Any number of workers may run it: each claims its rows with SKIP LOCKED.
 */
export function startReturnsWorker(
  getCtx: () => ServiceContext,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<void> {
  let stopped = false
  let round: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  const run = () => {
    round = escalateOverdueReturns(getCtx())
      .then(() => undefined)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!stopped) timer = setTimeout(run, options.everyMs ?? 60_000)
      })
  }
  timer = setTimeout(run, options.everyMs ?? 60_000)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await round
  }
}

export type ReturnPanelItem = ReturnView & {
  line: { title: string; size: string | null; colour: string | null; unitPrice: number } | null
  refundStatus: PartRefundStatus | null
}
export type DisputePanelItem = DisputeRow & { messages: DisputeMessageRow[] }
export type ReturnsPanel = { returns: ReturnPanelItem[]; disputes: DisputePanelItem[] }

/** An order's returns and disputes as its pages show them (one vendor's part only, for that store's page). */
export async function getReturnsPanel(
  ctx: ServiceContext,
  order: Pick<OrderDetail, 'id' | 'vendorOrders'>,
  options: { vendorOrderId?: number } = {},
): Promise<ReturnsPanel> {
  const lines = order.vendorOrders.flatMap((v) => v.lines)
  const rows = await listReturnsOfOrder(ctx, order.id, options)
  const returns: ReturnPanelItem[] = []
  for (const r of rows) {
    const line = lines.find((l) => l.id === r.orderLineId)
    const refund = r.refundReference ? await findPaymentRefundByReference(ctx, r.refundReference) : null
    returns.push({
      ...r,
      line: line ? { title: line.title, size: line.size, colour: line.colour, unitPrice: line.unitPrice } : null,
      refundStatus: refund?.status ?? null,
    })
  }
  const cases = (await listDisputesOfOrder(ctx, order.id)).filter(
    (d) => options.vendorOrderId === undefined || d.vendorOrderId === options.vendorOrderId,
  )
  const messages = await listDisputeMessages(
    ctx,
    cases.map((d) => d.id),
  )
  return {
    returns,
    disputes: cases.map((d) => ({ ...d, messages: messages.filter((m) => m.disputeId === d.id) })),
  }
}

/** Which lines of a customer's order can be returned now (delivered, in their window, units left). */
export async function listReturnableLines(
  ctx: ServiceContext,
  order: Pick<OrderDetail, 'vendorOrders'>,
  deps: { now?: Date } = {},
): Promise<{ returnable: number[]; noReturns: number[] }> {
  const delivered = order.vendorOrders.filter((v) => v.status === 'delivered' && v.deliveredAt)
  const lines = delivered.flatMap((v) => v.lines.map((l) => ({ ...l, deliveredAt: v.deliveredAt as Date })))
  if (lines.length === 0) return { returnable: [], noReturns: [] }
  const windows = await getReturnWindows(
    ctx,
    lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
  )
  const asked = await returnedUnits(
    ctx,
    lines.map((l) => l.id),
  )
  const now = nowOf(deps)
  const returnable: number[] = []
  const noReturns: number[] = []
  for (const l of lines) {
    const days = l.productId === null ? 0 : (windows.get(l.productId) ?? 0)
    if (days <= 0) noReturns.push(l.id)
    else if (now.getTime() <= l.deliveredAt.getTime() + days * 86_400_000 && l.quantity > (asked.get(l.id) ?? 0)) {
      returnable.push(l.id)
    }
  }
  return { returnable, noReturns }
}
