import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { OrderHistory } from '#app/components/fulfilment/order-history.tsx'
import { OrderStatusBadge } from '#app/components/fulfilment/order-status-badge.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { findOrderForConsole } from '#app/queries/staff-orders.server.ts'
import type { Route } from './+types/order'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  guardedActor(context, 'admin')
  const found = params.number.length <= 40 ? await findOrderForConsole(serviceContextOf(context), params.number) : null
  if (!found) notFound()
  return { title: requestI18n(request)._('fulfilment.admin.order.meta', { number: found.order.number }), ...found }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** One order as staff see it: the customer, the money, every vendor's part, the history, and every payment attempt. */
export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const rwf = (amount: number) => formatRwf(amount, intlLocale)
  const { order, payments } = loaderData
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
            </li>
          ))}
        </ul>
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
                    {p.failureReason ?? t('fulfilment.admin.order.payment.none')}
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
      </section>
    </article>
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
        {t('fulfilment.vendor.cancel.reason', { reason: t(`orders.cancel.reason.${request.reason}`) })}
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
