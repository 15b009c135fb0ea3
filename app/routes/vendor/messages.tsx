import { ConversationList } from '#app/components/messaging/conversation.tsx'
import { MessageCircle } from '#app/components/ui/icons.tsx'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { listConversations } from '#app/modules/messaging/messaging.server.ts'
import type { Route } from './+types/messages'
import { requireStore } from './store.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['messages'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The store's conversations with customers, newest first, each with what the store has not read.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, store } = await requireStore(context)
  const items = await listConversations(ctx, { side: 'vendor', id: store.id })
  const unread = items.reduce((sum, c) => sum + c.unread, 0)
  return { title: requestI18n(request)._('messages.vendor.list.meta'), items, unread }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function VendorMessages({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { items, unread } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('messages.vendor.list.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('messages.vendor.list.intro')}</p>
      <div className="mt-6">
        {items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border bg-card p-6 text-center">
            <MessageCircle className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-2 font-medium">{t('messages.vendor.list.empty')}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" data-testid="messages-unread-total">
              {t('messages.list.unreadTotal', { count: unread })}
            </p>
            <ConversationList items={items} side="vendor" basePath="/vendor-dashboard/messages" />
          </>
        )}
      </div>
    </div>
  )
}
