import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
import { useDateTimeFormat } from '#app/components/admin/format.ts'
import { TicketStatusBadge } from '#app/components/support/ticket-status.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { clientAddressOf } from '#app/lib/context.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { useT } from '#app/lib/use-t.ts'
import { listCustomerTickets } from '#app/modules/support/support-messages.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import { startSupportChat } from '#app/workflows/support-desk.server.ts'
import type { Route } from './+types/customer-support'
import { requireCustomer } from './customer.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['customer', 'help', 'messages', 'orders', 'reviews', 'support'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The customer's conversations with Isoko staff (the help page's Start Chat lands here): start one, and see each
// with its state. Staff answer in the conversation, and by e-mail (or SMS for an account without an address).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { ctx, customer } = await requireCustomer(context, request)
  return {
    title: requestI18n(request)._('support.customer.meta'),
    tickets: await listCustomerTickets(ctx, customer.id),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { ctx, customer, actor } = await requireCustomer(context, request)
  const form = Object.fromEntries(await request.formData())
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')
  const values = { subject: text(form.subject, 300), message: text(form.message, 10_000) }
  // The help page's contact form and a new chat are one way in: they share its limit.
  const allowed = await throttleAction(ctx, 'contact', { address: clientAddressOf(context), userId: actor.userId })
  if (!allowed.ok) {
    const messageValues = { minutes: minutesToWait(allowed.retryAfterSeconds) }
    return data(
      { errors: { form: 'throttle.tooMany' } as Record<string, string>, values, messageValues },
      { status: 429 },
    )
  }
  const outcome = await startSupportChat(ctx, { customerId: customer.id, values })
  if (!outcome.ok) return data({ errors: outcome.errors as Record<string, string>, values }, { status: 400 })
  const flash = await flashCookie({ kind: 'success', title: 'support.customer.started' })
  return redirect(`/customer-dashboard/support/${outcome.id}`, { headers: { 'Set-Cookie': flash } })
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function CustomerSupportPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const when = useDateTimeFormat()
  const busy = useNavigation().state === 'submitting'
  const { tickets } = loaderData
  const errors = actionData?.errors ?? {}
  const values = actionData?.values ?? { subject: '', message: '' }
  const messageValues = (actionData as { messageValues?: Record<string, number> } | undefined)?.messageValues
  const err = (name: string) => (errors[name] ? t(messageId(errors[name] as string), messageValues) : null)
  return (
    <CustomerPage title={t('support.customer.title')}>
      <p className="max-w-prose text-sm text-muted-foreground">{t('support.hours')}</p>
      <Form
        id="new"
        method="post"
        noValidate
        className="mt-4 grid max-w-xl gap-3 rounded-xl border border-border bg-card p-4"
      >
        <h2 className="font-semibold">{t('support.customer.start')}</h2>
        {errors.form ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            {err('form')}
          </p>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor="chat-subject">{t('support.customer.subject')}</Label>
          <Input
            id="chat-subject"
            name="subject"
            defaultValue={values.subject}
            maxLength={150}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? 'chat-subject-error' : undefined}
          />
          <FieldError id="chat-subject-error">{err('subject')}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="chat-message">{t('support.customer.message')}</Label>
          <Textarea
            id="chat-message"
            name="message"
            rows={4}
            maxLength={5000}
            defaultValue={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'chat-message-error' : undefined}
          />
          <FieldError id="chat-message-error">{err('message')}</FieldError>
        </div>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {t('support.customer.send')}
        </Button>
      </Form>
      <section aria-labelledby="support-list" className="mt-6">
        <h2 id="support-list" className="font-semibold">
          {t('support.customer.list')}
        </h2>
        {tickets.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('support.customer.none')}</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to={`/customer-dashboard/support/${ticket.id}`}
                  className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-border bg-card p-3 text-sm hover:bg-muted"
                >
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{ticket.subject}</span>
                    <span className="text-muted-foreground">{when(ticket.updatedAt)}</span>
                  </span>
                  <TicketStatusBadge status={ticket.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </CustomerPage>
  )
}
