import { data, Link, redirect } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { ReplyForm } from '#app/components/messaging/conversation.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { checkValues } from '#app/lib/forms.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { MessageBodySchema, RecordIdSchema } from '#app/modules/messaging/messaging.schemas.ts'
import {
  findContactableStore,
  findConversationWithStore,
  sendMessageToStore,
} from '#app/modules/messaging/messaging.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/customer-message-new'
import { notFound, redirectWithToast, requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Contact Vendor: /customer-dashboard/messages/new?store=1. A visitor signs in first and comes back here (the
// guard keeps the query); an existing conversation with the store opens instead of a new one.
function storeIdOf(request: Request): number {
  const id = RecordIdSchema.safeParse(new URL(request.url).searchParams.get('store') ?? '')
  return id.success ? id.data : notFound()
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const vendorId = storeIdOf(request)
  const existing = await findConversationWithStore(ctx, { customerId: customer.id, vendorId })
  if (existing) throw redirect(`/customer-dashboard/messages/${existing.id}`)
  const store = await findContactableStore(ctx, vendorId)
  if (!store) notFound()
  return { title: requestI18n(request)._('messages.new.meta', { store: store.name }), store }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const vendorId = storeIdOf(request)
  const values = { intent: 'reply', body: String((await request.formData()).get('body') ?? '') }
  const body = checkValues(MessageBodySchema, values.body)
  if (!body.ok) return data({ errors: { body: body.errors.form }, values }, { status: 400 })
  const allowed = await throttleAction(ctx, 'message', { address: clientAddressOf(context), userId: actor.userId })
  if (!allowed.ok) {
    const messageValues = { minutes: minutesToWait(allowed.retryAfterSeconds) }
    return data({ errors: { body: 'throttle.tooMany' }, values, messageValues }, { status: 429 })
  }
  const sent = await sendMessageToStore(ctx, {
    customerId: customer.id,
    vendorId,
    body: body.data,
    senderUserId: actor.userId,
  })
  if (!sent.ok) notFound()
  return redirectWithToast(`/customer-dashboard/messages/${sent.conversationId}`, {
    kind: 'success',
    title: 'messages.reply.sent',
  })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function NewMessage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { store } = loaderData
  return (
    <CustomerPage title={t('messages.new.title', { store: store.name })} intro={t('messages.new.intro')}>
      <Link
        to={`/vendor/${store.id}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('messages.new.backToStore')}
      </Link>
      <div className="max-w-2xl">
        <ReplyForm state={actionData} label={t('messages.new.label')} submit={t('messages.new.send')} />
      </div>
    </CustomerPage>
  )
}
