import type { ReactNode } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { DisputeSummary, ReturnCard } from '#app/components/returns/return-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { ChoiceCard, FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { listOrderEntries } from '#app/modules/ledger/ledger.server.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { DisputeDecisionFormSchema } from '#app/modules/returns/returns.schemas.ts'
import { findDispute } from '#app/modules/returns/returns.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { findDisputeOrderNumber } from '#app/queries/staff-disputes.server.ts'
import { findOrderForConsole } from '#app/queries/staff-orders.server.ts'
import { decideDispute, getReturnsPanel } from '#app/workflows/returns.server.ts'
import type { Route } from './+types/dispute'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'orders', 'returns', 'vendor'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One case as staff decide it: both sides' words and photos, the store's part of the order, the payments and
// refunds, the order's ledger postings; then the decision (a refund borne by the store or by Isoko, or close),
// which both sides are told.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'disputes:read')
  const ctx = serviceContextOf(context)
  const id = RecordIdSchema.safeParse(params.disputeId).data ?? Number.NaN
  const dispute = Number.isNaN(id) ? null : await findDispute(ctx, id)
  const number = dispute ? await findDisputeOrderNumber(ctx, dispute.id) : null
  const found = number ? await findOrderForConsole(ctx, number) : null
  if (!dispute || !found) notFound()
  const part = found.order.vendorOrders.find((v) => v.id === dispute.vendorOrderId)
  if (!part) notFound()
  const panel = await getReturnsPanel(ctx, found.order, { vendorOrderId: part.id })
  const entries = await listOrderEntries(ctx, found.order.id)
  const item = panel.returns.find((r) => r.id === dispute.returnId) ?? null
  return {
    title: requestI18n(request)._('returns.admin.case.meta', { id: dispute.id }),
    dispute: panel.disputes.find((d) => d.id === dispute.id) ?? { ...dispute, messages: [] },
    item,
    otherReturns: panel.returns.filter((r) => r.id !== dispute.returnId),
    order: found.order,
    part,
    payments: found.payments.map((p) => ({ id: p.id, method: p.method, status: p.status, amount: p.amount })),
    refunds: found.refunds,
    refundable: found.refundable,
    entries,
    // A suggestion: the return's units, else the store's part; never more than is left.
    suggested: Math.min(found.refundable.left, item ? item.quantity * (item.line?.unitPrice ?? 0) : part.subtotal),
    key: crypto.randomUUID(),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'disputes:decide')
  const id = RecordIdSchema.safeParse(params.disputeId).data ?? Number.NaN
  if (Number.isNaN(id)) notFound()
  const form = await request.formData()
  const typed = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v.slice(0, 1000) : ''
  }
  const values = { decision: typed('decision'), amount: typed('amount'), bearer: typed('bearer'), note: typed('note') }
  const parsed = parseForm(form, DisputeDecisionFormSchema)
  if (!parsed.ok) return data({ errors: parsed.errors, values, left: null as number | null }, { status: 400 })
  const outcome = await decideDispute({ ...serviceContextOf(context), actor }, { disputeId: id, ...parsed.data })
  if (!outcome.ok) {
    if (outcome.code === 'not_found') notFound()
    const errors: Record<string, string> =
      outcome.code === 'too_much'
        ? { amount: 'returns.admin.error.tooMuch' }
        : { form: `returns.refused.${outcome.code}` }
    return data({ errors, values, left: outcome.left ?? null }, { status: outcome.code === 'too_much' ? 400 : 409 })
  }
  const { key: _key, ...decision } = parsed.data as typeof parsed.data & { key?: string }
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: 'dispute:decide',
    subject: { type: 'dispute', id },
    after: decision,
  })
  const flash = await flashCookie({ kind: 'success', title: 'returns.admin.decided', body: 'returns.admin.told' })
  return redirect(`/admin/disputes/${id}`, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminDisputePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const rwf = (amount: number) => formatRwf(amount, intlLocale)
  const { dispute, item, otherReturns, order, part, payments, refunds, refundable, entries, suggested, key } =
    loaderData
  const busy = useNavigation().state === 'submitting'
  const mayDecide = useStaffCan('disputes:decide')
  const errors: Record<string, string> = actionData?.errors ?? {}
  const values = actionData?.values ?? { decision: 'refund', amount: String(suggested), bearer: 'vendor', note: '' }
  const err = (name: string) =>
    errors[name] ? t(messageId(errors[name] as string), { left: rwf(actionData?.left ?? refundable.left) }) : null
  return (
    <article aria-labelledby="case-title" className="grid gap-6">
      <Link
        to="/admin/disputes"
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('returns.admin.back')}
      </Link>
      <div>
        <h1 id="case-title" className="text-2xl font-bold">
          {t('returns.admin.case', { id: dispute.id, number: order.number })}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t(messageId(`returns.dispute.kind.${dispute.kind}`))} ·{' '}
          {t(messageId(`returns.admin.openedBy.${dispute.openedBy}`))} · {when(dispute.createdAt)}
        </p>
        <p className="mt-1 text-sm">
          <Link to={`/admin/orders/${order.number}`} className="text-primary underline underline-offset-4">
            {t('returns.admin.order', { number: order.number })}
          </Link>
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Panel title={t('returns.admin.customer')}>
          <p className="font-medium break-words">{`${order.customer.firstName} ${order.customer.lastName}`.trim()}</p>
          <p>{formatPhone(order.phone)}</p>
          {order.customer.email ? <p className="break-all">{order.customer.email}</p> : null}
        </Panel>
        <Panel title={t('returns.admin.store')}>
          <p className="font-medium break-words">{part.vendorName}</p>
          <p>
            {t(`orders.vendorStatus.${part.status}`)} · {rwf(part.subtotal)}
          </p>
          <ul className="mt-1 text-muted-foreground">
            {part.lines.map((l) => (
              <li key={l.id} className="break-words">
                {l.quantity} × {l.title} {[l.size, l.colour].filter(Boolean).join(' · ')}
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      {item ? <ReturnCard item={item} dispute={dispute} /> : <DisputeSummary dispute={dispute} />}
      {otherReturns.length > 0 ? (
        <section aria-label={t('returns.admin.otherReturns')} className="grid gap-2">
          <h2 className="font-semibold">{t('returns.admin.otherReturns')}</h2>
          {otherReturns.map((r) => (
            <ReturnCard key={r.id} item={r} />
          ))}
        </section>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Panel title={t('returns.admin.money')}>
          <ul className="grid gap-1">
            {payments.map((p) => (
              <li key={p.id}>
                {t(`orders.method.${p.method}`)} · {rwf(p.amount)} · {t(messageId(`returns.admin.payment.${p.status}`))}
              </li>
            ))}
            {refunds.map((r) => (
              <li key={r.id} className="text-muted-foreground">
                {t('returns.admin.refundLine', { amount: rwf(r.amount) })} ·{' '}
                {t(messageId(`returns.refundStatus.${r.status}`))}
              </li>
            ))}
          </ul>
          <p className="mt-2 font-medium">{t('returns.admin.left', { amount: rwf(refundable.left) })}</p>
        </Panel>
        <Panel title={t('returns.admin.ledger')}>
          <ul className="grid gap-2">
            {entries.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{t(messageId(`vendor.balance.reason.${e.reason}`))}</span>{' '}
                <span className="text-muted-foreground">{when(e.postedAt)}</span>
                <ul className="text-xs">
                  {e.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a posting's lines have no id of their own here
                    <li key={i} className="flex justify-between gap-2">
                      <span className="min-w-0 font-mono break-all">{l.account}</span>
                      <span className="shrink-0">{rwf(l.amount)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      {dispute.status === 'open' && mayDecide ? (
        <Form method="post" noValidate className="grid gap-4 rounded-xl border border-border bg-card p-4">
          <h2 className="text-lg font-semibold">{t('returns.admin.decide')}</h2>
          {errors.form ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {err('form')}
            </p>
          ) : null}
          <input type="hidden" name="key" value={key} />
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">{t('returns.admin.decision')}</legend>
            <ChoiceCard name="decision" value="refund" defaultChecked={values.decision !== 'close'} align="center">
              <span>{t('returns.admin.decision.refund')}</span>
            </ChoiceCard>
            <ChoiceCard name="decision" value="close" defaultChecked={values.decision === 'close'} align="center">
              <span>{t('returns.admin.decision.close')}</span>
            </ChoiceCard>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="case-amount">{t('returns.admin.amount')}</Label>
            <Input
              id="case-amount"
              name="amount"
              inputMode="numeric"
              defaultValue={values.amount}
              className="max-w-48"
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? 'case-amount-error case-amount-hint' : 'case-amount-hint'}
            />
            <p id="case-amount-hint" className="text-xs text-muted-foreground">
              {t('returns.admin.amountHint', { left: rwf(refundable.left) })}
            </p>
            <FieldError id="case-amount-error">{err('amount')}</FieldError>
          </div>
          <fieldset
            className="grid gap-2 sm:grid-cols-2"
            aria-describedby={errors.bearer ? 'case-bearer-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t('returns.admin.bearer')}</legend>
            <ChoiceCard name="bearer" value="vendor" defaultChecked={values.bearer !== 'platform'}>
              <span>
                <span className="block font-medium">{t('returns.admin.bearer.vendor')}</span>
                <span className="block text-muted-foreground">{t('returns.admin.bearer.vendorHint')}</span>
              </span>
            </ChoiceCard>
            <ChoiceCard name="bearer" value="platform" defaultChecked={values.bearer === 'platform'}>
              <span>
                <span className="block font-medium">{t('returns.admin.bearer.platform')}</span>
                <span className="block text-muted-foreground">{t('returns.admin.bearer.platformHint')}</span>
              </span>
            </ChoiceCard>
            <FieldError id="case-bearer-error">{err('bearer')}</FieldError>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="case-note">{t('returns.admin.note')}</Label>
            <Textarea
              id="case-note"
              name="note"
              rows={3}
              maxLength={1000}
              defaultValue={values.note}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? 'case-note-error' : undefined}
            />
            <FieldError id="case-note-error">{err('note')}</FieldError>
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {t('returns.admin.submit')}
          </Button>
        </Form>
      ) : null}
    </article>
  )
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-border bg-card p-4 text-sm">
      <h2 className="font-semibold">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  )
}
