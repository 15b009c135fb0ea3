import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { formatPhone } from '#app/lib/phone.ts'
import type { AccountRole } from '#app/modules/accounts/roles.ts'
import {
  getVendorBalances,
  listVendorIdsWithPayable,
  postPayoutFailed,
  postPayoutSent,
  postPayoutStarted,
} from '#app/modules/ledger/ledger.server.ts'
import { enqueueMessage } from '#app/modules/outbox/outbox.server.ts'
import { getDisbursementProviders, payoutCallbackUrls } from '#app/modules/payments/config.server.ts'
import {
  type DisbursementProvider,
  type IncomingCallback,
  ProviderError,
  type TransferStatus,
} from '#app/modules/payments/provider.ts'
import { payoutFailureMessageId } from '#app/modules/payouts/failure.ts'
import {
  claimPayoutRun,
  claimPayoutsToPoll,
  createPayoutRecord,
  findOpenPayout,
  findPayout,
  findPayoutByReference,
  finishPayoutRun,
  type PayoutRequester,
  type PayoutRow,
  payableNow,
  recordPayoutEvent,
  releasePayoutClaim,
  settlePayout,
  updatePendingPayout,
} from '#app/modules/payouts/payouts.server.ts'
import { lastPayoutSlot, MANUAL_SCHEDULE } from '#app/modules/payouts/schedule.ts'
import {
  findPayoutTarget,
  listVendorIdsWithPayoutMethod,
  type PayoutProvider,
} from '#app/modules/vendors/vendors.server.ts'
import { voiceOf } from './recipients.server.ts'

// Vendor payouts (issue 13; docs/ledger.md, payouts). A payout is made in ONE transaction under the vendor's row
// lock (SELECT … FOR UPDATE): the open-payout check, the balance, the netting of cash-sales debt, the payout row and
// its `payout_started` posting commit together, so two sweeps or two servers never pay one balance twice (the
// second waits for the lock, then sees the open payout or a zero balance). The provider is called after the
// commit; its answer, a callback (verified, then re-checked with the status call) or the poller settles the payout
// once, posting `payout_sent` or `payout_failed` and telling the vendor through the outbox.

type Providers = Record<PayoutProvider, DisbursementProvider>

export type PayoutsDeps = {
  providers?: Providers
  now?: () => Date
  /** PAYOUT_MINIMUM_RWF unless given. */
  minimum?: number
  /** PAYABLE_HOLD_DAYS unless given. */
  holdDays?: number
  /** PAYOUT_SCHEDULE unless given. */
  schedule?: string
}

const providersOf = (deps: PayoutsDeps) => deps.providers ?? getDisbursementProviders()
const nowOf = (deps: PayoutsDeps) => (deps.now ? deps.now() : new Date())
const minimumOf = (deps: PayoutsDeps) => deps.minimum ?? getEnv().PAYOUT_MINIMUM_RWF

/** A pending payout whose transfer the provider never knew of is given up after this (nothing was sent). */
export const PAYOUT_START_GIVE_UP_MS = 30 * 60_000

export type CreatePayoutOutcome =
  | { ok: true; payout: PayoutRow }
  | { ok: false; code: 'no_store' | 'no_payout_method' | 'open_payout' | 'forbidden' | 'not_failed' }
  | { ok: false; code: 'below_minimum'; amount: number; minimum: number }

/** Makes a payout in one transaction under the vendor's row lock (see the top of this file). No provider call. */
async function createPayout(
  ctx: ServiceContext,
  input: { vendorId: number; requestedBy: PayoutRequester; requestedByUser: string | null; retryOf?: number },
  deps: PayoutsDeps,
): Promise<CreatePayoutOutcome> {
  const now = nowOf(deps)
  const minimum = minimumOf(deps)
  return ctx.db.transaction(async (tx): Promise<CreatePayoutOutcome> => {
    const t = { db: tx }
    const vendor = await findPayoutTarget(t, { vendorId: input.vendorId }, true)
    if (!vendor) return { ok: false, code: 'no_store' }
    if (!vendor.payoutMethod) return { ok: false, code: 'no_payout_method' }
    if (await findOpenPayout(t, vendor.id)) return { ok: false, code: 'open_payout' }
    const balances = await getVendorBalances(t, vendor.id, { now, holdDays: deps.holdDays })
    const { amount, netted } = payableNow(balances)
    if (amount < minimum) return { ok: false, code: 'below_minimum', amount: Math.max(0, amount), minimum }
    const payout = await createPayoutRecord(t, {
      vendorId: vendor.id,
      amount,
      netted,
      provider: vendor.payoutMethod.provider,
      phone: vendor.payoutMethod.phone,
      accountName: vendor.name,
      reference: crypto.randomUUID(),
      requestedBy: input.requestedBy,
      requestedByUser: input.requestedByUser,
      retryOf: input.retryOf ?? null,
      now,
    })
    if (!payout) return { ok: false, code: 'open_payout' }
    await postPayoutStarted(t, { payoutId: payout.id, vendorId: vendor.id, amount, netted })
    return { ok: true, payout }
  })
}

/** Asks the provider to send a pending payout (again, with the same reference: idempotent). */
async function sendPayout(ctx: ServiceContext, payout: PayoutRow, deps: PayoutsDeps): Promise<void> {
  const provider = providersOf(deps)[payout.provider]
  try {
    const answer = await provider.transfer({
      reference: payout.reference,
      amount: payout.amount,
      phone: payout.phone,
      note: `Isoko payout ${payout.id}`,
      callbackUrl: payout.provider === 'momo' ? payoutCallbackUrls.momo(payout.reference) : undefined,
    })
    await recordPayoutEvent(ctx, payout.id, 'request', { amount: payout.amount, answer: answer.raw ?? null })
    await updatePendingPayout(ctx, payout.id, { sentAt: nowOf(deps) })
    if (answer.state !== 'pending') {
      await applyPayoutOutcome(ctx, payout.id, { state: answer.state, reason: answer.reason }, deps)
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    // No answer, or one outside the contract: the transfer may or may not exist. It stays pending; the poller
    // asks its status and sends it again (same reference) if the provider never got it.
    await recordPayoutEvent(ctx, payout.id, 'error', { message: error.message, status: error.status, body: error.body })
  }
}

/**
 * Settles a payout once, in one transaction: `payout_sent`, or `payout_failed` (the amount back to the vendor's
 * balance), and the vendor told by e-mail and SMS.
 */
async function applyPayoutOutcome(
  ctx: ServiceContext,
  payoutId: number,
  status: { state: 'succeeded' | 'failed'; reason?: string; providerTransactionId?: string },
  deps: PayoutsDeps,
): Promise<boolean> {
  const now = nowOf(deps)
  return ctx.db.transaction(async (tx) => {
    const t = { db: tx }
    const payout = await findPayout(t, payoutId, true)
    if (!payout) return false
    const settled = await settlePayout(t, payout.id, {
      status: status.state,
      providerTransactionId: status.providerTransactionId,
      reason: status.reason,
      now,
    })
    if (!settled) return false
    const posting = { payoutId: payout.id, vendorId: payout.vendorId, amount: payout.amount }
    if (status.state === 'succeeded') await postPayoutSent(t, posting)
    else await postPayoutFailed(t, posting)
    await notifyVendorOfPayout(t, { ...payout, failureReason: status.reason ?? null }, status.state)
    return true
  })
}

/** Asks the provider how a pending payout stands and applies the answer; provider trouble leaves it pending. */
export async function refreshPayout(ctx: ServiceContext, payoutId: number, deps: PayoutsDeps = {}): Promise<void> {
  const payout = await findPayout(ctx, payoutId)
  if (payout?.status !== 'pending') return
  const now = nowOf(deps)
  let status: TransferStatus
  try {
    status = await providersOf(deps)[payout.provider].transferStatus(payout.reference)
  } catch (error) {
    await recordPayoutEvent(ctx, payout.id, 'error', {
      message: error instanceof Error ? error.message : String(error),
    })
    await updatePendingPayout(ctx, payout.id, { checkedAt: now })
    return
  }
  await recordPayoutEvent(ctx, payout.id, 'status', status.raw)
  if (status.state === 'unknown') {
    await updatePendingPayout(ctx, payout.id, { checkedAt: now })
    // The provider never got the transfer: nothing was sent. Send it again, or give up after a while (the amount
    // goes back to the balance and the vendor is told).
    if (now.getTime() - payout.createdAt.getTime() < PAYOUT_START_GIVE_UP_MS) await sendPayout(ctx, payout, deps)
    else await applyPayoutOutcome(ctx, payout.id, { state: 'failed', reason: 'NOT_STARTED' }, deps)
    return
  }
  await updatePendingPayout(ctx, payout.id, {
    checkedAt: now,
    ...(status.providerTransactionId ? { providerTransactionId: status.providerTransactionId } : {}),
  })
  if (status.state === 'pending') return
  await applyPayoutOutcome(
    ctx,
    payout.id,
    { state: status.state, reason: status.reason, providerTransactionId: status.providerTransactionId },
    deps,
  )
}

export type PayoutCallbackOutcome = 'accepted' | 'rejected' | 'unknown'

/** A provider's callback about a payout: verified, stored, then the status call decides (never the body). */
export async function handlePayoutCallback(
  ctx: ServiceContext,
  provider: PayoutProvider,
  callback: IncomingCallback,
  deps: PayoutsDeps = {},
): Promise<PayoutCallbackOutcome> {
  const verified = providersOf(deps)[provider].verifyCallback(callback)
  if (!verified) return 'rejected'
  const payout = await findPayoutByReference(ctx, verified.reference)
  if (!payout || payout.provider !== provider) return 'unknown'
  await recordPayoutEvent(ctx, payout.id, 'callback', verified.raw)
  await refreshPayout(ctx, payout.id, deps)
  return 'accepted'
}

/** Makes a payout and asks the provider to send it. */
async function makeAndSend(
  ctx: ServiceContext,
  input: Parameters<typeof createPayout>[1],
  deps: PayoutsDeps,
): Promise<CreatePayoutOutcome> {
  const made = await createPayout(ctx, input, deps)
  if (!made.ok) return made
  await sendPayout(ctx, made.payout, deps)
  return { ok: true, payout: (await findPayout(ctx, made.payout.id)) ?? made.payout }
}

/**
 * The vendor's "Request payout": the store the account runs (never one from the form), its whole available
 * balance less what it owes on cash sales, when that reaches the minimum. A double click finds the open payout.
 */
export async function requestVendorPayout(
  ctx: ServiceContext,
  input: { ownerUserId: string },
  deps: PayoutsDeps = {},
): Promise<CreatePayoutOutcome> {
  const store = await findPayoutTarget(ctx, { ownerUserId: input.ownerUserId })
  if (!store) return { ok: false, code: 'no_store' }
  return makeAndSend(ctx, { vendorId: store.id, requestedBy: 'vendor', requestedByUser: input.ownerUserId }, deps)
}

/**
 * Staff retry a failed payout: its money is back in the vendor's balance, so a new payout of what is payable now
 * is made (with a new reference), noting the one it retries. Admins only.
 */
export async function retryFailedPayout(
  ctx: ServiceContext & { actor: { userId: string; role: AccountRole } },
  payoutId: number,
  deps: PayoutsDeps = {},
): Promise<CreatePayoutOutcome> {
  if (ctx.actor.role !== 'admin') return { ok: false, code: 'forbidden' }
  const failed = await findPayout(ctx, payoutId)
  if (failed?.status !== 'failed') return { ok: false, code: 'not_failed' }
  return makeAndSend(
    ctx,
    { vendorId: failed.vendorId, requestedBy: 'staff', requestedByUser: ctx.actor.userId, retryOf: failed.id },
    deps,
  )
}

/**
 * Pays every vendor whose balance is due (a payout method, and at least the minimum payable). Safe to run on
 * several servers at once: each payout is made under the vendor's row lock. Returns how many payouts it made.
 */
export async function payDueVendors(ctx: ServiceContext, deps: PayoutsDeps = {}): Promise<{ made: number }> {
  const withMethod = new Set(await listVendorIdsWithPayoutMethod(ctx))
  const candidates = (await listVendorIdsWithPayable(ctx)).filter((id) => withMethod.has(id))
  // Each sweep starts at its own place in the list, so that sweeps running at once share the work instead of
  // queueing behind each other's locks on the same vendors (which one pays a vendor does not matter).
  const start = Math.floor(Math.random() * candidates.length)
  const ordered = [...candidates.slice(start), ...candidates.slice(0, start)]
  let made = 0
  for (const vendorId of ordered) {
    const outcome = await makeAndSend(ctx, { vendorId, requestedBy: 'schedule', requestedByUser: null }, deps)
    if (outcome.ok) made++
  }
  return { made }
}

/**
 * The schedule: when the latest slot (PAYOUT_SCHEDULE) has not been run by any server, this one takes it and pays
 * every vendor due. Returns null when there was nothing to run.
 */
export async function runPayoutSchedule(
  ctx: ServiceContext,
  deps: PayoutsDeps = {},
): Promise<{ slot: Date; made: number } | null> {
  const now = nowOf(deps)
  const schedule = deps.schedule ?? getEnv().PAYOUT_SCHEDULE
  if (schedule === MANUAL_SCHEDULE) return null
  const slot = lastPayoutSlot(now, schedule)
  if (!(await claimPayoutRun(ctx, slot, now))) return null
  const { made } = await payDueVendors(ctx, deps)
  await finishPayoutRun(ctx, slot, { now: nowOf(deps), made })
  return { slot, made }
}

/**
 * One round of the poller: pending payouts not heard of since `pollAfterMs` are claimed (FOR UPDATE SKIP LOCKED,
 * with a lease) and their status asked. Several servers share the work without asking twice in a round.
 */
export async function sweepPayouts(
  ctx: ServiceContext,
  deps: PayoutsDeps & { pollAfterMs?: number; limit?: number } = {},
): Promise<{ polled: number }> {
  const now = nowOf(deps)
  const checkedBefore = new Date(now.getTime() - (deps.pollAfterMs ?? 5000))
  const seen: number[] = []
  const limit = deps.limit ?? 50
  while (seen.length < limit) {
    const claimed = await claimPayoutsToPoll(ctx, {
      now,
      checkedBefore,
      exclude: seen,
      limit: Math.min(10, limit - seen.length),
    })
    if (claimed.length === 0) break
    try {
      for (const p of claimed) {
        seen.push(p.id)
        try {
          await refreshPayout(ctx, p.id, deps)
        } finally {
          await releasePayoutClaim(ctx, p)
        }
      }
    } finally {
      for (const p of claimed) if (!seen.includes(p.id)) await releasePayoutClaim(ctx, p)
    }
  }
  return { polled: seen.length }
}

/**
 * Runs the schedule and the poller every `everyMs` in this process. Returns a stop function that resolves once a
 * round under way has finished.
 */
export function startPayoutsWorker(
  getCtx: () => ServiceContext,
  options: {
    everyMs?: number
    onError?: (error: unknown) => void
    deps?: PayoutsDeps
    clock?: { setTimeout(run: () => unknown, ms: number): unknown; clearTimeout(handle: unknown): void }
  } = {},
): () => Promise<void> {
  const clock = options.clock ?? {
    setTimeout: (run: () => unknown, ms: number) => setTimeout(run, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
  }
  let stopped = false
  let timer: unknown
  let round: Promise<void> | undefined
  const tick = async () => {
    try {
      await runPayoutSchedule(getCtx(), options.deps)
      await sweepPayouts(getCtx(), options.deps)
    } catch (error) {
      options.onError?.(error)
    }
    if (!stopped) timer = clock.setTimeout(run, options.everyMs ?? 10_000)
  }
  const run = () => {
    round = tick()
    return round
  }
  timer = clock.setTimeout(run, options.everyMs ?? 10_000)
  return async () => {
    stopped = true
    if (timer !== undefined) clock.clearTimeout(timer)
    await round
  }
}

/** Tells the vendor a payout was sent or failed, by e-mail and SMS, in the transaction that settled it. */
async function notifyVendorOfPayout(
  ctx: ServiceContext,
  payout: PayoutRow,
  outcome: 'succeeded' | 'failed',
): Promise<void> {
  const vendor = await findPayoutTarget(ctx, { vendorId: payout.vendorId })
  if (!vendor) return
  const { i18n, money } = await voiceOf(ctx, vendor.ownerUserId)
  const values = {
    store: vendor.name,
    amount: money(payout.amount),
    phone: formatPhone(payout.phone),
    network: i18n._(`payouts.provider.${payout.provider}`),
    reference: payout.reference,
    why: outcome === 'failed' ? i18n._(payoutFailureMessageId(payout.failureReason)) : '',
    link: `${getEnv().PUBLIC_URL}/vendor-dashboard/balance`,
  }
  const notice = outcome === 'succeeded' ? 'sent' : 'failed'
  await enqueueMessage(ctx, {
    channel: 'email',
    recipient: vendor.email,
    subject: i18n._(`payouts.email.${notice}.subject`, values),
    body: i18n._(`payouts.email.${notice}.body`, values),
  })
  await enqueueMessage(ctx, {
    channel: 'sms',
    recipient: vendor.phone,
    subject: i18n._('payouts.sms.subject', values),
    body: i18n._(`payouts.sms.${notice}`, values),
  })
}
