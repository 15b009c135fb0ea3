import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { useStaffCan } from '#app/components/admin/use-staff-can.ts'
import { Thread } from '#app/components/messaging/conversation.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { findReportedConversation } from '#app/modules/messaging/messaging.server.ts'
import { recordStaffAction } from '#app/modules/staff/audit.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import { handleReportedConversation, REPORT_NOTE_MAX } from '#app/workflows/reported-conversations.server.ts'
import type { Route } from './+types/conversation'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['messages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Staff read a conversation only once it was reported (any other id is not found), and act on the report: warn
// the reported side, close it with a note, or suspend the store when the store was reported.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'conversations:moderate')
  const id = RecordIdSchema.safeParse(params.conversationId)
  const thread = id.success
    ? await findReportedConversation(serviceContextOf(context), { conversationId: id.data })
    : null
  if (!thread?.report) notFound()
  return { title: requestI18n(request)._('messages.admin.thread.meta'), thread, report: thread.report }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireStaffPermission(context, 'conversations:moderate')
  const id = RecordIdSchema.safeParse(params.conversationId)
  if (!id.success) notFound()
  const form = await request.formData()
  const intent = form.get('intent')
  // Suspending the reported store is a store decision as well.
  if (intent === 'suspend') requireStaffPermission(context, 'stores:suspend')
  const note = typeof form.get('note') === 'string' ? String(form.get('note')).slice(0, REPORT_NOTE_MAX * 2) : ''
  if (intent !== 'warn' && intent !== 'close' && intent !== 'suspend') {
    return data({ error: 'form.error.invalid', note }, { status: 400 })
  }
  const outcome = await handleReportedConversation(
    { ...serviceContextOf(context), actor },
    { conversationId: id.data, action: intent, note },
  )
  if (!outcome.ok) {
    if (outcome.code === 'not_found') notFound()
    const error =
      outcome.code === 'invalid'
        ? 'messages.admin.handle.error.note'
        : outcome.code === 'not_store'
          ? 'messages.admin.handle.error.notStore'
          : 'messages.admin.handle.error.already'
    return data({ error, note }, { status: outcome.code === 'invalid' ? 400 : 409 })
  }
  await recordStaffAction(serviceContextOf(context), {
    actor,
    action: `conversation:${intent}`,
    subject: { type: 'conversation', id: id.data },
    after: { handled: intent },
  })
  const done = intent === 'warn' ? 'warned' : intent === 'close' ? 'closed' : 'suspended'
  const flash = await flashCookie({ kind: 'success', title: messageId(`messages.admin.handle.done.${done}`) })
  return redirect(`/admin/conversations/${id.data}`, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function AdminConversation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const format = useDateTimeFormat()
  const busy = useNavigation().state === 'submitting'
  const { thread, report } = loaderData
  const storeReported = report.by === 'customer'
  // Suspending the store is a store decision: shown to a role that may suspend stores.
  const maySuspend = useStaffCan('stores:suspend')
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
      {report.action ? (
        <p className="mt-4 rounded-lg border border-border bg-muted p-3 text-sm break-words">
          {t('messages.admin.handled', {
            date: format(report.handledAt ?? report.at),
            action: t(messageId(`messages.admin.action.${report.action}`)),
            note: report.note ?? '',
          })}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-4 grid gap-2 rounded-lg border border-border bg-card p-4">
          <h2 className="font-semibold">{t('messages.admin.handle.title')}</h2>
          <Label htmlFor="report-note">{t('messages.admin.handle.note')}</Label>
          <Textarea
            id="report-note"
            name="note"
            rows={3}
            maxLength={1000}
            defaultValue={actionData?.note}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? 'report-note-error' : undefined}
          />
          <FieldError id="report-note-error">{actionData?.error ? t(messageId(actionData.error)) : null}</FieldError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="warn" disabled={busy}>
              {t('messages.admin.handle.warn')}
            </Button>
            <Button type="submit" name="intent" value="close" variant="outline" disabled={busy}>
              {t('messages.admin.handle.close')}
            </Button>
            {storeReported && maySuspend ? (
              <Button type="submit" name="intent" value="suspend" variant="destructive" disabled={busy}>
                {t('messages.admin.handle.suspend')}
              </Button>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  )
}
