import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { DeliveryOption } from '#app/components/fulfilment/delivery-option.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { VendorOrderIdSchema } from '#app/modules/orders/orders.schemas.ts'
import { getStoreOrder } from '#app/workflows/fulfilment.server.ts'
import type { Route } from './+types/packing-slip'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['fulfilment', 'orders', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// A packing slip for one of the store's orders, to print and put in the parcel: who it goes to and what is in it,
// no prices. Another store's order (or one not yet paid) is not found, as on the order page.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const id = VendorOrderIdSchema.safeParse(params.vendorOrderId)
  if (!id.success) notFound()
  const order = await getStoreOrder(serviceContextOf(context), { ownerUserId: actor.userId, vendorOrderId: id.data })
  if (!order) notFound()
  const part = order.vendorOrder
  return {
    title: requestI18n(request)._('vendorOrders.slip.meta', { number: order.number }),
    slip: {
      id: part.id,
      storeName: part.vendorName,
      number: order.number,
      placedAt: order.placedAt,
      recipient: order.recipient,
      phone: order.phone,
      place: { cell: order.cell, sector: order.sector, district: order.district, province: order.province },
      landmark: order.landmark,
      deliveryOption: order.deliveryOption,
      // Cash on delivery: what the courier collects for this store's part (none once collected or cancelled).
      cashToCollect:
        order.paymentMethod === 'cod' &&
        !part.cashCollectedAt &&
        order.status !== 'cancelled' &&
        order.status !== 'refunded' &&
        part.status !== 'cancelled'
          ? part.subtotal
          : null,
      lines: part.lines.map((l) => ({
        id: l.id,
        title: l.title,
        size: l.size,
        colour: l.colour,
        sku: l.sku,
        quantity: l.quantity,
      })),
    },
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

// On paper only the slip: the shop's header and footer and the workspace navigation are left out.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-packing-slip], [data-packing-slip] * { visibility: visible !important; }
  [data-packing-slip] { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  [data-print-hidden] { display: none !important; }
}`

export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const { slip } = loaderData
  const units = slip.lines.reduce((s, l) => s + l.quantity, 0)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <style>{PRINT_CSS}</style>
      <div data-print-hidden className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <a
          href={`/vendor-dashboard/orders/${slip.id}`}
          className="text-sm font-medium text-muted-foreground hover:text-foreground hover:underline"
        >
          {t('vendorOrders.slip.back', { number: slip.number })}
        </a>
        {/* Without JavaScript the link opens this page again, where the browser's own Print applies. */}
        <a
          href={`/vendor-dashboard/orders/${slip.id}/packing-slip`}
          onClick={(e) => {
            e.preventDefault()
            window.print()
          }}
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
        >
          {t('vendorOrders.slip.print')}
        </a>
      </div>
      <article data-packing-slip aria-labelledby="slip-title" className="rounded-lg border border-border bg-card p-6">
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-border pb-4">
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">{t('vendorOrders.slip.heading')}</p>
            <h1 id="slip-title" className="text-xl font-bold break-words">
              {slip.storeName}
            </h1>
          </div>
          <dl className="text-sm">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('vendorOrders.slip.number')}</dt>
              <dd className="font-semibold">{slip.number}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">{t('vendorOrders.slip.date')}</dt>
              <dd>
                <time dateTime={new Date(slip.placedAt).toISOString()}>{when(slip.placedAt)}</time>
              </dd>
            </div>
          </dl>
        </header>
        <section aria-labelledby="slip-to" className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <h2 id="slip-to" className="text-sm font-semibold text-muted-foreground">
              {t('vendorOrders.slip.deliverTo')}
            </h2>
            <address className="mt-1 not-italic">
              <span className="block font-semibold">{slip.recipient}</span>
              <span className="block">{placeLine(t, slip.place)}</span>
              {slip.landmark ? (
                <span className="block">{t('fulfilment.vendor.order.landmark', { landmark: slip.landmark })}</span>
              ) : null}
              <span className="block">{formatPhone(slip.phone)}</span>
            </address>
          </div>
          <div>
            <h2 className="text-sm font-semibold text-muted-foreground">{t('fulfilment.vendor.order.delivery')}</h2>
            <p className="mt-1">
              <DeliveryOption option={slip.deliveryOption} />
            </p>
            {slip.cashToCollect !== null ? (
              <p className="mt-2 font-semibold">
                {t('fulfilment.vendor.order.cashToCollect', { amount: formatRwf(slip.cashToCollect, intlLocale) })}
              </p>
            ) : null}
          </div>
        </section>
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">{t('vendorOrders.slip.items')}</caption>
          <thead className="border-b border-border text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t('vendorOrders.slip.item')}
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                {t('vendorOrders.slip.sku')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('vendorOrders.slip.quantity')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.lines.map((l) => (
              <tr key={l.id} className="border-b border-border align-top">
                <td className="py-2 pr-2">
                  <span className="block font-medium break-words">{l.title}</span>
                  {l.size || l.colour ? (
                    <span className="block text-muted-foreground">
                      {[
                        l.size ? t('vendorOrders.slip.size', { size: l.size }) : null,
                        l.colour ? t('vendorOrders.slip.colour', { colour: l.colour }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-2 font-mono text-xs [overflow-wrap:anywhere]">{l.sku}</td>
                <td className="py-2 text-right font-semibold">{number.format(l.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2 pr-2 text-right font-medium">
                {t('vendorOrders.slip.units')}
              </th>
              <td className="py-2 text-right font-bold">{number.format(units)}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  )
}
