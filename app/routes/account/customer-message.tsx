import { data, Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { ReplyForm, ReportForm, Thread } from '#app/components/messaging/conversation.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import { countCustomerUnread, findContactableStore, openConversation } from '#app/modules/messaging/messaging.server.ts'
import { handleThreadForm } from '#app/modules/messaging/thread-form.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/customer-message'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// One of the customer's conversations; opening it marks it read. Another customer's conversation is not found.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const id = RecordIdSchema.safeParse(params.conversationId)
  if (!id.success) notFound()
  const thread = await openConversation(ctx, { party: { side: 'customer', id: customer.id }, conversationId: id.data })
  if (!thread) notFound()
  const [open, messagesUnread] = await Promise.all([
    findContactableStore(ctx, thread.vendorId),
    countCustomerUnread(ctx, { customerId: customer.id }),
  ])
  const title = requestI18n(request)._('messages.thread.meta', { name: thread.storeName })
  return { title, thread, storeOpen: open != null, messagesUnread }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const id = RecordIdSchema.safeParse(params.conversationId)
  if (!id.success) notFound()
  const party = { side: 'customer' as const, id: customer.id }
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
    party,
    conversationId: id.data,
    senderUserId: actor.userId,
    form,
  })
  if (outcome.kind === 'not_found') notFound()
  if (outcome.kind === 'invalid') return data(outcome, { status: 400 })
  if (outcome.kind === 'store-unavailable') {
    return data({ errors: { body: 'messages.error.storeUnavailable' }, values: outcome.values }, { status: 409 })
  }
  const here = `/customer-dashboard/messages/${id.data}`
  if (outcome.kind === 'reported') {
    return redirectWithToast(here, { kind: 'success', title: 'messages.report.done', body: 'messages.report.doneBody' })
  }
  return redirectWithToast(here, { kind: 'success', title: 'messages.reply.sent' })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerMessage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { thread, storeOpen } = loaderData
  return (
    <CustomerPage title={t('messages.thread.titleWith', { name: thread.storeName })}>
      <div className="mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
        <Link to="/customer-dashboard/messages" className="inline-flex items-center gap-1 text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('messages.thread.backToList')}
        </Link>
        <Link to={`/vendor/${thread.vendorId}`} className="text-primary hover:underline">
          {t('messages.thread.viewStore')}
        </Link>
      </div>
      <div className="grid gap-6">
        <Thread thread={thread} viewer="customer" />
        {storeOpen ? (
          <ReplyForm state={actionData} />
        ) : (
          <p className="rounded-lg border border-border bg-muted p-3 text-sm">{t('messages.reply.storeClosed')}</p>
        )}
        <ReportForm state={actionData} reportedAt={thread.report?.at ?? null} />
      </div>
    </CustomerPage>
  )
}
