import { data } from 'react-router'
import { requestI18n } from '#app/lib/i18n.server.ts'

/**
 * What the sign-in and registration forms answer until accounts exist (the accounts issue replaces this with
 * better-auth): the typed values back (never passwords), a mismatched confirmation refused next to its field,
 * and an honest 503 saying that accounts open soon. Nothing is pretended.
 */
export async function answerAccountForm(request: Request) {
  const form = await request.formData()
  const i18n = requestI18n(request)
  const values: Record<string, string> = {}
  for (const [key, value] of form) {
    if (typeof value === 'string' && !/password/i.test(key) && key !== 'redirectTo') values[key] = value
  }
  const password = form.get('password')
  const confirm = form.get('confirmPassword')
  if (confirm !== null && password !== confirm) {
    return data(
      {
        values,
        errors: { confirmPassword: `${i18n._('account.mismatch.title')} ${i18n._('account.mismatch.body')}` },
        notice: undefined,
      },
      { status: 400 },
    )
  }
  return data({ values, errors: {}, notice: i18n._('account.soon') }, { status: 503 })
}
