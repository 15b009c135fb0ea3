import { Link, useFetchers } from 'react-router'
import { CartLineRow } from '#app/components/cart/cart-line.tsx'
import { ShoppingBag } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { findOwnerKey } from '#app/modules/accounts/shopper.server.ts'
import { getCart } from '#app/modules/cart/cart.server.ts'
import { estimateCartDelivery } from '#app/workflows/checkout.server.ts'
import type { Route } from './+types/cart'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['cart'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context)
  const actor = await findRequestActor(context, request)
  return {
    title: requestI18n(request)._('cart.meta'),
    cart: await getCart(ctx, await findOwnerKey(context, request)),
    // A customer's default address gives the fee; anyone else sees the lowest ("from").
    delivery: await estimateCartDelivery(ctx, { userId: actor?.role === 'customer' ? actor.userId : null }),
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { cart, delivery } = loaderData
  // The summary follows quantities being posted right now, so it never disagrees with the lines.
  const pending = new Map<number, number>()
  const fetchers = useFetchers()
  for (const f of fetchers) {
    if (f.state === 'idle' || f.formAction !== '/api/cart' || !f.formData) continue
    const id = Number(f.formData.get('variantId'))
    if (f.formData.get('intent') === 'set') pending.set(id, Number(f.formData.get('quantity')))
    if (f.formData.get('intent') === 'remove') pending.set(id, 0)
  }
  const lines = cart.lines.map((l) => ({ ...l, quantity: pending.get(l.variantId) ?? l.quantity }))
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * Math.max(0, l.quantity), 0)
  const itemCount = lines.reduce((s, l) => s + Math.max(0, l.quantity), 0)
  // Standard delivery, as checkout will work it out for this total: free from the threshold on.
  const free = subtotal >= delivery.freeStandardAbove
  const fee = free ? 0 : delivery.standardFee
  const feeText = free
    ? t('cart.summary.free')
    : delivery.district
      ? formatRwf(fee, intlLocale)
      : t('cart.summary.from', { amount: formatRwf(fee, intlLocale) })

  if (itemCount === 0) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto size-16 text-muted-foreground" />
        <h1 className="mt-4 text-2xl font-bold">{t('cart.empty.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('cart.empty.body')}</p>
        <Link
          to="/products"
          className="mt-6 inline-flex h-11 items-center rounded-md bg-primary px-6 font-semibold text-primary-foreground hover:bg-primary/90"
        >
          {t('cart.empty.cta')}
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('cart.title', { count: itemCount })}</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ul className="divide-y divide-border rounded-xl border border-border bg-card px-4">
          {cart.lines.map((line) => (
            <CartLineRow key={line.variantId} line={line} />
          ))}
        </ul>
        <section
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border border-border bg-card p-5 lg:sticky lg:top-32"
        >
          <h2 id="summary-heading" className="text-lg font-semibold">
            {t('cart.summary.title')}
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt>{t('cart.summary.subtotal', { count: itemCount })}</dt>
              <dd>{formatRwf(subtotal, intlLocale)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>
                {delivery.district
                  ? t('cart.summary.deliveryTo', { district: delivery.district })
                  : t('cart.summary.shipping')}
              </dt>
              <dd className={free ? 'font-medium text-success' : undefined}>{feeText}</dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-border pt-3 text-base font-bold">
              <dt>{t('cart.summary.total')}</dt>
              <dd>
                {delivery.district || free
                  ? formatRwf(subtotal + fee, intlLocale)
                  : t('cart.summary.from', { amount: formatRwf(subtotal + fee, intlLocale) })}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm">
            {free
              ? t('cart.summary.freeReached')
              : t('cart.summary.freeAbove', { amount: formatRwf(delivery.freeStandardAbove - subtotal, intlLocale) })}
          </p>
          <p className="mt-2 text-xs text-muted-foreground">
            {t('cart.summary.vat')} {t('cart.summary.deliveryNote')}
          </p>
          <Link
            to="/checkout"
            className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-md bg-primary font-semibold text-primary-foreground hover:bg-primary/90"
          >
            {t('cart.summary.checkout')}
          </Link>
          <Link to="/products" className="mt-3 block text-center text-sm font-medium text-primary hover:underline">
            {t('cart.empty.cta')}
          </Link>
        </section>
      </div>
    </div>
  )
}
