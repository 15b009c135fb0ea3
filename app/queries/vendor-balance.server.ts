import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import {
  accounts,
  getVendorBalances,
  type LedgerReason,
  listVendorLines,
  type VendorBalances,
} from '#app/modules/ledger/ledger.server.ts'
import { listVendorOrderNumbers } from '#app/modules/orders/orders.server.ts'
import { payoutFailureMessageId } from '#app/modules/payouts/failure.ts'
import {
  listVendorPayouts,
  type PayoutRequester,
  type PayoutStatus,
  payableNow,
} from '#app/modules/payouts/payouts.server.ts'
import { nextPayoutSlot } from '#app/modules/payouts/schedule.ts'
import { findPayoutTarget, type PayoutProvider } from '#app/modules/vendors/vendors.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'

// The vendor's balance page (issue 13): the balances and the lines of the vendor's own ledger accounts, each with
// its order's number from the orders module. Read only, across the vendors, ledger and orders modules
// (docs/decisions/0006-module-ownership.md).

export const BALANCE_PAGE_SIZE = 25

/** Which of the vendor's accounts a line is on. */
export type VendorAccountKind = 'payable' | 'cashHeld' | 'cashSalesOwed'

export type BalanceLine = {
  id: number
  postedAt: Date
  reason: LedgerReason
  account: VendorAccountKind
  /** The line's effect on the vendor: positive in its favour, negative against it (integer francs). */
  amount: number
  order: { number: string; vendorOrderId: number } | null
}

export type VendorPayoutsView = {
  method: { provider: PayoutProvider; phone: string } | null
  /** The next scheduled payout run (PAYOUT_SCHEDULE); null when payouts are made on request only. */
  nextRun: Date | null
  minimum: number
  /** What a payout made now would send (available less the cash-sales debt), integer francs. */
  payableNow: number
  /** A payout on its way: no other until it settles. */
  open: boolean
  list: {
    id: number
    createdAt: Date
    completedAt: Date | null
    amount: number
    netted: number
    provider: PayoutProvider
    phone: string
    reference: string
    status: PayoutStatus
    /** Why it failed, as a catalogue id in plain words (the provider's code never reaches the page). */
    failureMessage: string | null
    requestedBy: PayoutRequester
  }[]
}

export type VendorBalancePage = {
  payouts: VendorPayoutsView
  balances: VendorBalances
  holdDays: number
  lines: BalanceLine[]
  total: number
  page: number
  pageCount: number
}

/** The balance page of the store an account runs (never another store's), or null without a store. */
export async function findVendorBalancePage(
  ctx: ServiceContext,
  input: { ownerUserId: string; page: number },
): Promise<VendorBalancePage | null> {
  const store = await findVendorByOwner(ctx, input.ownerUserId)
  if (!store) return null
  const holdDays = getEnv().PAYABLE_HOLD_DAYS
  const balances = await getVendorBalances(ctx, store.id, { holdDays })
  const { items, total } = await listVendorLines(ctx, store.id, { page: input.page, perPage: BALANCE_PAGE_SIZE })
  const orderIds = items.flatMap((l) => (l.transaction.orderId === null ? [] : [l.transaction.orderId]))
  const numbers = await listVendorOrderNumbers(ctx, store.id, orderIds)
  const kindOf = (account: string): VendorAccountKind =>
    account === accounts.vendorPayable(store.id)
      ? 'payable'
      : account === accounts.vendorCashHeld(store.id)
        ? 'cashHeld'
        : 'cashSalesOwed'
  const env = getEnv()
  const target = await findPayoutTarget(ctx, { vendorId: store.id })
  const list = await listVendorPayouts(ctx, store.id, { limit: 20 })
  const now = new Date()
  return {
    payouts: {
      method: target?.payoutMethod
        ? { provider: target.payoutMethod.provider, phone: target.payoutMethod.phone }
        : null,
      nextRun: nextPayoutSlot(now, env.PAYOUT_SCHEDULE),
      minimum: env.PAYOUT_MINIMUM_RWF,
      payableNow: Math.max(0, payableNow(balances).amount),
      open: list.some((p) => p.status === 'pending'),
      list: list.map((p) => ({
        id: p.id,
        createdAt: p.createdAt,
        completedAt: p.completedAt,
        amount: p.amount,
        netted: p.netted,
        provider: p.provider,
        phone: p.phone,
        reference: p.reference,
        status: p.status,
        failureMessage: p.status === 'failed' ? payoutFailureMessageId(p.failureReason) : null,
        requestedBy: p.requestedBy,
      })),
    },
    balances,
    holdDays,
    lines: items.map((l) => ({
      id: l.id,
      postedAt: l.transaction.postedAt,
      reason: l.transaction.reason,
      account: kindOf(l.account),
      // Each of the vendor's accounts is, from Isoko's side, a debt to the vendor (a credit) or the vendor's to
      // Isoko (a debit): the vendor's position moves by the line's negative.
      amount: -l.amount,
      order: l.transaction.orderId === null ? null : (numbers.get(l.transaction.orderId) ?? null),
    })),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / BALANCE_PAGE_SIZE)),
  }
}
