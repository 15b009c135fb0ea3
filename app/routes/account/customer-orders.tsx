import { Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { OrderList } from '#app/components/orders/order-list.tsx'
import { ShoppingBag } from '#app/components/ui/icons.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { listCustomerOrders, ORDERS_PAGE_SIZE } from '#app/modules/orders/orders.server.ts'
import type { Route } from './+types/customer-orders'
import { requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const { items, total } = await listCustomerOrders(ctx, customer.id, { page })
  return {
    title: requestI18n(request)._('orders.list.title'),
    items,
    total,
    page,
    pages: Math.ceil(total / ORDERS_PAGE_SIZE),
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerOrders({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { items, page, pages } = loaderData
  return (
    <CustomerPage title={loaderData.title} intro={t('orders.list.intro', { count: loaderData.total })}>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-card p-6 text-center">
          <ShoppingBag className="mx-auto size-8 text-muted-foreground" />
          <p className="mt-2 font-medium">{t('customer.orders.empty')}</p>
          <Link to="/products" className="mt-3 inline-block font-medium text-primary underline underline-offset-2">
            {t('customer.orders.shop')}
          </Link>
        </div>
      ) : (
        <OrderList orders={items} />
      )}
      {pages > 1 ? (
        <nav aria-label={t('orders.list.pages')} className="mt-4 flex justify-between text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t('orders.list.newer')}</Link> : <span />}
          {page < pages ? <Link to={`?page=${page + 1}`}>{t('orders.list.older')}</Link> : null}
        </nav>
      ) : null}
    </CustomerPage>
  )
}
