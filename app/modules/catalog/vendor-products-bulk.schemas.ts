import { z } from 'zod'
import { readFrancs } from '#app/lib/read-francs.ts'
import { ProductListQuerySchema, productEditorLimits, productListTabs } from './product-editor.schemas.ts'

// The products list's bulk actions (/vendor-dashboard/products), shared by the form and its action. Messages are
// catalogue ids (app/locales/en/vendor.po, `vendorProducts.*`).

/** The orders the vendor's products list can be sorted in (`?sort=`); the first is the default. */
export const ownProductSorts = [
  'newest',
  'oldest',
  'name',
  'name-desc',
  'price-asc',
  'price-desc',
  'stock-asc',
  'stock-desc',
] as const
export type OwnProductSort = (typeof ownProductSorts)[number]

export const bulkActions = ['activate', 'draft', 'archive', 'price', 'category', 'delete'] as const
export type BulkAction = (typeof bulkActions)[number]
/** The actions that ask for a confirmation, showing what they will change, before they are applied. */
export const confirmedBulkActions: readonly BulkAction[] = ['price', 'delete']

/** Most percent a price may be raised by in one go. */
export const MAX_BULK_PERCENT = 500

/** What the bulk form sends, as typed (shown back when it refuses). */
export type BulkFormValues = {
  action: string
  /** 'selected': the ticked products (`id`); 'matching': every product of the list's status tab and search. */
  scope: string
  ids: string[]
  /** The list's filter the products were chosen in (for 'matching'). */
  status: string
  q: string
  direction: string
  mode: string
  amount: string
  categoryId: string
}

const str = (v: FormDataEntryValue | null | undefined) => (typeof v === 'string' ? v : '')

/** Reads the bulk form; the ticked products (`id`, repeated) and, with "all on this page", the page's (`pageId`). */
export function readBulkForm(form: FormData): BulkFormValues {
  const ids = form.getAll('id').map(str)
  if (str(form.get('allOnPage'))) ids.push(...form.getAll('pageId').map(str))
  return {
    action: str(form.get('action')),
    scope: str(form.get('scope')) === 'matching' ? 'matching' : 'selected',
    ids: [...new Set(ids)].slice(0, 1000),
    status: str(form.get('status')),
    q: str(form.get('q')),
    direction: str(form.get('direction')) || 'up',
    mode: str(form.get('mode')) || 'percent',
    amount: str(form.get('amount')),
    categoryId: str(form.get('categoryId')),
  }
}

/** Which products a bulk action is for: ticked ones (only the vendor's own count), or every one of a filter. */
export type BulkTarget =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'matching'; status: (typeof productListTabs)[number]; q: string }

/** What a bulk action does to each product. */
export type BulkChange =
  | { kind: 'status'; status: 'active' | 'draft' | 'archived' }
  | { kind: 'price'; direction: 'up' | 'down'; mode: 'amount' | 'percent'; value: number }
  | { kind: 'category'; categoryId: number }
  | { kind: 'delete' }

export type BulkRequest = { target: BulkTarget; change: BulkChange }
export type BulkErrors = Record<string, string>

const statusOf = { activate: 'active', draft: 'draft', archive: 'archived' } as const

/** The bulk form checked: what to change and for which products, or the messages by field. */
export function parseBulkForm(
  v: BulkFormValues,
): { ok: true; request: BulkRequest } | { ok: false; errors: BulkErrors } {
  const errors: BulkErrors = {}
  const action = (bulkActions as readonly string[]).includes(v.action) ? (v.action as BulkAction) : null
  if (!action) errors.action = 'vendorProducts.bulk.error.action'
  let target: BulkTarget
  if (v.scope === 'matching') {
    const status = z.enum(productListTabs).catch('all').parse(v.status)
    target = { kind: 'matching', status, q: v.q.trim().slice(0, 100) }
  } else {
    const ids = v.ids.filter((s) => /^\d{1,9}$/.test(s)).map(Number)
    if (ids.length === 0) errors.scope = 'vendorProducts.bulk.error.none'
    target = { kind: 'ids', ids }
  }
  let change: BulkChange | null = null
  if (action === 'activate' || action === 'draft' || action === 'archive') {
    change = { kind: 'status', status: statusOf[action] }
  } else if (action === 'delete') {
    change = { kind: 'delete' }
  } else if (action === 'category') {
    if (/^\d{1,9}$/.test(v.categoryId)) change = { kind: 'category', categoryId: Number(v.categoryId) }
    else errors.categoryId = 'vendorProducts.bulk.error.category'
  } else if (action === 'price') {
    const direction = v.direction === 'down' ? 'down' : 'up'
    const mode = v.mode === 'amount' ? 'amount' : 'percent'
    const value = mode === 'amount' ? readAmount(v.amount) : readPercent(v.amount, direction)
    if (typeof value === 'string') errors.amount = value
    else change = { kind: 'price', direction, mode, value }
  }
  if (Object.keys(errors).length || !change) return { ok: false, errors }
  return { ok: true, request: { target, change } }
}

/** Whole francs to add or take off, as typed ("2 000", "2,000"); a message id when it is not that. */
function readAmount(typed: string): number | string {
  const s = readFrancs(typed)
  if (s === '') return 'vendorProducts.bulk.error.amountRequired'
  if (s === null || !/^\d{1,12}$/.test(s)) return 'vendorProducts.bulk.error.wholeFrancs'
  const n = Number(s)
  if (n < 1) return 'vendorProducts.bulk.error.amountPositive'
  if (n > productEditorLimits.price.max) return 'vendorProducts.bulk.error.amountHigh'
  return n
}

/** A whole or decimal percent ("10", "7.5", "7,5"); lowering by 100% or more would leave no price. */
function readPercent(typed: string, direction: 'up' | 'down'): number | string {
  const s = typed.trim().replace(/\s*%$/, '').replace(',', '.')
  if (s === '') return 'vendorProducts.bulk.error.amountRequired'
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return 'vendorProducts.bulk.error.percent'
  const n = Number(s)
  if (n <= 0) return 'vendorProducts.bulk.error.amountPositive'
  if (direction === 'down' && n >= 100) return 'vendorProducts.bulk.error.percentDown'
  if (n > MAX_BULK_PERCENT) return 'vendorProducts.bulk.error.percentHigh'
  return n
}

/**
 * A price after the change, in whole francs (half a franc rounds up). May be 0 or less, or above the most a price
 * may be: the caller skips such a product, with the reason.
 */
export function changedPrice(price: number, change: Extract<BulkChange, { kind: 'price' }>): number {
  const sign = change.direction === 'up' ? 1 : -1
  if (change.mode === 'amount') return price + sign * change.value
  // In hundredths of a percent, as integers, so 10% of 12 345 is 1 234.5 exactly, rounded once.
  const hundredths = Math.round(change.value * 100)
  return Math.round((price * (10_000 + sign * hundredths)) / 10_000)
}

/** The products list's query: its status tab, search and page, and the order (`?sort=`). */
export const OwnProductListQuerySchema = ProductListQuerySchema.extend({
  sort: z.enum(ownProductSorts).catch('newest').default('newest'),
})
