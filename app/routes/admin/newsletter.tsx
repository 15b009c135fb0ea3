import { useLocation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Pagination, pageHref } from '#app/components/catalog/pagination.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { listNewsletterSubscriptions } from '#app/modules/support/newsletter.server.ts'
import { StaffListQuerySchema } from '#app/modules/support/support.schemas.ts'
import type { Route } from './+types/newsletter'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'newsletter:read')
  const query = StaffListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const subscribers = await listNewsletterSubscriptions(serviceContextOf(context), query)
  return { title: requestI18n(request)._('admin.meta.newsletter'), subscribers }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/** The footer's newsletter subscribers, newest first. */
export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { pathname, search } = useLocation()
  const { subscribers } = loaderData
  return (
    <section aria-labelledby="admin-newsletter-title">
      <h1 id="admin-newsletter-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.newsletter.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('admin.newsletter.count', { count: subscribers.confirmed })}
        {subscribers.total > subscribers.confirmed
          ? ` · ${t('admin.newsletter.pendingCount', { count: subscribers.total - subscribers.confirmed })}`
          : null}
      </p>
      {subscribers.confirmed > 0 ? (
        <a
          href="/admin/newsletter.csv"
          className="mt-2 inline-flex h-10 items-center text-sm font-medium text-primary underline underline-offset-4"
          download
        >
          {t('admin.newsletter.csv')}
        </a>
      ) : null}
      {subscribers.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">
          {t('admin.newsletter.empty')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border bg-card">
          {subscribers.items.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <a href={`mailto:${s.email}`} className="min-w-0 font-medium break-all">
                {s.email}
              </a>
              <span className="text-muted-foreground">
                {s.confirmedAt
                  ? t('admin.newsletter.since', { date: when(s.confirmedAt) })
                  : t('admin.newsletter.pending', { date: when(s.createdAt) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-6"
        page={subscribers.page}
        pageCount={subscribers.pageCount}
        hrefFor={(page) => pageHref(pathname, search, page)}
      />
    </section>
  )
}
