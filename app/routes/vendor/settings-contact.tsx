import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormAlert, TextField } from '#app/components/account/fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { clearCookie, phoneCookie } from '#app/lib/cookies.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useT } from '#app/lib/use-t.ts'
import { findSignInIdentifiers, secondsUntilResend } from '#app/modules/accounts/phone.server.ts'
import { PHONE_CODE } from '#app/modules/accounts/phone-code.ts'
import { accountsContextOf, guardedActor } from '#app/modules/accounts/request.server.ts'
import { findStoreContact } from '#app/modules/vendors/own-store.server.ts'
import { redirectWithToast } from '#app/routes/account/customer.server.ts'
import { callerOf } from '#app/routes/account/responses.server.ts'
import { type PendingPhone, resendPhoneCode } from '#app/workflows/phone-accounts.server.ts'
import {
  finishVendorPhoneChange,
  startEmailChange,
  startVendorPhoneChange,
} from '#app/workflows/vendor-contact.server.ts'
import type { Route } from './+types/settings-contact'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'vendor-workspace'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// The vendor's phone number and e-mail address (the account's sign-in and the store's contact). Each changes
// only once proved: a code by SMS to the new number, a link by e-mail to the new address. Plain form posts.

const HERE = '/vendor-dashboard/settings/contact'

async function pendingOf(request: Request): Promise<PendingPhone | null> {
  const value = (await phoneCookie().parse(request.headers.get('Cookie'))) as Partial<PendingPhone> | null
  return value && typeof value.phone === 'string' ? (value as PendingPhone) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = accountsContextOf(context)
  const url = new URL(request.url)
  if (url.searchParams.get('change') === '1') {
    throw redirect(HERE, { headers: { 'Set-Cookie': await clearCookie(phoneCookie()) } })
  }
  const [identifiers, store, pending] = await Promise.all([
    findSignInIdentifiers(ctx, actor.userId),
    findStoreContact(ctx, { ownerUserId: actor.userId }),
    pendingOf(request),
  ])
  if (!store) throw redirect('/vendor-dashboard')
  const sentTo = url.searchParams.get('sent')
  return {
    title: requestI18n(request)._('vendorSettings.contact.meta'),
    email: identifiers.email ?? store.email,
    phone: formatPhone(identifiers.phone ?? store.phone),
    emailSentTo: sentTo ? sentTo.slice(0, 254) : null,
    pending:
      pending && pending.phone !== identifiers.phone
        ? { phone: formatPhone(pending.phone), resendIn: await secondsUntilResend(ctx, pending.phone) }
        : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'vendor')
  const ctx = accountsContextOf(context)
  const caller = await callerOf(request, context)
  const form = await request.formData()
  const intent = form.get('intent')
  const refused = (r: { errors: Record<string, string>; values: Record<string, string>; messageValues?: unknown }) =>
    data(
      { intent, errors: r.errors, values: r.values, messageValues: r.messageValues as Record<string, number> },
      {
        status: r.errors.form === 'account.error.locked' || r.errors.form === 'account.error.rateLimited' ? 429 : 400,
      },
    )
  if (intent === 'email') {
    const started = await startEmailChange(ctx, caller, actor, form)
    if (!started.ok) return refused(started)
    return redirect(`${HERE}?sent=${encodeURIComponent(started.email)}#email-title`)
  }
  if (intent === 'phone-send') {
    const started = await startVendorPhoneChange(ctx, caller, actor, form)
    if (!started.ok) return refused(started)
    return redirect(HERE, { headers: { 'Set-Cookie': await phoneCookie().serialize(started.pending) } })
  }
  const pending = await pendingOf(request)
  // A second click after the change was made (the cookie is gone): nothing more to do.
  if (!pending) return redirect(HERE)
  if (intent === 'phone-resend') {
    const sent = await resendPhoneCode(ctx, caller, pending, form)
    if (!sent.ok) return refused(sent)
    return data({ intent, resent: true })
  }
  const result = await finishVendorPhoneChange(ctx, caller, actor, pending, form)
  if (!result.ok) return refused(result)
  return redirectWithToast(HERE, { kind: 'success', title: 'vendorSettings.phone.changed' }, [
    await clearCookie(phoneCookie()),
  ])
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

type Answer = {
  intent?: unknown
  errors?: Record<string, string>
  values?: Record<string, string>
  messageValues?: Record<string, number>
  resent?: boolean
}

export default function VendorContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { phone, email, pending, emailSentTo } = loaderData
  const answer = actionData as Answer | undefined
  const busy = useNavigation().state === 'submitting'
  const mine = (intent: string) => (answer?.intent === intent ? answer : undefined)
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('vendorSettings.contact.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('vendorSettings.contact.intro')}</p>

      <section aria-labelledby="phone-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
        <h2 id="phone-title" className="text-lg font-semibold">
          {t('vendorSettings.phone.title')}
        </h2>
        <p className="mt-1 break-words">{t('vendorSettings.phone.current', { phone })}</p>
        {pending ? (
          <PhoneCodeForm
            phone={pending.phone}
            resendIn={mine('phone-resend')?.resent ? PHONE_CODE.resendAfterSeconds : pending.resendIn}
            answer={mine('phone-verify') ?? mine('phone-resend')}
            busy={busy}
          />
        ) : (
          <Form method="post" className="mt-3 grid max-w-md gap-3">
            <input type="hidden" name="intent" value="phone-send" />
            <FormAlert message={mine('phone-send')?.errors?.form} values={mine('phone-send')?.messageValues} />
            <TextField
              id="contact-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              label={t('vendorSettings.phone.new')}
              hint={t('account.phone.hint')}
              defaultValue={mine('phone-send')?.values?.phone ?? ''}
              error={mine('phone-send')?.errors?.phone}
              required
            />
            <TextField
              id="contact-phone-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              label={t('vendorSettings.contact.password')}
              error={mine('phone-send')?.errors?.currentPassword}
              required
              maxLength={128}
            />
            <Button type="submit" disabled={busy} className="justify-self-start">
              {t('account.phone.send')}
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="email-title" className="mt-6 rounded-lg border border-border bg-card p-4 sm:p-6">
        <h2 id="email-title" className="text-lg font-semibold">
          {t('vendorSettings.email.title')}
        </h2>
        <p className="mt-1 break-words">{t('vendorSettings.email.current', { email })}</p>
        {emailSentTo && !answer ? (
          <p role="status" className="mt-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm break-words">
            {t('vendorSettings.email.sent', { email: emailSentTo })}
          </p>
        ) : null}
        <Form method="post" className="mt-3 grid max-w-md gap-3">
          <input type="hidden" name="intent" value="email" />
          <FormAlert message={mine('email')?.errors?.form} />
          <TextField
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            label={t('vendorSettings.email.new')}
            hint={t('vendorSettings.email.hint')}
            defaultValue={mine('email')?.values?.email ?? ''}
            error={mine('email')?.errors?.email}
            required
            maxLength={254}
          />
          <TextField
            id="contact-email-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={t('vendorSettings.contact.password')}
            error={mine('email')?.errors?.currentPassword}
            required
            maxLength={128}
          />
          <Button type="submit" disabled={busy} className="justify-self-start">
            {t('vendorSettings.email.send')}
          </Button>
        </Form>
      </section>

      <p className="mt-6">
        <Link to="/vendor-dashboard/settings" className="text-sm font-medium text-primary hover:underline">
          {t('vendorSettings.contact.back')}
        </Link>
      </p>
    </div>
  )
}

/** The code step: the code, "send it again" (a minute after the last), another number. */
function PhoneCodeForm({
  phone,
  resendIn,
  answer,
  busy,
}: {
  phone: string
  resendIn: number
  answer?: Answer
  busy: boolean
}) {
  const t = useT()
  return (
    <div className="mt-3 grid max-w-md gap-3">
      <p className="text-sm">{t('account.phone.code.intro', { phone, minutes: PHONE_CODE.validSeconds / 60 })}</p>
      {answer?.resent ? (
        <p role="status" className="text-sm text-primary">
          {t('account.phone.resent')}
        </p>
      ) : null}
      <FormAlert message={answer?.errors?.form} values={answer?.messageValues} />
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="phone-verify" />
        <TextField
          id="contact-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          label={t('account.field.code')}
          hint={t('account.phone.code.hint')}
          error={answer?.errors?.code}
          required
        />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {t('vendorSettings.phone.confirm')}
        </Button>
      </Form>
      <Form method="post" className="text-sm">
        <input type="hidden" name="intent" value="phone-resend" />
        <Button type="submit" variant="link" disabled={resendIn > 0} className="px-0">
          {t('account.phone.resend')}
        </Button>
        {resendIn > 0 ? (
          <p className="text-muted-foreground">{t('account.phone.resendIn', { seconds: resendIn })}</p>
        ) : null}
      </Form>
      <Link to={`${HERE}?change=1`} className="text-sm text-primary hover:underline">
        {t('account.phone.change')}
      </Link>
    </div>
  )
}
