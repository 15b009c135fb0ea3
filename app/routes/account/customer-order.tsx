import { data, Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { OrderStatusBadge } from '#app/components/orders/order-list.tsx'
import { CustomerReturns } from '#app/components/returns/customer-returns.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { addBusinessDays } from '#app/modules/orders/delivery.ts'
import { cancelPath } from '#app/modules/orders/order-status.ts'
import { findCustomerOrder } from '#app/modules/orders/orders.server.ts'
import { listOrderPayments } from '#app/modules/payments/payments.server.ts'
import { DisputeFormSchema, ReturnStepFormSchema } from '#app/modules/returns/returns.schemas.ts'
import {
  addDisputeStatement,
  cancelReturn,
  getReturnsPanel,
  listReturnableLines,
  openDispute,
} from '#app/workflows/returns.server.ts'
import { listReviewedProductIds } from '#app/workflows/reviews.server.ts'
import type { Route } from './+types/customer-order'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = {
  i18n: ['accounts', 'customer', 'messages', 'orders', 'returns', 'reviews'],
} satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One of the customer's own orders (someone else's number is a 404): where it is, what is in it, what was paid,
// and Cancel while nothing has left a vendor (its confirmation step is the cancel page; after packing it asks the
// store, and the request's answer shows here). After checkout (?placed=1) it is the confirmation page.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const order = await findCustomerOrder(ctx, customer.id, params.number)
  if (!order) notFound()
  const payments = await listOrderPayments(ctx, order.id)
  // Lines of a delivered vendor order can be reviewed: which of them this customer already has.
  const receivedIds = order.vendorOrders
    .filter((v) => v.status === 'delivered')
    .flatMap((v) => v.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))
  const reviewedIds = await listReviewedProductIds(ctx, { customerId: customer.id, productIds: receivedIds })
  const placed = new URL(request.url).searchParams.get('placed') === '1'
  const cancellable =
    cancelPath(
      order.status,
      order.vendorOrders.map((v) => ({
        status: v.status,
        cancellation: order.cancellations.find((c) => c.vendorOrderId === v.id)?.status ?? null,
      })),
    ) !== null
  const [returnable, panel] = await Promise.all([listReturnableLines(ctx, order), getReturnsPanel(ctx, order)])
  // Parts still not sent a day after the latest promised delivery day: the customer may ask staff about them.
  const promised = addBusinessDays(order.placedAt, order.deliveryDaysMax + 1)
  const lateParts =
    Date.now() > promised.getTime() && order.status !== 'pending_payment'
      ? order.vendorOrders.filter((v) => v.status === 'new' || v.status === 'packed').map((v) => v.id)
      : []
  return {
    title: requestI18n(request)._('orders.detail.meta', { number: order.number }),
    order,
    placed,
    cancellable,
    reviewedIds,
    returnable,
    panel,
    lateParts,
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      status: p.status,
      amount: p.amount,
      refundStatus: p.refundStatus,
      createdAt: p.createdAt,
    })),
  }
}

/** The customer's steps on their returns and cases: withdraw a return, ask staff to decide, add their side. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const order = await findCustomerOrder(ctx, customer.id, params.number)
  if (!order) notFound()
  const fields = Object.fromEntries(await request.formData())
  const here = `/customer-dashboard/orders/${order.number}#returns`
  if (fields.intent === 'return_cancel') {
    const step = ReturnStepFormSchema.safeParse(fields)
    if (!step.success || step.data.intent !== 'return_cancel') notFound()
    const outcome = await cancelReturn(ctx, { customerId: customer.id, returnId: step.data.returnId })
    if (!outcome.ok && outcome.code === 'not_found') notFound()
    return redirectWithToast(here, {
      kind: outcome.ok ? 'success' : 'error',
      title: outcome.ok ? 'returns.cancel.done' : 'returns.error.moved',
    })
  }
  const parsed = DisputeFormSchema.safeParse(fields)
  if (!parsed.success) {
    const statement = typeof fields.statement === 'string' ? fields.statement.slice(0, 1000) : ''
    const form = typeof fields.form === 'string' ? fields.form.slice(0, 40) : ''
    const error = parsed.error.issues[0]?.message ?? 'form.error.invalid'
    return data({ disputeError: { form, error, statement } }, { status: 400 })
  }
  const party = { side: 'customer' as const, customerId: customer.id }
  const outcome =
    parsed.data.intent === 'dispute_open'
      ? await openDispute(ctx, party, parsed.data)
      : await addDisputeStatement(ctx, party, { disputeId: parsed.data.disputeId, body: parsed.data.statement })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return redirectWithToast(here, { kind: 'error', title: `returns.refused.${outcome.code}` })
  return redirectWithToast(here, {
    kind: 'success',
    title: parsed.data.intent === 'dispute_open' ? 'returns.dispute.sent' : 'returns.dispute.added',
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { order, payments, placed, cancellable, reviewedIds, returnable, panel, lateParts } = loaderData
  const dateTime = dateFormat(intlLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: KIGALI_TIME_ZONE,
  })
  const paid = payments.find((p) => p.status === 'succeeded')
  return (
    <CustomerPage title={t('orders.detail.title', { number: order.number })}>
      {placed && order.status !== 'cancelled' ? (
        <div role="status" className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
          <p className="text-lg font-semibold">{t('orders.placed.title')}</p>
          <p className="mt-1 text-sm">
            {t(order.paymentMethod === 'cod' ? 'orders.placed.cod' : 'orders.placed.paid', {
              number: order.number,
              total: formatRwf(order.total, intlLocale),
            })}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-muted-foreground">
          {t('orders.detail.placedAt', { date: dateTime.format(new Date(order.placedAt)) })}
        </span>
      </div>
      {order.status === 'pending_payment' ? (
        <Link to={`/checkout/pay/${order.number}`} className={buttonVariants({ className: 'mt-4' })}>
          {t('orders.detail.pay')}
        </Link>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4">
          {order.vendorOrders.map((vo) => (
            <section key={vo.id} aria-label={vo.vendorName} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold">
                  <Link to={`/vendor/${vo.vendorId}`} className="hover:underline">
                    {vo.vendorName}
                  </Link>
                </h2>
                <span className="text-sm font-medium">{t(`orders.vendorStatus.${vo.status}`)}</span>
              </div>
              <ul className="mt-3 divide-y divide-border">
                {vo.lines.map((l) => (
                  <li key={l.id} className="flex justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium">{l.title}</span>
                      <span className="block text-muted-foreground">
                        {[l.size, l.colour].filter(Boolean).join(' · ')}
                        {l.size || l.colour ? ' · ' : ''}
                        {t('checkout.review.qty', { quantity: l.quantity, price: formatRwf(l.unitPrice, intlLocale) })}
                      </span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end gap-1">
                      {formatRwf(l.lineTotal, intlLocale)}
                      {returnable.returnable.includes(l.id) ? (
                        <Link
                          to={`/customer-dashboard/orders/${order.number}/return/${l.id}`}
                          className="text-primary underline underline-offset-4"
                          aria-label={`${t('returns.link')}: ${l.title}`}
                        >
                          {t('returns.link')}
                        </Link>
                      ) : returnable.noReturns.includes(l.id) ? (
                        <span className="text-xs text-muted-foreground">{t('returns.noReturns')}</span>
                      ) : null}
                      {vo.status === 'delivered' && l.productId !== null ? (
                        <Link
                          to={`/customer-dashboard/reviews/${l.productId}`}
                          className="text-primary underline underline-offset-4"
                          aria-label={`${t(reviewedIds.includes(l.productId) ? 'reviews.edit' : 'reviews.write')}: ${l.title}`}
                        >
                          {t(reviewedIds.includes(l.productId) ? 'reviews.edit' : 'reviews.write')}
                        </Link>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <CustomerReturns
            orderNumber={order.number}
            parts={order.vendorOrders.map((v) => ({
              id: v.id,
              name: v.vendorName,
              status: v.status,
              late: lateParts.includes(v.id),
            }))}
            panel={panel}
            failed={actionData && 'disputeError' in actionData ? actionData.disputeError : null}
          />
          <section aria-labelledby="order-history" className="rounded-xl border border-border bg-card p-4">
            <h2 id="order-history" className="font-semibold">
              {t('orders.detail.history')}
            </h2>
            <ol className="mt-2 grid gap-1 text-sm">
              {order.events
                .filter((e) => e.vendorOrderId === null)
                .map((e) => (
                  <li key={e.id} className="flex flex-wrap justify-between gap-2">
                    <span>{t(messageId(`orders.status.${e.toStatus}`))}</span>
                    <span className="text-muted-foreground">{dateTime.format(new Date(e.createdAt))}</span>
                  </li>
                ))}
            </ol>
          </section>
        </div>
        <aside className="grid content-start gap-4">
          <section aria-labelledby="order-delivery" className="rounded-xl border border-border bg-card p-4 text-sm">
            <h2 id="order-delivery" className="font-semibold">
              {t('orders.detail.delivery')}
            </h2>
            <p className="mt-2">
              {order.recipient} · {formatPhone(order.phone)}
            </p>
            <p className="text-muted-foreground">{placeLine(t, order)}</p>
            <p className="text-muted-foreground">{order.landmark}</p>
            <p className="mt-2">
              {t(`orders.delivery.${order.deliveryOption}`)} ·{' '}
              {order.deliveryOption === 'express'
                ? t('checkout.delivery.today')
                : t('orders.detail.days', { min: order.deliveryDaysMin, max: order.deliveryDaysMax })}
            </p>
          </section>
          <section aria-labelledby="order-payment" className="rounded-xl border border-border bg-card p-4 text-sm">
            <h2 id="order-payment" className="font-semibold">
              {t('orders.detail.payment')}
            </h2>
            <p className="mt-2">{t(`orders.method.${order.paymentMethod}`)}</p>
            {paid ? <p className="text-muted-foreground">{t('orders.detail.paid')}</p> : null}
            {paid?.refundStatus ? (
              <p className="text-muted-foreground">{t(`orders.refundStatus.${paid.refundStatus}`)}</p>
            ) : null}
            <dl className="mt-3 grid gap-1">
              <div className="flex justify-between">
                <dt>{t('checkout.summary.subtotal')}</dt>
                <dd>{formatRwf(order.subtotal, intlLocale)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>{t('checkout.summary.delivery')}</dt>
                <dd>{order.deliveryFee === 0 ? t('checkout.free') : formatRwf(order.deliveryFee, intlLocale)}</dd>
              </div>
              <div className="flex justify-between border-t border-border pt-1 font-semibold">
                <dt>{t('checkout.summary.total')}</dt>
                <dd>{formatRwf(order.total, intlLocale)}</dd>
              </div>
              <div className="flex justify-between text-muted-foreground">
                <dt>{t('checkout.summary.vat')}</dt>
                <dd>{formatRwf(order.vatAmount, intlLocale)}</dd>
              </div>
            </dl>
          </section>
          {order.cancellations.length > 0 ? (
            <section
              aria-labelledby="order-cancellation"
              className="rounded-xl border border-border bg-card p-4 text-sm"
            >
              <h2 id="order-cancellation" className="font-semibold">
                {t('orders.cancellation.title')}
              </h2>
              <ul className="mt-2 grid gap-2">
                {order.cancellations.map((c) => (
                  <li key={c.id} className="break-words">
                    {t(`orders.cancellation.${c.status}`, {
                      store: order.vendorOrders.find((v) => v.id === c.vendorOrderId)?.vendorName ?? '',
                      refusal: c.refusal ?? '',
                    })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {cancellable ? (
            <section className="rounded-xl border border-border bg-card p-4 text-sm">
              <p className="text-muted-foreground">{t('orders.cancel.hint')}</p>
              <Link
                to={`/customer-dashboard/orders/${order.number}/cancel`}
                className={buttonVariants({ variant: 'outline', className: 'mt-3' })}
              >
                {t('orders.cancel.button')}
              </Link>
            </section>
          ) : null}
        </aside>
      </div>
    </CustomerPage>
  )
}
