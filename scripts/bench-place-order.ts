/**
 * How long placing an order takes: `npm run bench:orders` (or `npx tsx scripts/bench-place-order.ts`).
 *
 * Seeds one vendor with products, N customers each with an address and a cart of two lines (two variants), then
 * times `placeOrder` for each customer, one after the other, and prints p50, p95 and max in milliseconds.
 * Uses PostgreSQL when DATABASE_URL is set (the database is migrated; give it an empty one: the script adds rows),
 * otherwise an in-memory PGlite. Options: --orders N (default 300), --warmup N (default 10, not counted).
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { appModules } from './app-modules.ts'

const { vite, load } = await appModules()
const { connectDatabase } = await load<typeof import('#app/lib/db.server.ts')>('/app/lib/db.server.ts')
const { placeOrder } = await load<typeof import('#app/workflows/checkout.server.ts')>(
  '/app/workflows/checkout.server.ts',
)
const { fillCart, makeCustomer, makeProduct, makeVendor, reviewCart } =
  await load<typeof import('#tests/shop.ts')>('/tests/shop.ts')

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '300' }, warmup: { type: 'string', default: '10' } },
})
const orders = Number(values.orders)
const warmup = Number(values.warmup)
if (!Number.isInteger(orders) || orders < 1 || !Number.isInteger(warmup) || warmup < 0) {
  throw new Error('--orders must be a positive integer and --warmup a non-negative one')
}

const url = process.env.DATABASE_URL || undefined
const connection = url ? connectDatabase({ url }) : connectDatabase({ dataDir: 'memory://' })
const ctx = { db: connection.db }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

try {
  await connection.migrate()
  const total = orders + warmup
  const seedStarted = performance.now()
  const vendor = await makeVendor(ctx, `bench-store-${Date.now()}`)
  // Enough stock that no order runs out: every customer buys one unit of two variants.
  const products = []
  for (let i = 0; i < 10; i++) {
    products.push(await makeProduct(ctx, vendor.id, { price: 5_000 + 500 * i, stocks: [total, total, total] }))
  }
  const variants = products.flatMap((p) => p.variantIds)
  const customers = []
  for (let i = 0; i < total; i++) {
    const c = await makeCustomer(ctx)
    await fillCart(ctx, c.ownerKey, [
      { variantId: variants[i % variants.length], quantity: 1 },
      { variantId: variants[(i * 7 + 3) % variants.length], quantity: 1 },
    ])
    customers.push(c)
  }
  const seedMs = performance.now() - seedStarted

  const timings: number[] = []
  const byMethod: Record<'momo' | 'cod', number[]> = { momo: [], cod: [] }
  const runStarted = performance.now()
  for (const [i, c] of customers.entries()) {
    const seen = await reviewCart(ctx, c.ownerKey)
    const method = i % 2 === 0 ? 'momo' : 'cod'
    const started = performance.now()
    const outcome = await placeOrder(ctx, {
      customerId: c.id,
      ownerKey: c.ownerKey,
      checkoutKey: crypto.randomUUID(),
      addressId: c.addressId,
      delivery: 'standard',
      method,
      seen,
    })
    const ms = performance.now() - started
    if (!outcome.ok) throw new Error(`Order ${i} was not placed: ${JSON.stringify(outcome)}`)
    if (i >= warmup) {
      timings.push(ms)
      byMethod[method].push(ms)
    }
  }
  const runMs = performance.now() - runStarted

  const sorted = [...timings].sort((a, b) => a - b)
  const mean = timings.reduce((s, x) => s + x, 0) / timings.length
  const fmt = (ms: number) => ms.toFixed(1)
  console.log(`engine      ${connection.engine}${url ? ` (${new URL(url).host})` : ' (in memory)'}`)
  console.log(`orders      ${orders} timed, one after the other (${warmup} warm-up not counted); half MoMo, half COD`)
  console.log(`each order  2 lines, 1 vendor; seed took ${(seedMs / 1000).toFixed(1)} s`)
  console.log(`p50         ${fmt(percentile(sorted, 50))} ms`)
  console.log(`p95         ${fmt(percentile(sorted, 95))} ms`)
  console.log(`max         ${fmt(sorted[sorted.length - 1])} ms`)
  console.log(`mean        ${fmt(mean)} ms`)
  const p50Of = (xs: number[]) =>
    fmt(
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      ),
    )
  const half = Math.floor(timings.length / 2)
  console.log(`p50 by kind MoMo ${p50Of(byMethod.momo)} ms, COD ${p50Of(byMethod.cod)} ms`)
  console.log(`p50 halves  first ${p50Of(timings.slice(0, half))} ms, second ${p50Of(timings.slice(half))} ms`)
  console.log(`throughput  ${((total / runMs) * 1000).toFixed(0)} orders/s (sequential, review read included)`)
} finally {
  await connection.close()
  await vite.close()
}
