import { data, redirect } from 'react-router'
import { clientAddressOf, type RequestContext } from '#app/lib/context.server.ts'
import { localeCookie } from '#app/lib/cookies.server.ts'
import { type Flash, flashCookie } from '#app/lib/flash.server.ts'
import { clearGuestCookie, findOwnerKey as findGuestKey } from '#app/lib/guest.server.ts'
import { accountsContextOf, findRequestActor } from '#app/modules/accounts/request.server.ts'
import type { AccountSuccess, Caller, FormRefusal } from '#app/workflows/accounts.server.ts'
import { landingAfterSignIn, signIn } from '#app/workflows/accounts.server.ts'

/** What the account workflows need of a request. */
export async function callerOf(request: Request, context: RequestContext): Promise<Caller> {
  return { request, clientAddress: clientAddressOf(context), guestKey: await findGuestKey(request) }
}

/** The answer of a sign-in or registration form: the refusal with status 400 (429 when rate-limited), or on
 * success a redirect that starts the session, forgets the guest cookie and carries the welcome toast. */
export async function accountAnswer(
  result: AccountSuccess | FormRefusal,
  form: FormData,
  flash: Flash,
  options: { to?: string; cookies?: string[] } = {},
) {
  if (!result.ok) {
    const limited = result.errors.form === 'account.error.rateLimited' || result.errors.form === 'account.error.locked'
    return data(
      { errors: result.errors, values: result.values, messageValues: result.messageValues },
      { status: limited ? 429 : 400 },
    )
  }
  const headers = new Headers()
  for (const cookie of result.cookies) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await clearGuestCookie())
  headers.append('Set-Cookie', localeCookie(result.locale))
  headers.append('Set-Cookie', await flashCookie(flash))
  for (const cookie of options.cookies ?? []) headers.append('Set-Cookie', cookie)
  return redirect(options.to ?? landingAfterSignIn(result.role, form.get('redirectTo')), { headers })
}

/** A signed-in account has no business on the sign-in and registration pages: to its own dashboard. */
export async function redirectSignedIn(context: RequestContext, request: Request) {
  const actor = await findRequestActor(context, request)
  if (actor) throw redirect(landingAfterSignIn(actor.role, null))
}

/** The action of both login pages: any account signs in on either (DESIGN.md section 3, point 5). */
export async function signInAction(request: Request, context: RequestContext) {
  const form = await request.formData()
  const result = await signIn(accountsContextOf(context), await callerOf(request, context), form)
  return accountAnswer(result, form, {
    kind: 'success',
    title: 'account.toast.welcomeBack.title',
    body: 'account.toast.welcomeBack.body',
  })
}
