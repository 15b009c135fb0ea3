// Stock levels the vendor tools share: at or below LOW_STOCK_AT a variant counts as low on stock, at 0 it is out.
export const LOW_STOCK_AT = 5

/**
 * The most units one variant may hold, everywhere a vendor sets stock: the product editor, the stock page's quick
 * edit and the stock CSV (issue 17: one stock limit everywhere).
 */
export const STOCK_MAX = 100_000

export type StockLevel = 'out' | 'low' | 'ok'

export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'out'
  return stock <= LOW_STOCK_AT ? 'low' : 'ok'
}
