import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ChoiceCard, FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { parseForm } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { CANCEL_REASONS, cancelPath } from '#app/modules/orders/order-status.ts'
import { CancelOrderFormSchema } from '#app/modules/orders/orders.schemas.ts'
import { findCustomerOrder } from '#app/modules/orders/orders.server.ts'
import { listOrderPayments } from '#app/modules/payments/payments.server.ts'
import { cancelOrderForCustomer } from '#app/workflows/payments.server.ts'
import type { Route } from './+types/customer-order-cancel'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'fulfilment', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The confirmation step of a customer's cancel: what happens to the money, and why they cancel (a reason from the
// list, a note for `other`). Before packing the order is cancelled at once; after packing the store is asked.
// A plain page and form: it works without JavaScript, and a reload or a second submit changes nothing twice.

const orderPage = (number: string) => `/customer-dashboard/orders/${number}`

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const order = await findCustomerOrder(ctx, customer.id, params.number)
  if (!order) notFound()
  const path = cancelPath(
    order.status,
    order.vendorOrders.map((v) => ({
      status: v.status,
      cancellation: order.cancellations.find((c) => c.vendorOrderId === v.id)?.status ?? null,
    })),
  )
  // Already cancelled, asked, or on its way (a reload after the cancel, an old tab): the order says where it is.
  if (path === null) throw redirect(orderPage(order.number))
  const paid = (await listOrderPayments(ctx, order.id)).find((p) => p.status === 'succeeded' && p.method !== 'cod')
  return {
    title: requestI18n(request)._('orders.cancel.meta', { number: order.number }),
    number: order.number,
    total: order.total,
    path,
    money: paid
      ? (`paid_${paid.method}` as const)
      : order.paymentMethod === 'cod'
        ? ('cod' as const)
        : ('unpaid' as const),
    stores: order.vendorOrders.filter((v) => v.status === 'packed').map((v) => v.vendorName),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const form = await request.formData()
  const text = (name: string, max: number) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, max) : ''
  }
  const values = { reason: text('reason', 40), note: text('note', 600) }
  const parsed = parseForm(form, CancelOrderFormSchema)
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 })
  const outcome = await cancelOrderForCustomer(ctx, {
    customerId: customer.id,
    orderNumber: params.number,
    reason: parsed.data.reason,
    note: parsed.data.note ?? null,
  })
  if (!outcome.ok && outcome.code === 'not_found') notFound()
  if (!outcome.ok) {
    return redirectWithToast(orderPage(params.number), {
      kind: outcome.code === 'requested' ? 'success' : 'error',
      title: outcome.code === 'requested' ? 'orders.cancel.requestSent' : 'orders.cancel.refused',
    })
  }
  return redirectWithToast(orderPage(params.number), {
    kind: 'success',
    title: outcome.requested ? 'orders.cancel.requestSent' : 'orders.cancel.done',
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CancelOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { number, total, path, money, stores } = loaderData
  const busy = useNavigation().state === 'submitting'
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values = actionData?.values ?? { reason: '', note: '' }
  const amount = formatRwf(total, intlLocale)
  return (
    <CustomerPage title={t('orders.cancel.title', { number })}>
      <div className="grid max-w-xl gap-4">
        <section className="rounded-xl border border-border bg-card p-4 text-sm">
          <p className="font-medium">
            {t(path === 'request' ? 'orders.cancel.path.request' : 'orders.cancel.path.now', {
              stores: stores.join(', '),
            })}
          </p>
          <p className="mt-2 text-muted-foreground">
            {t(messageId(`orders.cancel.money.${money}`), { total: amount })}
          </p>
        </section>
        <Form method="post" noValidate className="grid gap-4 rounded-xl border border-border bg-card p-4">
          <fieldset aria-describedby={errors.reason ? 'cancel-reason-error' : undefined}>
            <legend className="text-sm font-medium">{t('orders.cancel.reason.legend')}</legend>
            <ul className="mt-2 grid gap-2">
              {CANCEL_REASONS.map((r) => (
                <li key={r}>
                  <ChoiceCard
                    name="reason"
                    value={r}
                    required
                    defaultChecked={values.reason === r}
                    aria-invalid={errors.reason ? true : undefined}
                    align="center"
                  >
                    <span>{t(`orders.cancel.reason.${r}`)}</span>
                  </ChoiceCard>
                </li>
              ))}
            </ul>
            <FieldError id="cancel-reason-error">{errors.reason ? t(messageId(errors.reason)) : null}</FieldError>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="cancel-note">{t('orders.cancel.note')}</Label>
            <Textarea
              id="cancel-note"
              name="note"
              rows={3}
              maxLength={500}
              defaultValue={values.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? 'cancel-note-error' : 'cancel-note-hint'}
            />
            <p id="cancel-note-hint" className="text-xs text-muted-foreground">
              {t('orders.cancel.noteHint')}
            </p>
            <FieldError id="cancel-note-error">{errors.note ? t(messageId(errors.note)) : null}</FieldError>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={busy}>
              {t(path === 'request' ? 'orders.cancel.submit.request' : 'orders.cancel.submit.now')}
            </Button>
            <Link to={orderPage(number)} className={buttonVariants({ variant: 'outline' })}>
              {t('orders.cancel.keep')}
            </Link>
          </div>
        </Form>
      </div>
    </CustomerPage>
  )
}
