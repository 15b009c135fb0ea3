import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { CustomerPage } from '#app/components/account/customer-nav.tsx'
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
import {
  addEmailToPhoneAccount,
  finishAddPhone,
  type PendingPhone,
  resendPhoneCode,
  startAddPhone,
} from '#app/workflows/phone-accounts.server.ts'
import type { Route } from './+types/customer-sign-in'
import { redirectWithToast } from './customer.server.ts'
import { callerOf } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts', 'customer', 'messages', 'orders', 'reviews'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// How a customer signs in (issue 14): with their phone number (a code by SMS), their e-mail and password, or both.
// An account that has one adds the other here: a number is proved by the code sent to it, an address comes with
// a password. Plain form posts throughout.

const HERE = '/customer-dashboard/sign-in'

async function pendingOf(request: Request): Promise<PendingPhone | null> {
  const value = (await phoneCookie().parse(request.headers.get('Cookie'))) as Partial<PendingPhone> | null
  return value && typeof value.phone === 'string' ? (value as PendingPhone) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = guardedActor(context, 'customer')
  const ctx = accountsContextOf(context)
  const url = new URL(request.url)
  if (url.searchParams.get('change') === '1') {
    throw redirect(HERE, { headers: { 'Set-Cookie': await clearCookie(phoneCookie()) } })
  }
  const [identifiers, pending] = await Promise.all([findSignInIdentifiers(ctx, actor.userId), pendingOf(request)])
  return {
    title: requestI18n(request)._('customer.signIn.meta'),
    phone: identifiers.phone ? formatPhone(identifiers.phone) : null,
    email: identifiers.email,
    pending:
      pending && !identifiers.phone
        ? { phone: formatPhone(pending.phone), resendIn: await secondsUntilResend(ctx, pending.phone) }
        : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = guardedActor(context, 'customer')
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
  if (intent === 'add-email') {
    const result = await addEmailToPhoneAccount(ctx, caller, actor, form)
    if (!result.ok) return refused(result)
    return redirectWithToast(HERE, { kind: 'success', title: 'customer.signIn.emailAdded' })
  }
  if (intent === 'phone-send') {
    const started = await startAddPhone(ctx, caller, actor, form)
    if (!started.ok) return refused(started)
    return redirect(HERE, { headers: { 'Set-Cookie': await phoneCookie().serialize(started.pending) } })
  }
  const pending = await pendingOf(request)
  if (!pending) return redirect(HERE)
  if (intent === 'phone-resend') {
    const sent = await resendPhoneCode(ctx, caller, pending, form)
    if (!sent.ok) return refused(sent)
    return data({ intent, resent: true })
  }
  const result = await finishAddPhone(ctx, caller, actor, pending, form)
  if (!result.ok) return refused(result)
  return redirectWithToast(HERE, { kind: 'success', title: 'customer.signIn.phoneAdded' }, [
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

export default function CustomerSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { phone, email, pending } = loaderData
  const answer = actionData as Answer | undefined
  const busy = useNavigation().state === 'submitting'
  const mine = (intent: string) => (answer?.intent === intent ? answer : undefined)
  return (
    <CustomerPage title={t('customer.signIn.title')} intro={t('customer.signIn.intro')}>
      <div className="grid max-w-xl gap-8">
        <section aria-labelledby="sign-in-phone">
          <h2 id="sign-in-phone" className="text-lg font-semibold">
            {t('customer.signIn.phone.title')}
          </h2>
          {phone ? (
            <p className="mt-1">{t('customer.signIn.phone.yours', { phone })}</p>
          ) : pending ? (
            <PhoneCodeForm
              phone={pending.phone}
              resendIn={mine('phone-resend')?.resent ? PHONE_CODE.resendAfterSeconds : pending.resendIn}
              answer={mine('phone-verify') ?? mine('phone-resend')}
              busy={busy}
            />
          ) : (
            <Form method="post" className="mt-2 grid gap-3">
              <p className="text-sm text-muted-foreground">{t('customer.signIn.phone.none')}</p>
              <input type="hidden" name="intent" value="phone-send" />
              <FormAlert message={mine('phone-send')?.errors?.form} values={mine('phone-send')?.messageValues} />
              <TextField
                id="sign-in-new-phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                label={t('account.field.phone')}
                hint={t('account.phone.hint')}
                defaultValue={mine('phone-send')?.values?.phone ?? ''}
                error={mine('phone-send')?.errors?.phone}
                required
              />
              <Button type="submit" disabled={busy} className="justify-self-start">
                {t('account.phone.send')}
              </Button>
            </Form>
          )}
        </section>
        <section aria-labelledby="sign-in-email">
          <h2 id="sign-in-email" className="text-lg font-semibold">
            {t('customer.signIn.email.title')}
          </h2>
          {email ? (
            <>
              <p className="mt-1">{t('customer.signIn.email.yours', { email })}</p>
              <Link to="/customer-dashboard/password" className="mt-2 inline-block text-primary hover:underline">
                {t('customer.signIn.changePassword')}
              </Link>
            </>
          ) : (
            <Form method="post" className="mt-2 grid gap-3">
              <p className="text-sm text-muted-foreground">{t('customer.signIn.email.none')}</p>
              <input type="hidden" name="intent" value="add-email" />
              <FormAlert message={mine('add-email')?.errors?.form} />
              <TextField
                id="sign-in-email-address"
                name="email"
                type="email"
                autoComplete="email"
                label={t('account.field.email')}
                defaultValue={mine('add-email')?.values?.email ?? ''}
                error={mine('add-email')?.errors?.email}
                required
              />
              <TextField
                id="sign-in-password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={8}
                maxLength={128}
                label={t('account.field.password')}
                error={mine('add-email')?.errors?.password}
                required
              />
              <TextField
                id="sign-in-confirm"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                label={t('account.field.confirmPassword')}
                error={mine('add-email')?.errors?.confirmPassword}
                required
              />
              <Button type="submit" disabled={busy} className="justify-self-start">
                {t('customer.signIn.email.add')}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </CustomerPage>
  )
}

/** The code step of adding a number: the code, "send it again" (a minute after the last), another number. */
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
    <div className="mt-2 grid gap-3">
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
          id="sign-in-code"
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
          {t('customer.signIn.phone.confirm')}
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
