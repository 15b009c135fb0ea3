import { and, asc, count, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { escapeLike } from '#app/lib/like.ts'
import { parseStockCsv, type StockCsvRefusal, type StockCsvRow, type StockCsvRowError, toCsv } from './stock-csv.ts'
import { LOW_STOCK_AT, STOCK_MAX } from './stock-levels.ts'
import { products, productVariants } from './tables.server.ts'

// A vendor's stock: every variant of the store's products, one at a time (quick edit) or many by a CSV file
// (preview, then apply all or nothing). Every function takes the store's id, which the caller found from the
// signed-in account: a variant id or SKU of another store is treated exactly like one that does not exist.

export const inventoryFilters = ['all', 'low', 'out'] as const
export type InventoryFilter = (typeof inventoryFilters)[number]
export const INVENTORY_PAGE_SIZE = 25

export type InventoryItem = {
  variantId: number
  productId: number
  title: string
  size: string | null
  colour: string | null
  sku: string
  stock: number
  productStatus: 'draft' | 'active' | 'archived'
}

export type InventoryListing = {
  items: InventoryItem[]
  /** Variants under each tab, with the search applied. */
  counts: Record<InventoryFilter, number>
  total: number
  page: number
  pageCount: number
}

const FILTER_CONDITION: Record<InventoryFilter, SQL | undefined> = {
  all: undefined,
  low: and(gt(productVariants.stock, 0), lte(productVariants.stock, LOW_STOCK_AT)),
  out: lte(productVariants.stock, 0),
}

const itemColumns = {
  variantId: productVariants.id,
  productId: products.id,
  title: products.title,
  size: productVariants.size,
  colour: productVariants.colour,
  sku: productVariants.sku,
  stock: productVariants.stock,
  productStatus: products.status,
}

/** The store's variants, by product title then the product's own order, under a tab and a search, a page at a time. */
export async function listInventory(
  ctx: ServiceContext,
  input: { vendorId: number; filter?: InventoryFilter; q?: string; page?: number; perPage?: number },
): Promise<InventoryListing> {
  const filter = input.filter ?? 'all'
  const perPage = input.perPage ?? INVENTORY_PAGE_SIZE
  const q = input.q?.trim()
  const pattern = q ? `%${escapeLike(q)}%` : undefined
  const base = and(
    eq(products.vendorId, input.vendorId),
    pattern ? or(ilike(products.title, pattern), ilike(productVariants.sku, pattern)) : undefined,
  )
  const [tally] = await ctx.db
    .select({
      all: count(),
      low: sql<number>`count(*) filter (where ${FILTER_CONDITION.low})`.mapWith(Number),
      out: sql<number>`count(*) filter (where ${FILTER_CONDITION.out})`.mapWith(Number),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(base)
  const counts = { all: tally?.all ?? 0, low: tally?.low ?? 0, out: tally?.out ?? 0 }
  const total = counts[filter]
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(1, input.page ?? 1), pageCount)
  const items = await ctx.db
    .select(itemColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(base, FILTER_CONDITION[filter]))
    .orderBy(asc(products.title), asc(products.id), asc(productVariants.position), asc(productVariants.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  return { items, counts, total, page, pageCount }
}

/** A variant id as the database can hold it (a serial): anything else is no variant at all. */
function isVariantId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
}

export type UpdateVariantStockResult =
  | { ok: true; variantId: number; sku: string; stock: number }
  | { ok: false; code: 'not_found' | 'invalid' }

/** Sets one of the store's variants' stock (a whole number 0..STOCK_MAX); another store's variant is not found. */
export async function updateVariantStock(
  ctx: ServiceContext,
  input: { vendorId: number; variantId: number; stock: number },
): Promise<UpdateVariantStockResult> {
  if (!isVariantId(input.variantId)) return { ok: false, code: 'not_found' }
  if (!Number.isSafeInteger(input.stock) || input.stock < 0 || input.stock > STOCK_MAX) {
    return { ok: false, code: 'invalid' }
  }
  const ownProducts = ctx.db.select({ id: products.id }).from(products).where(eq(products.vendorId, input.vendorId))
  const [row] = await ctx.db
    .update(productVariants)
    .set({ stock: input.stock })
    .where(and(eq(productVariants.id, input.variantId), inArray(productVariants.productId, ownProducts)))
    .returning({ variantId: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
  return row ? { ok: true, ...row } : { ok: false, code: 'not_found' }
}

/** The store's stock as CSV (`sku,stock,product,size,colour`): edit the stock column and upload it back. */
export async function exportStockCsv(ctx: ServiceContext, input: { vendorId: number }): Promise<string> {
  const rows = await ctx.db
    .select(itemColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.vendorId, input.vendorId))
    .orderBy(asc(products.title), asc(products.id), asc(productVariants.position), asc(productVariants.id))
  return toCsv([
    ['sku', 'stock', 'product', 'size', 'colour'],
    ...rows.map((r) => [r.sku, r.stock, r.title, r.size, r.colour]),
  ])
}

export type StockChange = {
  line: number
  variantId: number
  sku: string
  title: string
  size: string | null
  colour: string | null
  from: number
  to: number
}

/** What a stock file would do: the changes, rows that change nothing, and the bad rows by line. */
export type StockPreview = {
  changes: StockChange[]
  unchanged: number
  errors: StockCsvRowError[]
}

export type PreviewStockCsvResult = ({ ok: true } & StockPreview) | StockCsvRefusal

/** The posted "from" values of a preview: [variant id, stock seen] for each change. */
export type SeenStock = [number, number][]

/** Looks up the file's SKUs among the store's variants only (locked when in a transaction that applies them). */
async function previewRows(
  ctx: ServiceContext,
  vendorId: number,
  rows: StockCsvRow[],
  errors: StockCsvRowError[],
  lock: boolean,
): Promise<StockPreview> {
  const found = new Map<string, Omit<StockChange, 'line' | 'to'>>()
  const skus = rows.map((r) => r.sku)
  for (let i = 0; i < skus.length; i += 1000) {
    const query = ctx.db
      .select({
        variantId: productVariants.id,
        sku: productVariants.sku,
        title: products.title,
        size: productVariants.size,
        colour: productVariants.colour,
        from: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.vendorId, vendorId), inArray(productVariants.sku, skus.slice(i, i + 1000))))
      .orderBy(asc(productVariants.id))
    for (const r of await (lock ? query.for('update', { of: productVariants }) : query)) found.set(r.sku, r)
  }
  const changes: StockChange[] = []
  const bad = [...errors]
  let unchanged = 0
  for (const row of rows) {
    const variant = found.get(row.sku)
    if (!variant) bad.push({ line: row.line, sku: row.sku, code: 'sku-unknown' })
    else if (variant.from === row.stock) unchanged++
    else changes.push({ ...variant, line: row.line, to: row.stock })
  }
  bad.sort((a, b) => a.line - b.line)
  return { changes, unchanged, errors: bad }
}

/** Reads a stock file and shows what applying it would do; nothing changes. */
export async function previewStockCsv(
  ctx: ServiceContext,
  input: { vendorId: number; csv: string },
): Promise<PreviewStockCsvResult> {
  const parsed = parseStockCsv(input.csv)
  if (!parsed.ok) return parsed
  return { ok: true, ...(await previewRows(ctx, input.vendorId, parsed.rows, parsed.errors, false)) }
}

export type ApplyStockCsvResult =
  | { ok: true; updated: number }
  | StockCsvRefusal
  /** Bad rows, or stock changed since the preview (`stale`): nothing applied; here is the preview as it is now. */
  | { ok: false; code: 'invalid' | 'stale'; preview: StockPreview }

function sameSeen(changes: StockChange[], seen: SeenStock): boolean {
  if (changes.length !== seen.length) return false
  const from = new Map(seen)
  return changes.every((c) => from.get(c.variantId) === c.from)
}

/**
 * Applies a stock file in one transaction, all or nothing: refused when any row is bad, or when the changes are
 * not exactly those the vendor previewed (`seen`: a variant's stock changed meanwhile, by a sale or another edit).
 */
export async function applyStockCsv(
  ctx: ServiceContext,
  input: { vendorId: number; csv: string; seen: SeenStock },
): Promise<ApplyStockCsvResult> {
  const parsed = parseStockCsv(input.csv)
  if (!parsed.ok) return parsed
  return ctx.db.transaction(async (tx): Promise<ApplyStockCsvResult> => {
    const preview = await previewRows({ db: tx }, input.vendorId, parsed.rows, parsed.errors, true)
    if (preview.errors.length > 0) return { ok: false, code: 'invalid', preview }
    if (!sameSeen(preview.changes, input.seen)) return { ok: false, code: 'stale', preview }
    for (let i = 0; i < preview.changes.length; i += 1000) {
      const values = sql.join(
        preview.changes.slice(i, i + 1000).map((c) => sql`(${c.variantId}::integer, ${c.to}::integer)`),
        sql`, `,
      )
      await tx.execute(
        sql`update ${productVariants} set stock = v.stock from (values ${values}) as v(id, stock) where ${productVariants.id} = v.id`,
      )
    }
    return { ok: true, updated: preview.changes.length }
  })
}
