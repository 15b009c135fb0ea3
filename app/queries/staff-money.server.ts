import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import type { Locale } from '#app/lib/i18n.tsx'
import { addMonths, monthKey, monthStart, parseMonth } from '#app/lib/months.ts'
import { listCategoryChoices } from '#app/modules/catalog/vendor-products.server.ts'
import { kigaliDate } from '#app/modules/ledger/ledger.schemas.ts'
import type { CommissionRule, CommissionScope, VendorBalances } from '#app/modules/ledger/ledger.server.ts'
import { listAllVendorBalances, listCommissionRules, sumCommissionEarned } from '#app/modules/ledger/reports.server.ts'
import { listStoreNames } from '#app/modules/vendors/vendors-admin.server.ts'

// The staff money screens (issue 13): commission rules and what was earned per month, and every store's
// balances. Read only, across the ledger, vendors and catalog modules (docs/decisions/0006-module-ownership.md).

export type RuleRow = {
  id: number
  scope: CommissionScope
  /** The category's or the store's name; null for the platform's rule (or a target that no longer exists). */
  target: string | null
  scopeId: number | null
  /** Percent, e.g. 7.5 (the rule's basis points / 100). */
  ratePercent: number
  effectiveFrom: Date
}

export type CommissionPage = {
  inForce: RuleRow[]
  scheduled: RuleRow[]
  stores: { id: number; name: string }[]
  categories: { label: string; options: { id: number; name: string }[] }[]
  /** The month shown, YYYY-MM (Kigali), and the months around it to move to. */
  month: string
  previousMonth: string
  nextMonth: string | null
  earned: { total: number; byStore: { vendorId: number; name: string; amount: number; vendorOrders: number }[] }
  today: string
}

/** A month given as YYYY-MM, else the current month in Kigali. */
export function monthOf(value: string | null | undefined, now: Date): string {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return value
  return kigaliDate(now).slice(0, 7)
}

/** A YYYY-MM month (as `monthOf` gives it) `by` months later or earlier. */
function shiftMonth(month: string, by: number): string {
  const m = parseMonth(month)
  if (!m) throw new Error(`not a month: ${month}`)
  return monthKey(addMonths(m, by))
}

/** The month's first instant in Kigali (UTC+2, no daylight saving), and the next month's. */
export function monthPeriod(month: string): { from: Date; to: Date } {
  const m = parseMonth(month)
  if (!m) throw new Error(`not a month: ${month}`)
  return { from: monthStart(m), to: monthStart(addMonths(m, 1)) }
}

export async function getCommissionPage(
  ctx: ServiceContext,
  input: { month?: string | null; now?: Date; locale?: Locale },
): Promise<CommissionPage> {
  const now = input.now ?? new Date()
  const month = monthOf(input.month, now)
  const [rules, storeList, categories, earned] = await Promise.all([
    listCommissionRules(ctx, now),
    listStoreNames(ctx),
    listCategoryChoices(ctx, input.locale),
    sumCommissionEarned(ctx, monthPeriod(month)),
  ])
  const storeNames = new Map(storeList.map((s) => [s.id, s.name]))
  const categoryNames = new Map(categories.flatMap((g) => g.options.map((o) => [o.id, `${g.label} · ${o.name}`])))
  const row = (r: CommissionRule): RuleRow => ({
    id: r.id,
    scope: r.scope,
    scopeId: r.scopeId,
    target:
      r.scopeId === null
        ? null
        : ((r.scope === 'store' ? storeNames.get(r.scopeId) : categoryNames.get(r.scopeId)) ?? null),
    ratePercent: r.rateBps / 100,
    effectiveFrom: r.effectiveFrom,
  })
  const current = kigaliDate(now).slice(0, 7)
  return {
    inForce: rules.inForce.map(row),
    scheduled: rules.scheduled.map(row),
    stores: storeList.filter((s) => s.status === 'approved' || s.status === 'suspended'),
    categories,
    month,
    previousMonth: shiftMonth(month, -1),
    nextMonth: month < current ? shiftMonth(month, 1) : null,
    earned: {
      total: earned.total,
      byStore: earned.byVendor.map((v) => ({ ...v, name: storeNames.get(v.vendorId) ?? `#${v.vendorId}` })),
    },
    today: kigaliDate(now),
  }
}

/** Whether a target exists: a store, or a category that products are filed under. */
export async function commissionTargetExists(
  ctx: ServiceContext,
  target: { scope: CommissionScope; scopeId: number | null },
): Promise<boolean> {
  if (target.scope === 'platform') return target.scopeId === null
  if (target.scopeId === null) return false
  if (target.scope === 'store') return (await listStoreNames(ctx)).some((s) => s.id === target.scopeId)
  return (await listCategoryChoices(ctx)).some((g) => g.options.some((o) => o.id === target.scopeId))
}

export const BALANCE_SORTS = ['name', 'available', 'onHold', 'owedOnCashSales'] as const
export type BalanceSort = (typeof BALANCE_SORTS)[number]

export type StoreBalanceRow = { vendorId: number; name: string; status: string } & VendorBalances

export type StoreBalancesPage = {
  rows: StoreBalanceRow[]
  totals: VendorBalances
  sort: BalanceSort
  dir: 'asc' | 'desc'
  holdDays: number
}

/** Every store's balances (one query for all of them), sorted by name or by one of the balances. */
export async function getStoreBalances(
  ctx: ServiceContext,
  input: { sort?: string | null; dir?: string | null; now?: Date },
): Promise<StoreBalancesPage> {
  const sort: BalanceSort = BALANCE_SORTS.includes(input.sort as BalanceSort) ? (input.sort as BalanceSort) : 'name'
  const dir = input.dir === 'desc' || (input.dir !== 'asc' && sort !== 'name') ? 'desc' : 'asc'
  const holdDays = getEnv().PAYABLE_HOLD_DAYS
  const [stores, balances] = await Promise.all([
    listStoreNames(ctx),
    listAllVendorBalances(ctx, { now: input.now, holdDays }),
  ])
  const zero: VendorBalances = { available: 0, onHold: 0, owedOnCashSales: 0 }
  const rows = stores
    // A store that never sold and was never approved has nothing to show.
    .filter((s) => balances.has(s.id) || s.status === 'approved' || s.status === 'suspended')
    .map((s) => ({ vendorId: s.id, name: s.name, status: s.status, ...(balances.get(s.id) ?? zero) }))
  const sign = dir === 'asc' ? 1 : -1
  rows.sort((a, b) =>
    sort === 'name'
      ? sign * a.name.localeCompare(b.name) || a.vendorId - b.vendorId
      : sign * (a[sort] - b[sort]) || a.name.localeCompare(b.name),
  )
  const totals = rows.reduce(
    (t, r) => ({
      available: t.available + r.available,
      onHold: t.onHold + r.onHold,
      owedOnCashSales: t.owedOnCashSales + r.owedOnCashSales,
    }),
    zero,
  )
  return { rows, totals, sort, dir, holdDays }
}
