import { z } from 'zod'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { Flash } from '#app/lib/flash.server.ts'
import { parseForm } from '#app/lib/forms.server.ts'
import { formatRwf } from '#app/lib/money.ts'
import { formatPhone } from '#app/lib/phone.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { type PayoutsDeps, payDueVendors, retryFailedPayout } from './payouts.server.ts'

// Staff act on payouts (issue 13): retry a failed payout, or pay every store due now. Each answers with the toast
// the page shows after its redirect, so that the form works without JavaScript; a second click of either finds the
// payout already on its way and says so (the payouts workflow pays nothing twice).

type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }

export const StaffPayoutActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retry'), payoutId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('pay-due') }),
])

export async function actOnPayouts(ctx: StaffContext, form: FormData, deps: PayoutsDeps = {}): Promise<Flash> {
  if (ctx.actor.role !== 'admin') return { kind: 'error', title: 'payouts.admin.refused.forbidden' }
  const parsed = parseForm(form, StaffPayoutActionSchema)
  if (!parsed.ok) return { kind: 'error', title: 'payouts.admin.refused.form' }
  if (parsed.data.intent === 'pay-due') {
    const { made } = await payDueVendors(ctx, deps)
    return { kind: 'success', title: 'payouts.admin.payDue.done', values: { count: String(made) } }
  }
  const outcome = await retryFailedPayout(ctx, parsed.data.payoutId, deps)
  if (outcome.ok) {
    return {
      kind: 'success',
      title: 'payouts.admin.retried.title',
      body: 'payouts.admin.retried.body',
      values: { amount: formatRwf(outcome.payout.amount), phone: formatPhone(outcome.payout.phone) },
    }
  }
  return {
    kind: 'error',
    title: `payouts.admin.refused.${outcome.code}`,
    values:
      outcome.code === 'below_minimum'
        ? { amount: formatRwf(outcome.amount), minimum: formatRwf(outcome.minimum) }
        : undefined,
  }
}
