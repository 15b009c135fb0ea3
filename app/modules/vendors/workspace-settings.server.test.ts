import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/tables.server.ts'
import { findPurchasableVariant } from '#app/modules/catalog/variants.server.ts'
import { findVendorStore, listVendors } from '#app/queries/vendor-directory.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { makeOwnedVendor, makeProduct } from '#tests/shop.ts'
import type { OpeningHours } from './opening-hours.ts'
import { findStoreSettings, setOpeningHours, setStoreClosed } from './own-store.server.ts'
import { parseOpeningHoursForm } from './store-settings.schemas.ts'
import { vendors } from './tables.server.ts'

let t: TestDatabase
let store: number
let productId: number
const owner = 'hours-owner'
const kigali = (iso: string) => new Date(`${iso}+02:00`)

async function listed(id: number) {
  const [row] = await t.ctx.db.select({ listed: products.listed }).from(products).where(eq(products.id, id))
  return row?.listed
}

/** The opening-hours form as the browser posts it, with the given days ticked open from and to the given times. */
function hoursForm(days: Record<string, [opens: string, closes: string]>) {
  const form = new FormData()
  for (const [day, [opens, closes]] of Object.entries(days)) {
    form.set(`open-${day}`, 'on')
    form.set(`opens-${day}`, opens)
    form.set(`closes-${day}`, closes)
  }
  return form
}

beforeAll(async () => {
  t = await createTestDatabase()
  store = (await makeOwnedVendor(t.ctx, owner, { slug: 'hours-store' })).id
  productId = (await makeProduct(t.ctx, store)).productId
})

afterAll(async () => {
  await t?.close()
})

describe('opening hours', () => {
  test('a store that set none shows none, and is not "open now" (nothing is invented)', async () => {
    const page = await findVendorStore(t.ctx, store, { now: kigali('2026-11-23T12:00:00') })
    expect(page?.openingHours).toBeNull()
    expect(page?.isOnline).toBeNull()
    const open = await listVendors(t.ctx, { online: true }, { now: kigali('2026-11-23T12:00:00') })
    expect(open.items.map((v) => v.id)).not.toContain(store)
  })

  test('stored as the owner set them; the store page shows exactly those, open now computed across Kigali midnight', async () => {
    const parsed = parseOpeningHoursForm(hoursForm({ mon: ['09:00', '17:30'], sat: ['20:00', '02:00'] }))
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    const expected: OpeningHours = [
      { open: 540, close: 1050 },
      null,
      null,
      null,
      null,
      { open: 1200, close: 120 },
      null,
    ]
    expect(parsed.hours).toEqual(expected)
    expect(await setOpeningHours(t.ctx, { ownerUserId: owner, hours: parsed.hours })).toEqual({ ok: true })
    expect((await findStoreSettings(t.ctx, { ownerUserId: owner }))?.openingHours).toEqual(expected)

    const at = async (iso: string) => (await findVendorStore(t.ctx, store, { now: kigali(iso) }))?.isOnline
    expect((await findVendorStore(t.ctx, store))?.openingHours).toEqual(expected)
    expect(await at('2026-11-23T09:00:00')).toBe(true) // Monday
    expect(await at('2026-11-23T17:30:00')).toBe(false)
    expect(await at('2026-11-24T10:00:00')).toBe(false) // Tuesday: closed
    expect(await at('2026-11-28T23:00:00')).toBe(true) // Saturday night
    expect(await at('2026-11-29T01:30:00')).toBe(true) // after Kigali midnight, still Saturday's hours
    expect(await at('2026-11-29T02:00:00')).toBe(false)
    // 23:30 UTC on Saturday is 01:30 on Sunday in Kigali: open; the directory's filter agrees with the page.
    const filter = async (now: Date) => (await listVendors(t.ctx, { online: true }, { now })).items.map((v) => v.id)
    expect(await filter(new Date('2026-11-28T23:30:00Z'))).toEqual([store])
    expect(await filter(new Date('2026-11-29T00:30:00Z'))).toEqual([])
    expect(await filter(kigali('2026-11-23T12:00:00'))).toEqual([store])
  })

  test('bad times are refused per day; a week with no open day is stored as no hours', async () => {
    expect(parseOpeningHoursForm(hoursForm({ tue: ['9am', '17:00'], wed: ['10:00', '10:00'] }))).toEqual({
      ok: false,
      errors: { tue: 'vendorSettings.hours.error.time', wed: 'vendorSettings.hours.error.same' },
    })
    const none = parseOpeningHoursForm(new FormData())
    expect(none.ok).toBe(true)
    if (none.ok) await setOpeningHours(t.ctx, { ownerUserId: owner, hours: none.hours })
    expect((await findVendorStore(t.ctx, store))?.openingHours).toBeNull()
  })

  test('another account has no store to set hours on', async () => {
    expect(await setOpeningHours(t.ctx, { ownerUserId: 'someone-else', hours: [] })).toEqual({
      ok: false,
      code: 'no-store',
    })
  })
})

describe('closing the store for a while', () => {
  test('closed: its products are not listed and the directory leaves it out; reopened: listed again', async () => {
    expect(await listed(productId)).toBe(true)
    expect(await setStoreClosed(t.ctx, { ownerUserId: owner, closed: true })).toEqual({ ok: true })
    const closedAt = (await findStoreSettings(t.ctx, { ownerUserId: owner }))?.closedAt
    expect(closedAt).toBeInstanceOf(Date)
    expect(await listed(productId)).toBe(false)
    expect((await listVendors(t.ctx, {})).items.map((v) => v.id)).not.toContain(store)
    // Its page still answers, saying it is closed.
    expect((await findVendorStore(t.ctx, store))?.closed).toBe(true)
    // A product made active while closed stays unlisted, and nothing of the store goes in a cart.
    const later = await makeProduct(t.ctx, store)
    expect(await listed(later.productId)).toBe(false)
    expect(await findPurchasableVariant(t.ctx, later.variantIds[0] as number)).toBeNull()
    // Closing again (a double click) keeps the first date.
    await setStoreClosed(t.ctx, { ownerUserId: owner, closed: true })
    expect((await findStoreSettings(t.ctx, { ownerUserId: owner }))?.closedAt).toEqual(closedAt)

    await setStoreClosed(t.ctx, { ownerUserId: owner, closed: false })
    expect(await listed(productId)).toBe(true)
    expect(await listed(later.productId)).toBe(true)
    expect(await findPurchasableVariant(t.ctx, later.variantIds[0] as number)).not.toBeNull()
    expect((await listVendors(t.ctx, {})).items.map((v) => v.id)).toContain(store)
    expect((await findVendorStore(t.ctx, store))?.closed).toBe(false)
  })

  test('a suspended store reopened by its owner stays unlisted until staff reinstate it', async () => {
    await t.ctx.db.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, store))
    await setStoreClosed(t.ctx, { ownerUserId: owner, closed: true })
    await setStoreClosed(t.ctx, { ownerUserId: owner, closed: false })
    expect(await listed(productId)).toBe(false)
  })
})
