import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectDatabase } from '#app/lib/db.server.ts'
import { formatRwf } from '#app/lib/money.ts'
import {
  accounts,
  getAccountBalances,
  getVendorBalances,
  listUnbalancedTransactions,
} from '#app/modules/ledger/ledger.server.ts'
import { createDisbursementProviders } from '#app/modules/payments/config.server.ts'
import { type SimulatorHarness, startSimulatorHarness } from '#app/modules/payments/simulator/harness.server.ts'
import { createManualClock, type ManualClock } from '#app/modules/payments/simulator/shared.server.ts'
import {
  findOpenPayout,
  findPayout,
  listPayoutEvents,
  listPayoutsByStatus,
  listVendorPayouts,
  type PayoutRow,
} from '#app/modules/payouts/payouts.server.ts'
import { nextPayoutSlot } from '#app/modules/payouts/schedule.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { seedAvailablePayable, seedCashSalesOwed, setTestPayoutMethod } from '#tests/factories/payouts.ts'
import { makeVendor, messagesTo } from '#tests/shop.ts'
import {
  handlePayoutCallback,
  type PayoutsDeps,
  payDueVendors,
  refreshPayout,
  retryFailedPayout,
  runPayoutSchedule,
  sweepPayouts,
} from './payouts.server.ts'

// Vendor payouts against the MoMo Disbursement and Airtel disbursement simulators on a real port, on a clock the
// test moves: test numbers that pay, fail, stay pending or lose their callback. Callbacks the simulators send land
// in the harness's recorder; a test hands them to handlePayoutCallback as the API route would. After each test the
// ledger sums to zero.

const APPROVAL_MS = 1000
const mtn = (suffix: string) => `+250788000${suffix}`
const airtel = (suffix: string) => `+250730000${suffix}`
const MTN_PAYS = '+250788123456'
const AIRTEL_PAYS = '+250731234567'

let t: TestDatabase
let h: SimulatorHarness
let clock: ManualClock
let deps: PayoutsDeps
let callbacksHandled = 0

beforeAll(async () => {
  t = await createTestDatabase()
  clock = createManualClock()
  h = await startSimulatorHarness({ SIMULATOR_APPROVAL_MS: String(APPROVAL_MS) }, { clock })
  // MoMo's callback URL is built from the app's configuration (loopback on PORT): point it at the harness.
  process.env.PORT = new URL(h.base).port
  deps = { providers: createDisbursementProviders(h.config), minimum: 5000, holdDays: 7 }
})
afterAll(async () => {
  await h?.close()
  await t?.close()
})

async function expectLedgerBalanced() {
  const balances = await getAccountBalances(t.ctx)
  expect([...balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
  expect(await listUnbalancedTransactions(t.ctx)).toEqual([])
  return balances
}

/** A store with a payout method and `available` francs payable now. */
async function store(slug: string, method: { provider: 'momo' | 'airtel'; phone: string } | null, available: number) {
  const v = await makeVendor(t.ctx, slug)
  await setTestPayoutMethod(t.ctx, v.id, method)
  if (available > 0) await seedAvailablePayable(t.ctx, v.id, available)
  return v
}

/** Hands every callback the simulators sent since the last call to the workflow, as the API routes do. */
async function deliverCallbacks() {
  const fresh = h.received.slice(callbacksHandled)
  callbacksHandled = h.received.length
  const outcomes = []
  for (const c of fresh) {
    const momo = /^\/api\/payments\/payouts\/momo\/(.+)$/.exec(c.path)
    if (momo) {
      outcomes.push(
        await handlePayoutCallback(t.ctx, 'momo', { reference: momo[1], headers: c.headers, body: c.body }, deps),
      )
    } else if (c.path === '/api/payments/payouts/airtel') {
      outcomes.push(await handlePayoutCallback(t.ctx, 'airtel', { headers: c.headers, body: c.body }, deps))
    }
  }
  return outcomes
}

async function onlyPayout(vendorId: number): Promise<PayoutRow> {
  const rows = await listVendorPayouts(t.ctx, vendorId)
  expect(rows).toHaveLength(1)
  return rows[0] as PayoutRow
}

describe('payouts', () => {
  test('a MoMo payout of the available balance is sent, confirmed by its callback, and the vendor is told', async () => {
    const v = await store('payout-momo', { provider: 'momo', phone: MTN_PAYS }, 20_000)
    await payDueVendors(t.ctx, deps)
    const made = await onlyPayout(v.id)
    expect(made).toMatchObject({ status: 'pending', amount: 20_000, provider: 'momo', requestedBy: 'schedule' })
    expect(made.reference).toMatch(/^[0-9a-f-]{36}$/)
    // In transit: out of the vendor's payable, not yet out of Isoko's cash.
    expect(await getVendorBalances(t.ctx, v.id)).toMatchObject({ available: 0 })
    let balances = await expectLedgerBalanced()
    expect(balances.get(accounts.payoutsInTransit)).toBeLessThanOrEqual(-20_000)

    await clock.advance(APPROVAL_MS)
    expect(await deliverCallbacks()).toContain('accepted')
    const paid = await findPayout(t.ctx, made.id)
    expect(paid).toMatchObject({ status: 'succeeded', failureReason: null })
    expect(paid?.providerTransactionId).toBeTruthy()
    balances = await expectLedgerBalanced()
    expect(balances.get(accounts.vendorPayable(v.id))).toBe(0)
    const mails = await messagesTo(t.ctx, v.email)
    expect(mails.map((m) => m.subject)).toContain(`Isoko paid you ${formatRwf(20_000)}`)
    const sms = await messagesTo(t.ctx, '+250788123456')
    expect(sms.some((m) => m.channel === 'sms' && m.body.includes(made.reference))).toBe(true)
  })

  test('a duplicate callback changes nothing: one posting, one message', async () => {
    const v = await store('payout-twice', { provider: 'momo', phone: mtn('007') }, 9000)
    await payDueVendors(t.ctx, deps)
    const made = await onlyPayout(v.id)
    await clock.advance(APPROVAL_MS)
    const outcomes = await deliverCallbacks()
    expect(outcomes.filter((o) => o === 'accepted').length).toBeGreaterThanOrEqual(2)
    expect((await findPayout(t.ctx, made.id))?.status).toBe('succeeded')
    const mails = (await messagesTo(t.ctx, v.email)).filter((m) => m.subject.startsWith('Isoko paid you'))
    expect(mails).toHaveLength(1)
    await expectLedgerBalanced()
  })

  test('a failed transfer returns the money to the balance and tells the vendor why in plain words', async () => {
    const v = await store('payout-fails', { provider: 'momo', phone: mtn('001') }, 12_000)
    await payDueVendors(t.ctx, deps)
    const made = await onlyPayout(v.id)
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    const failed = await findPayout(t.ctx, made.id)
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'PAYEE_NOT_ALLOWED_TO_RECEIVE' })
    expect(await getVendorBalances(t.ctx, v.id)).toMatchObject({ available: 12_000 })
    const mail = (await messagesTo(t.ctx, v.email)).find((m) => m.subject.includes('did not go through'))
    expect(mail?.body).toContain('could not receive it')
    expect(mail?.body).not.toMatch(/PAYEE|DP0|_/)
    await expectLedgerBalanced()

    // Staff retry, after the vendor fixed the number: a new payout of what is payable now.
    await setTestPayoutMethod(t.ctx, v.id, { provider: 'momo', phone: MTN_PAYS })
    const refused = await retryFailedPayout({ ...t.ctx, actor: { userId: 'v', role: 'vendor' } }, made.id, deps)
    expect(refused).toEqual({ ok: false, code: 'forbidden' })
    const retried = await retryFailedPayout({ ...t.ctx, actor: { userId: 'staff-1', role: 'admin' } }, made.id, deps)
    expect(retried.ok && retried.payout).toMatchObject({ amount: 12_000, retryOf: made.id, requestedBy: 'staff' })
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    expect(await getVendorBalances(t.ctx, v.id)).toMatchObject({ available: 0 })
    expect((await listPayoutsByStatus(t.ctx, 'failed')).map((p) => p.id)).toContain(made.id)
    await expectLedgerBalanced()
  })

  test('a transfer that never answers stays pending and is polled; a lost callback is recovered by the poller', async () => {
    const silent = await store('payout-silent', { provider: 'momo', phone: mtn('004') }, 7000)
    const lost = await store('payout-lost', { provider: 'momo', phone: mtn('005') }, 8000)
    await payDueVendors(t.ctx, deps)
    await clock.advance(APPROVAL_MS)
    expect(await deliverCallbacks()).toEqual([])
    const later = () => new Date(Date.now() + 60_000)
    await sweepPayouts(t.ctx, { ...deps, now: later })
    expect((await onlyPayout(silent.id)).status).toBe('pending')
    expect((await onlyPayout(lost.id)).status).toBe('succeeded')
    // Polled: the status call was made and noted.
    const events = await listPayoutEvents(t.ctx, (await onlyPayout(silent.id)).id)
    expect(events.map((e) => e.kind)).toContain('status')
    // Still pending: nothing is paid twice while it waits.
    expect(await payDueVendors(t.ctx, deps)).toEqual({ made: 0 })
    await expectLedgerBalanced()
  })

  test('an Airtel payout sends the encrypted PIN and settles by its callback', async () => {
    const v = await store('payout-airtel', { provider: 'airtel', phone: AIRTEL_PAYS }, 15_000)
    const fails = await store('payout-airtel-funds', { provider: 'airtel', phone: airtel('002') }, 6000)
    await payDueVendors(t.ctx, deps)
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    expect(await onlyPayout(v.id)).toMatchObject({ status: 'succeeded', amount: 15_000 })
    expect(await onlyPayout(fails.id)).toMatchObject({ status: 'failed', failureReason: 'DP00800001007' })
    await expectLedgerBalanced()
  })

  test('a wrong Airtel PIN fails the payout at once and the money goes back', async () => {
    const config = { ...h.config, airtel: { ...h.config.airtel, disbursementPin: '0000' } }
    const wrongPin = { ...deps, providers: createDisbursementProviders(config) }
    const v = await store('payout-airtel-pin', { provider: 'airtel', phone: AIRTEL_PAYS }, 10_000)
    await payDueVendors(t.ctx, wrongPin)
    expect(await onlyPayout(v.id)).toMatchObject({ status: 'failed', failureReason: 'DP00800001002' })
    expect(await getVendorBalances(t.ctx, v.id)).toMatchObject({ available: 10_000 })
    await setTestPayoutMethod(t.ctx, v.id, null)
    await expectLedgerBalanced()
  })

  test('sending the same transfer again is idempotent (409 / duplicate id): one transfer, still pending', async () => {
    const providers = createDisbursementProviders(h.config)
    const reference = crypto.randomUUID()
    const input = { reference, amount: 5000, phone: mtn('004'), note: 'Isoko payout test' }
    expect((await providers.momo.transfer(input)).state).toBe('pending')
    expect((await providers.momo.transfer(input)).state).toBe('pending')
    expect((await providers.momo.transferStatus(reference)).state).toBe('pending')
    const airtelInput = { ...input, phone: airtel('004') }
    expect((await providers.airtel.transfer(airtelInput)).state).toBe('pending')
    expect((await providers.airtel.transfer(airtelInput)).state).toBe('pending')
    expect((await providers.momo.transferStatus(crypto.randomUUID())).state).toBe('unknown')
  })

  test('refused: no payout method, below the minimum, an open payout; nothing posted', async () => {
    const none = await store('payout-none', null, 50_000)
    const small = await store('payout-small', { provider: 'momo', phone: MTN_PAYS }, 4999)
    await payDueVendors(t.ctx, deps)
    expect(await listVendorPayouts(t.ctx, none.id)).toEqual([])
    expect(await listVendorPayouts(t.ctx, small.id)).toEqual([])
    const balances = await getAccountBalances(t.ctx)
    expect(balances.get(accounts.vendorPayable(none.id))).toBe(-50_000)
    expect(balances.get(accounts.vendorPayable(small.id))).toBe(-4999)
    await setTestPayoutMethod(t.ctx, small.id, null)
  })

  test('what is owed on cash sales is netted: the payout is the difference and the debt is cleared', async () => {
    const v = await store('payout-netting', { provider: 'momo', phone: MTN_PAYS }, 20_000)
    await seedCashSalesOwed(t.ctx, v.id, 1500)
    await payDueVendors(t.ctx, deps)
    const made = await onlyPayout(v.id)
    expect(made).toMatchObject({ amount: 18_500, netted: 1500 })
    const balances = await expectLedgerBalanced()
    expect(balances.get(accounts.cashSalesOwed(v.id))).toBe(0)
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    expect(await getVendorBalances(t.ctx, v.id)).toEqual({ available: 0, onHold: 0, owedOnCashSales: 0 })
    await expectLedgerBalanced()
  })

  test('a scheduled slot runs once, whichever server asks; a manual schedule runs none', async () => {
    const v = await store('payout-schedule', { provider: 'momo', phone: MTN_PAYS }, 6000)
    const monday = () => new Date('2030-01-07T06:00:30Z')
    expect(await runPayoutSchedule(t.ctx, { ...deps, now: monday, schedule: 'manual' })).toBeNull()
    expect(await findOpenPayout(t.ctx, v.id)).toBeNull()
    expect(nextPayoutSlot(monday(), 'manual')).toBeNull()
    expect(nextPayoutSlot(monday(), 'weekly')?.toISOString()).toBe('2030-01-14T06:00:00.000Z')
    const first = await runPayoutSchedule(t.ctx, { ...deps, now: monday, schedule: 'weekly' })
    expect(first?.slot.toISOString()).toBe('2030-01-07T06:00:00.000Z')
    expect(first?.made).toBeGreaterThanOrEqual(1)
    expect(await runPayoutSchedule(t.ctx, { ...deps, now: monday, schedule: 'weekly' })).toBeNull()
    expect(await onlyPayout(v.id)).toMatchObject({ requestedBy: 'schedule', amount: 6000 })
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    await expectLedgerBalanced()
  })

  test('concurrent sweepers on separate connections pay every vendor exactly once', async () => {
    const ids: number[] = []
    for (let i = 0; i < 12; i++) {
      ids.push((await store(`payout-race-${i}`, { provider: 'momo', phone: MTN_PAYS }, 10_000 + i)).id)
    }
    // On PostgreSQL each sweep gets its own pool (its own connections); on PGlite they share the one engine.
    const extra = process.env.TEST_DATABASE_URL ? [0, 1, 2].map(() => connectDatabase({ url: t.url as string })) : []
    try {
      const contexts = extra.length ? extra.map((c) => ({ db: c.db })) : [t.ctx, t.ctx, t.ctx]
      const runs = await Promise.all(contexts.map((ctx) => payDueVendors(ctx, deps)))
      expect(runs.reduce((s, r) => s + r.made, 0)).toBeGreaterThanOrEqual(ids.length)
    } finally {
      await Promise.all(extra.map((c) => c.close()))
    }
    for (const [i, id] of ids.entries()) {
      const rows = await listVendorPayouts(t.ctx, id)
      expect(rows).toHaveLength(1)
      expect(rows[0]?.amount).toBe(10_000 + i)
    }
    await clock.advance(APPROVAL_MS)
    await deliverCallbacks()
    for (const id of ids) {
      expect(await findOpenPayout(t.ctx, id)).toBeNull()
      expect(await getVendorBalances(t.ctx, id)).toMatchObject({ available: 0 })
    }
    await expectLedgerBalanced()
  })

  test('refreshPayout of a settled payout asks nothing', async () => {
    const [paid] = await listPayoutsByStatus(t.ctx, 'succeeded', { limit: 1 })
    if (!paid) throw new Error('no paid payout')
    const events = (await listPayoutEvents(t.ctx, paid.id)).length
    await refreshPayout(t.ctx, paid.id, deps)
    expect((await listPayoutEvents(t.ctx, paid.id)).length).toBe(events)
  })
})
