import { asc, desc, eq, inArray, lte } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import { listDistricts, listProvinces } from '#app/modules/places/places.server.ts'
import { DELIVERY_OPTIONS, DELIVERY_ZONES, type DeliveryFeeTable, type DeliveryZone, zoneOf } from './delivery.ts'
import { MAX_DELIVERY_AMOUNT } from './delivery-fees.schemas.ts'
import { deliveryFeeRates, deliveryFeeSchedules } from './tables.server.ts'

// Delivery fees by zone (docs/ledger.md, "Delivery fees"): staff set a fee per zone and option and the order value
// from which standard delivery is free. Each change is a new schedule, in force from the moment it is saved; the
// old ones stay as the history. Checkout reads the schedule in force when the order is placed, and the order keeps
// the fee it was placed with.

export type DeliveryFees = {
  id: number
  fees: DeliveryFeeTable
  freeStandardAbove: number
  effectiveFrom: Date
  setBy: string
}

/** The largest fee or threshold staff can set (integer francs): a typo of extra zeros is refused. */
export { MAX_DELIVERY_AMOUNT }

async function withRates(
  ctx: ServiceContext,
  schedules: (typeof deliveryFeeSchedules.$inferSelect)[],
): Promise<DeliveryFees[]> {
  if (schedules.length === 0) return []
  const rates = await ctx.db
    .select()
    .from(deliveryFeeRates)
    .where(
      inArray(
        deliveryFeeRates.scheduleId,
        schedules.map((s) => s.id),
      ),
    )
  return schedules.map((s) => {
    const fees = Object.fromEntries(
      DELIVERY_ZONES.map((zone) => [zone, { standard: 0, express: 0 }]),
    ) as DeliveryFeeTable
    for (const r of rates) if (r.scheduleId === s.id) fees[r.zone][r.option] = r.fee
    return {
      id: s.id,
      fees,
      freeStandardAbove: s.freeStandardAbove,
      effectiveFrom: s.effectiveFrom,
      setBy: s.setBy,
    }
  })
}

/**
 * The fees in force at `at` (now by default): the latest schedule that has taken effect. Before the first one
 * (the migration's defaults, from 2026-01-01) the first one applies: there is always a fee.
 */
export async function getDeliveryFees(ctx: ServiceContext, at: Date = new Date()): Promise<DeliveryFees> {
  let schedules = await ctx.db
    .select()
    .from(deliveryFeeSchedules)
    .where(lte(deliveryFeeSchedules.effectiveFrom, at))
    .orderBy(desc(deliveryFeeSchedules.effectiveFrom), desc(deliveryFeeSchedules.id))
    .limit(1)
  if (schedules.length === 0) {
    schedules = await ctx.db
      .select()
      .from(deliveryFeeSchedules)
      .orderBy(asc(deliveryFeeSchedules.effectiveFrom), asc(deliveryFeeSchedules.id))
      .limit(1)
  }
  const [fees] = await withRates(ctx, schedules)
  // The migration seeds a schedule: none at all means a database without it.
  if (!fees) throw new Error('No delivery fees: the delivery_fees migration has not run')
  return fees
}

/** The schedules, newest first (the history staff see under the form). */
export async function listDeliveryFeeHistory(ctx: ServiceContext, limit = 10): Promise<DeliveryFees[]> {
  const schedules = await ctx.db
    .select()
    .from(deliveryFeeSchedules)
    .orderBy(desc(deliveryFeeSchedules.effectiveFrom), desc(deliveryFeeSchedules.id))
    .limit(limit)
  return withRates(ctx, schedules)
}

export type SetDeliveryFeesOutcome = { ok: true; fees: DeliveryFees } | { ok: false; code: 'forbidden' | 'invalid' }

const isAmount = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_DELIVERY_AMOUNT

/**
 * Staff set the fees and the free-delivery threshold, in force from `now` on (a new schedule: nothing is changed,
 * so an order placed before keeps its fee and the history stays).
 */
export async function setDeliveryFees(
  ctx: ServiceContext & { actor: { userId: string; role: AccountRole } },
  input: { fees: DeliveryFeeTable; freeStandardAbove: number; now?: Date },
): Promise<SetDeliveryFeesOutcome> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const amounts = DELIVERY_ZONES.flatMap((z) => DELIVERY_OPTIONS.map((o) => input.fees[z]?.[o] ?? Number.NaN))
  if (!amounts.every(isAmount) || !isAmount(input.freeStandardAbove)) return { ok: false, code: 'invalid' }
  const actor = ctx.actor
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deliveryFeeSchedules)
      .values({
        freeStandardAbove: input.freeStandardAbove,
        effectiveFrom: input.now ?? new Date(),
        setBy: `staff:${actor.userId}`,
      })
      .returning({ id: deliveryFeeSchedules.id })
    if (!row) throw new Error('delivery fee schedule not written')
    await tx
      .insert(deliveryFeeRates)
      .values(
        DELIVERY_ZONES.flatMap((zone) =>
          DELIVERY_OPTIONS.map((option) => ({ scheduleId: row.id, zone, option, fee: input.fees[zone][option] })),
        ),
      )
    return row.id
  })
  const [fees] = await withRates(
    ctx,
    await ctx.db.select().from(deliveryFeeSchedules).where(eq(deliveryFeeSchedules.id, id)),
  )
  if (!fees) throw new Error('delivery fee schedule not read back')
  return { ok: true, fees }
}

/** Each zone's districts, from the places tree (what staff read beside the fees). */
export function listZoneDistricts(): Record<DeliveryZone, string[]> {
  const zones: Record<DeliveryZone, string[]> = { kigali: [], secondary: [], rest: [] }
  for (const province of listProvinces()) {
    for (const district of listDistricts(province)) zones[zoneOf({ province, district })].push(district)
  }
  for (const zone of DELIVERY_ZONES) zones[zone].sort((a, b) => a.localeCompare(b))
  return zones
}
