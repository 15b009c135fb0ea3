import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormAlert, selectClass } from '#app/components/account/fields.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { dateFormat } from '#app/components/date-format.ts'
import { useServerForm } from '#app/components/forms/use-server-form.ts'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n, requestLocale } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatRwf } from '#app/lib/money.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { COMMISSION_SCOPES } from '#app/modules/ledger/ledger.schemas.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { getCommissionPage, type RuleRow } from '#app/queries/staff-money.server.ts'
import { addCommissionRule } from '#app/workflows/staff-money.server.ts'
import type { Route } from './+types/commission'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['staff-money'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Commission (issue 13): the rules in force and those scheduled, a form to add one, and the commission earned in
// a month (from the ledger's commission lines), in total and per store.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'commission:read')
  const month = new URL(request.url).searchParams.get('month')
  const page = await getCommissionPage(serviceContextOf(context), { month, locale: requestLocale(request) })
  return { title: requestI18n(request)._('money.commission.meta'), ...page }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'commission:manage')
  const form = await request.formData()
  const outcome = await addCommissionRule({ ...serviceContextOf(context), actor }, form)
  if (!outcome.ok) {
    return data({ errors: outcome.errors, values: Object.fromEntries(form) }, { status: outcome.status })
  }
  const rule = outcome.value
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: 'commission:rule',
    subject: { type: 'commission', id: rule.id },
    after: { scope: rule.scope, scopeId: rule.scopeId, rateBps: rule.rateBps, from: rule.effectiveFrom },
  })
  const flash = await flashCookie({ kind: 'success', title: 'money.commission.saved' })
  return redirect('/admin/commission', { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CommissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { intlLocale } = useRootData()
  const { inForce, scheduled, earned, month } = loaderData
  const monthName = dateFormat(intlLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )
  return (
    <section aria-labelledby="commission-title">
      <h1 id="commission-title" className="text-2xl font-bold sm:text-3xl">
        {t('money.commission.heading')}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('money.commission.intro')}</p>

      <h2 className="mt-6 text-lg font-semibold">{t('money.commission.inForce')}</h2>
      <RuleTable rules={inForce} />
      <h2 className="mt-6 text-lg font-semibold">{t('money.commission.scheduled')}</h2>
      {scheduled.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('money.commission.noneScheduled')}</p>
      ) : (
        <RuleTable rules={scheduled} />
      )}

      <RuleForm {...loaderData} answer={actionData} />

      <h2 id="earned-title" className="mt-10 text-lg font-semibold">
        {t('money.commission.earned', { month: monthName })}
      </h2>
      <nav aria-label={t('money.commission.months')} className="mt-2 flex flex-wrap items-center gap-4 text-sm">
        <Link to={`?month=${loaderData.previousMonth}`} className="font-medium text-primary underline">
          {t('money.commission.previous')}
        </Link>
        {loaderData.nextMonth ? (
          <Link to={`?month=${loaderData.nextMonth}`} className="font-medium text-primary underline">
            {t('money.commission.next')}
          </Link>
        ) : null}
        <Form method="get" className="flex flex-wrap items-center gap-2">
          <Label htmlFor="month">{t('money.commission.pickMonth')}</Label>
          <Input id="month" name="month" type="month" defaultValue={month} className="w-40" />
          <Button type="submit" variant="outline">
            {t('money.commission.show')}
          </Button>
        </Form>
      </nav>
      <p className="mt-3 text-base">
        {t('money.commission.total')} <strong>{formatRwf(earned.total, intlLocale)}</strong>
      </p>
      {earned.byStore.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('money.commission.noneEarned')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-sm" aria-labelledby="earned-title">
            <thead className="bg-muted text-left">
              <tr>
                <th className="px-3 py-2 font-medium">{t('money.col.store')}</th>
                <th className="px-3 py-2 text-right font-medium">{t('money.col.vendorOrders')}</th>
                <th className="px-3 py-2 text-right font-medium">{t('money.col.commission')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {earned.byStore.map((s) => (
                <tr key={s.vendorId}>
                  <td className="px-3 py-2">
                    <Link to={`/vendor/${s.vendorId}`} className="font-medium hover:underline">
                      {s.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-right">{s.vendorOrders}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatRwf(s.amount, intlLocale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function RuleTable({ rules }: { rules: RuleRow[] }) {
  const t = useT()
  const when = useDateTimeFormat()
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm">
        <thead className="bg-muted text-left">
          <tr>
            <th className="px-3 py-2 font-medium">{t('money.col.scope')}</th>
            <th className="px-3 py-2 font-medium">{t('money.col.target')}</th>
            <th className="px-3 py-2 text-right font-medium">{t('money.col.rate')}</th>
            <th className="px-3 py-2 font-medium">{t('money.col.from')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rules.map((r) => (
            <tr key={r.id}>
              <td className="px-3 py-2">{t(`money.scope.${r.scope}`)}</td>
              <td className="px-3 py-2">
                {r.scope === 'store' && r.scopeId !== null ? (
                  <Link to={`/vendor/${r.scopeId}`} className="hover:underline">
                    {r.target ?? `#${r.scopeId}`}
                  </Link>
                ) : (
                  (r.target ?? (r.scopeId === null ? t('money.scope.all') : `#${r.scopeId}`))
                )}
              </td>
              <td className="px-3 py-2 text-right">{t('money.percent', { rate: r.ratePercent })}</td>
              <td className="px-3 py-2 whitespace-nowrap">{when(r.effectiveFrom)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

type PageData = Route.ComponentProps['loaderData']
type Answer = { errors?: Record<string, string>; values?: Record<string, unknown> }

function RuleForm({ stores, categories, today, answer }: PageData & { answer: Answer | undefined }) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useServerForm('rule', answer)
  const typed = answer?.values ?? {}
  const value = (name: string, fallback = '') => (typeof typed[name] === 'string' ? (typed[name] as string) : fallback)
  const error = (name: 'scope' | 'categoryId' | 'storeId' | 'rate' | 'effectiveFrom') => fields[name].errors?.[0]
  const described = (name: 'scope' | 'categoryId' | 'storeId' | 'rate' | 'effectiveFrom') =>
    error(name) ? `rule-${name}-error` : undefined
  return (
    <Form
      method="post"
      id={form.id}
      noValidate
      key={JSON.stringify(typed)}
      className="mt-8 grid max-w-xl gap-4 rounded-lg border border-border bg-card p-4"
      aria-labelledby="rule-form-title"
    >
      <h2 id="rule-form-title" className="text-lg font-semibold">
        {t('money.commission.add')}
      </h2>
      <FormAlert message={form.errors?.[0]} />
      <div className="grid gap-1.5">
        <Label htmlFor="rule-scope">{t('money.col.scope')}</Label>
        <select
          id="rule-scope"
          name="scope"
          className={selectClass}
          defaultValue={value('scope', 'platform')}
          aria-invalid={error('scope') ? true : undefined}
          aria-describedby={described('scope')}
        >
          {COMMISSION_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`money.scope.${s}`)}
            </option>
          ))}
        </select>
        <FieldError id="rule-scope-error">{error('scope') ? t(messageId(error('scope') ?? '')) : null}</FieldError>
      </div>
      {/* Both targets are always there (the form works without JavaScript); the scope says which one counts. */}
      <div className="grid gap-1.5">
        <Label htmlFor="rule-categoryId">{t('money.commission.categoryField')}</Label>
        <select
          id="rule-categoryId"
          name="categoryId"
          className={selectClass}
          defaultValue={value('categoryId')}
          aria-invalid={error('categoryId') ? true : undefined}
          aria-describedby={described('categoryId')}
        >
          <option value="">{t('money.commission.chooseCategory')}</option>
          {categories.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="rule-categoryId-error">
          {error('categoryId') ? t(messageId(error('categoryId') ?? '')) : null}
        </FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="rule-storeId">{t('money.commission.storeField')}</Label>
        <select
          id="rule-storeId"
          name="storeId"
          className={selectClass}
          defaultValue={value('storeId')}
          aria-invalid={error('storeId') ? true : undefined}
          aria-describedby={described('storeId')}
        >
          <option value="">{t('money.commission.chooseStore')}</option>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <FieldError id="rule-storeId-error">
          {error('storeId') ? t(messageId(error('storeId') ?? '')) : null}
        </FieldError>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="rule-rate">{t('money.commission.rate')}</Label>
          <Input
            id="rule-rate"
            name="rate"
            inputMode="decimal"
            defaultValue={value('rate')}
            aria-invalid={error('rate') ? true : undefined}
            aria-describedby={described('rate')}
          />
          <FieldError id="rule-rate-error">{error('rate') ? t(messageId(error('rate') ?? '')) : null}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rule-effectiveFrom">{t('money.commission.effectiveFrom')}</Label>
          <Input
            id="rule-effectiveFrom"
            name="effectiveFrom"
            type="date"
            min={today}
            defaultValue={value('effectiveFrom', today)}
            aria-invalid={error('effectiveFrom') ? true : undefined}
            aria-describedby={described('effectiveFrom')}
          />
          <FieldError id="rule-effectiveFrom-error">
            {error('effectiveFrom') ? t(messageId(error('effectiveFrom') ?? '')) : null}
          </FieldError>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t('money.commission.hint')}</p>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('money.saving') : t('money.commission.save')}
        </Button>
      </div>
    </Form>
  )
}
