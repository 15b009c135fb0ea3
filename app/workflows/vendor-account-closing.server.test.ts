import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AccountsContext, createAccount, signInWithPassword } from '#app/modules/accounts/accounts.server.ts'
import { users } from '#app/modules/accounts/tables.server.ts'
import { products } from '#app/modules/catalog/tables.server.ts'
import { listVendorOrders } from '#app/modules/orders/orders.server.ts'
import { findStoreContact, setStoreClosed } from '#app/modules/vendors/own-store.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'
import { setVendorOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { createTestAccountsContext } from '#tests/accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { fillCart, makeCustomer, makeProduct, makeVendor, placeCart } from '#tests/shop.ts'
import { advanceVendorOrderStep, recordCashCollected } from './fulfilment.server.ts'
import { closeVendorAccount, findClosingBlockers } from './vendor-account-closing.server.ts'

// A vendor closes their account for good: refused while the store has business in progress, then the account
// cannot sign in, the store never reopens and its products are unlisted.

let t: TestDatabase
let ctx: AccountsContext
let address = 0
const password = 'Kigali-Boutique-77'
const caller = (session?: string) => ({
  request: new Request('http://localhost:3000/vendor-dashboard/settings/close-account', {
    headers: session ? { cookie: session } : {},
  }),
  clientAddress: `10.8.0.${++address}`,
  guestKey: null,
})
const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}

async function makeStore(email: string) {
  const made = await createAccount(ctx, caller(), { name: 'Jean B', email, password, role: 'vendor' })
  if (!made.ok) throw new Error('no account')
  const store = await makeVendor(t.ctx, `store-${email.split('@')[0]}`)
  await setVendorOwner(t.ctx, store.id, made.userId)
  const product = await makeProduct(t.ctx, store.id)
  return {
    userId: made.userId,
    vendorId: store.id,
    product,
    session: made.cookies.map((c) => c.split(';')[0]).join('; '),
  }
}

async function listed(productId: number) {
  const [row] = await t.ctx.db.select({ listed: products.listed }).from(products).where(eq(products.id, productId))
  return row?.listed
}

beforeAll(async () => {
  t = await createTestDatabase()
  ctx = createTestAccountsContext(t)
})
afterAll(() => t.close())

describe('closing a vendor account', () => {
  test('refused while an order is open, then while money is not settled; nothing is closed', async () => {
    const store = await makeStore('busy@example.rw')
    const customer = await makeCustomer(t.ctx)
    await fillCart(t.ctx, customer.ownerKey, [{ variantId: store.product.variantIds[0] as number, quantity: 1 }])
    await placeCart(t.ctx, customer, 'cod')
    const confirm = formOf({ password, confirm: 'yes' })
    expect(await closeVendorAccount(ctx, caller(store.session), store, confirm)).toMatchObject({
      ok: false,
      errors: { form: 'vendorSettings.closeAccount.blocked.orders' },
      messageValues: { count: 1 },
    })
    const [vendorOrder] = (await listVendorOrders(t.ctx, store.vendorId)).items
    const vendorOrderId = vendorOrder?.id as number
    for (const to of ['packed', 'dispatched', 'delivered'] as const) {
      expect(await advanceVendorOrderStep(t.ctx, { vendorId: store.vendorId, vendorOrderId, to })).toMatchObject({
        ok: true,
      })
    }
    await recordCashCollected(t.ctx, { vendorId: store.vendorId, vendorOrderId })
    // Delivered, but the sale's money is held and the cash's commission owed: not settled yet.
    expect((await findClosingBlockers(t.ctx, store.userId))?.blockers.map((b) => b.reason)).toEqual(['balance'])
    expect(await closeVendorAccount(ctx, caller(store.session), store, confirm)).toMatchObject({
      ok: false,
      errors: { form: 'vendorSettings.closeAccount.blocked.balance' },
    })
    expect(await signInWithPassword(ctx, caller(), { email: 'busy@example.rw', password })).toMatchObject({ ok: true })
    expect(await listed(store.product.productId)).toBe(true)
  })

  test('a wrong password or no tick closes nothing', async () => {
    const store = await makeStore('careful@example.rw')
    expect(
      await closeVendorAccount(
        ctx,
        caller(store.session),
        store,
        formOf({ password: 'wrong-password-1', confirm: 'yes' }),
      ),
    ).toMatchObject({ ok: false, errors: { password: 'account.error.wrongPassword' } })
    expect(await closeVendorAccount(ctx, caller(store.session), store, formOf({ password }))).toMatchObject({
      ok: false,
      errors: { confirm: 'account.error.deleteConfirm' },
    })
    expect(await listed(store.product.productId)).toBe(true)
  })

  test('allowed otherwise: sign-in fails, products unlisted, the store never reopens, its owner’s details cleared', async () => {
    const store = await makeStore('leaving@example.rw')
    expect(await listed(store.product.productId)).toBe(true)
    const done = await closeVendorAccount(ctx, caller(store.session), store, formOf({ password, confirm: 'yes' }))
    expect(done).toMatchObject({ ok: true })
    expect(await signInWithPassword(ctx, caller(), { email: 'leaving@example.rw', password })).toMatchObject({
      ok: false,
    })
    expect(await listed(store.product.productId)).toBe(false)
    const [row] = await t.ctx.db.select().from(vendors).where(eq(vendors.id, store.vendorId))
    expect(row).toMatchObject({ ownerUserId: null, email: '', phone: '', ownerName: '', payoutPhone: null })
    expect(row?.closedAt).toBeInstanceOf(Date)
    expect(row?.accountClosedAt).toBeInstanceOf(Date)
    // Nobody owns it any more; and even were it given to an account, it could not be reopened.
    expect(await findStoreContact(t.ctx, { ownerUserId: store.userId })).toBeNull()
    await t.ctx.db.insert(users).values({ id: 'new-owner', name: 'N', email: 'new-owner@example.rw', role: 'vendor' })
    await t.ctx.db.update(vendors).set({ ownerUserId: 'new-owner' }).where(eq(vendors.id, store.vendorId))
    expect(await setStoreClosed(t.ctx, { ownerUserId: 'new-owner', closed: false })).toEqual({
      ok: false,
      code: 'no-store',
    })
    expect(await listed(store.product.productId)).toBe(false)
  })
})
