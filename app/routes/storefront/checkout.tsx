import { Link } from 'react-router'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { getServiceContext } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { accountOwnerKey, requireRole } from '#app/modules/accounts/accounts.server.ts'
import { getCart } from '#app/modules/cart/cart.server.ts'
import type { Route } from './+types/checkout'

// Checkout needs a signed-in customer (DESIGN.md section 5): a visitor signs in first and comes back here with
// the cart, which joined the account at sign-in. Placing orders and payments come with the checkout issue:
// until then this page says so plainly and keeps the cart.
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, 'customer')
  const cart = await getCart(getServiceContext(), accountOwnerKey(actor.userId))
  return { title: requestI18n(request)._('checkout.meta'), itemCount: cart.itemCount, total: cart.total }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('checkout.soon.title')}</h1>
      <p className="mt-4 text-muted-foreground">
        {t('checkout.soon.body', {
          count: loaderData.itemCount,
          total: formatRwf(loaderData.total, intlLocale),
        })}
      </p>
      <Link to="/cart" className={buttonVariants({ className: 'mt-8' })}>
        {t('checkout.soon.back')}
      </Link>
    </div>
  )
}
