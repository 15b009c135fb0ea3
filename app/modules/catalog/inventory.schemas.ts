import { z } from 'zod'
import { STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS } from './stock-csv.ts'
import { STOCK_MAX } from './stock-levels.ts'

// The inventory page's query string and forms. A bad query value falls back to its default, so a hand-edited URL
// never fails; a bad form value is refused with a message.

export const inventoryFilterValues = ['all', 'low', 'out'] as const

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** /vendor-dashboard/inventory?filter=low&q=kitenge&page=2 */
export const InventoryQuerySchema = z.object({
  filter: z.enum(inventoryFilterValues).catch('all').default('all'),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)).catch(1),
})

/** Quick edit of one variant: its id and the new stock, a whole number 0..STOCK_MAX. */
export const StockEditSchema = z.object({
  variantId: z.coerce.number().int().positive().max(2_147_483_647),
  stock: z
    .string()
    .trim()
    .regex(/^\d+$/, 'inventory.error.stock')
    .transform(Number)
    .pipe(z.number().int().min(0).max(STOCK_MAX, 'inventory.error.stock')),
})

/** Apply: the file's text as previewed, and the stock each change was seen at ([variant id, stock] pairs). */
export const ApplyStockSchema = z.object({
  csv: z.string().min(1).max(STOCK_CSV_MAX_BYTES),
  seen: z
    .string()
    .max(STOCK_CSV_MAX_ROWS * 40)
    .transform((s, c) => {
      try {
        return JSON.parse(s) as unknown
      } catch {
        c.addIssue({ code: 'custom', message: 'inventory.error.seen' })
        return z.NEVER
      }
    })
    .pipe(z.array(z.tuple([z.number().int().positive(), z.number().int().min(0)])).max(STOCK_CSV_MAX_ROWS)),
})
