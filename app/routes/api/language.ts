import { redirect } from 'react-router'
import { serviceContextOf } from '#app/lib/context.server.ts'
import { localeCookie } from '#app/lib/cookies.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { isLocale } from '#app/lib/i18n.tsx'
import { safeRedirect } from '#app/lib/redirects.server.ts'
import { setAccountLocale } from '#app/modules/accounts/accounts.server.ts'
import { findRequestActor } from '#app/modules/accounts/request.server.ts'
import type { Route } from './+types/language'

/**
 * The language switcher (header and footer): a plain form post, so it works without JavaScript. The choice is kept
 * in the `lang` cookie and, for a signed-in person, on the account (their e-mails and SMS follow it); then the
 * same page again, now in that language. The address stays the same in every language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const lang = form.get('lang')
  const back = safeRedirect(form.get('redirectTo'), getEnv().PUBLIC_URL, '/')
  if (typeof lang !== 'string' || !isLocale(lang)) return redirect(back, 303)
  const actor = await findRequestActor(context, request)
  if (actor) await setAccountLocale(serviceContextOf(context), actor.userId, lang)
  return redirect(back, { status: 303, headers: { 'Set-Cookie': localeCookie(lang) } })
}

export function loader() {
  return redirect('/')
}
