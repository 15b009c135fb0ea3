import { sortSizes } from './sizes.ts'

// The product editor's size × colour grid (issue 17): the vendor types the sizes and the colours once and gets one
// variant row per combination. Pure, so the browser regenerates the grid as the vendor types (no server round trip
// per row) and the server builds the very same grid for a form posted without JavaScript.

/** One row of the grid as the form holds it: every field as typed. */
export type GridRow = { id: string; size: string; colour: string; sku: string; stock: string; price: string }

/** Size presets the editor offers in one tap. */
export const sizePresets = {
  letters: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  shoes: ['36', '37', '38', '39', '40', '41', '42', '43', '44'],
  oneSize: ['One size'],
} as const
export type SizePreset = keyof typeof sizePresets

/**
 * The sizes or colours a vendor typed, comma-separated (a semicolon or a new line also separates): trimmed, empty
 * ones dropped, repeats (ignoring case) kept once, each cut to `maxLength`.
 */
export function splitOptions(typed: string, maxLength: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of typed.split(/[,;\n]/)) {
    const value = raw.trim().replace(/\s+/g, ' ').slice(0, maxLength).trim()
    const key = value.toLowerCase()
    if (!value || seen.has(key)) continue
    seen.add(key)
    out.push(value)
  }
  return out
}

/** The sizes and colours the variants already have, as the editor's two fields show them (sizes in size order). */
export function optionsOf(rows: { size: string; colour: string }[]): { sizes: string; colours: string } {
  const unique = (values: string[]) => splitOptions(values.join(','), 1000)
  return {
    sizes: sortSizes(unique(rows.map((r) => r.size))).join(', '),
    colours: unique(rows.map((r) => r.colour)).join(', '),
  }
}

/** Letters and digits of a word in capitals, for a SKU ('Light blue' → 'LIGHTBLUE'). */
function skuPart(text: string, max: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .slice(0, max)
}

/** The start of every suggested SKU of a product: its title's first words in capitals ('KITENGE-SHIRT'). */
export function skuBaseOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
  // Each word at most 8 letters, up to 24 characters: enough of the title that two products rarely share it.
  let base = ''
  for (const word of words.map((w) => w.slice(0, 8))) {
    const next = base ? `${base}-${word}` : word
    if (next.length > 24) break
    base = next
  }
  return base || skuPart(words[0] ?? '', 16) || 'SKU'
}

/** A SKU for one combination: the base, the size and the colour ('KITENGE-SHIRT-XL-BLUE'), at most 40 characters. */
export function suggestSku(base: string, size: string, colour: string): string {
  return [base, skuPart(size, 10), skuPart(colour, 12)].filter(Boolean).join('-').slice(0, 40)
}

const keyOf = (size: string, colour: string) => `${size.trim().toLowerCase()}\u0000${colour.trim().toLowerCase()}`

/**
 * Every combination of the sizes and colours (sizes × colours; only sizes, only colours, or one row with neither),
 * sizes in the order typed, each size with its colours. A combination that already has a row keeps that row as
 * typed (its id, SKU, stock and price); a new one gets a suggested SKU, no stock and no price of its own. Rows whose
 * combination is gone are left out (the variant is deleted when the product is saved).
 */
export function buildVariantGrid(input: {
  sizes: string[]
  colours: string[]
  rows: GridRow[]
  skuBase: string
}): GridRow[] {
  const existing = new Map<string, GridRow>()
  for (const row of input.rows) {
    const key = keyOf(row.size, row.colour)
    if (!existing.has(key)) existing.set(key, row)
  }
  const sizes = input.sizes.length ? input.sizes : ['']
  const colours = input.colours.length ? input.colours : ['']
  const taken = new Set(input.rows.map((r) => r.sku.trim().toUpperCase()))
  const grid: GridRow[] = []
  for (const size of sizes) {
    for (const colour of colours) {
      const kept = existing.get(keyOf(size, colour))
      // The combination as the vendor now writes it ('xl' typed again as 'XL' renames it), the rest as it was.
      if (kept) grid.push({ ...kept, size, colour })
      else {
        let sku = suggestSku(input.skuBase, size, colour)
        for (let n = 2; taken.has(sku); n++) sku = `${suggestSku(input.skuBase, size, colour).slice(0, 36)}-${n}`
        grid.push({ id: '', size, colour, sku, stock: '0', price: '' })
        taken.add(sku)
      }
    }
  }
  return grid
}

/** How many rows the sizes and colours make (one when there are neither). */
export function gridSize(sizes: string[], colours: string[]): number {
  return Math.max(sizes.length, 1) * Math.max(colours.length, 1)
}
