import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatRwf } from '#app/lib/money.ts'
import { getAccountBalances, listUnbalancedTransactions } from '#app/modules/ledger/ledger.server.ts'
import { createDisbursementProviders } from '#app/modules/payments/config.server.ts'
import { type SimulatorHarness, startSimulatorHarness } from '#app/modules/payments/simulator/harness.server.ts'
import { createManualClock, type ManualClock } from '#app/modules/payments/simulator/shared.server.ts'
import { listVendorPayouts } from '#app/modules/payouts/payouts.server.ts'
import { getStaffPayoutsPage } from '#app/queries/staff-payouts.server.ts'
import { payoutTabOf } from '#app/queries/staff-payouts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { seedAvailablePayable, seedCashSalesOwed, setTestPayoutMethod } from '#tests/factories/payouts.ts'
import { makeVendor } from '#tests/shop.ts'
import { handlePayoutCallback, type PayoutsDeps } from './payouts.server.ts'
import { actOnPayouts } from './staff-payouts.server.ts'

// The staff payouts screen: stores due (and those that cannot be paid), payouts on their way, sent and failed,
// and the Retry and "Pay due stores now" posts with every refusal a person can cause, against the disbursement
// simulators on a clock the test moves. The ledger sums to zero at the end.

const APPROVAL_MS = 1000
const MTN_FAILS = '+250788000001'
const MTN_PAYS = '+250788123456'

let t: TestDatabase
let h: SimulatorHarness
let clock: ManualClock
let deps: PayoutsDeps
let handled = 0
const admin = { userId: 'staff-1', role: 'admin' as const }
const staff = () => ({ ...t.ctx, actor: admin })

beforeAll(async () => {
  t = await createTestDatabase()
  clock = createManualClock()
  h = await startSimulatorHarness({ SIMULATOR_APPROVAL_MS: String(APPROVAL_MS) }, { clock })
  process.env.PORT = new URL(h.base).port
  deps = { providers: createDisbursementProviders(h.config), minimum: 5000, holdDays: 7 }
})
afterAll(async () => {
  await h?.close()
  await t?.close()
})

const form = (values: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(values)) f.set(k, v)
  return f
}

/** The simulators' callbacks since the last call, handed to the workflow as the API routes do. */
async function settle() {
  await clock.advance(APPROVAL_MS)
  const fresh = h.received.slice(handled)
  handled = h.received.length
  for (const c of fresh) {
    const momo = /^\/api\/payments\/payouts\/momo\/(.+)$/.exec(c.path)
    if (momo) await handlePayoutCallback(t.ctx, 'momo', { reference: momo[1], headers: c.headers, body: c.body }, deps)
  }
}

const page = () => getStaffPayoutsPage(t.ctx, { minimum: 5000, holdDays: 7 })

describe('staff payouts', () => {
  test('due stores: at least the minimum after the cash-sales debt; without a number they are flagged', async () => {
    const paid = await makeVendor(t.ctx, 'due-with-number')
    await setTestPayoutMethod(t.ctx, paid.id, { provider: 'momo', phone: MTN_PAYS })
    await seedAvailablePayable(t.ctx, paid.id, 20_000)
    await seedCashSalesOwed(t.ctx, paid.id, 2000)
    const noNumber = await makeVendor(t.ctx, 'due-no-number')
    await seedAvailablePayable(t.ctx, noNumber.id, 9000)
    const small = await makeVendor(t.ctx, 'below-minimum')
    await setTestPayoutMethod(t.ctx, small.id, { provider: 'airtel', phone: '+250731234567' })
    await seedAvailablePayable(t.ctx, small.id, 6000)
    await seedCashSalesOwed(t.ctx, small.id, 1500) // 4,500 payable: below the minimum

    const view = await page()
    expect(view.tab).toBe('due')
    expect(view.due).toEqual([
      {
        vendorId: paid.id,
        name: 'due-with-number',
        payableNow: 18_000,
        netted: 2000,
        method: { provider: 'momo', phone: MTN_PAYS },
        open: false,
      },
      { vendorId: noNumber.id, name: 'due-no-number', payableNow: 9000, netted: 0, method: null, open: false },
    ])
    expect(view.counts).toMatchObject({ due: 2, pending: 0, sent: 0, failed: 0 })

    // Pay due stores now: the store with a number is paid; the one without stays due; a vendor cannot ask.
    const vendor = { ...t.ctx, actor: { userId: 'v', role: 'vendor' as const } }
    expect(await actOnPayouts(vendor, form({ intent: 'pay-due' }), deps)).toEqual({
      kind: 'error',
      title: 'payouts.admin.refused.forbidden',
    })
    expect(await actOnPayouts(staff(), form({ intent: 'pay-due' }), deps)).toMatchObject({
      kind: 'success',
      values: { count: '1' },
    })
    const after = await page()
    expect(after.due.map((d) => d.vendorId)).toEqual([noNumber.id])
    expect(after.pending.map((p) => [p.vendorId, p.amount, p.netted])).toEqual([[paid.id, 18_000, 2000]])
    // A second click while it is on its way starts nothing.
    expect(await actOnPayouts(staff(), form({ intent: 'pay-due' }), deps)).toMatchObject({ values: { count: '0' } })

    await settle()
    const sent = await page()
    expect(sent.pending).toEqual([])
    expect(sent.sent).toHaveLength(1)
    expect(sent.sent[0]).toMatchObject({ vendorId: paid.id, storeName: 'due-with-number', status: 'succeeded' })
    expect(sent.sent[0]?.providerTransactionId).toBeTruthy()
    expect(sent.sent[0]?.completedAt).toBeInstanceOf(Date)
  })

  test('a failed payout shows why in plain words; Retry refuses until the number is fixed, then pays once', async () => {
    const v = await makeVendor(t.ctx, 'retry-store')
    await setTestPayoutMethod(t.ctx, v.id, { provider: 'momo', phone: MTN_FAILS })
    await seedAvailablePayable(t.ctx, v.id, 12_000)
    await actOnPayouts(staff(), form({ intent: 'pay-due' }), deps)
    await settle()
    const failedView = (await page()).failed.find((p) => p.vendorId === v.id)
    expect(failedView).toMatchObject({ failureMessage: 'payouts.reason.declined', retriedBy: null, amount: 12_000 })
    const failedId = failedView?.id as number

    // Refusals a person can cause: a vendor, a form that is not one, a payout that did not fail, no number.
    const vendor = { ...t.ctx, actor: { userId: 'v', role: 'vendor' as const } }
    expect((await actOnPayouts(vendor, form({ intent: 'retry', payoutId: String(failedId) }), deps)).title).toBe(
      'payouts.admin.refused.forbidden',
    )
    expect((await actOnPayouts(staff(), form({ intent: 'retry', payoutId: 'x' }), deps)).title).toBe(
      'payouts.admin.refused.form',
    )
    const sentId = (await page()).sent[0]?.id as number
    expect((await actOnPayouts(staff(), form({ intent: 'retry', payoutId: String(sentId) }), deps)).title).toBe(
      'payouts.admin.refused.not_failed',
    )
    await setTestPayoutMethod(t.ctx, v.id, null)
    expect((await actOnPayouts(staff(), form({ intent: 'retry', payoutId: String(failedId) }), deps)).title).toBe(
      'payouts.admin.refused.no_payout_method',
    )

    // The owner fixes the number; staff retry. A double click finds the retry on its way.
    await setTestPayoutMethod(t.ctx, v.id, { provider: 'momo', phone: MTN_PAYS })
    const retried = await actOnPayouts(staff(), form({ intent: 'retry', payoutId: String(failedId) }), deps)
    expect(retried).toMatchObject({ kind: 'success', values: { amount: formatRwf(12_000), phone: '+250 788 123 456' } })
    expect((await actOnPayouts(staff(), form({ intent: 'retry', payoutId: String(failedId) }), deps)).title).toBe(
      'payouts.admin.refused.open_payout',
    )
    const inTransit = await page()
    expect(inTransit.pending.find((p) => p.vendorId === v.id)).toMatchObject({
      retryOf: failedId,
      requestedBy: 'staff',
    })
    await settle()
    const done = await page()
    expect(done.failed.find((p) => p.id === failedId)?.retriedBy).toBeTypeOf('number')
    expect(done.sent.find((p) => p.vendorId === v.id)).toMatchObject({ amount: 12_000, retryOf: failedId })
    // Retried again from a stale page after it was paid: nothing left to pay, and it says so.
    expect(await actOnPayouts(staff(), form({ intent: 'retry', payoutId: String(failedId) }), deps)).toMatchObject({
      kind: 'error',
      title: 'payouts.admin.refused.below_minimum',
      values: { amount: formatRwf(0), minimum: formatRwf(5000) },
    })
    expect(await listVendorPayouts(t.ctx, v.id)).toHaveLength(2)

    const balances = await getAccountBalances(t.ctx)
    expect([...balances.values()].reduce((s, n) => s + n, 0)).toBe(0)
    expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
  })

  test('an unknown tab shows the due stores', () => {
    expect(payoutTabOf('failed')).toBe('failed')
    expect(payoutTabOf('everything')).toBe('due')
    expect(payoutTabOf(null)).toBe('due')
  })
})
