import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listDistricts } from '#app/modules/places/places.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { SECONDARY_CITY_DISTRICTS } from './delivery.ts'
import {
  getDeliveryFees,
  listDeliveryFeeHistory,
  listZoneDistricts,
  MAX_DELIVERY_AMOUNT,
  setDeliveryFees,
} from './delivery-fees.server.ts'

let t: TestDatabase
const admin = { userId: 'staff-1', role: 'admin' as const }
const seeded = {
  kigali: { standard: 1_500, express: 3_000 },
  secondary: { standard: 2_500, express: 5_000 },
  rest: { standard: 3_500, express: 6_000 },
}

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.close()
})

describe('delivery fees', () => {
  test('the migration seeds the defaults, in force from 2026-01-01', async () => {
    const fees = await getDeliveryFees(t.ctx, new Date('2026-03-01T00:00:00Z'))
    expect(fees).toMatchObject({ fees: seeded, freeStandardAbove: 50_000, setBy: 'system' })
    expect(fees.effectiveFrom).toEqual(new Date('2026-01-01T00:00:00Z'))
    // Before the first schedule, the first one applies: there is always a fee.
    expect((await getDeliveryFees(t.ctx, new Date('2025-06-10T08:00:00Z'))).id).toBe(fees.id)
  })

  test('staff set new fees from now on; the old ones stay in force for earlier moments, and in the history', async () => {
    const before = new Date('2026-05-01T10:00:00Z')
    const at = new Date('2026-05-02T10:00:00Z')
    const fees = { ...seeded, kigali: { standard: 2_000, express: 4_000 } }
    const outcome = await setDeliveryFees({ ...t.ctx, actor: admin }, { fees, freeStandardAbove: 30_000, now: at })
    expect(outcome).toMatchObject({ ok: true, fees: { fees, freeStandardAbove: 30_000, setBy: 'staff:staff-1' } })
    expect((await getDeliveryFees(t.ctx, at)).fees.kigali).toEqual({ standard: 2_000, express: 4_000 })
    expect((await getDeliveryFees(t.ctx, before)).fees.kigali).toEqual(seeded.kigali)
    const history = await listDeliveryFeeHistory(t.ctx)
    expect(history.map((h) => h.freeStandardAbove)).toEqual([30_000, 50_000])
  })

  test('only staff can set them, and only whole francs from 0 to the maximum', async () => {
    const ctx = { ...t.ctx, actor: { userId: 'someone', role: 'vendor' as const } }
    expect(await setDeliveryFees(ctx, { fees: seeded, freeStandardAbove: 1 })).toEqual({
      ok: false,
      code: 'forbidden',
    })
    const staff = { ...t.ctx, actor: admin }
    const bad = [
      { fees: { ...seeded, rest: { standard: -1, express: 6_000 } }, freeStandardAbove: 50_000 },
      { fees: { ...seeded, rest: { standard: 1.5, express: 6_000 } }, freeStandardAbove: 50_000 },
      { fees: seeded, freeStandardAbove: MAX_DELIVERY_AMOUNT + 1 },
      { fees: seeded, freeStandardAbove: Number.NaN },
    ]
    for (const input of bad) expect(await setDeliveryFees(staff, input)).toEqual({ ok: false, code: 'invalid' })
    expect(await listDeliveryFeeHistory(t.ctx)).toHaveLength(2)
  })
})

describe('zones', () => {
  test('built from the district list: every district in one zone, Kigali’s three, the six secondary cities', () => {
    const zones = listZoneDistricts()
    expect(zones.kigali).toEqual(['Gasabo', 'Kicukiro', 'Nyarugenge'])
    expect(zones.secondary).toEqual([...SECONDARY_CITY_DISTRICTS])
    const all = [...zones.kigali, ...zones.secondary, ...zones.rest].sort((a, b) => a.localeCompare(b))
    expect(all).toEqual(listDistricts())
  })
})
