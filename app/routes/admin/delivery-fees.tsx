import { data, Form, redirect, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/account/fields.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { DELIVERY_OPTIONS, DELIVERY_ZONES } from '#app/modules/orders/delivery.ts'
import { feeField } from '#app/modules/orders/delivery-fees.schemas.ts'
import { getDeliveryFees, listDeliveryFeeHistory, listZoneDistricts } from '#app/modules/orders/delivery-fees.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { changeDeliveryFees } from '#app/workflows/staff-money.server.ts'
import type { Route } from './+types/delivery-fees'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['staff-money'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Delivery fees (issue 13): staff set a fee per zone and option and the order value from which standard delivery
// is free. Saving makes a new schedule in force from now; the ones before stay listed below.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'deliveryFees:read')
  const ctx = serviceContextOf(context)
  const [current, history] = await Promise.all([getDeliveryFees(ctx), listDeliveryFeeHistory(ctx)])
  return {
    title: requestI18n(request)._('money.fees.meta'),
    current,
    history,
    zones: listZoneDistricts(),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'deliveryFees:manage')
  const form = await request.formData()
  const before = await getDeliveryFees(serviceContextOf(context))
  const outcome = await changeDeliveryFees({ ...serviceContextOf(context), actor }, form)
  if (!outcome.ok) {
    return data({ errors: outcome.errors, values: Object.fromEntries(form) }, { status: outcome.status })
  }
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: 'deliveryFees:set',
    subject: { type: 'delivery-fees', id: 'schedule' },
    before: { fees: before.fees, freeStandardAbove: before.freeStandardAbove },
    after: { fees: outcome.value.fees, freeStandardAbove: outcome.value.freeStandardAbove },
  })
  const flash = await flashCookie({ kind: 'success', title: 'money.fees.saved' })
  return redirect('/admin/delivery-fees', { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function DeliveryFeesPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { intlLocale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const mayChange = useStaffCan('deliveryFees:manage')
  const { current, history, zones } = loaderData
  const defaults: Record<string, string> = { freeStandardAbove: String(current.freeStandardAbove) }
  for (const zone of DELIVERY_ZONES) {
    for (const option of DELIVERY_OPTIONS) defaults[feeField(zone, option)] = String(current.fees[zone][option])
  }
  const [form, fields] = useServerForm<Record<string, string>>('fees', actionData, defaults)
  // What was typed comes back with a refusal, and stays in the fields.
  const typed: Record<string, unknown> = actionData?.values ?? {}
  const field = (name: string, label: string) => {
    const error = fields[name]?.errors?.[0]
    const id = `fees-${name}`
    const value = typeof typed[name] === 'string' ? (typed[name] as string) : (defaults[name] ?? '')
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          name={name}
          inputMode="numeric"
          defaultValue={value}
          key={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`}>{error ? t(messageId(error)) : null}</FieldError>
      </div>
    )
  }
  return (
    <section aria-labelledby="fees-title">
      <h1 id="fees-title" className="text-2xl font-bold sm:text-3xl">
        {t('money.fees.heading')}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('money.fees.intro')}</p>
      {/* A role that may not change the fees reads them in the history below, which marks those in force. */}
      {mayChange ? (
        <Form method="post" id={form.id} noValidate className="mt-6 grid gap-6">
          <FormAlert message={form.errors?.[0]} />
          {DELIVERY_ZONES.map((zone) => (
            <fieldset key={zone} className="rounded-lg border border-border bg-card p-4">
              <legend className="px-1 font-semibold">{t(`money.zone.${zone}`)}</legend>
              <p className="text-xs text-muted-foreground">
                {zone === 'rest' ? t('money.zone.restDistricts', { count: zones.rest.length }) : zones[zone].join(', ')}
              </p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {DELIVERY_OPTIONS.map((option) => field(feeField(zone, option), t(`money.fees.field.${option}`)))}
              </div>
            </fieldset>
          ))}
          <div className="max-w-xs">{field('freeStandardAbove', t('money.fees.field.freeAbove'))}</div>
          <p className="text-xs text-muted-foreground">{t('money.fees.hint')}</p>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t('money.saving') : t('money.fees.save')}
            </Button>
          </div>
        </Form>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold">{t('money.fees.history')}</h2>
      <div className="mt-3 overflow-x-auto rounded-lg border border-border bg-card">
        <table className="w-full text-sm">
          <thead className="bg-muted text-left">
            <tr>
              <th className="px-3 py-2 font-medium">{t('money.fees.from')}</th>
              {DELIVERY_ZONES.map((zone) => (
                <th key={zone} className="px-3 py-2 font-medium">
                  {t(`money.zone.${zone}`)}
                </th>
              ))}
              <th className="px-3 py-2 font-medium">{t('money.fees.field.freeAbove')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {history.map((h) => (
              <tr key={h.id}>
                <td className="px-3 py-2 whitespace-nowrap">
                  {when(h.effectiveFrom)}
                  {h.id === current.id ? (
                    <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">
                      {t('money.inForce')}
                    </span>
                  ) : null}
                </td>
                {DELIVERY_ZONES.map((zone) => (
                  <td key={zone} className="px-3 py-2 whitespace-nowrap">
                    {formatRwf(h.fees[zone].standard, intlLocale)} / {formatRwf(h.fees[zone].express, intlLocale)}
                  </td>
                ))}
                <td className="px-3 py-2 whitespace-nowrap">{formatRwf(h.freeStandardAbove, intlLocale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">{t('money.fees.historyHint')}</p>
    </section>
  )
}
