import { Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { listReportedConversations } from '#app/modules/messaging/messaging.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import type { Route } from './+types/conversations'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['messages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Staff: the conversations a customer or a store reported, most recently reported first. Others stay private.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'conversations:moderate')
  const items = await listReportedConversations(serviceContextOf(context))
  return { title: requestI18n(request)._('messages.admin.list.meta'), items }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminConversations({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const format = useDateTimeFormat()
  const { items } = loaderData
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('messages.admin.list.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('messages.admin.list.intro')}</p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border bg-card p-6 text-center">
          {t('messages.admin.list.empty')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border rounded-lg border border-border bg-card">
          {items.map((c) => (
            <li key={c.id}>
              <Link to={`/admin/conversations/${c.id}`} className="block p-3 hover:bg-muted sm:p-4">
                <span className="block font-medium">
                  {t('messages.admin.list.between', { customer: c.customerName, store: c.storeName })}
                </span>
                <span className="mt-0.5 block text-sm text-muted-foreground">
                  {t('messages.admin.list.reportedBy', { by: c.reportedBy, date: format(c.reportedAt) })} ·{' '}
                  {t('messages.admin.list.count', { count: c.messageCount })}
                </span>
                <span className="mt-1 block text-sm break-words">{c.reportReason}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
