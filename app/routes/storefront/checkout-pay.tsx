import { useEffect } from 'react'
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Loader } from '#app/components/ui/icons.tsx'
import { ChoiceCard, FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { siteUrl } from '#app/lib/env.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { PAYMENT_METHODS, PaymentStepSchema } from '#app/modules/orders/checkout.schemas.ts'
import { findCustomerOrder } from '#app/modules/orders/orders.server.ts'
import { failureKindOf } from '#app/modules/payments/failure-reasons.ts'
import { findLatestPayment } from '#app/modules/payments/payments.server.ts'
import { refreshIfStale, startOrderPayment } from '#app/workflows/payments.server.ts'
import { notFound, requireCustomer } from '../account/customer.server.ts'
import type { Route } from './+types/checkout-pay'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'orders'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The 'approve on your phone' page: it asks the provider itself when the last answer is a few seconds old (so a
// lost callback never leaves it waiting), refreshes every two seconds with JavaScript (every four without), and
// moves on by itself: to the order once paid, to a retry form when the payment failed or expired.

const orderPage = (number: string) => `/customer-dashboard/orders/${number}?placed=1`

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const order = await findCustomerOrder(ctx, customer.id, params.number)
  if (!order) notFound()
  if (order.status !== 'pending_payment') throw redirect(orderPage(order.number))
  const latest = await findLatestPayment(ctx, order.id)
  if (latest) await refreshIfStale(ctx, latest)
  const fresh = await findCustomerOrder(ctx, customer.id, params.number)
  if (fresh && fresh.status !== 'pending_payment') throw redirect(orderPage(order.number))
  const payment = await findLatestPayment(ctx, order.id)
  return {
    title: requestI18n(request)._('pay.meta', { number: order.number }),
    order: {
      number: order.number,
      total: order.total,
      paymentMethod: order.paymentMethod,
      paymentDueAt: order.paymentDueAt,
    },
    payment: payment && {
      method: payment.method,
      status: payment.status,
      phone: payment.payerPhone,
      redirectUrl: payment.redirectUrl,
      failure:
        payment.status === 'failed' || payment.status === 'expired'
          ? failureKindOf(payment.failureReason, payment.status)
          : null,
    },
    defaultPhone: payment?.payerPhone
      ? formatPhone(payment.payerPhone)
      : customer.phone
        ? formatPhone(customer.phone)
        : '',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const form = await request.formData()
  const parsed = parseForm(form, PaymentStepSchema)
  const values = { method: String(form.get('method') ?? ''), phone: String(form.get('phone') ?? '') }
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  const started = await startOrderPayment(ctx, {
    customerId: customer.id,
    orderNumber: params.number,
    method: parsed.data.method,
    phone: parsed.data.phone ?? customer.phone ?? '',
    email: customer.email,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    returnUrl: siteUrl(`/checkout/pay/${params.number}/return`, request),
  })
  if (!started.ok) {
    if (started.code === 'not_found') notFound()
    if (started.code === 'not_payable') return redirect(orderPage(params.number))
    return data({ errors: { form: `pay.error.${started.code}` }, values }, { status: 409 })
  }
  if (parsed.data.method === 'cod') return redirect(orderPage(params.number))
  // Card: back to this page, whose link leaves for the provider's hosted page (never a redirect off-site).
  return redirect(`/checkout/pay/${params.number}`)
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { order, payment } = loaderData
  const waiting = payment?.status === 'pending'
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 2000)
    return () => clearInterval(timer)
  }, [waiting, revalidator])
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values: Record<string, string> = actionData?.values ?? {}
  const total = formatRwf(order.total, intlLocale)

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <p className="text-sm text-muted-foreground">{t('pay.order', { number: order.number })}</p>
      {waiting && payment?.method === 'card' ? (
        <section aria-labelledby="pay-card-title" className="mt-2">
          <h1 id="pay-card-title" className="text-2xl font-bold">
            {t('pay.card.title')}
          </h1>
          <div className="mt-6 rounded-xl border border-border bg-card p-4 text-sm">
            <p>{t('pay.card.body', { total })}</p>
            {payment.redirectUrl ? (
              // A plain link, not a client-side route: the provider's page is another site, opened as a whole
              // page with or without JavaScript (a link is not restricted by the CSP's form-action either).
              <a
                href={payment.redirectUrl}
                className={buttonVariants({ size: 'lg', className: 'mt-4 w-full sm:w-auto' })}
              >
                {t('pay.card.continue')}
              </a>
            ) : null}
          </div>
        </section>
      ) : waiting && payment ? (
        <section aria-live="polite" className="mt-2">
          <noscript>
            <meta httpEquiv="refresh" content="4" />
          </noscript>
          <h1 className="text-2xl font-bold">{t('pay.waiting.title')}</h1>
          <div className="mt-6 flex items-start gap-4 rounded-xl border border-border bg-card p-4">
            <Loader aria-hidden="true" className="mt-1 size-6 shrink-0 animate-spin text-primary" />
            <div className="text-sm">
              <p className="font-medium">
                {t('pay.waiting.body', {
                  total,
                  phone: payment.phone ? formatPhone(payment.phone) : '',
                  method: t(`orders.method.${payment.method}`),
                })}
              </p>
              <p className="mt-2 text-muted-foreground">{t(messageId(`pay.waiting.help.${payment.method}`))}</p>
              <p className="mt-3 text-muted-foreground">{t('pay.waiting.auto')}</p>
            </div>
          </div>
        </section>
      ) : (
        <RetryForm
          failure={payment?.failure ?? null}
          total={total}
          errors={errors}
          values={values}
          defaultPhone={loaderData.defaultPhone}
          lastMethod={payment?.method ?? order.paymentMethod}
        />
      )}
      <div className="mt-8 border-t border-border pt-4">
        <p className="text-sm text-muted-foreground">{t('pay.cancel.hint')}</p>
        <Link
          to={`/customer-dashboard/orders/${order.number}/cancel`}
          className={buttonVariants({ variant: 'outline', className: 'mt-2' })}
        >
          {t('pay.cancel')}
        </Link>
      </div>
      <p className="mt-6 text-sm">
        <Link to={`/customer-dashboard/orders/${order.number}`} className="text-primary underline underline-offset-2">
          {t('pay.viewOrder')}
        </Link>
      </p>
    </div>
  )
}

function RetryForm({
  failure,
  total,
  errors,
  values,
  defaultPhone,
  lastMethod,
}: {
  failure: string | null
  total: string
  errors: Record<string, string>
  values: Record<string, string>
  defaultPhone: string
  lastMethod: string
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const method = values.method || lastMethod
  return (
    <section className="mt-2">
      <h1 className="text-2xl font-bold">{t(failure ? messageId(`pay.failed.${failure}`) : 'pay.choose.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t(failure ? 'pay.failed.body' : 'pay.choose.body', { total })}</p>
      {errors.form ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {t(messageId(errors.form))}
        </p>
      ) : null}
      <Form method="post" noValidate className="mt-4" key={`${values.method}-${values.phone}`}>
        <input type="hidden" name="intent" value="pay" />
        <fieldset>
          <legend className="text-sm font-medium">{t('checkout.payment.choose')}</legend>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {PAYMENT_METHODS.map((m) => (
              <li key={m}>
                <ChoiceCard name="method" value={m} defaultChecked={m === method} fill>
                  <span className="font-medium">{t(`orders.method.${m}`)}</span>
                </ChoiceCard>
              </li>
            ))}
          </ul>
        </fieldset>
        <FieldError id="retry-method-error">{errors.method ? t(messageId(errors.method)) : null}</FieldError>
        <div className="mt-4 grid max-w-sm gap-1.5">
          <Label htmlFor="retry-phone">{t('checkout.payment.phone')}</Label>
          <Input
            id="retry-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={values.phone ?? defaultPhone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? 'retry-phone-error' : undefined}
          />
          <FieldError id="retry-phone-error">{errors.phone ? t(messageId(errors.phone)) : null}</FieldError>
        </div>
        <Button type="submit" size="lg" disabled={busy} className="mt-4 w-full sm:w-auto">
          {busy ? t('checkout.placing') : t('pay.retry', { total })}
        </Button>
      </Form>
    </section>
  )
}
