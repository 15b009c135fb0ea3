import { Link } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { ConversationList } from '#app/components/messaging/conversation.tsx'
import { MessageCircle } from '#app/components/ui/icons.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { listConversations } from '#app/modules/messaging/messaging.server.ts'
import type { Route } from './+types/customer-messages'
import { requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The signed-in customer's conversations with stores, newest first, each with what they have not read.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  const items = await listConversations(ctx, { side: 'customer', id: customer.id })
  const messagesUnread = items.reduce((sum, c) => sum + c.unread, 0)
  return { title: requestI18n(request)._('messages.customer.list.meta'), items, messagesUnread }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerMessages({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { items, messagesUnread } = loaderData
  return (
    <CustomerPage title={t('messages.customer.list.title')} intro={t('messages.customer.list.intro')}>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-card p-6 text-center">
          <MessageCircle className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 font-medium">{t('messages.customer.list.empty')}</p>
          <Link to="/vendors" className="mt-3 inline-block font-medium text-primary underline underline-offset-2">
            {t('messages.customer.list.browse')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" data-testid="messages-unread-total">
            {t('messages.list.unreadTotal', { count: messagesUnread })}
          </p>
          <ConversationList items={items} side="customer" basePath="/customer-dashboard/messages" />
        </>
      )}
    </CustomerPage>
  )
}
