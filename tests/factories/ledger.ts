import type { ServiceContext } from '#app/lib/context.server.ts'
import { fixCommission } from '#app/modules/ledger/ledger.server.ts'

// Orders for the ledger's own tests: orders, vendors and payments are only ids to the ledger (it keeps no foreign
// key to them), so an "order" is its ids and the commission checkout fixes on it.

export type LedgerSale = { vendorId: number; amount: number; categoryId?: number | null }

/** One order with one vendor order per sale (ids from `nextId`), its commission fixed at `placedAt`. */
export async function orderWithCommission(
  ctx: ServiceContext,
  nextId: () => number,
  sales: LedgerSale[],
  placedAt: Date,
) {
  const orderId = nextId()
  const vendorOrders = sales.map((s) => ({ id: nextId(), vendorId: s.vendorId, subtotal: s.amount }))
  await fixCommission(ctx, {
    orderId,
    placedAt,
    vendorOrders: vendorOrders.map((vo, i) => ({
      vendorOrderId: vo.id,
      vendorId: vo.vendorId,
      lines: [{ categoryId: sales[i]?.categoryId ?? null, amount: vo.subtotal }],
    })),
  })
  return { orderId, vendorOrders }
}
