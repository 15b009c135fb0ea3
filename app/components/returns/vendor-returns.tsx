import { Form, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ChoiceCard, FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { RETURN_METHODS } from '#app/modules/returns/return-status.ts'
import type { ReturnPanelItem, ReturnsPanel } from '#app/workflows/returns.server.ts'
import { type DisputeFormError, OpenCaseForm, StatementForm } from './customer-returns.tsx'
import { DisputeSummary, ReturnCard } from './return-card.tsx'

// The returns part of a store's order page: each request with the store's next step (accept and say how it comes
// back, or refuse with a reason; mark it received, unsellable or not), and the cases staff decide, where the
// store adds its side or asks staff to decide a refusal the customer disputes.

export type ReturnStepError = { returnId: number; field: string; error: string; value: string } | null

export function VendorReturns({
  panel,
  failed,
  stepFailed,
}: {
  panel: ReturnsPanel
  failed: DisputeFormError
  stepFailed: ReturnStepError
}) {
  const t = useT()
  if (panel.returns.length === 0 && panel.disputes.length === 0) return null
  const open = panel.returns.filter((r) => r.status === 'requested' || r.status === 'accepted').length
  return (
    <section
      id="returns"
      aria-labelledby="order-returns"
      className={`mt-6 grid gap-3 rounded-lg border p-4 sm:p-6 ${open > 0 ? 'border-amber-400' : 'border-border'}`}
    >
      <h2 id="order-returns" className="text-lg font-semibold">
        {t('returns.section.title')}
      </h2>
      {panel.returns.map((r) => {
        const dispute = panel.disputes.find((d) => d.returnId === r.id) ?? null
        return (
          <ReturnCard key={r.id} item={r} dispute={dispute}>
            {r.status === 'requested' ? <AnswerForms item={r} failed={stepFailed} /> : null}
            {r.status === 'accepted' ? <ReceiveForm item={r} /> : null}
            {dispute?.status === 'open' ? <StatementForm dispute={dispute} failed={failed} /> : null}
            {r.status === 'refused' && !dispute ? (
              <details className="text-sm">
                <summary className="cursor-pointer font-medium">{t('returns.dispute.vendorAsk')}</summary>
                <OpenCaseForm
                  formId={`return-${r.id}`}
                  vendorOrderId={r.vendorOrderId}
                  returnId={r.id}
                  kinds={['return_refused']}
                  label={t('returns.dispute.ask')}
                  failed={failed}
                />
              </details>
            ) : null}
          </ReturnCard>
        )
      })}
      {panel.disputes
        .filter((d) => d.returnId === null)
        .map((d) => (
          <DisputeSummary key={d.id} dispute={d}>
            {d.status === 'open' ? <StatementForm dispute={d} failed={failed} /> : null}
          </DisputeSummary>
        ))}
    </section>
  )
}

function AnswerForms({ item, failed }: { item: ReturnPanelItem; failed: ReturnStepError }) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const mine = failed?.returnId === item.id ? failed : null
  const error = (field: string) => (mine?.field === field ? t(messageId(mine.error)) : null)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Form method="post" noValidate className="grid content-start gap-2">
        <input type="hidden" name="intent" value="return_accept" />
        <input type="hidden" name="returnId" value={item.id} />
        <fieldset>
          <legend className="text-sm font-medium">{t('returns.answer.methodLegend')}</legend>
          <div className="mt-1 grid gap-2">
            {RETURN_METHODS.map((m) => (
              <ChoiceCard key={m} name="method" value={m} defaultChecked={m === 'dropoff'} align="center">
                <span>{t(`returns.answer.method.${m}`)}</span>
              </ChoiceCard>
            ))}
          </div>
        </fieldset>
        <Label htmlFor={`return-${item.id}-instructions`}>{t('returns.answer.instructions')}</Label>
        <Textarea
          id={`return-${item.id}-instructions`}
          name="instructions"
          rows={3}
          maxLength={500}
          required
          defaultValue={mine?.field === 'instructions' ? mine.value : ''}
          aria-invalid={error('instructions') ? true : undefined}
          aria-describedby={error('instructions') ? `return-${item.id}-instructions-error` : undefined}
        />
        <FieldError id={`return-${item.id}-instructions-error`}>{error('instructions')}</FieldError>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {t('returns.answer.accept')}
        </Button>
      </Form>
      <Form method="post" noValidate className="grid content-start gap-2">
        <input type="hidden" name="intent" value="return_refuse" />
        <input type="hidden" name="returnId" value={item.id} />
        <Label htmlFor={`return-${item.id}-refusal`}>{t('returns.answer.refusal')}</Label>
        <Textarea
          id={`return-${item.id}-refusal`}
          name="refusal"
          rows={3}
          maxLength={500}
          required
          defaultValue={mine?.field === 'refusal' ? mine.value : ''}
          aria-invalid={error('refusal') ? true : undefined}
          aria-describedby={error('refusal') ? `return-${item.id}-refusal-error` : undefined}
        />
        <FieldError id={`return-${item.id}-refusal-error`}>{error('refusal')}</FieldError>
        <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
          {t('returns.answer.refuse')}
        </Button>
      </Form>
    </div>
  )
}

function ReceiveForm({ item }: { item: ReturnPanelItem }) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="grid gap-2 rounded-lg bg-muted p-3">
      <input type="hidden" name="intent" value="return_receive" />
      <input type="hidden" name="returnId" value={item.id} />
      <p className="text-sm">
        {t(item.resolution === 'replace' ? 'returns.receive.hintReplace' : 'returns.receive.hintRefund', {
          replacement: item.replacementLabel ?? '',
        })}
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="unsellable" className="mt-0.5 size-4 accent-primary" />
        <span>{t('returns.receive.unsellable')}</span>
      </label>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {t('returns.receive.button')}
      </Button>
    </Form>
  )
}
