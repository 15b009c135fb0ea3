import { Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { listProductsToReview } from '#app/workflows/reviews.server.ts'
import type { Route } from './+types/customer-reviews'
import { requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// "Products to review": everything this customer received, each with Write a review or Edit your review.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const items = await listProductsToReview(ctx, { customerId: customer.id })
  return { title: requestI18n(request)._('reviews.list.meta'), items }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerReviews({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const date = dateFormat(intlLocale, { dateStyle: 'medium', timeZone: KIGALI_TIME_ZONE })
  const { items } = loaderData
  return (
    <CustomerPage title={t('reviews.list.title')} intro={t('reviews.list.intro')}>
      {items.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">{t('reviews.list.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3">
              <span className="block aspect-[4/5] w-16 shrink-0 overflow-hidden rounded-md bg-muted">
                {p.image ? <ResponsiveImage {...p.image} sizes="4rem" className="h-full w-full object-cover" /> : null}
              </span>
              <span className="min-w-0 flex-1 text-sm">
                <Link to={`/products/${p.slug}`} className="block font-medium hover:underline">
                  {p.title}
                </Link>
                <span className="block text-muted-foreground">
                  {p.vendorName} · {t('reviews.list.delivered', { date: date.format(new Date(p.deliveredAt)) })}
                  {p.reviewed ? ` · ${t('reviews.list.reviewed')}` : ''}
                </span>
              </span>
              <Link
                to={`/customer-dashboard/reviews/${p.id}`}
                className={buttonVariants({ variant: p.reviewed ? 'outline' : 'default', size: 'sm' })}
                aria-label={`${t(p.reviewed ? 'reviews.edit' : 'reviews.write')}: ${p.title}`}
              >
                {t(p.reviewed ? 'reviews.edit' : 'reviews.write')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </CustomerPage>
  )
}
