import { Form, Link, useLocation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { TicketStatusBadge } from '#app/components/support/ticket-status.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { listSupportMessages, REPLY_PROMISE_MS } from '#app/modules/support/support-messages.server.ts'
import { SupportDeskQuerySchema } from '#app/modules/support/ticket.schemas.ts'
import type { Route } from './+types/support'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin', 'support'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The support desk: the help page's messages and customers' chats as tickets, by state, searchable, newest first,
// with how many wait past the 24-hour promise. Each opens to its conversation, where staff answer.

const STATES = ['all', 'new', 'open', 'waiting', 'solved'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'support:tickets')
  const query = SupportDeskQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const now = new Date()
  const tickets = await listSupportMessages(serviceContextOf(context), { ...query, now })
  return {
    title: requestI18n(request)._('admin.meta.support'),
    tickets,
    query,
    lateBefore: now.getTime() - REPLY_PROMISE_MS,
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function SupportDeskPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { pathname, search } = useLocation()
  const { tickets, query, lateBefore } = loaderData
  const { counts } = tickets
  const all = counts.new + counts.open + counts.waiting + counts.solved
  return (
    <section aria-labelledby="admin-support-title">
      <h1 id="admin-support-title" className="text-2xl font-bold sm:text-3xl">
        {t('support.desk.title')}
      </h1>
      <p className={cn('mt-1 text-sm', counts.late > 0 ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
        {t('support.desk.late', { count: counts.late })}
      </p>
      <nav aria-label={t('support.desk.states')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {STATES.map((s) => (
            <li key={s}>
              <Link
                to={s === 'all' ? '/admin/support' : `/admin/support?status=${s}`}
                aria-current={query.status === s ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-md border px-3 text-sm font-medium',
                  query.status === s ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card',
                )}
              >
                {t(`support.desk.state.${s}`, { count: s === 'all' ? all : counts[s] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        {query.status !== 'all' ? <input type="hidden" name="status" value={query.status} /> : null}
        <div className="grid min-w-0 flex-1 gap-1">
          <label htmlFor="support-q" className="text-sm font-medium">
            {t('support.desk.search')}
          </label>
          <Input id="support-q" name="q" type="search" defaultValue={query.q ?? ''} />
        </div>
        <Button type="submit" variant="outline">
          {t('support.desk.searchButton')}
        </Button>
      </Form>
      {tickets.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">
          {query.q || query.status !== 'all' ? t('support.desk.noneFound') : t('admin.support.empty')}
        </p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {tickets.items.map((m) => {
            const late =
              (m.status === 'new' || m.status === 'open') && new Date(m.lastCustomerAt).getTime() < lateBefore
            return (
              <li key={m.id}>
                <Link
                  to={`/admin/support/${m.id}`}
                  className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm hover:bg-muted"
                >
                  <span className="flex flex-wrap items-start justify-between gap-2">
                    <span className="min-w-0 font-semibold break-words">{m.subject}</span>
                    <span className="flex flex-wrap gap-1">
                      {late ? (
                        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-950">
                          {t('support.desk.lateBadge')}
                        </span>
                      ) : null}
                      <TicketStatusBadge status={m.status} />
                    </span>
                  </span>
                  <span className="text-muted-foreground break-words">
                    {t(`support.channel.${m.channel}`)} · {m.name}
                    {m.email ? ` · ${m.email}` : ''} · {when(m.createdAt)}
                  </span>
                  <span className="line-clamp-2 break-words">{m.message}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={tickets.page}
        pageCount={tickets.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
