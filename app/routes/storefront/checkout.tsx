import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/account/fields.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Check, ShoppingBag } from '#app/components/ui/icons.tsx'
import { ChoiceCard, FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { siteUrl } from '#app/lib/env.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { placeLine } from '#app/lib/places.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { accountOwnerKey } from '#app/modules/accounts/accounts.server.ts'
import { getCart } from '#app/modules/cart/cart.server.ts'
import { getReturnWindows } from '#app/modules/catalog/return-windows.server.ts'
import { findAddress, listAddresses } from '#app/modules/customers/addresses.server.ts'
import { setSmsUpdates } from '#app/modules/customers/customers.server.ts'
import {
  AddressStepSchema,
  CHECKOUT_STEPS,
  type CheckoutStep,
  DeliveryStepSchema,
  PAYMENT_METHODS,
  PaymentStepSchema,
  PlaceOrderSchema,
} from '#app/modules/orders/checkout.schemas.ts'
import { addBusinessDays, chooseDelivery, quoteDelivery, standardFeeAbove } from '#app/modules/orders/delivery.ts'
import { getPaymentsConfig } from '#app/modules/payments/config.server.ts'
import { SIMULATOR_TEST_NUMBERS } from '#app/modules/payments/simulator/test-numbers.ts'
import {
  type CartChange,
  deliveryConfig,
  estimateCartDelivery,
  placeOrder,
  summarise,
} from '#app/workflows/checkout.server.ts'
import { startOrderPayment } from '#app/workflows/payments.server.ts'
import { requireCustomer } from '../account/customer.server.ts'
import type { Route } from './+types/checkout'
import { type CheckoutDraft, draftCookie, readDraft } from './checkout.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'orders'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Checkout (DESIGN.md section 5): address, delivery, payment, review, then one order. Each step is a plain form
// that works without JavaScript; the choices travel in a signed cookie (checkout.server.ts). A visitor signs in
// first and comes back here with the cart, which joined the account at sign-in.

function firstOpenStep(draft: CheckoutDraft): CheckoutStep {
  if (!draft.addressId) return 'address'
  if (!draft.delivery) return 'delivery'
  if (!draft.method) return 'payment'
  return 'review'
}

/** The step to show: the one asked for, unless an earlier one is still open. */
function stepOf(asked: string | null, draft: CheckoutDraft): CheckoutStep {
  const open = firstOpenStep(draft)
  const wanted = CHECKOUT_STEPS.includes(asked as CheckoutStep) ? (asked as CheckoutStep) : open
  return CHECKOUT_STEPS.indexOf(wanted) <= CHECKOUT_STEPS.indexOf(open) ? wanted : open
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, ctx, customer } = await requireCustomer(context, request)
  const url = new URL(request.url)
  const draft = await readDraft(request)
  // Back from the new-address form: that address is the one to deliver to.
  const fromForm = Number(url.searchParams.get('address'))
  if (fromForm > 0 && (await findAddress(ctx, customer.id, fromForm))) {
    draft.addressId = fromForm
    draft.delivery = undefined
  }
  const addresses = await listAddresses(ctx, customer.id)
  const address = draft.addressId ? addresses.find((a) => a.id === draft.addressId) : undefined
  if (!address) draft.addressId = undefined
  const now = new Date()
  const config = await deliveryConfig(ctx, now)
  const cart = await getCart(ctx, accountOwnerKey(actor.userId))
  if (address && draft.delivery && !chooseDelivery(address, draft.delivery, cart.subtotal, now, config)) {
    draft.delivery = undefined
  }
  // The fee of each option for this address and these items, as placing the order will work it out.
  const quotes = address ? quoteDelivery(address, cart.subtotal, now, config) : []
  const quote = quotes.find((q) => q.option === draft.delivery)
  // Before an option is chosen the summary gives the least delivery can cost, marked 'from': the cheapest option
  // for the address chosen, else as the cart gives it (the default address's zone, or the lowest of all zones).
  let leastFee = quote?.fee
  if (leastFee === undefined && quotes.length > 0)
    leastFee = Math.min(...quotes.filter((q) => q.available).map((q) => q.fee))
  if (leastFee === undefined) {
    const estimate = await estimateCartDelivery(ctx, { userId: actor.userId, now })
    leastFee = standardFeeAbove(estimate.standardFee, cart.subtotal, estimate.freeStandardAbove)
  }
  const summary = { ...summarise(cart, leastFee), deliveryChosen: quote !== undefined }
  const step = stepOf(url.searchParams.get('step'), draft)
  return data(
    {
      title: requestI18n(request)._('checkout.meta'),
      step,
      draft: { ...draft, phone: draft.phone ?? null },
      // Without an e-mail address (an account made with a phone number) the receipt and the order's news go by
      // SMS, and a card cannot be used (the card provider e-mails its receipt).
      hasEmail: Boolean(customer.email),
      smsUpdates: customer.smsUpdates,
      addresses,
      quotes: quotes.map((q) => ({
        ...q,
        from: addBusinessDays(now, q.daysMin).toISOString(),
        to: addBusinessDays(now, q.daysMax).toISOString(),
      })),
      expressCutoff: config.expressCutoff,
      summary,
      // Each item's return window in days (0: it cannot be returned), shown on the review.
      returnDays: Object.fromEntries(
        await getReturnWindows(
          ctx,
          cart.lines.map((l) => l.productId),
        ),
      ) as Record<number, number>,
      defaultPhone: draft.phone ? formatPhone(draft.phone) : address ? formatPhone(address.phone) : '',
      testNumbers: getPaymentsConfig().mode === 'simulator' ? SIMULATOR_TEST_NUMBERS : [],
    },
    { headers: { 'Set-Cookie': await draftCookie(draft) } },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, ctx, customer } = await requireCustomer(context, request)
  const form = await request.formData()
  const intent = form.get('intent')
  const draft = await readDraft(request)
  const next = async (step: CheckoutStep, changed: CheckoutDraft) =>
    redirect(`/checkout?step=${step}`, { headers: { 'Set-Cookie': await draftCookie(changed) } })
  const refuse = (step: CheckoutStep, errors: Record<string, string>, values: Record<string, string> = {}) =>
    data({ step, errors, values, changes: [] as CartChange[] }, { status: 400 })

  if (intent === 'address') {
    const parsed = AddressStepSchema.safeParse(Object.fromEntries(form))
    const address = parsed.success ? await findAddress(ctx, customer.id, parsed.data.addressId) : null
    if (!address) return refuse('address', { addressId: 'checkout.error.address' })
    return next('delivery', { ...draft, addressId: address.id, delivery: undefined })
  }
  if (intent === 'delivery') {
    const parsed = parseForm(form, DeliveryStepSchema)
    const address = draft.addressId ? await findAddress(ctx, customer.id, draft.addressId) : null
    if (!address) return next('address', { ...draft, addressId: undefined })
    if (!parsed.ok) return refuse('delivery', { delivery: 'checkout.error.delivery' })
    const { subtotal } = await getCart(ctx, accountOwnerKey(actor.userId))
    const now = new Date()
    if (!chooseDelivery(address, parsed.data.delivery, subtotal, now, await deliveryConfig(ctx, now))) {
      return refuse('delivery', { delivery: 'checkout.error.expressUnavailable' })
    }
    return next('payment', { ...draft, delivery: parsed.data.delivery })
  }
  if (intent === 'payment') {
    const parsed = parseForm(form, PaymentStepSchema)
    if (!parsed.ok) {
      return refuse('payment', parsed.errors, {
        method: String(form.get('method') ?? ''),
        phone: String(form.get('phone') ?? ''),
      })
    }
    if (parsed.data.method === 'card' && !customer.email) {
      return refuse(
        'payment',
        { method: 'checkout.error.cardNeedsEmail' },
        { method: 'card', phone: String(form.get('phone') ?? '') },
      )
    }
    return next('review', { ...draft, method: parsed.data.method, phone: parsed.data.phone })
  }
  if (intent !== 'place') return refuse(firstOpenStep(draft), { form: 'checkout.error.review' })

  const parsed = PlaceOrderSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return refuse('review', { form: 'checkout.error.review' })
  const { checkoutKey, seen, deliveryFee } = parsed.data
  if (!draft.addressId || !draft.delivery || !draft.method) return next(firstOpenStep(draft), draft)
  // The order's news by SMS, as chosen on the review (kept for the next orders too); without an e-mail address
  // the SMS is the receipt, and there is no box.
  if (form.get('smsChoice') === '1') await setSmsUpdates(ctx, customer.id, form.get('smsUpdates') === 'on')
  const outcome = await placeOrder(ctx, {
    customerId: customer.id,
    ownerKey: accountOwnerKey(actor.userId),
    // The key the form carries: a resubmitted old form finds its own order instead of making another.
    checkoutKey,
    addressId: draft.addressId,
    delivery: draft.delivery,
    method: draft.method,
    seen,
    // What the review showed: placing refuses a fee that is not it (the fee itself is worked out again there).
    seenDeliveryFee: deliveryFee,
  })
  if (!outcome.ok) {
    if (outcome.code === 'empty_cart') return redirect('/cart')
    if (outcome.code === 'address_missing') return next('address', { ...draft, addressId: undefined })
    if (outcome.code === 'delivery_unavailable' || !('changes' in outcome)) {
      return refuse('delivery', { delivery: 'checkout.error.expressUnavailable' })
    }
    return data(
      {
        step: 'review' as const,
        errors: { form: `checkout.changed.${outcome.code}` },
        values: {},
        changes: outcome.changes,
      },
      { status: 409 },
    )
  }
  // The next checkout starts with a new key; this one stays bound to the order it made.
  const fresh: CheckoutDraft = { ...draft, key: crypto.randomUUID() }
  const headers = { 'Set-Cookie': await draftCookie(fresh) }
  const { order } = outcome
  if (order.status !== 'pending_payment' || !outcome.created) {
    const to =
      order.status === 'pending_payment'
        ? `/checkout/pay/${order.number}`
        : `/customer-dashboard/orders/${order.number}?placed=1`
    return redirect(to, { headers })
  }
  await startOrderPayment(ctx, {
    customerId: customer.id,
    orderNumber: order.number,
    method: draft.method,
    phone: draft.phone ?? customer.phone ?? '',
    email: customer.email,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    returnUrl: siteUrl(`/checkout/pay/${order.number}/return`, request),
  })
  // Card too ends on Isoko's own page, which sends the browser on to the provider's hosted page with a full-page
  // link: a redirect off-site from here would be fetched as a client-side route, or blocked by the CSP's
  // form-action without JavaScript.
  return redirect(`/checkout/pay/${order.number}`, { headers })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { summary, step } = loaderData
  const shownStep = actionData?.step ?? step
  const errors: Record<string, string> = actionData?.errors ?? {}

  if (summary.cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto size-16 text-muted-foreground" />
        <h1 className="mt-4 text-2xl font-bold">{t('checkout.empty.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('checkout.empty.body')}</p>
        <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
          {t('checkout.empty.shop')}
        </Link>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('checkout.title')}</h1>
      <ol className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('checkout.steps')}>
        {CHECKOUT_STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === shownStep ? 'step' : undefined}
            className={cn(s === shownStep ? 'font-semibold text-foreground' : 'text-muted-foreground')}
          >
            {i + 1}. {t(`checkout.step.${s}`)}
          </li>
        ))}
      </ol>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-4">
          <AddressStep {...loaderData} open={shownStep === 'address'} errors={errors} />
          <DeliveryStep {...loaderData} open={shownStep === 'delivery'} errors={errors} />
          <PaymentStep
            {...loaderData}
            open={shownStep === 'payment'}
            errors={errors}
            values={actionData?.values ?? {}}
          />
          {shownStep === 'review' ? (
            <ReviewStep {...loaderData} errors={errors} changes={actionData?.changes ?? []} />
          ) : (
            <StepFrame step="review" title={t('checkout.step.review')} done={false} />
          )}
        </div>
        <aside
          aria-labelledby="summary-title"
          className="h-fit rounded-xl border border-border bg-card p-4 lg:sticky lg:top-24"
        >
          <h2 id="summary-title" className="font-semibold">
            {t('checkout.summary.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('checkout.summary.items', { count: summary.cart.itemCount })}
          </p>
          <Totals summary={summary} locale={intlLocale} />
        </aside>
      </div>
    </div>
  )
}

type PageData = Route.ComponentProps['loaderData']

function StepFrame({
  step,
  title,
  done,
  summary,
  children,
}: {
  step: CheckoutStep
  title: string
  done: boolean
  summary?: React.ReactNode
  children?: React.ReactNode
}) {
  const t = useT()
  return (
    <section aria-labelledby={`step-${step}`} className="rounded-xl border border-border bg-card p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2
          id={`step-${step}`}
          className={cn('flex items-center gap-2 font-semibold', !children && !done && 'text-muted-foreground')}
        >
          {done && !children ? <Check aria-hidden="true" className="size-4 text-primary" /> : null}
          {title}
        </h2>
        {done && !children ? (
          <Link to={`/checkout?step=${step}`} className="text-sm font-medium text-primary underline underline-offset-2">
            {t('checkout.change')}
            <span className="sr-only"> {title}</span>
          </Link>
        ) : null}
      </div>
      {!children && summary ? <div className="mt-2 text-sm text-muted-foreground">{summary}</div> : null}
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  )
}

function Pending({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Button type="submit" disabled={busy} className="mt-4 w-full sm:w-auto">
      {busy ? busyLabel : label}
    </Button>
  )
}

function AddressStep({ addresses, draft, open, errors }: PageData & { open: boolean; errors: Record<string, string> }) {
  const t = useT()
  const chosen = addresses.find((a) => a.id === draft.addressId)
  const place = (a: (typeof addresses)[number]) => placeLine(t, a)
  return (
    <StepFrame
      step="address"
      title={t('checkout.step.address')}
      done={Boolean(chosen)}
      summary={chosen ? `${chosen.recipient} · ${place(chosen)}` : null}
    >
      {open ? (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="address" />
          {addresses.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('checkout.address.none')}</p>
          ) : (
            <fieldset aria-describedby={errors.addressId ? 'address-error' : undefined}>
              <legend className="sr-only">{t('checkout.address.choose')}</legend>
              <ul className="grid gap-2">
                {addresses.map((a) => (
                  <li key={a.id}>
                    <ChoiceCard
                      name="addressId"
                      value={a.id}
                      defaultChecked={a.id === (draft.addressId ?? addresses[0]?.id)}
                    >
                      <span className="min-w-0 text-sm">
                        <span className="font-medium">{a.label}</span> · {a.recipient}
                        <span className="block text-muted-foreground">{place(a)}</span>
                        <span className="block text-muted-foreground">
                          {a.landmark} · {formatPhone(a.phone)}
                        </span>
                      </span>
                    </ChoiceCard>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <FieldError id="address-error">{errors.addressId ? t(messageId(errors.addressId)) : null}</FieldError>
          <div className="flex flex-wrap items-center gap-4">
            {addresses.length > 0 ? (
              <Pending label={t('checkout.address.use')} busyLabel={t('checkout.saving')} />
            ) : null}
            <Link
              to="/customer-dashboard/addresses/new?from=checkout"
              className={buttonVariants({ variant: addresses.length ? 'outline' : 'default', className: 'mt-4' })}
            >
              {t('checkout.address.new')}
            </Link>
          </div>
        </Form>
      ) : null}
    </StepFrame>
  )
}

function DeliveryStep({
  quotes,
  draft,
  open,
  errors,
  expressCutoff,
}: PageData & { open: boolean; errors: Record<string, string> }) {
  const t = useT()
  const { intlLocale } = useRootData()
  const day = dateFormat(intlLocale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: KIGALI_TIME_ZONE,
  })
  const chosen = quotes.find((q) => q.option === draft.delivery)
  const when = (q: (typeof quotes)[number]) =>
    q.daysMax === 0
      ? t('checkout.delivery.today')
      : q.daysMin === q.daysMax
        ? t('checkout.delivery.on', { date: day.format(new Date(q.to)) })
        : t('checkout.delivery.between', { from: day.format(new Date(q.from)), to: day.format(new Date(q.to)) })
  if (!draft.addressId) return <StepFrame step="delivery" title={t('checkout.step.delivery')} done={false} />
  return (
    <StepFrame
      step="delivery"
      title={t('checkout.step.delivery')}
      done={Boolean(chosen)}
      summary={
        chosen
          ? `${t(`orders.delivery.${chosen.option}`)} · ${when(chosen)} · ${chosen.fee === 0 ? t('checkout.free') : formatRwf(chosen.fee, intlLocale)}`
          : null
      }
    >
      {open ? (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="delivery" />
          <fieldset>
            <legend className="sr-only">{t('checkout.delivery.choose')}</legend>
            <ul className="grid gap-2">
              {quotes.map((q) => (
                <li key={q.option}>
                  <ChoiceCard
                    name="delivery"
                    value={q.option}
                    disabled={!q.available}
                    defaultChecked={q.option === (draft.delivery ?? 'standard')}
                  >
                    <span className="min-w-0 flex-1 text-sm">
                      <span className="flex flex-wrap justify-between gap-2 font-medium">
                        <span>{t(`orders.delivery.${q.option}`)}</span>
                        <span>{q.fee === 0 ? t('checkout.free') : formatRwf(q.fee, intlLocale)}</span>
                      </span>
                      <span className="block text-muted-foreground">
                        {q.available
                          ? when(q)
                          : t(messageId(`checkout.delivery.${q.reason}`), { cutoff: expressCutoff })}
                      </span>
                    </span>
                  </ChoiceCard>
                </li>
              ))}
            </ul>
          </fieldset>
          <FieldError id="delivery-error">{errors.delivery ? t(messageId(errors.delivery)) : null}</FieldError>
          <Pending label={t('checkout.continue')} busyLabel={t('checkout.saving')} />
        </Form>
      ) : null}
    </StepFrame>
  )
}

function PaymentStep({
  draft,
  open,
  errors,
  values,
  defaultPhone,
  testNumbers,
  hasEmail,
}: PageData & { open: boolean; errors: Record<string, string>; values: Record<string, string> }) {
  const t = useT()
  if (!draft.delivery) return <StepFrame step="payment" title={t('checkout.step.payment')} done={false} />
  const method = values.method || draft.method || 'momo'
  return (
    <StepFrame
      step="payment"
      title={t('checkout.step.payment')}
      done={Boolean(draft.method)}
      summary={
        draft.method
          ? `${t(`orders.method.${draft.method}`)}${draft.phone ? ` · ${formatPhone(draft.phone)}` : ''}`
          : null
      }
    >
      {open ? (
        <Form method="post" noValidate key={`${values.method}-${values.phone}`}>
          <input type="hidden" name="intent" value="payment" />
          <fieldset>
            <legend className="sr-only">{t('checkout.payment.choose')}</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {PAYMENT_METHODS.map((m) => (
                <li key={m}>
                  <ChoiceCard name="method" value={m} defaultChecked={m === method} fill>
                    <span className="text-sm">
                      <span className="font-medium">{t(`orders.method.${m}`)}</span>
                      <span className="block text-muted-foreground">
                        {m === 'card' && !hasEmail
                          ? t('checkout.payment.card.needsEmail')
                          : t(`checkout.payment.${m}.hint`)}
                      </span>
                    </span>
                  </ChoiceCard>
                </li>
              ))}
            </ul>
          </fieldset>
          <FieldError id="method-error">{errors.method ? t(messageId(errors.method)) : null}</FieldError>
          <div className="mt-4 grid max-w-sm gap-1.5">
            <Label htmlFor="pay-phone">{t('checkout.payment.phone')}</Label>
            <Input
              id="pay-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              defaultValue={values.phone ?? defaultPhone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={`pay-phone-hint${errors.phone ? ' pay-phone-error' : ''}`}
            />
            <p id="pay-phone-hint" className="text-xs text-muted-foreground">
              {t('checkout.payment.phone.hint')}
            </p>
            <FieldError id="pay-phone-error">{errors.phone ? t(messageId(errors.phone)) : null}</FieldError>
          </div>
          {testNumbers.length > 0 ? (
            <details className="mt-4 rounded-md border border-dashed border-border p-3 text-sm">
              <summary className="cursor-pointer font-medium">{t('checkout.sim.title')}</summary>
              <p className="mt-2 text-muted-foreground">{t('checkout.sim.body')}</p>
              <ul className="mt-2 grid gap-1">
                {testNumbers.map((n) => (
                  <li key={n.suffix}>
                    <span className="font-mono">{formatPhone(n.mtn)}</span> /{' '}
                    <span className="font-mono">{formatPhone(n.airtel)}</span>: {t(`checkout.sim.${n.outcome}`)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Pending label={t('checkout.continue')} busyLabel={t('checkout.saving')} />
        </Form>
      ) : null}
    </StepFrame>
  )
}

function ReviewStep({
  summary,
  draft,
  errors,
  changes,
  hasEmail,
  smsUpdates,
  addresses,
  returnDays,
}: PageData & { errors: Record<string, string>; changes: CartChange[] }) {
  const t = useT()
  // The order's SMS go to the delivery address's phone (the person who receives the parcel).
  const smsPhone = addresses.find((a) => a.id === draft.addressId)?.phone
  const { intlLocale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const vendors = [...new Map(summary.cart.lines.map((l) => [l.vendor.id, l.vendor])).values()]
  const seen = JSON.stringify(
    summary.cart.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, unitPrice: l.unitPrice })),
  )
  return (
    <StepFrame step="review" title={t('checkout.step.review')} done={false}>
      <FormAlert message={errors.form}>
        {changes.length > 0 ? (
          <ul className="mt-2 list-disc pl-5">
            {changes.map((c) => (
              <li key={`${c.kind}-${c.variantId}`}>
                {c.kind === 'delivery'
                  ? t('checkout.change.delivery', {
                      before: formatRwf(c.before, intlLocale),
                      after: formatRwf(c.after, intlLocale),
                    })
                  : c.kind === 'price'
                    ? t('checkout.change.price', {
                        title: c.title,
                        before: formatRwf(c.before, intlLocale),
                        after: formatRwf(c.after, intlLocale),
                      })
                    : c.kind === 'quantity'
                      ? t('checkout.change.quantity', { title: c.title, before: c.before, after: c.after })
                      : t(`checkout.change.${c.kind}`, { title: c.title })}
              </li>
            ))}
          </ul>
        ) : null}
      </FormAlert>
      <div className="mt-2 grid gap-4">
        {vendors.map((v) => (
          <section key={v.id} aria-label={t('checkout.review.vendor', { vendor: v.name })}>
            <h3 className="text-sm font-semibold">{t('checkout.review.vendor', { vendor: v.name })}</h3>
            <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
              {summary.cart.lines
                .filter((l) => l.vendor.id === v.id)
                .map((l) => (
                  <li key={l.variantId} className="flex justify-between gap-3 p-3 text-sm">
                    <span className="min-w-0">
                      <Link to={`/products/${l.slug}`} className="font-medium hover:underline">
                        {l.title}
                      </Link>
                      <span className="block text-muted-foreground">
                        {[l.size, l.colour].filter(Boolean).join(' · ')}
                        {l.size || l.colour ? ' · ' : ''}
                        {t('checkout.review.qty', { quantity: l.quantity, price: formatRwf(l.unitPrice, intlLocale) })}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {(returnDays[l.productId] ?? 0) > 0
                          ? t('returns.window.within', { days: returnDays[l.productId] ?? 0 })
                          : t('returns.window.none')}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium">{formatRwf(l.lineTotal, intlLocale)}</span>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="checkoutKey" value={draft.key} />
        <input type="hidden" name="seen" value={seen} />
        <input type="hidden" name="deliveryFee" value={summary.deliveryFee} />
        <dl className="mb-3 grid gap-1 text-sm">
          <div className="flex justify-between gap-3">
            <dt>{t('checkout.summary.delivery')}</dt>
            <dd>{summary.deliveryFee === 0 ? t('checkout.free') : formatRwf(summary.deliveryFee, intlLocale)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>{t('checkout.summary.total')}</dt>
            <dd>{formatRwf(summary.total, intlLocale)}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">{t(`checkout.review.pay.${draft.method ?? 'momo'}`)}</p>
        {hasEmail ? (
          <label className="mt-3 flex items-start gap-2 text-sm">
            <input type="hidden" name="smsChoice" value="1" />
            <input
              type="checkbox"
              name="smsUpdates"
              defaultChecked={smsUpdates}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              {t('checkout.review.sms', {
                phone: smsPhone ? formatPhone(smsPhone) : t('checkout.review.smsYourPhone'),
              })}
            </span>
          </label>
        ) : (
          <p className="mt-3 text-sm">{t('checkout.review.smsReceipt')}</p>
        )}
        <Button type="submit" size="lg" disabled={busy} className="mt-3 w-full sm:w-auto">
          {busy ? t('checkout.placing') : t('checkout.place', { total: formatRwf(summary.total, intlLocale) })}
        </Button>
      </Form>
    </StepFrame>
  )
}

function Totals({ summary, locale }: { summary: PageData['summary']; locale: string }) {
  const t = useT()
  // Until an option is chosen, the delivery fee and what depends on it are the least they can be.
  const least = !summary.deliveryChosen && summary.deliveryFee > 0
  const amount = (value: number) =>
    least ? t('checkout.summary.from', { amount: formatRwf(value, locale) }) : formatRwf(value, locale)
  return (
    <dl className="mt-4 grid gap-2 text-sm">
      <div className="flex justify-between">
        <dt>{t('checkout.summary.subtotal')}</dt>
        <dd>{formatRwf(summary.cart.subtotal, locale)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{t('checkout.summary.delivery')}</dt>
        <dd>{summary.deliveryFee === 0 ? t('checkout.free') : amount(summary.deliveryFee)}</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
        <dt>{t('checkout.summary.total')}</dt>
        <dd>{amount(summary.total)}</dd>
      </div>
      <div className="flex justify-between text-muted-foreground">
        <dt>{t('checkout.summary.vat')}</dt>
        <dd>{amount(summary.vatAmount)}</dd>
      </div>
    </dl>
  )
}
