import { useEffect, useRef } from 'react'
import { data, Form, useNavigation, useSearchParams } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Clock, Headphones, Mail, MessageCircle, Phone, ShieldCheck, Truck } from '#app/components/ui/icons.tsx'
import { FieldError, Input, Label, Textarea } from '#app/components/ui/input.tsx'
import { toast } from '#app/components/ui/toaster.tsx'
import { clientAddressOf, serviceContextOf } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messageId } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useRootData } from '#app/lib/root-data.ts'
import { useT } from '#app/lib/use-t.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import { findCustomerByUserId } from '#app/modules/customers/customers.server.ts'
import { type ContactField, createSupportMessage } from '#app/modules/support/support-messages.server.ts'
import { minutesToWait, throttleAction } from '#app/modules/throttle/throttle.server.ts'
import type { Route } from './+types/help'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['help'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  const ctx = serviceContextOf(context)
  // Only the form's own fields go back, cut to twice their longest accepted length (the refusal says what is too long).
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max * 2) : '')
  const values = {
    name: text(form.name, 100),
    email: text(form.email, 254),
    subject: text(form.subject, 150),
    message: text(form.message, 5000),
  }
  const actor = await findRequestActor(context, request)
  const allowed = await throttleAction(ctx, 'contact', { address: clientAddressOf(context), userId: actor?.userId })
  if (!allowed.ok) {
    const wait = minutesToWait(allowed.retryAfterSeconds)
    return data({ ok: false as const, errors: {}, values, wait, at: Date.now() }, { status: 429 })
  }
  // A signed-in customer's message is theirs: it shows in their account, with staff's answers.
  const customer = actor?.role === 'customer' ? await findCustomerByUserId(ctx, actor.userId) : null
  const outcome = await createSupportMessage(ctx, form, { customerId: customer?.id ?? null })
  if (!outcome.ok) {
    return data({ ok: false as const, errors: outcome.errors, values, wait: null, at: Date.now() }, { status: 400 })
  }
  return { ok: true as const, errors: {}, values: null, wait: null, at: Date.now() }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await findRequestActor(context, request)
  // Start Chat: a customer's conversation with staff in their account; visitors sign in first (the account page
  // sends them to the sign-in and back); a store or staff account writes with the form.
  const chat = !actor ? ('guest' as const) : actor.role === 'customer' ? ('customer' as const) : ('form' as const)
  // The return window the answers state: the one requests are held to (RETURN_WINDOW_DAYS).
  return { title: requestI18n(request)._('help.meta'), chat, returnDays: getEnv().RETURN_WINDOW_DAYS }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }]
}

const FAQ = ['shipping', 'returns', 'payment', 'sizing', 'vendor'] as const
const FIELDS: ContactField[] = ['name', 'email', 'subject', 'message']

export default function HelpPage({ actionData, loaderData }: Route.ComponentProps) {
  const t = useT()
  const { support } = useRootData()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/help')
  const formRef = useRef<HTMLFormElement>(null)
  // Once per stored message: the page renders again afterwards (and `t` is a new function each time), which
  // must neither toast again nor clear what the visitor has started typing since.
  const announced = useRef<typeof actionData>(undefined)
  useEffect(() => {
    if (!actionData?.ok || actionData === announced.current) return
    announced.current = actionData
    formRef.current?.reset()
    toast.success(t('help.form.sent.title'), t('help.form.sent.body'))
  }, [actionData, t])
  const errors: Partial<Record<ContactField, string>> = actionData?.ok === false ? actionData.errors : {}
  const values = actionData?.ok === false ? actionData.values : null
  const cards = [
    {
      icon: Phone,
      title: t('help.card.phone'),
      body: t('help.card.phone.hours'),
      href: `tel:${support.phone.replace(/\s/g, '')}`,
      link: formatPhone(support.phone),
    },
    {
      icon: Mail,
      title: t('help.card.email'),
      body: t('help.card.email.reply'),
      href: `mailto:${support.email}`,
      link: support.email,
    },
    {
      icon: MessageCircle,
      title: t('help.card.chat'),
      body: t('help.card.chat.hours'),
      // A conversation with staff in the customer's account (support tickets, answered from the admin console).
      href: loaderData.chat === 'form' ? '#contact' : '/customer-dashboard/support#new',
      link: t(
        loaderData.chat === 'guest'
          ? 'help.card.chat.signIn'
          : loaderData.chat === 'customer'
            ? 'help.card.chat.start'
            : 'help.card.chat.write',
      ),
    },
  ]
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('help.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('help.intro')}</p>

      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <li key={card.title} className="rounded-xl border border-border bg-card p-5">
            <card.icon aria-hidden="true" className="size-8 text-primary" />
            <h2 className="mt-3 text-lg font-semibold">{card.title}</h2>
            <p className="text-sm text-muted-foreground">{card.body}</p>
            <a
              href={card.href}
              className="mt-3 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
            >
              {card.link}
            </a>
          </li>
        ))}
      </ul>

      <section aria-labelledby="faq-heading" className="mt-12">
        <h2 id="faq-heading" className="text-2xl font-bold">
          {t('help.faq.title')}
        </h2>
        <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
          {FAQ.map((id) => (
            <details key={id} name="faq" className="group px-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
                {t(`help.faq.${id}.q`)}
                <span
                  aria-hidden="true"
                  className="text-xl text-muted-foreground transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="pb-4 text-muted-foreground">{t(`help.faq.${id}.a`, { days: loaderData.returnDays })}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="mt-12 grid gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          <h2 id="contact-heading" className="text-2xl font-bold">
            {t('help.form.title')}
          </h2>
          {actionData?.ok ? (
            <div role="status" className="mt-4 rounded-md border border-success/30 bg-success/10 p-4">
              <p className="font-semibold">{t('help.form.sent.title')}</p>
              <p className="text-sm">{t('help.form.sent.body')}</p>
            </div>
          ) : null}
          {actionData?.wait ? (
            <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {t('throttle.tooMany', { minutes: actionData.wait })}
            </p>
          ) : null}
          <Form
            ref={formRef}
            method="post"
            id="contact"
            className="mt-4 grid scroll-mt-32 gap-4"
            noValidate
            key={actionData?.ok ? actionData.at : 'form'}
          >
            {FIELDS.map((field) => {
              const id = `contact-${field}`
              const error = errors[field]
              const common = {
                id,
                name: field,
                required: true,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
                defaultValue: values?.[field] ?? (field === 'subject' ? (params.get('subject') ?? '') : ''),
              }
              return (
                <div key={field} className="grid gap-1.5">
                  <Label htmlFor={id}>{t(`help.form.${field}`)}</Label>
                  {field === 'message' ? (
                    <Textarea {...common} rows={5} />
                  ) : (
                    <Input
                      {...common}
                      type={field === 'email' ? 'email' : 'text'}
                      autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
                    />
                  )}
                  <FieldError id={`${id}-error`}>{error ? t(messageId(error)) : null}</FieldError>
                </div>
              )
            })}
            <Button type="submit" disabled={busy} className="justify-self-start">
              {busy ? t('help.form.sending') : t('help.form.send')}
            </Button>
          </Form>
        </div>
        <aside aria-labelledby="why-heading" className="h-fit rounded-xl bg-muted p-5">
          <h2 id="why-heading" className="text-lg font-bold">
            {t('help.why.title')}
          </h2>
          <ul className="mt-4 space-y-4">
            {[
              [Truck, 'shipping'],
              [ShieldCheck, 'secure'],
              [Headphones, 'support'],
            ].map(([Icon, key]) => {
              const I = Icon as typeof Truck
              return (
                <li key={key as string} className="flex gap-3">
                  <I aria-hidden="true" className="size-6 shrink-0 text-primary" />
                  <div>
                    <p className="font-semibold">{t(messageId(`help.why.${key}`))}</p>
                    <p className="text-sm text-muted-foreground">{t(messageId(`help.why.${key}.body`))}</p>
                  </div>
                </li>
              )
            })}
          </ul>
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <Clock aria-hidden="true" className="size-4" />
            {t('help.card.phone.hours')}
          </p>
        </aside>
      </section>
    </div>
  )
}
