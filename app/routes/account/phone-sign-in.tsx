import { data, Form, redirect } from 'react-router'
import { AccountForm } from '#app/components/account/account-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { clearCookie, phoneCookie } from '#app/lib/cookies.server.ts'
import { requestI18n } from '#app/lib/i18n.server.ts'
import type { I18nHandle } from '#app/lib/i18n.tsx'
import { messagesFor } from '#app/lib/i18n-client.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { useT } from '#app/lib/use-t.ts'
import { secondsUntilResend } from '#app/modules/accounts/phone.server.ts'
import { PHONE_CODE } from '#app/modules/accounts/phone-code.ts'
import { accountsContextOf } from '#app/modules/accounts/request.server.ts'
import { landingAfterSignIn } from '#app/workflows/accounts.server.ts'
import {
  finishPhoneSignIn,
  type PendingPhone,
  resendPhoneCode,
  startPhoneSignIn,
} from '#app/workflows/phone-accounts.server.ts'
import type { Route } from './+types/phone-sign-in'
import { accountAnswer, callerOf, redirectSignedIn } from './responses.server.ts'

// The catalogue areas this page reads (and the browser loads before it renders): docs/i18n.md.
export const handle = { i18n: ['accounts'] } satisfies I18nHandle
export const clientMiddleware = [messagesFor(handle)]

// Sign in, or sign up (?new=1), with a Rwandan mobile number and a code sent to it by SMS (issue 14). Two steps on
// one page, plain form posts (no JavaScript needed): the number, then the code. The number waits in a signed
// cookie between them, so a reload (or coming back from the SMS app) shows the code step again.

async function pendingOf(request: Request): Promise<PendingPhone | null> {
  const value: unknown = await phoneCookie().parse(request.headers.get('Cookie'))
  const pending = value as Partial<PendingPhone> | null
  return pending && typeof pending.phone === 'string' ? (pending as PendingPhone) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(context, request)
  const url = new URL(request.url)
  const signUp = url.searchParams.get('new') === '1'
  const i18n = requestI18n(request)
  // "Use another number": back to the first step.
  if (url.searchParams.get('change') === '1') {
    throw redirect(signUp ? '/phone-sign-in?new=1' : '/phone-sign-in', {
      headers: { 'Set-Cookie': await clearCookie(phoneCookie()) },
    })
  }
  const pending = await pendingOf(request)
  return {
    title: i18n._(signUp ? 'account.phone.signUp.title' : 'account.phone.signIn.title'),
    signUp,
    pending: pending
      ? {
          phone: formatPhone(pending.phone),
          resendIn: await secondsUntilResend(accountsContextOf(context), pending.phone),
          signingUp: Boolean(pending.firstName),
        }
      : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  const ctx = accountsContextOf(context)
  const caller = await callerOf(request, context)
  if (intent === 'send') {
    const signUp = new URL(request.url).searchParams.get('new') === '1'
    const started = await startPhoneSignIn(ctx, caller, form, signUp ? 'sign-up' : 'sign-in')
    if (!started.ok) return refusal(started)
    const here = signUp ? '/phone-sign-in?new=1' : '/phone-sign-in'
    return redirect(here, { headers: { 'Set-Cookie': await phoneCookie().serialize(started.pending) } })
  }
  const pending = await pendingOf(request)
  // The code step without a number (the cookie expired): start again.
  if (!pending) return redirect('/phone-sign-in')
  if (intent === 'resend') {
    const sent = await resendPhoneCode(ctx, caller, pending, form)
    if (!sent.ok) return refusal(sent)
    return data({ resent: true })
  }
  const result = await finishPhoneSignIn(ctx, caller, pending, form)
  if (!result.ok) return refusal(result)
  return accountAnswer(
    result,
    form,
    {
      kind: 'success',
      title: result.needsName || pending.firstName ? 'account.toast.created.title' : 'account.toast.welcomeBack.title',
      body: result.needsName ? 'account.phone.toast.addName' : 'account.toast.welcomeBack.body',
    },
    {
      cookies: [await clearCookie(phoneCookie())],
      // A new account without a name yet goes to its profile to add one; anyone else where they were going.
      to: result.needsName
        ? `/customer-dashboard/profile${pending.redirectTo ? `?redirectTo=${encodeURIComponent(pending.redirectTo)}` : ''}`
        : landingAfterSignIn(result.role, pending.redirectTo ?? null),
    },
  )
}

function refusal(result: { errors: Record<string, string>; values: Record<string, string>; messageValues?: unknown }) {
  const limited = result.errors.form === 'account.error.locked' || result.errors.form === 'account.error.rateLimited'
  return data(
    { errors: result.errors, values: result.values, messageValues: result.messageValues as Record<string, number> },
    { status: limited ? 429 : 400 },
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title }, { name: 'robots', content: 'noindex' }]
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const { signUp, pending } = loaderData
  const answer = actionData && 'errors' in actionData ? actionData : undefined
  const resent = actionData && 'resent' in actionData
  if (pending) {
    return (
      <AccountForm
        title={t('account.phone.code.title')}
        intro={t('account.phone.code.intro', { phone: pending.phone, minutes: PHONE_CODE.validSeconds / 60 })}
        notice={resent ? t('account.phone.resent') : undefined}
        fields={[
          {
            name: 'code',
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: 12,
            hint: t('account.phone.code.hint'),
          },
        ]}
        hidden={{ intent: 'verify' }}
        submit={t('account.phone.code.submit')}
        busy={t('account.phone.code.busy')}
        failureTitle={t('account.toast.loginFailed')}
        actionData={answer}
        footer={<ResendForm seconds={resent ? PHONE_CODE.resendAfterSeconds : pending.resendIn} />}
        links={[
          {
            prompt: t('account.phone.notYours'),
            label: t('account.phone.change'),
            to: pending.signingUp ? '/phone-sign-in?new=1&change=1' : '/phone-sign-in?change=1',
          },
        ]}
      />
    )
  }
  return (
    <AccountForm
      title={t(signUp ? 'account.phone.signUp.title' : 'account.phone.signIn.title')}
      intro={t(signUp ? 'account.phone.signUp.intro' : 'account.phone.signIn.intro')}
      fields={[
        ...(signUp
          ? [
              { name: 'firstName', autoComplete: 'given-name' },
              { name: 'lastName', autoComplete: 'family-name' },
            ]
          : []),
        { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: t('account.phone.hint') },
      ]}
      hidden={{ intent: 'send' }}
      submit={t('account.phone.send')}
      busy={t('account.phone.sending')}
      failureTitle={t(signUp ? 'account.toast.registrationFailed' : 'account.toast.loginFailed')}
      actionData={answer}
      links={[
        signUp
          ? { prompt: t('account.phone.preferEmail'), label: t('account.createAccount'), to: '/customer-signup' }
          : {
              prompt: t('account.phone.preferEmail'),
              label: t('account.phone.signInWithEmail'),
              to: '/customer-login',
            },
        signUp
          ? { prompt: t('account.haveAccount'), label: t('account.signIn'), to: '/phone-sign-in' }
          : { prompt: t('account.noAccount'), label: t('account.createAccount'), to: '/phone-sign-in?new=1' },
      ]}
    />
  )
}

/** "Send the code again": a plain post; it says how long to wait when the last code is less than a minute old. */
function ResendForm({ seconds }: { seconds: number }) {
  const t = useT()
  return (
    <Form method="post" className="mt-4 text-center text-sm">
      <input type="hidden" name="intent" value="resend" />
      <Button type="submit" variant="link" disabled={seconds > 0}>
        {t('account.phone.resend')}
      </Button>
      {seconds > 0 ? (
        <p className="text-muted-foreground" role="status">
          {t('account.phone.resendIn', { seconds })}
        </p>
      ) : null}
    </Form>
  )
}
