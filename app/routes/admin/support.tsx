import { useLocation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { StaffListQuerySchema } from '#app/modules/support/support.schemas.ts'
import { listSupportMessages } from '#app/modules/support/support-messages.server.ts'
import type { Route } from './+types/support'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  guardedActor(context, 'admin')
  const query = StaffListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const messages = await listSupportMessages(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.meta.support'), messages }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** The help page's contact messages, newest first. */
export default function SupportMessagesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { pathname, search } = useLocation()
  const { messages } = loaderData
  return (
    <section aria-labelledby="admin-support-title">
      <h1 id="admin-support-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.support.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('admin.support.count', { count: messages.total, fresh: messages.newCount })}
      </p>
      {messages.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.support.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {messages.items.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`support-${m.id}`}
                className="rounded-lg border border-border bg-card p-4 shadow-sm"
              >
                <header className="flex flex-wrap items-start justify-between gap-2">
                  <h2 id={`support-${m.id}`} className="min-w-0 font-semibold break-words">
                    {m.subject}
                  </h2>
                  <StatusBadge status={m.status} />
                </header>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t('admin.support.from', { name: m.name })}{' '}
                  <a href={`mailto:${m.email}`} className="break-all text-primary underline underline-offset-4">
                    {m.email}
                  </a>
                  {' · '}
                  <time dateTime={new Date(m.createdAt).toISOString()}>{when(m.createdAt)}</time>
                </p>
                <p className="mt-3 text-sm break-words whitespace-pre-line">{m.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={messages.page}
        pageCount={messages.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
