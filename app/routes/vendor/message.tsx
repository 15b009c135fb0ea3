import { data, Link, redirect } from 'react-router'
import { ReplyForm, ReportForm, Thread } from '#app/components/messaging/conversation.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { type Flash, flashCookie } from '#app/lib/flash.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { openConversation } from '#app/modules/messaging/messaging.server.ts'
import { handleThreadForm } from '#app/modules/messaging/thread-form.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/message'
import { requireStore } from './store.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['messages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One of the store's conversations; opening it marks it read. Another store's conversation is not found.

async function redirectWithToast(to: string, flash: Flash) {
  return redirect(to, { headers: { 'Set-Cookie': await flashCookie(flash) } })
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireStore(context)
  const id = RecordIdSchema.safeParse(params.conversationId)
  if (!id.success) notFound()
  const thread = await openConversation(ctx, { party: { side: 'vendor', id: store.id }, conversationId: id.data })
  if (!thread) notFound()
  return { title: requestI18n(request)._('messages.thread.meta', { name: thread.customerName }), thread }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, store, actor } = await requireStore(context)
  const id = RecordIdSchema.safeParse(params.conversationId)
  if (!id.success) notFound()
  const form = await request.formData()
  if (form.get('intent') !== 'report') {
    const allowed = await throttleAction(ctx, 'message', { address: clientAddressOf(context), userId: actor.userId })
    if (!allowed.ok) {
      const values = { intent: 'reply', body: String(form.get('body') ?? '').slice(0, 5000) }
      const messageValues = { minutes: minutesToWait(allowed.retryAfterSeconds) }
      return data({ errors: { body: 'throttle.tooMany' }, values, messageValues }, { status: 429 })
    }
  }
  const outcome = await handleThreadForm(ctx, {
    party: { side: 'vendor', id: store.id },
    conversationId: id.data,
    senderUserId: actor.userId,
    form,
  })
  if (outcome.kind === 'not_found') notFound()
  if (outcome.kind === 'invalid') return data(outcome, { status: 400 })
  if (outcome.kind === 'store-unavailable') return data({ errors: {}, values: outcome.values }, { status: 409 })
  const here = `/vendor-dashboard/messages/${id.data}`
  if (outcome.kind === 'reported') {
    return redirectWithToast(here, { kind: 'success', title: 'messages.report.done', body: 'messages.report.doneBody' })
  }
  return redirectWithToast(here, { kind: 'success', title: 'messages.reply.sent' })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorMessage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { thread } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <Link
        to="/vendor-dashboard/messages"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('messages.thread.backToList')}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t('messages.thread.titleWith', { name: thread.customerName })}
      </h1>
      <div className="mt-6 grid gap-6">
        <Thread thread={thread} viewer="vendor" />
        <ReplyForm state={actionData} />
        <ReportForm state={actionData} reportedAt={thread.report?.at ?? null} />
      </div>
    </div>
  )
}
