import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { listAllVendorBalances } from '#app/modules/ledger/reports.server.ts'
import { payoutFailureMessageId } from '#app/modules/payouts/failure.ts'
import {
  listPayoutsByStatus,
  type PayoutRequester,
  type PayoutRow,
  type PayoutStatus,
  payableNow,
} from '#app/modules/payouts/payouts.server.ts'
import { listPayoutMethods, type PayoutProvider } from '#app/modules/vendors/vendors.server.ts'
import { listStoreNames } from '#app/modules/vendors/vendors-admin.server.ts'
import { type PayoutTab, payoutTabOf } from './staff-payouts.ts'

// The staff payouts screen (issue 13): stores due a payout, and payouts pending, sent and failed. Read only, across
// the ledger, payouts and vendors modules (docs/decisions/0006-module-ownership.md).

/** How many payouts of each status the screen lists (newest first). */
export const STAFF_PAYOUTS_LIMIT = 100

export type DueStore = {
  vendorId: number
  name: string
  /** What a payout made now would send (available less the cash-sales debt), integer francs. */
  payableNow: number
  /** Of the cash-sales debt, what that payout would settle. */
  netted: number
  method: { provider: PayoutProvider; phone: string } | null
  /** A payout of this store is on its way: the next waits for it. */
  open: boolean
}

export type StaffPayout = {
  id: number
  vendorId: number
  storeName: string
  amount: number
  netted: number
  provider: PayoutProvider
  phone: string
  reference: string
  status: PayoutStatus
  providerTransactionId: string | null
  requestedBy: PayoutRequester
  retryOf: number | null
  createdAt: Date
  completedAt: Date | null
  /** A failed payout's reason as a catalogue id in plain words (never the provider's code). */
  failureMessage: string | null
  /** A failed payout already retried: the id of the payout that retried it. */
  retriedBy: number | null
}

export type StaffPayoutsPage = {
  tab: PayoutTab
  minimum: number
  counts: Record<PayoutTab, number>
  due: DueStore[]
  pending: StaffPayout[]
  sent: StaffPayout[]
  failed: StaffPayout[]
}

/** Every list of the screen (the tabs show their counts), the one asked for shown. */
export async function getStaffPayoutsPage(
  ctx: ServiceContext,
  input: { tab?: string | null; now?: Date; minimum?: number; holdDays?: number } = {},
): Promise<StaffPayoutsPage> {
  const env = getEnv()
  const minimum = input.minimum ?? env.PAYOUT_MINIMUM_RWF
  const [stores, balances, pending, succeeded, failed] = await Promise.all([
    listStoreNames(ctx),
    listAllVendorBalances(ctx, { now: input.now, holdDays: input.holdDays ?? env.PAYABLE_HOLD_DAYS }),
    listPayoutsByStatus(ctx, 'pending', { limit: STAFF_PAYOUTS_LIMIT }),
    listPayoutsByStatus(ctx, 'succeeded', { limit: STAFF_PAYOUTS_LIMIT }),
    listPayoutsByStatus(ctx, 'failed', { limit: STAFF_PAYOUTS_LIMIT }),
  ])
  const names = new Map(stores.map((s) => [s.id, s.name]))
  const openVendors = new Set(pending.map((p) => p.vendorId))

  const dueIds: { vendorId: number; amount: number; netted: number }[] = []
  for (const [vendorId, b] of balances) {
    const { amount, netted } = payableNow(b)
    if (amount >= minimum && amount > 0) dueIds.push({ vendorId, amount, netted })
  }
  const methods = await listPayoutMethods(
    ctx,
    dueIds.map((d) => d.vendorId),
  )
  const due: DueStore[] = dueIds
    .map((d) => ({
      vendorId: d.vendorId,
      name: names.get(d.vendorId) ?? `#${d.vendorId}`,
      payableNow: d.amount,
      netted: d.netted,
      method: methods.get(d.vendorId) ?? null,
      open: openVendors.has(d.vendorId),
    }))
    // Largest first: the stores waiting for the most money.
    .sort((a, b) => b.payableNow - a.payableNow || a.name.localeCompare(b.name))

  // A failed payout retried by a later one (pending, sent or failed again) is not offered for retry again.
  const retriedBy = new Map<number, number>()
  for (const p of [...pending, ...succeeded, ...failed]) {
    if (p.retryOf !== null && !retriedBy.has(p.retryOf)) retriedBy.set(p.retryOf, p.id)
  }
  const view = (p: PayoutRow): StaffPayout => ({
    id: p.id,
    vendorId: p.vendorId,
    storeName: names.get(p.vendorId) ?? p.accountName,
    amount: p.amount,
    netted: p.netted,
    provider: p.provider,
    phone: p.phone,
    reference: p.reference,
    status: p.status,
    providerTransactionId: p.providerTransactionId,
    requestedBy: p.requestedBy,
    retryOf: p.retryOf,
    createdAt: p.createdAt,
    completedAt: p.completedAt,
    failureMessage: p.status === 'failed' ? payoutFailureMessageId(p.failureReason) : null,
    retriedBy: retriedBy.get(p.id) ?? null,
  })
  return {
    tab: payoutTabOf(input.tab),
    minimum,
    counts: { due: due.length, pending: pending.length, sent: succeeded.length, failed: failed.length },
    due,
    pending: pending.map(view),
    sent: succeeded.map(view),
    failed: failed.map(view),
  }
}
