import type { ServiceContext } from '#app/lib/context.server.ts'
import { type FieldErrors, parseForm } from '#app/lib/forms.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { commissionRuleSchema } from '#app/modules/ledger/ledger.schemas.ts'
import { type CommissionRule, setCommissionRate } from '#app/modules/ledger/ledger.server.ts'
import { DeliveryFeesSchema } from '#app/modules/orders/delivery-fees.schemas.ts'
import { type DeliveryFees, setDeliveryFees } from '#app/modules/orders/delivery-fees.server.ts'
import { commissionTargetExists } from '#app/queries/staff-money.server.ts'

// Staff set the money rules (issue 13): a commission rule for the platform, a category or a store, and the
// delivery fees. Each takes the posted form, answers a refusal with messages by field, and checks the actor is
// staff (the services check it again).

type StaffContext = ServiceContext & { actor: { userId: string; role: AccountRole } }

export type StaffFormOutcome<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; status: 400 | 403 }

export async function addCommissionRule(
  ctx: StaffContext,
  form: FormData,
  now: Date = new Date(),
): Promise<StaffFormOutcome<CommissionRule>> {
  if (ctx.actor.role !== 'admin') return { ok: false, errors: { form: 'admin.error.forbidden' }, status: 403 }
  const parsed = parseForm(form, commissionRuleSchema(now))
  if (!parsed.ok) return { ok: false, errors: parsed.errors, status: 400 }
  if (!(await commissionTargetExists(ctx, parsed.data))) {
    const field = parsed.data.scope === 'store' ? 'storeId' : 'categoryId'
    return { ok: false, errors: { [field]: `admin.commission.error.${parsed.data.scope}` }, status: 400 }
  }
  const outcome = await setCommissionRate(ctx, parsed.data)
  if (!outcome.ok) {
    return outcome.code === 'forbidden'
      ? { ok: false, errors: { form: 'admin.error.forbidden' }, status: 403 }
      : { ok: false, errors: { rate: 'admin.commission.error.rate' }, status: 400 }
  }
  return { ok: true, value: outcome.rule }
}

export async function changeDeliveryFees(
  ctx: StaffContext,
  form: FormData,
  now: Date = new Date(),
): Promise<StaffFormOutcome<DeliveryFees>> {
  if (ctx.actor.role !== 'admin') return { ok: false, errors: { form: 'admin.error.forbidden' }, status: 403 }
  const parsed = parseForm(form, DeliveryFeesSchema)
  if (!parsed.ok) return { ok: false, errors: parsed.errors, status: 400 }
  const outcome = await setDeliveryFees(ctx, { ...parsed.data, now })
  if (!outcome.ok) {
    const status = outcome.code === 'forbidden' ? 403 : 400
    return { ok: false, errors: { form: `admin.error.${outcome.code}` }, status }
  }
  return { ok: true, value: outcome.fees }
}
