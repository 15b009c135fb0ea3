import { parseForm } from '#app/lib/forms.server.ts'
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
} from '#app/modules/accounts/accounts.schemas.ts'
import {
  type AccountsContext,
  type AuthFailure,
  changePassword,
  requestPasswordReset,
  resetPassword,
} from '#app/modules/accounts/accounts.server.ts'
import { type Caller, type FormRefusal, typedValues } from './accounts.server.ts'

// The password forms: a signed-in customer's change, and the forgotten password's e-mailed link. Each refusal is
// a message (catalogue id) next to its field, and what was typed comes back (never a password).

function refuse(form: FormData, errors: Record<string, string>): FormRefusal {
  return { ok: false, errors, values: typedValues(form) }
}

const generic: Record<AuthFailure, { field: string; message: string }> = {
  invalid: { field: 'form', message: 'account.error.failed' },
  'email-taken': { field: 'form', message: 'account.error.failed' },
  'rate-limited': { field: 'form', message: 'account.error.rateLimited' },
  'weak-password': { field: 'password', message: 'account.error.passwordShort' },
  expired: { field: 'form', message: 'account.error.resetExpired' },
  failed: { field: 'form', message: 'account.error.failed' },
  locked: { field: 'form', message: 'account.error.rateLimited' },
}

/** A signed-in account's new password; the other sessions end, this one carries on with new cookies. */
export async function changeAccountPassword(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<{ ok: true; cookies: string[] } | FormRefusal> {
  const parsed = parseForm(form, ChangePasswordSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const result = await changePassword(ctx, caller, parsed.data)
  if (result.ok) return result
  if (result.reason === 'invalid') return refuse(form, { currentPassword: 'customer.password.error.wrongCurrent' })
  const { field, message } = generic[result.reason]
  return refuse(form, { [field]: message })
}

/**
 * The forgotten-password form: the same answer whether or not the address has an account (no account
 * discovery); only a malformed address or too many requests are refused.
 */
export async function askForPasswordReset(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<{ ok: true; email: string } | FormRefusal> {
  const parsed = parseForm(form, ForgotPasswordSchema)
  if (!parsed.ok) return refuse(form, parsed.errors)
  const result = await requestPasswordReset(ctx, caller, parsed.data.email)
  if (!result.ok) return refuse(form, { form: 'account.error.rateLimited' })
  return { ok: true, email: parsed.data.email }
}

/** The e-mailed link's form: a new password for the token's account, once; the account's sessions end. */
export async function chooseNewPassword(
  ctx: AccountsContext,
  caller: Caller,
  form: FormData,
): Promise<{ ok: true } | FormRefusal> {
  const parsed = parseForm(form, ResetPasswordSchema)
  if (!parsed.ok) {
    if (parsed.errors.token) return refuse(form, { form: 'account.error.resetExpired' })
    return refuse(form, parsed.errors)
  }
  const result = await resetPassword(ctx, caller, parsed.data)
  if (result.ok) return result
  const { field, message } = generic[result.reason]
  return refuse(form, { [field]: message })
}
