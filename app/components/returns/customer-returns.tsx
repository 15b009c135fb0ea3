import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import type { DisputePanelItem, ReturnsPanel } from '#app/workflows/returns.server.ts'
import { DisputeSummary, ReturnCard } from './return-card.tsx'

// The returns part of a customer's order page: each return with what the customer can do next (withdraw it, ask
// Isoko staff to decide a refusal, add to a case), and for a part that was sent, a way to ask staff about it
// (never received, something else). Plain forms posted to the order page: they work without JavaScript.

export type DisputeFormError = { form: string; error: string; statement: string } | null

/** A store's part: `late` once its delivery promise has passed without it being sent. */
type Part = { id: number; name: string; status: string; late: boolean }

export function CustomerReturns({
  orderNumber,
  parts,
  panel,
  failed,
}: {
  orderNumber: string
  parts: Part[]
  panel: ReturnsPanel
  failed: DisputeFormError
}) {
  const t = useT()
  // Sent parts may never have arrived; parts not sent by the promised day may never be sent.
  const sent = parts.filter(
    (p) =>
      p.status === 'dispatched' ||
      p.status === 'delivered' ||
      ((p.status === 'new' || p.status === 'packed') && p.late),
  )
  if (panel.returns.length === 0 && panel.disputes.length === 0 && sent.length === 0) return null
  const partCases = panel.disputes.filter((d) => d.returnId === null)
  return (
    <section id="returns" aria-labelledby="order-returns" className="grid gap-3 rounded-xl border border-border p-4">
      <h2 id="order-returns" className="font-semibold">
        {t('returns.section.title')}
      </h2>
      {panel.returns.length === 0 ? <p className="text-sm text-muted-foreground">{t('returns.section.none')}</p> : null}
      {panel.returns.map((r) => {
        const dispute = panel.disputes.find((d) => d.returnId === r.id) ?? null
        return (
          <ReturnCard key={r.id} item={r} dispute={dispute}>
            {dispute?.status === 'open' ? (
              <StatementForm dispute={dispute} failed={failed} />
            ) : r.status === 'refused' && !dispute ? (
              <OpenCaseForm
                formId={`return-${r.id}`}
                vendorOrderId={r.vendorOrderId}
                returnId={r.id}
                kinds={['return_refused']}
                label={t('returns.dispute.askRefused')}
                failed={failed}
              />
            ) : null}
            {r.status === 'requested' || r.status === 'accepted' ? (
              <Form method="post" action={`/customer-dashboard/orders/${orderNumber}`}>
                <input type="hidden" name="intent" value="return_cancel" />
                <input type="hidden" name="returnId" value={r.id} />
                <Button type="submit" variant="outline" size="sm">
                  {t('returns.cancel.button')}
                </Button>
              </Form>
            ) : null}
          </ReturnCard>
        )
      })}
      {partCases.map((d) => (
        <DisputeSummary key={d.id} dispute={d}>
          <p className="text-sm">{parts.find((p) => p.id === d.vendorOrderId)?.name}</p>
          {d.status === 'open' ? <StatementForm dispute={d} failed={failed} /> : null}
        </DisputeSummary>
      ))}
      {sent
        .filter((p) => !partCases.some((d) => d.vendorOrderId === p.id && d.status === 'open'))
        .map((p) => (
          <details
            key={p.id}
            className="rounded-lg border border-border p-3 text-sm"
            open={failed?.form === `part-${p.id}`}
          >
            <summary className="cursor-pointer font-medium">{t('returns.dispute.problem', { store: p.name })}</summary>
            <OpenCaseForm
              formId={`part-${p.id}`}
              vendorOrderId={p.id}
              returnId={null}
              kinds={p.status === 'new' || p.status === 'packed' ? ['not_shipped', 'other'] : ['not_received', 'other']}
              label={t('returns.dispute.ask')}
              failed={failed}
            />
          </details>
        ))}
    </section>
  )
}

export function OpenCaseForm({
  formId,
  vendorOrderId,
  returnId,
  kinds,
  label,
  failed,
}: {
  formId: string
  vendorOrderId: number
  returnId: number | null
  kinds: ('return_refused' | 'not_received' | 'not_shipped' | 'other')[]
  label: string
  failed: DisputeFormError
}) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const mine = failed?.form === formId ? failed : null
  return (
    <Form method="post" noValidate className="mt-2 grid gap-2">
      <input type="hidden" name="intent" value="dispute_open" />
      <input type="hidden" name="form" value={formId} />
      <input type="hidden" name="vendorOrderId" value={vendorOrderId} />
      {returnId !== null ? <input type="hidden" name="returnId" value={returnId} /> : null}
      {kinds.length === 1 ? (
        <input type="hidden" name="kind" value={kinds[0]} />
      ) : (
        <div className="grid gap-1">
          <Label htmlFor={`${formId}-kind`}>{t('returns.dispute.kindLabel')}</Label>
          <select
            id={`${formId}-kind`}
            name="kind"
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`returns.dispute.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <Label htmlFor={`${formId}-statement`}>{label}</Label>
      <Textarea
        id={`${formId}-statement`}
        name="statement"
        rows={3}
        maxLength={1000}
        required
        defaultValue={mine?.statement}
        aria-invalid={mine ? true : undefined}
        aria-describedby={mine ? `${formId}-error` : undefined}
      />
      <FieldError id={`${formId}-error`}>{mine ? t(messageId(mine.error)) : null}</FieldError>
      <Button type="submit" variant="outline" size="sm" disabled={busy} className="justify-self-start">
        {t('returns.dispute.submit')}
      </Button>
    </Form>
  )
}

export function StatementForm({ dispute, failed }: { dispute: DisputePanelItem; failed: DisputeFormError }) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const formId = `dispute-${dispute.id}`
  const mine = failed?.form === formId ? failed : null
  return (
    <Form method="post" noValidate className="grid gap-2">
      <input type="hidden" name="intent" value="dispute_statement" />
      <input type="hidden" name="form" value={formId} />
      <input type="hidden" name="disputeId" value={dispute.id} />
      <Label htmlFor={`${formId}-statement`}>{t('returns.dispute.addLabel')}</Label>
      <Textarea
        id={`${formId}-statement`}
        name="statement"
        rows={2}
        maxLength={1000}
        required
        defaultValue={mine?.statement}
        className="bg-card"
        aria-invalid={mine ? true : undefined}
        aria-describedby={mine ? `${formId}-error` : undefined}
      />
      <FieldError id={`${formId}-error`}>{mine ? t(messageId(mine.error)) : null}</FieldError>
      <Button type="submit" variant="outline" size="sm" disabled={busy} className="justify-self-start">
        {t('returns.dispute.add')}
      </Button>
    </Form>
  )
}
