import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { dateFormat } from '#app/components/date-format.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ChoiceCard, FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { echoField, readBoundedForm } from '#app/lib/form-data.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { KIGALI_TIME_ZONE } from '#app/lib/kigali-clock.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { uploadMaxBytes } from '#app/modules/images/uploads.server.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { RETURN_PHOTOS_MAX, RETURN_REASONS } from '#app/modules/returns/return-status.ts'
import { ReturnRequestFormSchema } from '#app/modules/returns/returns.schemas.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import { getReturnOptions, requestReturnWithPhotos } from '#app/workflows/returns.server.ts'
import type { Route } from './+types/customer-return'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = {
  i18n: ['accounts', 'customer', 'messages', 'orders', 'returns', 'reviews', 'uploads'],
} satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// A customer asks to return units of one delivered line: how many, why, money back or another size or colour, a
// note and up to four photos; cash on delivery: the MoMo or Airtel Money number the refund goes to. A plain
// multipart form: it works without JavaScript; a refusal keeps what was typed (the photos must be chosen again).

const orderPage = (number: string) => `/customer-dashboard/orders/${number}`

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const lineId = RecordIdSchema.safeParse(params.lineId).data ?? Number.NaN
  if (Number.isNaN(lineId)) notFound()
  const found = await getReturnOptions(ctx, { customerId: customer.id, orderNumber: params.number, lineId })
  if (!found.ok && found.code === 'not_found') notFound()
  // Not (or no longer) returnable: the order's page says why.
  if (!found.ok) {
    throw await redirectWithToast(orderPage(params.number), {
      kind: 'error',
      title: `returns.refused.${found.code}`,
    })
  }
  const { options } = found
  return {
    title: requestI18n(request)._('returns.request.meta', { number: options.order.number }),
    number: options.order.number,
    line: {
      title: options.line.title,
      size: options.line.size,
      colour: options.line.colour,
      unitPrice: options.line.unitPrice,
    },
    store: options.vendorOrder.vendorName,
    unitsLeft: options.unitsLeft,
    deadline: options.deadline,
    cash: options.cash,
    orderPhone: options.order.phone,
    replacements: options.replacements.map((v) => ({
      id: v.id,
      label: [v.size, v.colour].filter(Boolean).join(' · '),
    })),
    maxMb: Math.round(uploadMaxBytes() / 1024 / 1024),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const lineId = RecordIdSchema.safeParse(params.lineId).data ?? Number.NaN
  if (Number.isNaN(lineId)) notFound()
  const read = await readBoundedForm(request, { maxFileBytes: uploadMaxBytes(), maxFiles: RETURN_PHOTOS_MAX })
  if (!read.ok) {
    const photo = read.code === 'too_many_files' ? 'upload.error.too_many' : 'upload.error.too_large'
    return data({ errors: { photos: photo } as Record<string, string>, values: null }, { status: 400 })
  }
  const { form } = read
  const values = {
    quantity: echoField(form, 'quantity', 6),
    reason: echoField(form, 'reason', 40),
    resolution: echoField(form, 'resolution', 20),
    replacementVariantId: echoField(form, 'replacementVariantId', 12),
    refundPhone: echoField(form, 'refundPhone', 30),
    note: echoField(form, 'note', 1000),
  }
  const parsed = parseForm(form, ReturnRequestFormSchema)
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  // Counted before the photos are encoded (the costly part), after the form is read so that what was typed stays.
  const allowed = await throttleAction(ctx, 'returnRequest', {
    address: clientAddressOf(context),
    userId: actor.userId,
  })
  if (!allowed.ok) {
    const messageValues = { minutes: minutesToWait(allowed.retryAfterSeconds) }
    return data(
      { errors: { form: 'throttle.tooMany' } as Record<string, string>, values, messageValues },
      { status: 429 },
    )
  }
  const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string')
  const outcome = await requestReturnWithPhotos(
    ctx,
    { customerId: customer.id, orderNumber: params.number, lineId, ...parsed.data },
    files,
  )
  if (outcome.ok) {
    return redirectWithToast(`${orderPage(params.number)}#returns`, { kind: 'success', title: 'returns.request.sent' })
  }
  if (outcome.code === 'not_found') notFound()
  const errors: Record<string, string> =
    outcome.code === 'photo'
      ? { photos: `upload.error.${outcome.photo}` }
      : outcome.code === 'too_much'
        ? { quantity: 'returns.error.quantity' }
        : outcome.code === 'replacement_unavailable'
          ? { replacementVariantId: 'returns.error.replacementGone' }
          : outcome.code === 'no_wallet'
            ? { refundPhone: 'returns.error.wallet' }
            : { form: `returns.refused.${outcome.code}` }
  // The line stopped being returnable meanwhile (another tab asked for the rest): the order's page says so.
  if (outcome.code === 'nothing_left' || outcome.code === 'window_closed') {
    throw redirect(orderPage(params.number))
  }
  return data({ errors, values }, { status: 400 })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const { number, line, store, unitsLeft, deadline, cash, orderPhone, replacements, maxMb } = loaderData
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values = actionData?.values ?? {
    quantity: String(unitsLeft),
    reason: '',
    resolution: 'refund',
    replacementVariantId: '',
    refundPhone: formatPhone(orderPhone),
    note: '',
  }
  const day = dateFormat(intlLocale, { dateStyle: 'long', timeZone: KIGALI_TIME_ZONE })
  const variant = [line.size, line.colour].filter(Boolean).join(' · ')
  const messageValues = (actionData as { messageValues?: Record<string, number> } | undefined)?.messageValues
  const err = (name: string) => (errors[name] ? t(messageId(errors[name] as string), messageValues) : null)
  const describedBy = (name: string, hint?: string) =>
    [errors[name] ? `return-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined
  return (
    <CustomerPage title={t('returns.request.title', { number })}>
      <div className="grid max-w-xl gap-4">
        <section className="rounded-xl border border-border bg-card p-4 text-sm">
          <p className="font-medium break-words">{line.title}</p>
          <p className="text-muted-foreground">
            {variant ? `${variant} · ` : ''}
            {formatRwf(line.unitPrice, intlLocale)} · {store}
          </p>
          <p className="mt-2">{t('returns.request.until', { date: day.format(new Date(deadline)) })}</p>
        </section>
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="grid gap-5 rounded-xl border border-border bg-card p-4"
        >
          {errors.form ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {err('form')}
            </p>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="return-quantity">{t('returns.request.quantity')}</Label>
            <select
              id="return-quantity"
              name="quantity"
              defaultValue={values.quantity}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={describedBy('quantity')}
              className="h-10 w-28 rounded-md border border-input bg-background px-3 text-sm"
            >
              {Array.from({ length: unitsLeft }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <FieldError id="return-quantity-error">{err('quantity')}</FieldError>
          </div>
          <fieldset aria-describedby={describedBy('reason')}>
            <legend className="text-sm font-medium">{t('returns.request.reason')}</legend>
            <ul className="mt-2 grid gap-2">
              {RETURN_REASONS.map((r) => (
                <li key={r}>
                  <ChoiceCard
                    name="reason"
                    value={r}
                    required
                    defaultChecked={values.reason === r}
                    aria-invalid={errors.reason ? true : undefined}
                    align="center"
                  >
                    <span>{t(`returns.reason.${r}`)}</span>
                  </ChoiceCard>
                </li>
              ))}
            </ul>
            <FieldError id="return-reason-error">{err('reason')}</FieldError>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium">{t('returns.request.resolution')}</legend>
            <ul className="mt-2 grid gap-2">
              <li>
                <ChoiceCard name="resolution" value="refund" defaultChecked={values.resolution !== 'replace'}>
                  <span>
                    <span className="block font-medium">{t('returns.resolution.refund')}</span>
                    <span className="block text-muted-foreground">
                      {t(cash ? 'returns.request.refundCash' : 'returns.request.refundOnline')}
                    </span>
                  </span>
                </ChoiceCard>
              </li>
              <li>
                <ChoiceCard
                  name="resolution"
                  value="replace"
                  disabled={replacements.length === 0}
                  defaultChecked={values.resolution === 'replace'}
                >
                  <span>
                    <span className="block font-medium">{t('returns.resolution.replace')}</span>
                    <span className="block text-muted-foreground">
                      {t(replacements.length === 0 ? 'returns.request.noReplacement' : 'returns.request.replaceHint')}
                    </span>
                  </span>
                </ChoiceCard>
              </li>
            </ul>
          </fieldset>
          {replacements.length > 0 ? (
            <div className="grid gap-1.5">
              <Label htmlFor="return-replacement">{t('returns.request.replacement')}</Label>
              <select
                id="return-replacement"
                name="replacementVariantId"
                defaultValue={values.replacementVariantId}
                aria-invalid={errors.replacementVariantId ? true : undefined}
                aria-describedby={describedBy('replacementVariantId')}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="">{t('returns.request.replacementNone')}</option>
                {replacements.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.label}
                  </option>
                ))}
              </select>
              <FieldError id="return-replacementVariantId-error">{err('replacementVariantId')}</FieldError>
            </div>
          ) : null}
          {cash ? (
            <div className="grid gap-1.5">
              <Label htmlFor="return-phone">{t('returns.request.refundPhone')}</Label>
              <Input
                id="return-phone"
                name="refundPhone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                defaultValue={values.refundPhone}
                aria-invalid={errors.refundPhone ? true : undefined}
                aria-describedby={describedBy('refundPhone', 'return-phone-hint')}
              />
              <p id="return-phone-hint" className="text-xs text-muted-foreground">
                {t('returns.request.refundPhoneHint')}
              </p>
              <FieldError id="return-refundPhone-error">{err('refundPhone')}</FieldError>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="return-note">{t('returns.request.note')}</Label>
            <Textarea
              id="return-note"
              name="note"
              rows={3}
              maxLength={1000}
              defaultValue={values.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={describedBy('note')}
            />
            <FieldError id="return-note-error">{err('note')}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="return-photos">{t('returns.request.photos')}</Label>
            <input
              id="return-photos"
              name="photos"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              multiple
              aria-invalid={errors.photos ? true : undefined}
              aria-describedby={describedBy('photos', 'return-photos-hint')}
              className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-2"
            />
            <p id="return-photos-hint" className="text-xs text-muted-foreground">
              {t('returns.request.photosHint', { count: RETURN_PHOTOS_MAX, mb: maxMb })}
            </p>
            <FieldError id="return-photos-error">{err('photos')}</FieldError>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {t('returns.request.submit')}
            </Button>
            <Link to={orderPage(number)} className={buttonVariants({ variant: 'outline' })}>
              {t('returns.request.back')}
            </Link>
          </div>
        </Form>
      </div>
    </CustomerPage>
  )
}
