/**
 * A payout run for many vendors: `npm run bench:payouts` (or `npx tsx scripts/bench-payouts.ts`).
 *
 * Creates a fresh PostgreSQL database (on the server of DATABASE_URL, default the local `postgres` database; it is
 * dropped at the end), migrates it, seeds N vendors (default 1,000), each with a payout number (MTN MoMo and Airtel
 * Money in turn) and an available balance, starts the payment simulators on loopback, then times:
 * 1. the sweep (`payDueVendors`, run by --sweepers concurrent sweepers on separate connections): each payout made
 *    under the vendor's row lock and its transfer sent to the simulator;
 * 2. the poller (`sweepPayouts`) until every payout is confirmed (the simulators' callbacks go nowhere here, so
 *    polling does all the work, as after lost callbacks).
 * Then asserts that every vendor has exactly one payout, succeeded, that every vendor's payable is zero, and that
 * the ledger sums to zero. Options: --vendors N (default 1000), --sweepers N (default 2).
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { appModules } from './app-modules.ts'

const { vite, load } = await appModules()

const { values } = parseArgs({
  options: { vendors: { type: 'string', default: '1000' }, sweepers: { type: 'string', default: '2' } },
})
const vendorCount = Number(values.vendors)
const sweepers = Number(values.sweepers)
if (!Number.isInteger(vendorCount) || vendorCount < 1 || !Number.isInteger(sweepers) || sweepers < 1) {
  throw new Error('--vendors and --sweepers must be positive integers')
}

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const name = `isoko_bench_payouts_${randomUUID().replaceAll('-', '').slice(0, 12)}`
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
await admin(`create database ${name}`)
const dbUrl = new URL(adminUrl)
dbUrl.pathname = `/${name}`

const { startSimulatorHarness } = await load<typeof import('#app/modules/payments/simulator/harness.server.ts')>(
  '/app/modules/payments/simulator/harness.server.ts',
)
// The MoMo callback URLs are built from PORT: the harness's recorder (the callbacks are recorded, not handled).
const harness = await startSimulatorHarness({ SIMULATOR_APPROVAL_MS: '20' }, { maxRecords: vendorCount * 2 + 100 })
process.env.PORT = new URL(harness.base).port

const { connectDatabase } = await load<typeof import('#app/lib/db.server.ts')>('/app/lib/db.server.ts')
const { createDisbursementProviders } = await load<typeof import('#app/modules/payments/config.server.ts')>(
  '/app/modules/payments/config.server.ts',
)
const ledger = await load<typeof import('#app/modules/ledger/ledger.server.ts')>('/app/modules/ledger/ledger.server.ts')
const payoutsModule = await load<typeof import('#app/modules/payouts/payouts.server.ts')>(
  '/app/modules/payouts/payouts.server.ts',
)
const { payDueVendors, sweepPayouts } = await load<typeof import('#app/workflows/payouts.server.ts')>(
  '/app/workflows/payouts.server.ts',
)
const { makeVendor } = await load<typeof import('#tests/shop.ts')>('/tests/shop.ts')
const { seedAvailablePayable, setTestPayoutMethod } =
  await load<typeof import('#tests/factories/payouts.ts')>('/tests/factories/payouts.ts')

const connection = connectDatabase({ url: dbUrl.toString() })
const ctx = { db: connection.db }
const extra = Array.from({ length: sweepers - 1 }, () => connectDatabase({ url: dbUrl.toString() }))
const deps = { providers: createDisbursementProviders(harness.config), minimum: 5000, holdDays: 7 }

let failed = false
try {
  await connection.migrate()
  const seedStarted = performance.now()
  const ids: number[] = []
  for (let i = 0; i < vendorCount; i++) {
    const v = await makeVendor(ctx, `bench-payout-${i}`)
    await setTestPayoutMethod(
      ctx,
      v.id,
      i % 2 === 0 ? { provider: 'momo', phone: '+250788123456' } : { provider: 'airtel', phone: '+250731234567' },
    )
    await seedAvailablePayable(ctx, v.id, 5000 + (i % 50) * 1000)
    ids.push(v.id)
  }
  const seedMs = performance.now() - seedStarted

  const sweepStarted = performance.now()
  const contexts = [ctx, ...extra.map((c) => ({ db: c.db }))]
  const runs = await Promise.all(contexts.map((c) => payDueVendors(c, deps)))
  const sweepMs = performance.now() - sweepStarted
  const made = runs.reduce((s, r) => s + r.made, 0)

  const pollStarted = performance.now()
  let rounds = 0
  for (;;) {
    const pending = await payoutsModule.listPayoutsByStatus(ctx, 'pending', { limit: 1 })
    if (pending.length === 0) break
    if (++rounds > 500) throw new Error('payouts still pending after 500 poller rounds')
    await sweepPayouts(ctx, { ...deps, pollAfterMs: 0, limit: 1000, now: () => new Date() })
  }
  const pollMs = performance.now() - pollStarted

  // Checks: one payout per vendor, all paid; every payable zero; the ledger sums to zero.
  const balances = await ledger.getAccountBalances(ctx)
  const problems: string[] = []
  if (made !== vendorCount) problems.push(`${made} payouts made for ${vendorCount} vendors`)
  for (const id of ids) {
    const rows = await payoutsModule.listVendorPayouts(ctx, id)
    if (rows.length !== 1 || rows[0]?.status !== 'succeeded') problems.push(`vendor ${id}: ${rows.length} payouts`)
    const payable = balances.get(ledger.accounts.vendorPayable(id)) ?? 0
    if (payable !== 0) problems.push(`vendor ${id}: payable ${payable}`)
  }
  const sum = [...balances.values()].reduce((s, v) => s + v, 0)
  if (sum !== 0) problems.push(`the ledger sums to ${sum}`)
  if ((await ledger.listUnbalancedTransactions(ctx)).length > 0) problems.push('unbalanced transactions')
  if ((balances.get(ledger.accounts.payoutsInTransit) ?? 0) !== 0) problems.push('money left in transit')

  const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  console.log(`vendors: ${vendorCount} (half MTN MoMo, half Airtel Money), sweepers: ${sweepers}`)
  console.log(`seed: ${fmt(seedMs)}`)
  console.log(
    `sweep (payouts made and sent): ${fmt(sweepMs)}, ${(vendorCount / (sweepMs / 1000)).toFixed(0)} payouts/s`,
  )
  console.log(`poller until all confirmed: ${fmt(pollMs)} (${rounds} rounds)`)
  console.log(`total payout run: ${fmt(sweepMs + pollMs)}`)
  if (problems.length > 0) {
    failed = true
    console.error(`FAILED:\n  ${problems.slice(0, 20).join('\n  ')}`)
  } else {
    console.log('every vendor paid once; every payable is zero; the ledger sums to zero')
  }
} finally {
  await Promise.all(extra.map((c) => c.close()))
  await connection.close()
  await harness.close()
  await vite.close()
  await admin(`drop database if exists ${name} with (force)`)
}
process.exit(failed ? 1 : 0)
