import { Form, Link, useLocation } from 'react-router'
import { selectClass } from '#app/components/account/fields.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input, Label } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { parseSearchParams } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { kigaliDayStart } from '#app/lib/kigali-clock.ts'
import { useT } from '#app/lib/use-t.ts'
import { AuditQuerySchema } from '#app/modules/staff/audit.schemas.ts'
import { listAuditActions, listAuditActors, searchAuditLog } from '#app/modules/staff/audit.server.ts'
import { isKnownAuditAction, isKnownSubjectType } from '#app/modules/staff/audit-actions.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import type { Route } from './+types/audit'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The audit log (issue 17): every staff action, newest first, searchable by who, which action, which thing and
// between which days (Kigali's), fifty to a page.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'audit:read')
  const query = parseSearchParams(request, AuditQuerySchema)
  const ctx = serviceContextOf(context)
  const from = query.from ? kigaliDayStart(query.from) : undefined
  const to = query.to ? kigaliDayStart(query.to, 1) : undefined
  const [found, actors, actions] = await Promise.all([
    searchAuditLog(ctx, {
      actorUserId: query.actor || undefined,
      action: query.action || undefined,
      subjectId: query.subject || undefined,
      from: from && !Number.isNaN(from.getTime()) ? from : undefined,
      to: to && !Number.isNaN(to.getTime()) ? to : undefined,
      page: query.page,
    }),
    listAuditActors(ctx),
    listAuditActions(ctx),
  ])
  return { title: requestI18n(request)._('admin.audit.meta'), ...found, actors, actions, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { pathname, search } = useLocation()
  const { entries, total, page, pageCount, actors, actions, query } = loaderData
  const actionLabel = (a: string) =>
    isKnownAuditAction(a) ? t(messageId(`admin.audit.action.${a.replaceAll(':', '.')}`)) : a
  const typeLabel = (type: string) => (isKnownSubjectType(type) ? t(messageId(`admin.audit.type.${type}`)) : type)
  const filtered = Boolean(query.actor || query.action || query.subject || query.from || query.to)
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.audit.heading')}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-muted-foreground">{t('admin.audit.intro')}</p>

      <Form
        method="get"
        role="search"
        aria-label={t('admin.audit.search')}
        className="mt-4 grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="grid gap-1">
          <Label htmlFor="audit-actor">{t('admin.audit.field.actor')}</Label>
          <select id="audit-actor" name="actor" defaultValue={query.actor ?? ''} className={selectClass}>
            <option value="">{t('admin.audit.anyone')}</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-action">{t('admin.audit.field.action')}</Label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ''} className={selectClass}>
            <option value="">{t('admin.audit.anyAction')}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <AuditInput name="subject" type="search" label={t('admin.audit.field.subject')} value={query.subject} />
        <AuditInput name="from" type="date" label={t('admin.audit.field.from')} value={query.from} />
        <AuditInput name="to" type="date" label={t('admin.audit.field.to')} value={query.to} />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">{t('admin.audit.submit')}</Button>
          {filtered ? (
            <Link to="/admin/audit" className="inline-flex h-10 items-center px-2 text-sm text-primary underline">
              {t('admin.audit.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {t('admin.audit.count', { count: total })}
      </p>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.audit.empty')}</p>
      ) : (
        <ol className="mt-2 divide-y divide-border rounded-lg border border-border bg-card">
          {entries.map((e) => {
            const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])]
            return (
              <li key={e.id} className="grid gap-1 p-4 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold">{actionLabel(e.action)}</span>
                  <span className="break-all text-muted-foreground">
                    {t('admin.audit.subject', { type: typeLabel(e.subjectType), id: e.subjectId })}
                  </span>
                </p>
                <p className="text-muted-foreground">
                  {t('admin.audit.by', { name: e.actorName || '—', date: when(e.createdAt) })}
                </p>
                {keys.length > 0 ? (
                  <dl className="mt-1 grid gap-0.5">
                    {keys.map((k) => (
                      <div key={k} className="flex min-w-0 flex-wrap gap-x-2">
                        <dt className="font-medium">{k}</dt>
                        <dd className="min-w-0 break-all">
                          {e.before && k in e.before ? `${show(e.before[k])} → ` : null}
                          {show(e.after?.[k])}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      <Pagination className="mt-6" page={page} pageCount={pageCount} hrefFor={(p) => pageHref(pathname, search, p)} />
    </section>
  )
}

/** One of the search's text or date fields. */
function AuditInput({
  name,
  type,
  label,
  value,
}: {
  name: string
  type: 'search' | 'date'
  label: string
  value: string | undefined
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={`audit-${name}`}>{label}</Label>
      <Input id={`audit-${name}`} name={name} type={type} defaultValue={value ?? ''} />
    </div>
  )
}
