import { useEffect, useRef } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { Button } from '#app/components/ui/button.tsx'
import { MessageCircle } from '#app/components/ui/icons.tsx'
import { FieldError, Label, Textarea } from '#app/components/ui/input.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { ConversationSide } from '#app/modules/messaging/messaging.schemas.ts'
import { messageLimits } from '#app/modules/messaging/messaging.schemas.ts'

// The Contact Vendor screens' parts, shared by the customer's, the store's and the staff's pages: the list of
// conversations, a thread (oldest first, newest at the bottom), the reply form and the report form.

export type ListItem = {
  id: number
  otherName: string
  lastMessage: string
  lastSender: ConversationSide | null
  lastMessageAt: string
  unread: number
  reported: boolean
}

/** An unread count as a small pill, or nothing at 0. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const t = useT()
  if (count <= 0) return null
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground',
        className,
      )}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('messages.unreadBadge', { count })}</span>
    </span>
  )
}

/** The conversations of one side, each a link to its thread, with the unread count and the last message. */
export function ConversationList({
  items,
  side,
  basePath,
}: {
  items: ListItem[]
  side: ConversationSide
  basePath: string
}) {
  const t = useT()
  const format = useDateTimeFormat()
  return (
    <ul
      aria-label={t('messages.list.label')}
      className="divide-y divide-border rounded-lg border border-border bg-card"
    >
      {items.map((c) => (
        <li key={c.id}>
          <Link
            to={`${basePath}/${c.id}`}
            className="flex items-start gap-3 p-3 hover:bg-muted focus-visible:bg-muted sm:p-4"
          >
            <MessageCircle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className={cn('truncate', c.unread > 0 ? 'font-bold' : 'font-medium')}>{c.otherName}</span>
                <UnreadBadge count={c.unread} />
                {c.reported ? (
                  <span className="rounded-full border border-border px-2 text-xs text-muted-foreground">
                    {t('messages.list.reported')}
                  </span>
                ) : null}
              </span>
              <span className="mt-0.5 block truncate text-sm text-muted-foreground">
                {c.lastSender === side ? t('messages.list.you', { message: c.lastMessage }) : c.lastMessage}
              </span>
              <time dateTime={c.lastMessageAt} className="mt-0.5 block text-xs text-muted-foreground">
                {format(c.lastMessageAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export type ThreadView = {
  storeName: string
  customerName: string
  messages: { id: number; sender: ConversationSide; body: string; createdAt: string }[]
}

/**
 * The messages of a conversation, oldest first, each with who wrote it and when. `viewer` is the side reading
 * (its own messages say "You", on the right); staff read both sides by name.
 */
export function Thread({ thread, viewer }: { thread: ThreadView; viewer: ConversationSide | 'staff' }) {
  const t = useT()
  const format = useDateTimeFormat()
  const nameOf = (sender: ConversationSide) =>
    sender === viewer
      ? t('messages.thread.sender.you')
      : sender === 'vendor'
        ? `${thread.storeName} (${t('messages.sender.vendor')})`
        : `${thread.customerName} (${t('messages.sender.customer')})`
  if (thread.messages.length === 0) return <p className="text-muted-foreground">{t('messages.thread.empty')}</p>
  return (
    <ol aria-label={t('messages.thread.label')} className="grid gap-3">
      {thread.messages.map((m) => {
        const mine = m.sender === viewer
        return (
          <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <article
              className={cn(
                'max-w-[88%] rounded-lg border p-3 sm:max-w-[75%]',
                mine ? 'border-primary/30 bg-primary/10' : 'border-border bg-card',
              )}
            >
              <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{nameOf(m.sender)}</span>
                <time dateTime={m.createdAt}>{format(m.createdAt)}</time>
              </header>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.body}</p>
            </article>
          </li>
        )
      })}
    </ol>
  )
}

type FormState =
  | { errors?: Record<string, string>; values?: Record<string, string>; messageValues?: Record<string, number> }
  | undefined

/** The reply box: a plain form (works without JavaScript) that keeps what was typed when it is refused. */
export function ReplyForm({
  state,
  label,
  submit,
  action,
}: {
  state: FormState
  label?: string
  submit?: string
  action?: string
}) {
  const t = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'report'
  const error = state?.values?.intent !== 'report' ? state?.errors?.body : undefined
  const ref = useRef<HTMLFormElement>(null)
  const sending = useRef(false)
  // After a sent message the page reloads with it in the thread: empty the box (it has no key to reset it). Only
  // then: on a slow connection someone may type before the page runs, and that text must stay.
  useEffect(() => {
    if (navigation.state === 'submitting') {
      sending.current = navigation.formData?.get('intent') === 'reply'
      return
    }
    if (navigation.state !== 'idle') return
    if (sending.current && !state?.errors) ref.current?.reset()
    sending.current = false
  }, [navigation.state, navigation.formData, state])
  return (
    <Form method="post" action={action} ref={ref} className="grid gap-2" noValidate>
      <input type="hidden" name="intent" value="reply" />
      <Label htmlFor="message-body">{label ?? t('messages.reply.label')}</Label>
      <Textarea
        id="message-body"
        name="body"
        rows={4}
        maxLength={messageLimits.body.max}
        defaultValue={state?.values?.intent === 'reply' || !state?.values?.intent ? (state?.values?.body ?? '') : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'message-body-error message-body-hint' : 'message-body-hint'}
        autoFocus={Boolean(error)}
      />
      <p id="message-body-hint" className="text-xs text-muted-foreground">
        {t('messages.reply.hint', messageLimits.body)}
      </p>
      <FieldError id="message-body-error">
        {error ? t(messageId(error), { ...messageLimits.body, ...state?.messageValues }) : null}
      </FieldError>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('messages.reply.sending') : (submit ?? t('messages.reply.send'))}
        </Button>
      </div>
    </Form>
  )
}

/** "Report this conversation": a disclosure with a reason; once reported, when it was. */
export function ReportForm({ state, reportedAt }: { state: FormState; reportedAt: string | null }) {
  const t = useT()
  const format = useDateTimeFormat()
  if (reportedAt) {
    return (
      <p className="rounded-lg border border-border bg-muted p-3 text-sm">
        {t('messages.report.already', { date: format(reportedAt) })}
      </p>
    )
  }
  const error = state?.values?.intent === 'report' ? state.errors?.reason : undefined
  return (
    <details open={Boolean(error)} className="rounded-lg border border-border bg-card p-3 sm:p-4">
      <summary className="cursor-pointer text-sm font-medium">{t('messages.report.summary')}</summary>
      <Form method="post" className="mt-3 grid gap-2" noValidate>
        <input type="hidden" name="intent" value="report" />
        <p className="text-sm text-muted-foreground">{t('messages.report.intro')}</p>
        <Label htmlFor="report-reason">{t('messages.report.label')}</Label>
        <Textarea
          id="report-reason"
          name="reason"
          rows={3}
          size="md"
          maxLength={messageLimits.reason.max}
          defaultValue={state?.values?.intent === 'report' ? state.values.reason : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'report-reason-error' : undefined}
        />
        <FieldError id="report-reason-error">{error ? t(messageId(error), messageLimits.reason) : null}</FieldError>
        <div>
          <Button type="submit" variant="outline">
            {t('messages.report.submit')}
          </Button>
        </div>
      </Form>
    </details>
  )
}
