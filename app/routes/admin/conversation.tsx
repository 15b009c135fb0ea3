import { Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Thread } from '#app/components/messaging/conversation.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { guardedActor } from '#app/modules/accounts/request.server.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { findReportedConversation } from '#app/modules/messaging/messaging.server.ts'
import type { Route } from './+types/conversation'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['messages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Staff read a conversation, read-only, and only once it was reported: any other id is not found.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  guardedActor(context, 'admin')
  const id = RecordIdSchema.safeParse(params.conversationId)
  const thread = id.success
    ? await findReportedConversation(serviceContextOf(context), { conversationId: id.data })
    : null
  if (!thread?.report) notFound()
  return { title: requestI18n(request)._('messages.admin.thread.meta'), thread, report: thread.report }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminConversation({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const format = useDateTimeFormat()
  const { thread, report } = loaderData
  return (
    <section>
      <Link
        to="/admin/conversations"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('messages.admin.thread.back')}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t('messages.admin.thread.title', { customer: thread.customerName, store: thread.storeName })}
      </h1>
      <div className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 p-3 sm:p-4">
        <p className="text-sm font-medium">
          {t('messages.admin.list.reportedBy', { by: report.by, date: format(report.at) })}
        </p>
        <p className="mt-1 text-sm font-semibold">{t('messages.admin.thread.reason')}</p>
        <p className="mt-0.5 whitespace-pre-wrap break-words">{report.reason}</p>
      </div>
      <div className="mt-6">
        <Thread thread={thread} viewer="staff" />
      </div>
      <p className="mt-6 text-sm text-muted-foreground">{t('messages.admin.thread.readOnly')}</p>
    </section>
  )
}
