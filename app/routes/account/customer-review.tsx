import { data, Form, Link, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { FormAlert } from '#app/components/account/fields.tsx'
import { StarRatingInput } from '#app/components/reviews/star-rating-input.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { productIdOf, reviewLimits } from '#app/modules/catalog/reviews.schemas.ts'
import { parseReviewForm } from '#app/modules/catalog/reviews.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import { getReviewPage, saveCustomerReview } from '#app/workflows/reviews.server.ts'
import type { Route } from './+types/customer-review'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Writing (or editing) a review: only for a product this customer received; any other product id is a 404 and
// a post for it writes nothing.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const page = await getReviewPage(ctx, { customerId: customer.id, productId: productIdOf(params.productId) })
  if (!page) notFound()
  return { title: requestI18n(request)._('reviews.form.meta', { title: page.product.title }), ...page }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const form = await request.formData()
  const values = { rating: String(form.get('rating') ?? ''), body: String(form.get('body') ?? '') }
  const parsed = parseReviewForm(values)
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  const productId = productIdOf(params.productId)
  const allowed = await throttleAction(ctx, 'review', { address: clientAddressOf(context), userId: actor.userId })
  if (!allowed.ok) {
    const messageValues = { minutes: minutesToWait(allowed.retryAfterSeconds) }
    return data({ errors: { form: 'throttle.tooMany' }, values, messageValues }, { status: 429 })
  }
  const outcome = await saveCustomerReview(ctx, { customerId: customer.id, productId, ...parsed.data })
  if (!outcome.ok && (outcome.code === 'not_received' || outcome.code === 'not_found')) notFound()
  if (!outcome.ok && outcome.code === 'invalid') return data({ errors: outcome.errors, values }, { status: 400 })
  if (!outcome.ok) return data({ errors: { form: 'reviews.error.alreadyReviewed' }, values }, { status: 409 })
  return redirectWithToast(`/products/${outcome.slug}#reviews`, {
    kind: 'success',
    title: outcome.edited ? 'reviews.updated' : 'reviews.saved',
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerReview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const { product, review } = loaderData
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values = actionData?.values ?? { rating: review ? String(review.rating) : '', body: review?.body ?? '' }
  return (
    <CustomerPage title={t('reviews.form.title', { title: product.title })}>
      <Link
        to="/customer-dashboard/reviews"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('reviews.form.back')}
      </Link>
      <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <Link to={`/products/${product.slug}`} className="flex items-center gap-3 md:block">
          <span className="block aspect-[4/5] w-20 shrink-0 overflow-hidden rounded-lg bg-muted md:w-full">
            {product.image ? (
              <ResponsiveImage {...product.image} sizes="12rem" className="h-full w-full object-cover" />
            ) : (
              <span className="grid h-full place-items-center text-xs text-muted-foreground">
                {t('reviews.form.noImage')}
              </span>
            )}
          </span>
          <span className="text-sm md:mt-2 md:block">
            <span className="block font-medium">{product.title}</span>
            <span className="text-muted-foreground">{t('reviews.form.from', { store: product.vendorName })}</span>
          </span>
        </Link>
        <Form method="post" className="grid max-w-xl content-start gap-5">
          <FormAlert
            message={errors.form}
            values={(actionData as { messageValues?: Record<string, number> } | undefined)?.messageValues}
          />
          <div className="grid gap-1">
            <StarRatingInput
              name="rating"
              legend={t('reviews.form.rating')}
              defaultValue={values.rating}
              errorId="review-rating-error"
              invalid={!!errors.rating}
            />
            <FieldError id="review-rating-error">{errors.rating ? t(messageId(errors.rating)) : null}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="review-body">{t('reviews.form.body')}</Label>
            <Textarea
              id="review-body"
              name="body"
              rows={6}
              defaultValue={values.body}
              maxLength={reviewLimits.body.max}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? 'review-body-error review-body-hint' : 'review-body-hint'}
            />
            <p id="review-body-hint" className="text-xs text-muted-foreground">
              {t('reviews.form.bodyHint', reviewLimits.body)}
            </p>
            <FieldError id="review-body-error">
              {errors.body ? t(messageId(errors.body), reviewLimits.body) : null}
            </FieldError>
          </div>
          <Button type="submit" disabled={busy} className="w-fit">
            {t(review ? 'reviews.form.save' : 'reviews.form.submit')}
          </Button>
        </Form>
      </div>
    </CustomerPage>
  )
}
