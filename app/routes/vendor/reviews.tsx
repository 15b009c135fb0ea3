import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { RatingStars } from '#app/components/catalog/rating-stars.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import {
  ReplySchema,
  reviewFilters,
  reviewLimits,
  VendorReviewsQuerySchema,
} from '#app/modules/catalog/reviews.schemas.ts'
import { listStoreReviews, replyAsStore } from '#app/workflows/reviews.server.ts'
import type { Route } from './+types/reviews'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['products', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The reviews of the signed-in vendor's products, each with a public reply form. The store is the one the vendor
// runs (from the session); a review id of another store's product is a 404 and nothing is written.
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const query = VendorReviewsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listing = await listStoreReviews(serviceContextOf(context), { ownerUserId: actor.userId, ...query })
  return { title: requestI18n(request)._('reviews.vendor.meta'), listing, query }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const form = await request.formData()
  const values = { reviewId: String(form.get('reviewId') ?? ''), reply: String(form.get('reply') ?? '') }
  const parsed = ReplySchema.safeParse(values)
  if (!parsed.success) {
    return data({ reviewId: values.reviewId, error: parsed.error.issues[0]?.message, values }, { status: 400 })
  }
  const outcome = await replyAsStore(serviceContextOf(context), { ownerUserId: actor.userId, ...parsed.data })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) return data({ reviewId: values.reviewId, error: outcome.errors.reply, values }, { status: 400 })
  const url = new URL(request.url)
  return redirect(`${url.pathname}${url.search}#review-${parsed.data.reviewId}`, {
    headers: { 'Set-Cookie': await flashCookie({ kind: 'success', title: 'reviews.vendor.saved' }) },
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const { listing, query } = loaderData
  const date = dateFormat(intlLocale, { dateStyle: 'medium', timeZone: KIGALI_TIME_ZONE })
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('reviews.vendor.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('reviews.vendor.intro')}</p>
      {!listing ? (
        <p className="mt-6 rounded-xl border border-border bg-card p-6">{t('reviews.vendor.noStore')}</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <RatingStars rating={listing.averageRating} reviewCount={listing.counts.all} size="md" />
            <p className="text-sm font-medium">
              {listing.averageRating == null
                ? t('reviews.vendor.noAverage')
                : t('reviews.vendor.average', { rating: listing.averageRating.toFixed(1) })}
            </p>
          </div>
          <nav aria-label={t('reviews.vendor.filter.label')} className="mt-4">
            <ul className="flex flex-wrap gap-2">
              {reviewFilters.map((filter) => (
                <li key={filter}>
                  <Link
                    to={filter === 'all' ? pathname : `${pathname}?filter=${filter}`}
                    aria-current={query.filter === filter ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-9 items-center rounded-full border px-3 text-sm',
                      query.filter === filter
                        ? 'border-primary bg-primary/10 font-semibold text-primary'
                        : 'border-input hover:bg-muted',
                    )}
                  >
                    {t(`reviews.vendor.filter.${filter}`, { count: listing.counts[filter] })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {listing.items.length === 0 ? (
            <p className="mt-6 text-muted-foreground">{t('reviews.vendor.empty')}</p>
          ) : (
            <ul className="mt-6 grid gap-4">
              {listing.items.map((r) => {
                const mine = actionData?.reviewId === String(r.id)
                const error = mine ? actionData?.error : undefined
                const id = `reply-${r.id}`
                return (
                  <li
                    key={r.id}
                    id={`review-${r.id}`}
                    className="scroll-mt-4 rounded-xl border border-border bg-card p-4"
                    aria-labelledby={`${id}-product`}
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h2 id={`${id}-product`} className="font-semibold break-words">
                        <Link to={`/products/${r.productSlug}#reviews`} className="hover:underline">
                          {r.productTitle}
                        </Link>
                      </h2>
                      <span className="text-xs text-muted-foreground">
                        {t('reviews.vendor.by', {
                          name: r.customerFirstName,
                          date: date.format(new Date(r.createdAt)),
                        })}
                      </span>
                    </div>
                    <RatingStars rating={r.rating} className="mt-1" />
                    <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line">{r.body}</p>
                    <Form method="post" className="mt-3 grid gap-1.5 border-t border-border pt-3">
                      <input type="hidden" name="reviewId" value={r.id} />
                      <Label htmlFor={id}>{t('reviews.vendor.reply')}</Label>
                      <Textarea
                        id={id}
                        name="reply"
                        rows={3}
                        size="md"
                        maxLength={reviewLimits.reply.max}
                        defaultValue={mine ? actionData?.values.reply : (r.reply ?? '')}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                      <FieldError id={`${id}-error`}>
                        {error ? t(messageId(error), reviewLimits.reply) : null}
                      </FieldError>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="text-xs text-muted-foreground">
                          {r.repliedAt
                            ? t('reviews.vendor.repliedAt', { date: date.format(new Date(r.repliedAt)) })
                            : ''}
                        </span>
                        <Button type="submit" size="sm" disabled={navigation.state === 'submitting'}>
                          {t('reviews.vendor.save')}
                        </Button>
                      </div>
                    </Form>
                  </li>
                )
              })}
            </ul>
          )}
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(p: number) => pageHref(pathname, search, p)}
          />
        </>
      )}
    </div>
  )
}
