import type { ServiceContext } from '#app/lib/context.server.ts'
import type { AccountsContext } from '#app/modules/accounts/accounts.server.ts'
import { getVendorBalances } from '#app/modules/ledger/ledger.server.ts'
import { findVendorOrdersForClosing } from '#app/modules/orders/orders.server.ts'
import { findOpenPayout } from '#app/modules/payouts/payouts.server.ts'
import { countOpenVendorCases } from '#app/modules/returns/returns.server.ts'
import { closeStoreForGood, findStoreContact } from '#app/modules/vendors/own-store.server.ts'
import { type Caller, deleteCustomerAccount, type FormRefusal } from './accounts.server.ts'

// A vendor closes their account for good (issue 17). Refused while the store still has business in progress: an
// order not delivered or cancelled, a return or dispute open, money Isoko still owes it (available, on hold or on
// its way) or that it owes Isoko. Otherwise the account goes as a customer's does (deleteCustomerAccount: the
// password and the tick confirm it, better-auth deletes the user and its sessions, the profile and cart go), and
// the store is closed, marked never to reopen, its products unlisted and its owner's details cleared.

export type ClosingBlocker = 'orders' | 'cases' | 'balance'

/** What stops the store `ownerUserId` runs from closing now, each with its count (none: it may close). */
export async function findClosingBlockers(
  ctx: ServiceContext,
  ownerUserId: string,
): Promise<{ vendorId: number; blockers: { reason: ClosingBlocker; count: number }[] } | null> {
  const store = await findStoreContact(ctx, { ownerUserId })
  if (!store) return null
  const [orders, balances, payout] = await Promise.all([
    findVendorOrdersForClosing(ctx, store.id),
    getVendorBalances(ctx, store.id),
    findOpenPayout(ctx, store.id),
  ])
  const cases = await countOpenVendorCases(ctx, { vendorId: store.id, vendorOrderIds: orders.vendorOrderIds })
  const blockers: { reason: ClosingBlocker; count: number }[] = []
  if (orders.open > 0) blockers.push({ reason: 'orders', count: orders.open })
  if (cases > 0) blockers.push({ reason: 'cases', count: cases })
  const unsettled = balances.available !== 0 || balances.onHold !== 0 || balances.owedOnCashSales !== 0
  if (unsettled || payout) blockers.push({ reason: 'balance', count: 1 })
  return { vendorId: store.id, blockers }
}

/** Closes the account and the store, or says why not (next to the password, or for the whole form). */
export async function closeVendorAccount(
  ctx: AccountsContext,
  caller: Caller,
  actor: { userId: string },
  form: FormData,
): Promise<{ ok: true; cookies: string[] } | FormRefusal | { ok: false; code: 'no-store' }> {
  const found = await findClosingBlockers(ctx, actor.userId)
  if (!found) return { ok: false, code: 'no-store' }
  const first = found.blockers[0]
  if (first) {
    return {
      ok: false,
      errors: { form: `vendorSettings.closeAccount.blocked.${first.reason}` },
      values: {},
      messageValues: { count: first.count },
    }
  }
  const deleted = await deleteCustomerAccount(ctx, caller, actor, form)
  if (!deleted.ok) return deleted
  await closeStoreForGood(ctx, { vendorId: found.vendorId })
  return deleted
}
