import { Form, Link } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { LinkedText } from '#app/components/admin/linked-text.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { hideOneTimeLinks } from '#app/modules/outbox/one-time-links.ts'
import { MailboxQuerySchema } from '#app/modules/outbox/outbox.schemas.ts'
import { listMessages } from '#app/modules/outbox/outbox.server.ts'
import { requireStaffPermission } from '#app/modules/staff/guard.server.ts'
import type { Route } from './+types/mailbox'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['admin'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

const MAILBOX_LIMIT = 100

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPermission(context, 'mailbox:read')
  // Development only: in production the page does not exist, for staff or anyone.
  if (getEnv().production) throw new Response('Not Found', { status: 404 })
  const query = MailboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const listed = await listMessages(serviceContextOf(context), { recipient: query.to, limit: MAILBOX_LIMIT })
  // Staff never see a one-time link: whoever holds it can take the account over (docs/security.md).
  const messages = listed.map((m) => ({ ...m, body: hideOneTimeLinks(m.body) }))
  return { title: requestI18n(request)._('admin.meta.mailbox'), messages, query }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

/**
 * The development mailbox (DESIGN.md section 5): what the outbox sent or will send, newest first, so that staff
 * can read the notices Isoko sends without a real mail server. One-time links (password reset, confirmations)
 * show without their token.
 */
export default function MailboxPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const { messages, query } = loaderData
  return (
    <section aria-labelledby="admin-mailbox-title">
      <h1 id="admin-mailbox-title" className="text-2xl font-bold sm:text-3xl">
        {t('admin.mailbox.heading')}
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin.mailbox.intro')}</p>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <label htmlFor="admin-mailbox-to" className="text-sm font-medium">
            {t('admin.mailbox.filter.label')}
          </label>
          <Input
            id="admin-mailbox-to"
            name="to"
            type="search"
            defaultValue={query.to ?? ''}
            placeholder="aline@example.rw"
          />
        </div>
        <Button type="submit" variant="outline">
          {t('admin.mailbox.filter.submit')}
        </Button>
        {query.to ? (
          <Link to="/admin/mailbox" className="inline-flex h-10 items-center px-2 text-sm text-primary underline">
            {t('admin.mailbox.filter.clear')}
          </Link>
        ) : null}
      </Form>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-center">{t('admin.mailbox.empty')}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground">
            {t(query.to ? 'admin.mailbox.countTo' : 'admin.mailbox.count', {
              count: messages.length,
              to: query.to ?? '',
              limit: MAILBOX_LIMIT,
            })}
          </p>
          <ul className="mt-3 grid gap-4">
            {messages.map((m) => (
              <li key={m.id}>
                <article
                  aria-labelledby={`mail-${m.id}`}
                  className="rounded-lg border border-border bg-card p-4 shadow-sm"
                >
                  <header className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`mail-${m.id}`} className="min-w-0 font-semibold break-words">
                      {m.subject}
                    </h2>
                    <StatusBadge status={m.status} />
                  </header>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">{t('admin.mailbox.to')}</dt>
                    <dd className="min-w-0 break-all">
                      {m.recipient}
                      {m.channel === 'sms' ? ` (${t('admin.mailbox.sms')})` : ''}
                    </dd>
                    <dt className="text-muted-foreground">{t('admin.mailbox.queued')}</dt>
                    <dd>
                      <time dateTime={new Date(m.createdAt).toISOString()}>{when(m.createdAt)}</time>
                    </dd>
                    <dt className="text-muted-foreground">{t('admin.mailbox.sent')}</dt>
                    <dd>
                      {m.sentAt ? (
                        <time dateTime={new Date(m.sentAt).toISOString()}>{when(m.sentAt)}</time>
                      ) : (
                        t('admin.mailbox.notSent')
                      )}
                    </dd>
                    {m.lastError ? (
                      <>
                        <dt className="text-muted-foreground">{t('admin.mailbox.error')}</dt>
                        <dd className="break-words">{m.lastError}</dd>
                      </>
                    ) : null}
                  </dl>
                  <pre className="mt-3 overflow-x-auto rounded-md bg-muted p-3 font-sans text-sm break-words whitespace-pre-wrap">
                    <LinkedText text={m.body} />
                  </pre>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
