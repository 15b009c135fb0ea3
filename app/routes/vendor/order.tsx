import type { ReactNode } from 'react'
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderHistory } from '#app/components/fulfilment/order-history.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { VendorReturns } from '#app/components/returns/vendor-returns.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { type ServiceContext, serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { nextVendorOrderStatus } from '#app/modules/orders/order-status.ts'
import {
  CancellationAnswerFormSchema,
  FulfilmentFormSchema,
  VendorOrderIdSchema,
} from '#app/modules/orders/orders.schemas.ts'
import { DisputeFormSchema, ReturnStepFormSchema } from '#app/modules/returns/returns.schemas.ts'
import { answerCancellationRequest, fulfilStoreOrder, getStoreOrder } from '#app/workflows/fulfilment.server.ts'
import {
  addDisputeStatement,
  answerReturn,
  getReturnsPanel,
  openDispute,
  receiveReturn,
} from '#app/workflows/returns.server.ts'
import type { Route } from './+types/order'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders', 'returns', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One of the store's orders, with only the store's part of it. Another store's order, or one not yet paid, is
// not found: the page does not say that it exists.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const id = VendorOrderIdSchema.safeParse(params.vendorOrderId)
  if (!id.success) notFound()
  const order = await getStoreOrder(serviceContextOf(context), { ownerUserId: actor.userId, vendorOrderId: id.data })
  if (!order) notFound()
  const panel = await getReturnsPanel(serviceContextOf(context), order, { vendorOrderId: order.vendorOrder.id })
  return { title: requestI18n(request)._('fulfilment.vendor.order.meta', { number: order.number }), order, panel }
}

/** Packed, dispatched, delivered, cash collected: one form each, checked by the workflow whatever the page showed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const id = VendorOrderIdSchema.safeParse(params.vendorOrderId)
  if (!id.success) notFound()
  const fields = Object.fromEntries(await request.formData())
  if (fields.intent === 'cancel_accept' || fields.intent === 'cancel_refuse') {
    return answerCancellation(serviceContextOf(context), actor.userId, id.data, fields)
  }
  if (typeof fields.intent === 'string' && fields.intent.startsWith('return_')) {
    return returnStep(serviceContextOf(context), actor.userId, id.data, fields)
  }
  if (typeof fields.intent === 'string' && fields.intent.startsWith('dispute_')) {
    return disputeStep(serviceContextOf(context), actor.userId, id.data, fields)
  }
  const form = FulfilmentFormSchema.safeParse(fields)
  if (!form.success) return data({ error: 'fulfilment.vendor.error.invalid' }, { status: 400 })
  const { intent } = form.data
  const outcome = await fulfilStoreOrder(serviceContextOf(context), {
    ownerUserId: actor.userId,
    vendorOrderId: id.data,
    intent,
  })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ error: 'fulfilment.vendor.error.illegal' }, { status: 409 })
  const flash = await flashCookie({
    kind: 'success',
    title: `fulfilment.vendor.toast.${intent}`,
    body: intent === 'dispatched' || intent === 'delivered' ? 'fulfilment.vendor.toast.customerTold' : undefined,
    values: { number: outcome.orderNumber },
  })
  return redirect(`/vendor-dashboard/orders/${id.data}`, { headers: { 'Set-Cookie': flash } })
}

/** The customer's request to cancel the store's packed part: accepted, or refused with a reason they will read. */
async function answerCancellation(
  ctx: ServiceContext,
  ownerUserId: string,
  vendorOrderId: number,
  fields: Record<string, unknown>,
) {
  const parsed = CancellationAnswerFormSchema.safeParse(fields)
  if (!parsed.success) {
    const refusal = typeof fields.refusal === 'string' ? fields.refusal.slice(0, 600) : ''
    const error = parsed.error.issues[0]?.message ?? 'fulfilment.vendor.error.invalid'
    return data({ error: undefined, refusalError: error, refusal }, { status: 400 })
  }
  const answer =
    parsed.data.intent === 'cancel_accept'
      ? ({ answer: 'accept' } as const)
      : ({ answer: 'refuse', refusal: parsed.data.refusal } as const)
  const outcome = await answerCancellationRequest(ctx, { ownerUserId, vendorOrderId, ...answer })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ error: 'fulfilment.vendor.cancel.error.answered' }, { status: 409 })
  const flash = await flashCookie({
    kind: 'success',
    title: `fulfilment.vendor.cancel.toast.${answer.answer}`,
    body: 'fulfilment.vendor.toast.customerTold',
    values: { number: outcome.orderNumber },
  })
  return redirect(`/vendor-dashboard/orders/${vendorOrderId}`, { headers: { 'Set-Cookie': flash } })
}

/** The store's step on a return: accept (how it comes back), refuse (why), or received (unsellable or not). */
async function returnStep(
  ctx: ServiceContext,
  ownerUserId: string,
  vendorOrderId: number,
  fields: Record<string, unknown>,
) {
  const parsed = ReturnStepFormSchema.safeParse(fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? 'form')
    const value = typeof fields[field] === 'string' ? String(fields[field]).slice(0, 500) : ''
    const returnId = Number(fields.returnId)
    return data(
      { error: undefined, returnStepError: { returnId, field, error: issue?.message ?? 'form.error.invalid', value } },
      { status: 400 },
    )
  }
  const step = parsed.data
  const base = { ownerUserId, returnId: step.returnId }
  const outcome =
    step.intent === 'return_accept'
      ? await answerReturn(ctx, { ...base, answer: 'accept', method: step.method, instructions: step.instructions })
      : step.intent === 'return_refuse'
        ? await answerReturn(ctx, { ...base, answer: 'refuse', refusal: step.refusal })
        : step.intent === 'return_receive'
          ? await receiveReturn(ctx, { ...base, unsellable: step.unsellable })
          : null
  if (!outcome || (!outcome.ok && outcome.code === 'not_found')) notFound()
  if (!outcome.ok || outcome.vendorOrderId !== vendorOrderId) {
    return data({ error: 'returns.error.moved' }, { status: 409 })
  }
  const flash = await flashCookie({
    kind: 'success',
    title: `returns.toast.${step.intent}`,
    body: 'fulfilment.vendor.toast.customerTold',
  })
  return redirect(`/vendor-dashboard/orders/${vendorOrderId}#returns`, { headers: { 'Set-Cookie': flash } })
}

/** The store asks staff to decide a refused return, or adds its side to an open case. */
async function disputeStep(
  ctx: ServiceContext,
  ownerUserId: string,
  vendorOrderId: number,
  fields: Record<string, unknown>,
) {
  const parsed = DisputeFormSchema.safeParse(fields)
  if (!parsed.success) {
    const statement = typeof fields.statement === 'string' ? fields.statement.slice(0, 1000) : ''
    const form = typeof fields.form === 'string' ? fields.form.slice(0, 40) : ''
    return data(
      {
        error: undefined,
        disputeError: { form, error: parsed.error.issues[0]?.message ?? 'form.error.invalid', statement },
      },
      { status: 400 },
    )
  }
  const party = { side: 'vendor' as const, ownerUserId }
  const outcome =
    parsed.data.intent === 'dispute_open'
      ? await openDispute(ctx, party, { ...parsed.data, vendorOrderId })
      : await addDisputeStatement(ctx, party, { disputeId: parsed.data.disputeId, body: parsed.data.statement })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ error: `returns.refused.${outcome.code}` }, { status: 409 })
  const flash = await flashCookie({
    kind: 'success',
    title: parsed.data.intent === 'dispute_open' ? 'returns.dispute.sent' : 'returns.dispute.added',
  })
  return redirect(`/vendor-dashboard/orders/${vendorOrderId}#returns`, { headers: { 'Set-Cookie': flash } })
}

/** A refused step (409): reload the order, so the page shows where it is now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const busy = useNavigation().state !== 'idle'
  const { order, panel } = loaderData
  const part = order.vendorOrder
  const live = order.status !== 'cancelled' && order.status !== 'refunded' && part.status !== 'cancelled'
  const next = live ? nextVendorOrderStatus(part.status) : null
  const cashDue =
    order.paymentMethod === 'cod' &&
    !part.cashCollectedAt &&
    (part.status === 'dispatched' || part.status === 'delivered')
  const request = order.cancellations.find((c) => c.vendorOrderId === part.id) ?? null
  const asked = live && request?.status === 'requested'
  // While the customer's request waits for an answer, the answer is the only step.
  const actions = asked ? [] : [...(next ? [next] : []), ...(cashDue ? (['cash'] as const) : [])]
  const failed = actionData && 'refusalError' in actionData ? actionData : null
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/vendor-dashboard/orders"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('fulfilment.vendor.order.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t('fulfilment.vendor.order.title', { number: order.number })}
        </h1>
        <OrderStatusBadge kind="vendorOrder" status={part.status} size="md" />
      </div>
      <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{t('fulfilment.vendor.order.placed', { date: when(order.placedAt) })}</span>
        <Link
          to={`/vendor-dashboard/orders/${part.id}/packing-slip`}
          className="inline-flex h-9 items-center rounded-md border border-input px-3 font-medium text-foreground hover:bg-muted"
        >
          {t('vendorOrders.slip.link')}
        </Link>
      </p>

      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
          {t(messageId(actionData.error))}
        </p>
      ) : null}

      <VendorReturns
        panel={panel}
        failed={actionData && 'disputeError' in actionData ? (actionData.disputeError ?? null) : null}
        stepFailed={actionData && 'returnStepError' in actionData ? (actionData.returnStepError ?? null) : null}
      />

      {request ? (
        <section
          aria-labelledby="order-cancel-request"
          className={`mt-6 rounded-lg border p-4 sm:p-6 ${asked ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-border bg-card'}`}
        >
          <h2 id="order-cancel-request" className="text-lg font-semibold">
            {t(`fulfilment.vendor.cancel.title.${request.status}`)}
          </h2>
          <p className="mt-2 break-words">
            {t('fulfilment.vendor.cancel.reason', { reason: t(messageId(`orders.cancel.reason.${request.reason}`)) })}
          </p>
          {request.note ? <p className="mt-1 break-words">“{request.note}”</p> : null}
          {request.status === 'refused' && request.refusal ? (
            <p className="mt-2 break-words">
              {t('fulfilment.vendor.cancel.yourRefusal', { refusal: request.refusal })}
            </p>
          ) : null}
          {asked ? (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Form method="post" className="grid content-start gap-2">
                <input type="hidden" name="intent" value="cancel_accept" />
                <p className="text-sm">{t('fulfilment.vendor.cancel.acceptHint')}</p>
                <Button type="submit" disabled={busy}>
                  {t('fulfilment.vendor.cancel.accept')}
                </Button>
              </Form>
              <Form method="post" noValidate className="grid content-start gap-2">
                <input type="hidden" name="intent" value="cancel_refuse" />
                <Label htmlFor="cancel-refusal">{t('fulfilment.vendor.cancel.refusal')}</Label>
                <Textarea
                  id="cancel-refusal"
                  name="refusal"
                  rows={2}
                  maxLength={500}
                  required
                  defaultValue={failed?.refusal}
                  className="bg-card"
                  aria-invalid={failed ? true : undefined}
                  aria-describedby={failed ? 'cancel-refusal-error' : undefined}
                />
                <FieldError id="cancel-refusal-error">{failed ? t(messageId(failed.refusalError)) : null}</FieldError>
                <Button type="submit" variant="outline" disabled={busy}>
                  {t('fulfilment.vendor.cancel.refuse')}
                </Button>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="order-actions" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
        <h2 id="order-actions" className="text-lg font-semibold">
          {t('fulfilment.vendor.order.actions')}
        </h2>
        {!live ? (
          <p className="mt-2">{t('fulfilment.vendor.order.cancelled')}</p>
        ) : actions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">
            {t(asked ? 'fulfilment.vendor.cancel.answerFirst' : 'fulfilment.vendor.order.noAction')}
          </p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-3">
            {actions.map((intent) => (
              <Form method="post" key={intent}>
                <input type="hidden" name="intent" value={intent} />
                <Button type="submit" size="lg" variant={intent === 'cash' ? 'outline' : 'default'} disabled={busy}>
                  {t(messageId(`fulfilment.vendor.action.${intent}`))}
                </Button>
              </Form>
            ))}
          </div>
        )}
        {order.paymentMethod === 'cod' ? (
          <p className="mt-3 text-sm">
            {part.cashCollectedAt
              ? t('fulfilment.vendor.order.cashCollectedAt', { date: when(part.cashCollectedAt) })
              : live
                ? t('fulfilment.vendor.order.cashToCollect', { amount: formatRwf(part.subtotal, intlLocale) })
                : t('fulfilment.vendor.order.noCashCancelled')}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="order-items" className="mt-6">
        <h2 id="order-items" className="text-lg font-semibold">
          {t('fulfilment.vendor.order.items')}
        </h2>
        <ul className="mt-3 grid gap-3">
          {part.lines.map((line) => (
            <li key={line.id} className="rounded-lg border border-border bg-card p-4">
              <p className="font-medium break-words">{line.title}</p>
              <p className="text-sm text-muted-foreground">
                {[line.size, line.colour].filter(Boolean).join(' · ')}
                {line.size || line.colour ? ' · ' : ''}
                {t('fulfilment.vendor.order.sku', { sku: line.sku })}
              </p>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                <Field label={t('fulfilment.vendor.order.unitPrice')}>{formatRwf(line.unitPrice, intlLocale)}</Field>
                <Field label={t('fulfilment.vendor.order.quantity')}>{line.quantity}</Field>
                <Field label={t('fulfilment.vendor.order.lineTotal')}>
                  <span className="font-semibold">{formatRwf(line.lineTotal, intlLocale)}</span>
                </Field>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between gap-4 rounded-lg bg-muted px-4 py-3 font-semibold">
          <span>{t('fulfilment.vendor.order.subtotal')}</span>
          <span>{formatRwf(part.subtotal, intlLocale)}</span>
        </p>
      </section>

      <section aria-labelledby="order-delivery" className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-border bg-card p-4">
          <h2 id="order-delivery" className="font-semibold">
            {t('fulfilment.vendor.order.deliverTo')}
          </h2>
          <address className="mt-2 text-sm not-italic">
            <span className="block font-medium">{order.recipient}</span>
            <span className="block">{placeLine(t, order)}</span>
            {order.landmark ? (
              <span className="block">{t('fulfilment.vendor.order.landmark', { landmark: order.landmark })}</span>
            ) : null}
            <span className="mt-1 block">
              {t('fulfilment.vendor.order.phone')}:{' '}
              <a href={`tel:${order.phone}`} className="text-primary underline underline-offset-4">
                {formatPhone(order.phone)}
              </a>
            </span>
          </address>
        </div>
        <dl className="grid content-start gap-3 rounded-lg border border-border bg-card p-4 text-sm">
          <Field label={t('fulfilment.vendor.order.delivery')}>
            <DeliveryOption option={order.deliveryOption} />
            <span className="block text-muted-foreground">
              {t('fulfilment.vendor.order.deliveryDays', { min: order.deliveryDaysMin, max: order.deliveryDaysMax })}
            </span>
          </Field>
          <Field label={t('fulfilment.vendor.order.payment')}>{t(`orders.method.${order.paymentMethod}`)}</Field>
        </dl>
      </section>

      <section aria-labelledby="order-history" className="mt-6">
        <h2 id="order-history" className="text-lg font-semibold">
          {t('fulfilment.vendor.order.history')}
        </h2>
        <div className="mt-3">
          <OrderHistory events={order.events} />
        </div>
      </section>
    </div>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}
