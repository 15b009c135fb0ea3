import type { ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderHistory } from '#app/components/fulfilment/order-history.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { DisputeSummary, ReturnCard } from '#app/components/returns/return-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
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
import { cn } from '#app/lib/utils.ts'
import { StaffOrderActionSchema } from '#app/modules/orders/orders.schemas.ts'
import { failureKindOf } from '#app/modules/payments/failure-reasons.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import type { StaffPermission } from '#app/modules/staff/permissions.ts'
import { findOrderForConsole } from '#app/queries/staff-orders.server.ts'
import { getReturnsPanel } from '#app/workflows/returns.server.ts'
import {
  type StaffRefusal,
  staffAddOrderNote,
  staffCancelOrder,
  staffMarkCashCollected,
  staffRefundOrder,
} from '#app/workflows/staff-orders.server.ts'
import type { Route } from './+types/order'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders', 'returns'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'orders:read')
  const found = params.number.length <= 40 ? await findOrderForConsole(serviceContextOf(context), params.number) : null
  if (!found) notFound()
  return {
    title: requestI18n(request)._('fulfilment.admin.order.meta', { number: found.order.number }),
    ...found,
    returns: await getReturnsPanel(serviceContextOf(context), found.order),
    // The refund form's own reference: the same form sent twice makes one refund.
    refundKey: crypto.randomUUID(),
  }
}

/** The permission each of the page's forms needs. */
const orderIntentPermission: Record<string, StaffPermission> = {
  cancel: 'orders:cancel',
  refund: 'refunds:issue',
  cash: 'orders:cashCollected',
  note: 'orders:note',
}

/** What a refused action answers: which form, the messages by field (catalogue ids), what was typed. */
export type StaffOrderActionData = {
  intent?: string
  vendorOrderId?: number
  errors: Record<string, string>
  values?: Record<string, string>
  left?: number
}

/** Cancel, refund, cash collected, note: staff only (the layout's guard, and each workflow checks the role again). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  // Each intent needs its own permission (a support member may add a note, never refund).
  const actor = requireStaffPermission(context, orderIntentPermission[String(form.get('intent'))] ?? 'orders:cancel')
  const typed = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v.slice(0, 2100) : ''
  }
  const values = { reason: typed('reason'), amount: typed('amount'), body: typed('body') }
  const intent = typed('intent')
  const vendorOrderId = Number(typed('vendorOrderId')) || undefined
  const parsed = parseForm(form, StaffOrderActionSchema)
  if (!parsed.ok) {
    return data<StaffOrderActionData>({ intent, vendorOrderId, errors: parsed.errors, values }, { status: 400 })
  }
  const ctx = { ...serviceContextOf(context), actor }
  const orderNumber = params.number
  const input = parsed.data
  const outcome =
    input.intent === 'cancel'
      ? await staffCancelOrder(ctx, { orderNumber, vendorOrderId: input.vendorOrderId, reason: input.reason })
      : input.intent === 'refund'
        ? await staffRefundOrder(ctx, { orderNumber, amount: input.amount, reason: input.reason, key: input.key })
        : input.intent === 'cash'
          ? await staffMarkCashCollected(ctx, { orderNumber, vendorOrderId: input.vendorOrderId })
          : await staffAddOrderNote(ctx, { orderNumber, body: input.body })
  if (!outcome.ok) {
    const { status, errors, left } = refusal(outcome)
    return data<StaffOrderActionData>({ intent, vendorOrderId, errors, values, left }, { status })
  }
  if (!(input.intent === 'refund' && 'duplicate' in outcome && outcome.duplicate)) {
    await recordStaffAction(serviceContextOf(context), {
      actor,
      action: `order:${input.intent}`,
      subject: { type: 'order', id: orderNumber },
      after:
        input.intent === 'refund'
          ? { amount: input.amount, reason: input.reason }
          : input.intent === 'cancel'
            ? { status: 'cancelled', vendorOrderId: input.vendorOrderId ?? null, reason: input.reason }
            : input.intent === 'cash'
              ? { vendorOrderId: input.vendorOrderId, cash: 'collected' }
              : { note: input.body.slice(0, 200) },
    })
  }
  const title =
    input.intent === 'cancel'
      ? input.vendorOrderId && 'whole' in outcome && !outcome.whole
        ? 'fulfilment.admin.act.toast.cancelPart'
        : 'fulfilment.admin.act.toast.cancel'
      : `fulfilment.admin.act.toast.${input.intent}`
  const flash = await flashCookie({
    kind: 'success',
    title,
    body: input.intent === 'note' ? undefined : 'fulfilment.admin.act.toast.told',
    values: { number: orderNumber },
  })
  return redirect(`/admin/orders/${encodeURIComponent(orderNumber)}`, { headers: { 'Set-Cookie': flash } })
}

function refusal(outcome: StaffRefusal): { status: number; errors: Record<string, string>; left?: number } {
  switch (outcome.code) {
    case 'too_much':
      return { status: 400, errors: { amount: 'fulfilment.admin.act.error.tooMuch' }, left: outcome.left }
    case 'invalid':
      return { status: 400, errors: { form: 'fulfilment.admin.act.error.invalid' } }
    case 'forbidden':
      return { status: 403, errors: { form: 'fulfilment.admin.act.error.forbidden' } }
    case 'not_found':
      return { status: 404, errors: { form: 'fulfilment.admin.act.error.notFound' } }
    case 'already':
      return { status: 409, errors: { form: 'fulfilment.admin.act.error.already' } }
    case 'not_refundable':
      return { status: 409, errors: { form: 'fulfilment.admin.act.error.notRefundable' } }
    default:
      return { status: 409, errors: { form: 'fulfilment.admin.act.error.illegal' } }
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** One order as staff see it: the customer, the money, every vendor's part, the history, and every payment attempt. */
export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const rwf = (amount: number) => formatRwf(amount, intlLocale)
  const { order, payments, refunds, notes, refundable, refundKey, returns } = loaderData
  const answer = actionData as StaffOrderActionData | undefined
  const mayCancel = useStaffCan('orders:cancel')
  const closed = order.status === 'cancelled' || order.status === 'refunded'
  const live = order.vendorOrders.filter((v) => v.status !== 'cancelled')
  const wholeCancellable = !closed && live.every((v) => v.status === 'new' || v.status === 'packed')
  const partName = (vendorOrderId: number) => order.vendorOrders.find((v) => v.id === vendorOrderId)?.vendorName ?? ''
  return (
    <article aria-labelledby="admin-order-title">
      <Link
        to="/admin/orders"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('fulfilment.admin.order.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="admin-order-title" className="text-2xl font-bold sm:text-3xl">
          {t('fulfilment.admin.order.heading', { number: order.number })}
        </h1>
        <OrderStatusBadge kind="order" status={order.status} size="md" />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('fulfilment.admin.order.placed', { date: when(order.placedAt) })}
      </p>
      {order.cancelReason ? (
        <p className="mt-2 text-sm">{t('fulfilment.admin.order.cancelReason', { reason: order.cancelReason })}</p>
      ) : null}

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <Panel title={t('fulfilment.admin.order.customer')}>
          <p className="font-medium break-words">{`${order.customer.firstName} ${order.customer.lastName}`.trim()}</p>
          <a href={`mailto:${order.customer.email}`} className="break-all text-primary underline underline-offset-4">
            {order.customer.email}
          </a>
        </Panel>
        <Panel title={t('fulfilment.admin.order.address')}>
          <address className="not-italic">
            <span className="block font-medium">{order.recipient}</span>
            <span className="block">{placeLine(t, order)}</span>
            {order.landmark ? <span className="block text-muted-foreground">{order.landmark}</span> : null}
            <a href={`tel:${order.phone}`} className="block text-primary underline underline-offset-4">
              {formatPhone(order.phone)}
            </a>
          </address>
        </Panel>
        <Panel title={t('fulfilment.admin.order.totals')}>
          <dl className="grid gap-1">
            <Row label={t('fulfilment.admin.order.subtotal', { count: order.itemCount })}>{rwf(order.subtotal)}</Row>
            <Row label={t('fulfilment.admin.order.deliveryFee')}>{rwf(order.deliveryFee)}</Row>
            <Row label={t('fulfilment.admin.order.total')} strong>
              {rwf(order.total)}
            </Row>
            <Row label={t('fulfilment.admin.order.vat')}>{rwf(order.vatAmount)}</Row>
          </dl>
          <dl className="mt-3 grid gap-2 border-t border-border pt-3">
            <div>
              <dt className="text-xs text-muted-foreground">{t('fulfilment.admin.order.delivery')}</dt>
              <dd>
                <DeliveryOption option={order.deliveryOption} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('fulfilment.admin.order.method')}</dt>
              <dd>{t(`orders.method.${order.paymentMethod}`)}</dd>
            </div>
          </dl>
        </Panel>
      </div>

      <section aria-labelledby="admin-order-parts" className="mt-8">
        <h2 id="admin-order-parts" className="text-xl font-bold">
          {t('fulfilment.admin.order.parts')}
        </h2>
        <ul className="mt-3 grid gap-3">
          {order.vendorOrders.map((vo) => (
            <li key={vo.id} className="rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold break-words">{vo.vendorName}</h3>
                <OrderStatusBadge kind="vendorOrder" status={vo.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {vo.releasedAt
                  ? t('fulfilment.admin.order.part.released', { date: when(vo.releasedAt) })
                  : t('fulfilment.admin.order.part.unreleased')}
              </p>
              <ul className="mt-2 grid gap-1 text-sm">
                {vo.lines.map((l) => (
                  <li key={l.id} className="flex flex-wrap justify-between gap-x-4">
                    <span className="min-w-0 break-words">
                      {l.quantity} × {l.title}
                      {l.size || l.colour ? ` (${[l.size, l.colour].filter(Boolean).join(', ')})` : ''} · {l.sku}
                    </span>
                    <span>{rwf(l.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 flex justify-between border-t border-border pt-2 text-sm font-semibold">
                <span>{t('fulfilment.admin.order.total')}</span>
                <span>{rwf(vo.subtotal)}</span>
              </p>
              <CancellationRequest request={order.cancellations.find((c) => c.vendorOrderId === vo.id)} />
              {vo.cashCollectedAt ? (
                <p className="mt-2 text-sm">
                  {t('fulfilment.admin.act.cash.done', { date: when(vo.cashCollectedAt) })}
                </p>
              ) : null}
              <PartActions
                orderMethod={order.paymentMethod}
                part={vo}
                canCancel={!closed && live.length > 1 && (vo.status === 'new' || vo.status === 'packed')}
                answer={answer?.vendorOrderId === vo.id ? answer : undefined}
              />
            </li>
          ))}
        </ul>
      </section>

      {returns.returns.length > 0 || returns.disputes.length > 0 ? (
        <section aria-labelledby="admin-order-returns" className="mt-8 grid gap-3">
          <h2 id="admin-order-returns" className="text-xl font-bold">
            {t('returns.section.title')}
          </h2>
          {returns.returns.map((r) => {
            const dispute = returns.disputes.find((d) => d.returnId === r.id) ?? null
            return (
              <ReturnCard key={r.id} item={r} dispute={dispute}>
                {dispute ? (
                  <Link to={`/admin/disputes/${dispute.id}`} className="text-primary underline underline-offset-4">
                    {t('returns.admin.case', { id: dispute.id, number: order.number })}
                  </Link>
                ) : null}
              </ReturnCard>
            )
          })}
          {returns.disputes
            .filter((d) => d.returnId === null)
            .map((d) => (
              <DisputeSummary key={d.id} dispute={d}>
                <Link to={`/admin/disputes/${d.id}`} className="text-primary underline underline-offset-4">
                  {t('returns.admin.case', { id: d.id, number: order.number })}
                </Link>
              </DisputeSummary>
            ))}
        </section>
      ) : null}

      <section aria-labelledby="admin-order-act" className="mt-8">
        <h2 id="admin-order-act" className="text-xl font-bold">
          {t('fulfilment.admin.act.heading')}
        </h2>
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <RefundForm
            left={refundable.left}
            cash={refundable.cash}
            phone={order.phone}
            refundKey={refundKey}
            answer={answer?.intent === 'refund' ? answer : undefined}
          />
          {wholeCancellable ? (
            <CancelForm answer={answer?.intent === 'cancel' && !answer.vendorOrderId ? answer : undefined} />
          ) : mayCancel ? (
            <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
              {closed ? t('fulfilment.admin.act.cancel.closed') : t('fulfilment.admin.act.cancel.onItsWay')}
            </p>
          ) : null}
        </div>
        <NotesPanel notes={notes} answer={answer?.intent === 'note' ? answer : undefined} />
      </section>

      <section aria-labelledby="admin-order-history" className="mt-8">
        <h2 id="admin-order-history" className="text-xl font-bold">
          {t('fulfilment.admin.order.history')}
        </h2>
        <div className="mt-3">
          <OrderHistory events={order.events} partName={partName} />
        </div>
      </section>

      <section aria-labelledby="admin-order-payments" className="mt-8">
        <h2 id="admin-order-payments" className="text-xl font-bold">
          {t('fulfilment.admin.order.payments')}
        </h2>
        {payments.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-border p-4 text-center">
            {t('fulfilment.admin.order.payments.empty')}
          </p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {payments.map((p) => (
              <li key={p.id} className="min-w-0 rounded-lg border border-border bg-card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {t('fulfilment.admin.order.payment.heading', {
                      method: t(`orders.method.${p.method}`),
                      date: when(p.createdAt),
                    })}
                  </h3>
                  <OrderStatusBadge kind="payment" status={p.status} />
                </div>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <Row label={t('fulfilment.admin.order.payment.amount')}>{rwf(p.amount)}</Row>
                  <Row label={t('fulfilment.admin.order.payment.reference')} mono>
                    {p.reference}
                  </Row>
                  <Row label={t('fulfilment.admin.order.payment.providerId')} mono>
                    {p.providerTransactionId ?? t('fulfilment.admin.order.payment.none')}
                  </Row>
                  <Row label={t('fulfilment.admin.order.payment.payer')}>
                    {p.payerPhone ? formatPhone(p.payerPhone) : t('fulfilment.admin.order.payment.none')}
                  </Row>
                  <Row label={t('fulfilment.admin.order.payment.failure')}>
                    {p.status === 'failed' || p.status === 'expired'
                      ? t(`pay.failed.${failureKindOf(p.failureReason, p.status)}`)
                      : t('fulfilment.admin.order.payment.none')}
                  </Row>
                  <Row label={t('fulfilment.admin.order.payment.refund')}>
                    {p.refundStatus ? (
                      <OrderStatusBadge kind="refund" status={p.refundStatus} />
                    ) : (
                      t('fulfilment.admin.order.payment.none')
                    )}
                  </Row>
                </dl>
                <h4 className="mt-3 text-sm font-semibold">{t('fulfilment.admin.order.events')}</h4>
                {p.events.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('fulfilment.admin.order.events.empty')}</p>
                ) : (
                  <ol className="mt-1 grid gap-2">
                    {p.events.map((e) => (
                      <li key={e.id} className="min-w-0">
                        <p className="text-sm">
                          <span className="font-mono font-medium">{e.kind}</span>{' '}
                          <time className="text-muted-foreground" dateTime={new Date(e.createdAt).toISOString()}>
                            {when(e.createdAt)}
                          </time>
                        </p>
                        <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs">
                          {JSON.stringify(e.payload, null, 2)}
                        </pre>
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ul>
        )}
        {refunds.length > 0 ? (
          <>
            <h3 className="mt-6 font-semibold">{t('fulfilment.admin.act.refunds')}</h3>
            <ul className="mt-2 grid gap-2">
              {refunds.map((r) => (
                <li key={r.id} className="min-w-0 rounded-md border border-border bg-card p-3 text-sm">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-semibold">{rwf(r.amount)}</span>
                    <span>{t(`fulfilment.admin.act.refundStatus.${r.status}`)}</span>
                  </p>
                  <p className="break-words text-muted-foreground">
                    {when(r.createdAt)}
                    {r.vendorOrderId ? ` · ${partName(r.vendorOrderId)}` : ''} · {r.reason}
                  </p>
                  {r.payeePhone ? (
                    <p>{t('fulfilment.admin.act.refund.toSendTo', { phone: formatPhone(r.payeePhone) })}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </article>
  )
}

/** A message of a refused form (a catalogue id), above it. */
function FormError({ answer }: { answer?: StaffOrderActionData }) {
  const t = useT()
  if (!answer?.errors.form) return null
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
      {t(messageId(answer.errors.form))}
    </p>
  )
}

function useBusy(intent: string, vendorOrderId?: number) {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    (vendorOrderId === undefined || navigation.formData?.get('vendorOrderId') === String(vendorOrderId))
  )
}

/** The reason staff give and the box that confirms a destructive action. */
function ReasonAndConfirm({
  id,
  label,
  confirmLabel,
  answer,
}: {
  id: string
  label: string
  confirmLabel: string
  answer?: StaffOrderActionData
}) {
  const t = useT()
  const reasonError = answer?.errors.reason
  const confirmError = answer?.errors.confirm
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>{label}</Label>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          maxLength={500}
          required
          defaultValue={answer?.values?.reason ?? ''}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        />
        <FieldError id={`${id}-reason-error`}>{reasonError ? t(messageId(reasonError)) : null}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            required
            className="mt-0.5 size-4 accent-primary"
            aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
          />
          {confirmLabel}
        </label>
        <FieldError id={`${id}-confirm-error`}>{confirmError ? t(messageId(confirmError)) : null}</FieldError>
      </div>
    </>
  )
}

function RefundForm({
  left,
  cash,
  phone,
  refundKey,
  answer,
}: {
  left: number
  cash: boolean
  phone: string
  refundKey: string
  answer?: StaffOrderActionData
}) {
  // Shown only to a role that may refund (the action refuses the others anyway).
  const allowed = useStaffCan('refunds:issue')
  const t = useT()
  const { intlLocale } = useRootData()
  const busy = useBusy('refund')
  const amountError = answer?.errors.amount
  if (!allowed) return null
  if (left <= 0) {
    return (
      <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
        {t('fulfilment.admin.act.refund.nothing')}
      </p>
    )
  }
  return (
    <Form
      method="post"
      className="grid content-start gap-3 rounded-lg border border-border bg-card p-4"
      aria-labelledby="admin-refund-title"
      key={answer ? 'refused' : refundKey}
    >
      <h3 id="admin-refund-title" className="font-semibold">
        {t('fulfilment.admin.act.refund.heading')}
      </h3>
      <FormError answer={answer} />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={refundKey} />
      <p className="text-sm text-muted-foreground">
        {cash
          ? t('fulfilment.admin.act.refund.cash', { phone: formatPhone(phone) })
          : t('fulfilment.admin.act.refund.online')}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor="admin-refund-amount">
          {t('fulfilment.admin.act.refund.amount', { left: formatRwf(left, intlLocale) })}
        </Label>
        <Input
          id="admin-refund-amount"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={answer?.values?.amount ?? ''}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'admin-refund-amount-error' : undefined}
        />
        <FieldError id="admin-refund-amount-error">
          {amountError ? t(messageId(amountError), { left: formatRwf(answer?.left ?? left, intlLocale) }) : null}
        </FieldError>
      </div>
      <ReasonAndConfirm
        id="admin-refund"
        label={t('fulfilment.admin.act.refund.reason')}
        confirmLabel={t('fulfilment.admin.act.refund.confirm')}
        answer={answer}
      />
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        {busy ? t('fulfilment.admin.act.busy') : t('fulfilment.admin.act.refund.submit')}
      </Button>
    </Form>
  )
}

function CancelForm({ answer }: { answer?: StaffOrderActionData }) {
  const allowed = useStaffCan('orders:cancel')
  const t = useT()
  const busy = useBusy('cancel')
  if (!allowed) return null
  return (
    <Form
      method="post"
      className="grid content-start gap-3 rounded-lg border border-border bg-card p-4"
      aria-labelledby="admin-cancel-title"
      key={answer ? 'refused' : 'fresh'}
    >
      <h3 id="admin-cancel-title" className="font-semibold">
        {t('fulfilment.admin.act.cancel.heading')}
      </h3>
      <FormError answer={answer} />
      <input type="hidden" name="intent" value="cancel" />
      <p className="text-sm text-muted-foreground">{t('fulfilment.admin.act.cancel.intro')}</p>
      <ReasonAndConfirm
        id="admin-cancel"
        label={t('fulfilment.admin.act.cancel.reason')}
        confirmLabel={t('fulfilment.admin.act.cancel.confirm')}
        answer={answer}
      />
      <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
        {busy ? t('fulfilment.admin.act.busy') : t('fulfilment.admin.act.cancel.submit')}
      </Button>
    </Form>
  )
}

type PartView = Route.ComponentProps['loaderData']['order']['vendorOrders'][number]

/** One vendor's part: cancel it alone, or record its cash collected (cash on delivery, once it left the vendor). */
function PartActions({
  part,
  orderMethod,
  canCancel: cancellable,
  answer,
}: {
  part: PartView
  orderMethod: string
  canCancel: boolean
  answer?: StaffOrderActionData
}) {
  const t = useT()
  const cashBusy = useBusy('cash', part.id)
  const cancelBusy = useBusy('cancel', part.id)
  const mayCollect = useStaffCan('orders:cashCollected')
  const canCancel = useStaffCan('orders:cancel') && cancellable
  const canCollect =
    mayCollect &&
    orderMethod === 'cod' &&
    !part.cashCollectedAt &&
    (part.status === 'dispatched' || part.status === 'delivered')
  if (!canCancel && !canCollect) return null
  const id = `admin-part-${part.id}`
  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3">
      {answer?.intent === 'cash' ? <FormError answer={answer} /> : null}
      {canCollect ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cash" />
          <input type="hidden" name="vendorOrderId" value={part.id} />
          <Button type="submit" variant="outline" disabled={cashBusy}>
            {cashBusy ? t('fulfilment.admin.act.busy') : t('fulfilment.admin.act.cash.submit')}
          </Button>
        </Form>
      ) : null}
      {canCancel ? (
        <details open={answer?.intent === 'cancel' ? true : undefined}>
          <summary className="cursor-pointer text-sm font-medium">
            {t('fulfilment.admin.act.part.summary', { store: part.vendorName })}
          </summary>
          <Form method="post" className="mt-2 grid gap-3" key={answer ? 'refused' : 'fresh'}>
            <FormError answer={answer?.intent === 'cancel' ? answer : undefined} />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="vendorOrderId" value={part.id} />
            <ReasonAndConfirm
              id={id}
              label={t('fulfilment.admin.act.cancel.reason')}
              confirmLabel={t('fulfilment.admin.act.part.confirm', { store: part.vendorName })}
              answer={answer?.intent === 'cancel' ? answer : undefined}
            />
            <Button type="submit" variant="destructive" disabled={cancelBusy} className="justify-self-start">
              {cancelBusy ? t('fulfilment.admin.act.busy') : t('fulfilment.admin.act.part.submit')}
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  )
}

/** Staff's notes: never shown to the customer or the vendor. */
function NotesPanel({
  notes,
  answer,
}: {
  notes: Route.ComponentProps['loaderData']['notes']
  answer?: StaffOrderActionData
}) {
  const t = useT()
  const when = useDateTimeFormat()
  const busy = useBusy('note')
  const error = answer?.errors.body
  return (
    <section aria-labelledby="admin-notes-title" className="mt-4 rounded-lg border border-border bg-card p-4">
      <h3 id="admin-notes-title" className="font-semibold">
        {t('fulfilment.admin.act.notes.heading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('fulfilment.admin.act.notes.intro')}</p>
      {notes.length > 0 ? (
        <ol className="mt-3 grid gap-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-muted p-2 text-sm">
              <p className="break-words whitespace-pre-line">{n.body}</p>
              <p className="text-xs text-muted-foreground">{when(n.createdAt)}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <Form method="post" className="mt-3 grid gap-2" key={answer ? 'refused' : `notes-${notes.length}`}>
        <FormError answer={answer} />
        <input type="hidden" name="intent" value="note" />
        <Label htmlFor="admin-note-body">{t('fulfilment.admin.act.notes.label')}</Label>
        <Textarea
          id="admin-note-body"
          name="body"
          rows={2}
          maxLength={2000}
          required
          defaultValue={answer?.values?.body ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-note-body-error' : undefined}
        />
        <FieldError id="admin-note-body-error">{error ? t(messageId(error)) : null}</FieldError>
        <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
          {busy ? t('fulfilment.admin.act.busy') : t('fulfilment.admin.act.notes.submit')}
        </Button>
      </Form>
    </section>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-lg border border-border bg-card p-4 text-sm">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Row({
  label,
  children,
  strong,
  mono,
}: {
  label: string
  children: ReactNode
  strong?: boolean
  mono?: boolean
}) {
  return (
    <div className="flex min-w-0 flex-wrap justify-between gap-x-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn(strong && 'font-semibold', mono && 'font-mono break-all')}>{children}</dd>
    </div>
  )
}

/** The customer's request to cancel a packed part, as staff see it: its state, why, and the store's answer. */
function CancellationRequest({
  request,
}: {
  request: Route.ComponentProps['loaderData']['order']['cancellations'][number] | undefined
}) {
  const t = useT()
  const when = useDateTimeFormat()
  if (!request) return null
  return (
    <div className="mt-3 rounded-md border border-border bg-muted p-3 text-sm" data-slot="cancellation-request">
      <p className="font-medium">
        {t(`fulfilment.admin.order.cancellation.${request.status}`, { date: when(request.requestedAt) })}
      </p>
      <p className="mt-1">
        {t('fulfilment.vendor.cancel.reason', { reason: t(messageId(`orders.cancel.reason.${request.reason}`)) })}
      </p>
      {request.note ? <p className="mt-1 break-words">“{request.note}”</p> : null}
      {request.status === 'refused' && request.refusal ? (
        <p className="mt-1 break-words">
          {t('fulfilment.admin.order.cancellation.refusal', { refusal: request.refusal })}
        </p>
      ) : null}
    </div>
  )
}
