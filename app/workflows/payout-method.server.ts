import { getEnv } from '#app/lib/env.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { formatPhone } from '#app/lib/phone.ts'
import { type AccountsContext, verifyOwnPassword } from '#app/modules/accounts/accounts.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { PayoutMethodSchema } from '#app/modules/vendors/store-settings.schemas.ts'
import { findPayoutTarget, setPayoutMethod } from '#app/modules/vendors/vendors.server.ts'
import type { Caller } from './accounts.server.ts'
import { voiceOf } from './recipients.server.ts'

// The store's payout method (issue 13): where Isoko sends the vendor's money. Setting it the first time needs the
// signed-in owner only; changing it needs the current password again (checked by better-auth), since whoever holds
// a stolen session could otherwise send the next payout to their own number. Every change is e-mailed to the
// owner's account, in the transaction that makes it.

export type PayoutMethodOutcome =
  | { ok: true; changed: boolean }
  | { ok: false; code: 'no-store' }
  | { ok: false; code: 'invalid'; errors: Record<string, string>; values: { provider: string; phone: string } }

export async function changePayoutMethod(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string; email: string | null },
  form: FormData,
): Promise<PayoutMethodOutcome> {
  const values = {
    provider: String(form.get('provider') ?? '').slice(0, 10),
    phone: String(form.get('phone') ?? '').slice(0, 40),
  }
  const refuse = (errors: Record<string, string>): PayoutMethodOutcome => ({
    ok: false,
    code: 'invalid',
    errors,
    values,
  })
  const parsed = parseForm(form, PayoutMethodSchema)
  if (!parsed.ok) return refuse(parsed.errors)
  const store = await findPayoutTarget(ctx, { ownerUserId: actor.userId })
  if (!store) return { ok: false, code: 'no-store' }
  const current = store.payoutMethod
  if (current && current.provider === parsed.data.provider && current.phone === parsed.data.phone) {
    return { ok: true, changed: false }
  }
  if (current) {
    if (!parsed.data.currentPassword) return refuse({ currentPassword: 'payouts.method.error.passwordRequired' })
    const checked = await verifyOwnPassword(ctx, caller, parsed.data.currentPassword)
    if (!checked.ok) {
      return refuse({
        currentPassword:
          checked.reason === 'rate-limited' ? 'account.error.rateLimited' : 'payouts.method.error.wrongPassword',
      })
    }
  }
  const changed = await ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const result = await setPayoutMethod(t, {
      ownerUserId: actor.userId,
      provider: parsed.data.provider,
      phone: parsed.data.phone,
    })
    if (!result.ok) return false
    const { i18n } = await voiceOf(t, actor.userId)
    const message = {
      store: store.name,
      network: i18n._(`payouts.provider.${parsed.data.provider}`),
      phone: formatPhone(parsed.data.phone),
      support: getEnv().SUPPORT_EMAIL,
    }
    await enqueueMessage(t, {
      channel: 'email',
      recipient: actor.email ?? store.email,
      subject: i18n._('payouts.email.methodChanged.subject', message),
      body: i18n._('payouts.email.methodChanged.body', message),
    })
    return true
  })
  return changed ? { ok: true, changed: true } : { ok: false, code: 'no-store' }
}
