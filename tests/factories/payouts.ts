import { eq } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { accounts } from '#app/modules/ledger/ledger.server.ts'
import { ledgerLines, ledgerTransactions } from '#app/modules/ledger/tables.server.ts'
import { vendors } from '#app/modules/vendors/tables.server.ts'

// Balances and payout methods for payout tests and the payout benchmark, written straight into the tables (tests
// and their factories may arrange any table): a sale's payable already released from its hold, a debt from cash
// sales. Each is a balanced posting, so the ledger still sums to zero.

let seq = 0

/** The vendor is owed `amount` francs, available now (a payable line of no vendor order, like a released sale). */
export async function seedAvailablePayable(ctx: ServiceContext, vendorId: number, amount: number): Promise<void> {
  const [tx] = await ctx.db
    .insert(ledgerTransactions)
    .values({ reason: 'payment_received', sourceKey: `test-sale:${vendorId}:${++seq}:${Date.now()}` })
    .returning({ id: ledgerTransactions.id })
  if (!tx) throw new Error('no transaction')
  await ctx.db.insert(ledgerLines).values([
    { transactionId: tx.id, account: accounts.platformCash, amount },
    { transactionId: tx.id, account: accounts.vendorPayable(vendorId), vendorId, amount: -amount },
  ])
}

/** The vendor owes `amount` francs of commission from cash-on-delivery sales. */
export async function seedCashSalesOwed(ctx: ServiceContext, vendorId: number, amount: number): Promise<void> {
  const [tx] = await ctx.db
    .insert(ledgerTransactions)
    .values({ reason: 'cod_commission_owed', sourceKey: `test-cash:${vendorId}:${++seq}:${Date.now()}` })
    .returning({ id: ledgerTransactions.id })
  if (!tx) throw new Error('no transaction')
  await ctx.db.insert(ledgerLines).values([
    { transactionId: tx.id, account: accounts.cashSalesOwed(vendorId), vendorId, amount },
    { transactionId: tx.id, account: accounts.commissionRevenue, vendorId, amount: -amount },
  ])
}

/** Sets a store's payout method without its owner (the settings form is tested on its own). */
export async function setTestPayoutMethod(
  ctx: ServiceContext,
  vendorId: number,
  method: { provider: 'momo' | 'airtel'; phone: string } | null,
): Promise<void> {
  await ctx.db
    .update(vendors)
    .set({
      payoutProvider: method?.provider ?? null,
      payoutPhone: method?.phone ?? null,
      payoutMethodSetAt: method ? new Date() : null,
    })
    .where(eq(vendors.id, vendorId))
}
