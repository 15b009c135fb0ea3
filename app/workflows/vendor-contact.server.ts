import { parseForm } from '#app/lib/forms.server.ts'
import { ChangeEmailSchema } from '#app/modules/accounts/accounts.schemas.ts'
import {
  type AccountsContext,
  findAccountLocale,
  listAccountNames,
  verifyOwnPassword,
} from '#app/modules/accounts/accounts.server.ts'
import { isPhoneOnlyEmail } from '#app/modules/accounts/auth.server.ts'
import {
  confirmEmailChange as confirmEmailChangeToken,
  type EmailConfirmRefusal,
  emailChangedNoticeEmail,
  requestEmailChange,
} from '#app/modules/accounts/email-change.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { setStoreContact } from '#app/modules/vendors/own-store.server.ts'
import type { Caller, FormRefusal } from './accounts.server.ts'
import { finishAddPhone, type PendingPhone, refuse, startAddPhone } from './phone-accounts.server.ts'

// A vendor changes the phone number of their account and store (issue 17). The number is proved as a customer
// proves one (phone-accounts.server.ts: a 6-digit code by SMS through better-auth's phone plugin, 10 minutes,
// 5 tries, one code a minute and 5 an hour to a number): only once the right code is typed does the account's
// number change, and the store's contact with it. A number another account signs in with is refused.

/**
 * The account's password, asked again before its sign-in details change (as before a change of payout number): a
 * session left open on a shared phone is not enough to take the account over.
 */
async function checkPassword(ctx: AccountsContext, caller: Caller, form: FormData): Promise<FormRefusal | null> {
  const password = form.get('currentPassword')
  if (typeof password !== 'string' || !password) {
    return refuse(form, { currentPassword: 'account.error.required' })
  }
  const checked = await verifyOwnPassword(ctx, caller, password.slice(0, 256))
  if (checked.ok) return null
  const errors: Record<string, string> =
    checked.reason === 'rate-limited'
      ? { form: 'account.error.rateLimited' }
      : { currentPassword: 'account.error.wrongPassword' }
  return refuse(form, errors)
}

/**
 * The first step: the password, then the number (a Rwandan mobile, not another account's); the code goes to it.
 */
export async function startVendorPhoneChange(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true; pending: PendingPhone } | FormRefusal> {
  const refused = await checkPassword(ctx, caller, form)
  if (refused) return refused
  return startAddPhone(ctx, caller, actor, form)
}

/** The second step: the code. Right, the account signs in with the new number and the store shows it. */
export async function finishVendorPhoneChange(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  pending: PendingPhone,
  form: FormData,
): Promise<{ ok: true } | FormRefusal> {
  const result = await finishAddPhone(ctx, caller, actor, pending, form)
  if (!result.ok) return result
  await setStoreContact(ctx, { ownerUserId: actor.userId, phone: pending.phone })
  return { ok: true }
}

const emailRefusal = {
  same: 'vendorSettings.email.error.same',
  taken: 'vendorSettings.email.error.taken',
  'rate-limited': 'account.error.rateLimited',
  failed: 'account.error.failed',
} as const

/**
 * A new e-mail address: the password first, then the address (not the account's own, not another account's);
 * a link goes to it. Nothing changes until the link is opened (confirmVendorEmailChange).
 */
export async function startEmailChange(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true; email: string } | FormRefusal> {
  const parsed = parseForm(form, ChangeEmailSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const refused = await checkPassword(ctx, caller, form)
  if (refused) return refused
  const result = await requestEmailChange(ctx, caller, { userId: actor.userId, newEmail: parsed.data.email })
  if (!result.ok) {
    const field = result.reason === 'same' || result.reason === 'taken' ? 'email' : 'form'
    return refuse(form, { [field]: emailRefusal[result.reason] })
  }
  return { ok: true, email: parsed.data.email }
}

/**
 * The link from the e-mail: the account's address changes (better-auth), the store's contact follows, and the old
 * address is told (in the account's language) so that a change someone else made does not go unnoticed.
 */
export async function confirmAccountEmailChange(
  ctx: AccountsContext,
  caller: Caller,
  token: string,
): Promise<{ ok: true; email: string; cookies: string[] } | EmailConfirmRefusal> {
  const result = await confirmEmailChangeToken(ctx, caller, token)
  if (!result.ok) return result
  await setStoreContact(ctx, { ownerUserId: result.userId, email: result.newEmail })
  if (!isPhoneOnlyEmail(result.oldEmail)) {
    const [locale, names] = await Promise.all([
      findAccountLocale(ctx, result.userId),
      listAccountNames(ctx, [result.userId]),
    ])
    const name = names.get(result.userId)?.name ?? ''
    await enqueueMessage(ctx, emailChangedNoticeEmail({ ...result, name, locale }))
  }
  return { ok: true, email: result.newEmail, cookies: result.cookies }
}
