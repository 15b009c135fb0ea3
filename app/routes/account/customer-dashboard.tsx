import { Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { OrderList } from '#app/components/orders/order-list.tsx'
import { Clock, Heart, MapPin, ShieldCheck, ShoppingBag, UserRound } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { numberFormat } from '#app/lib/format.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { getCustomerDashboard } from '#app/workflows/customer-account.server.ts'
import type { Route } from './+types/customer-dashboard'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Guard (DESIGN.md section 3, point 4): a signed-in customer only; a visitor signs in first and comes back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'customer')
  const dashboard = await getCustomerDashboard(serviceContextOf(context), actor)
  return { title: requestI18n(request)._('dashboard.customer.meta'), ...dashboard }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const number = numberFormat(intlLocale)
  const percent = numberFormat(intlLocale, { style: 'percent', maximumFractionDigits: 0 })
  const { completeness } = loaderData
  const stats = [
    { id: 'orders', icon: ShoppingBag, value: number.format(loaderData.orders), to: '/customer-dashboard/orders' },
    { id: 'wishlist', icon: Heart, value: number.format(loaderData.wishlist), to: '/favorites' },
    { id: 'pending', icon: Clock, value: number.format(loaderData.pendingOrders), to: '/customer-dashboard/orders' },
    {
      id: 'profile',
      icon: UserRound,
      value: percent.format(completeness.percent / 100),
      to: '/customer-dashboard/profile',
    },
  ]
  const settings = [
    { to: '/customer-dashboard/profile', icon: UserRound, id: 'profile' },
    { to: '/customer-dashboard/addresses', icon: MapPin, id: 'addresses' },
    { to: '/customer-dashboard/password', icon: ShieldCheck, id: 'password' },
  ]
  return (
    <CustomerPage title={t('dashboard.greeting', { name: loaderData.name })} intro={t('customer.dashboard.intro')}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => {
          const body = (
            <>
              <stat.icon className="size-5 text-primary" />
              <span className="mt-2 block text-2xl font-bold" data-testid={`stat-${stat.id}`}>
                {stat.value}
              </span>
              <span className="block text-sm text-muted-foreground">{t(messageId(`customer.stat.${stat.id}`))}</span>
            </>
          )
          return (
            <li key={stat.id} className="rounded-xl border border-border bg-card">
              {stat.to ? (
                <Link to={stat.to} className="block h-full rounded-xl p-4 hover:bg-muted">
                  {body}
                </Link>
              ) : (
                <div className="p-4">{body}</div>
              )}
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">
        {t('customer.completeness.rule', { percent: percent.format(completeness.percent / 100) })}{' '}
        {completeness.missing.length > 0
          ? t('customer.completeness.missing', {
              parts: completeness.missing.map((part) => t(`customer.completeness.part.${part}`)).join(', '),
            })
          : t('customer.completeness.done')}
      </p>

      <section aria-labelledby="recent-orders" className="mt-8">
        <h2 id="recent-orders" className="text-xl font-semibold">
          {t('customer.orders.title')}
        </h2>
        {loaderData.recentOrders.length > 0 ? (
          <>
            <OrderList orders={loaderData.recentOrders} />
            <Link
              to="/customer-dashboard/orders"
              className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-2"
            >
              {t('customer.orders.all')}
            </Link>
          </>
        ) : (
          <div className="mt-3 rounded-xl border border-dashed border-border bg-card p-6 text-center">
            <ShoppingBag className="mx-auto size-8 text-muted-foreground" />
            <p className="mt-2 font-medium">{t('customer.orders.empty')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('customer.orders.emptyBody')}</p>
            <Link
              to="/products"
              className="mt-4 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
            >
              {t('customer.orders.shop')}
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="account-settings" className="mt-8">
        <h2 id="account-settings" className="text-xl font-semibold">
          {t('customer.settings.title')}
        </h2>
        <ul className="mt-3 grid gap-3 md:grid-cols-3">
          {settings.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 hover:bg-muted"
              >
                <item.icon className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>
                  <span className="block font-medium">{t(messageId(`customer.settings.${item.id}`))}</span>
                  <span className="block text-sm text-muted-foreground">
                    {item.id === 'addresses'
                      ? t('customer.settings.addresses.count', { count: loaderData.addressCount })
                      : t(messageId(`customer.settings.${item.id}.body`))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </CustomerPage>
  )
}
