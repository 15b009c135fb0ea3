// The stock file a vendor uploads to set many variants' stock at once: CSV with a header row that names at least
// the columns `sku` and `stock` (others, such as the export's product, size and colour, are ignored). Pure: no
// database, so the browser could use it too. Line numbers are the file's own (the header is line 1; a quoted field
// spanning lines counts them), so the vendor finds a bad row in a spreadsheet or an editor.

import { STOCK_MAX } from './stock-levels.ts'

/** The most a variant's stock may be set to: the one limit every stock tool shares (stock-levels.ts). */
export { STOCK_MAX }
/** Upload limits: the file's size in bytes, and its data rows. */
export const STOCK_CSV_MAX_BYTES = 1_000_000
export const STOCK_CSV_MAX_ROWS = 5000

export const STOCK_CSV_COLUMNS = ['sku', 'stock'] as const
export type StockCsvColumn = (typeof STOCK_CSV_COLUMNS)[number]

export type StockCsvRow = { line: number; sku: string; stock: number }

export type StockCsvRowErrorCode =
  | 'sku-missing'
  | 'stock-invalid'
  | 'stock-negative'
  | 'stock-too-big'
  | 'duplicate'
  | 'sku-unknown'

/** A bad row: its line, the SKU as written, why, and for a duplicate the line that named the SKU first. */
export type StockCsvRowError = { line: number; sku: string; code: StockCsvRowErrorCode; firstLine?: number }

export type StockCsvRefusal =
  | { ok: false; code: 'empty' }
  | { ok: false; code: 'too-large'; maxBytes: number }
  | { ok: false; code: 'too-many-rows'; maxRows: number }
  | { ok: false; code: 'wrong-columns'; missing: StockCsvColumn[] }
  | { ok: false; code: 'malformed'; line: number }

export type StockCsvParse = { ok: true; rows: StockCsvRow[]; errors: StockCsvRowError[] } | StockCsvRefusal

export type CsvRecord = { line: number; fields: string[] }
type Record_ = CsvRecord

/**
 * Splits CSV text into records (RFC 4180: fields in double quotes may hold the delimiter, quotes doubled, and line
 * breaks; CRLF, LF or CR end a record). Returns the line of an unclosed quote instead. The delimiter is a comma
 * unless given (the product file also reads semicolons, as French spreadsheets write them).
 */
export function splitRecords(text: string, delimiter = ','): { records: Record_[] } | { unclosedAt: number } {
  const records: Record_[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let inQuotes = false
  let quoteLine = 1
  let i = 0
  const endField = () => {
    fields.push(field)
    field = ''
  }
  const endRecord = () => {
    endField()
    records.push({ line: recordLine, fields })
    fields = []
  }
  while (i < text.length) {
    const c = text[i]
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        inQuotes = false
        i++
        continue
      }
      if (c === '\r' || c === '\n') {
        // A line break inside a quoted field: kept as \n, and counted.
        if (c === '\r' && text[i + 1] === '\n') i++
        field += '\n'
        line++
        i++
        continue
      }
      field += c
      i++
      continue
    }
    if (c === '"' && field.trim() === '') {
      inQuotes = true
      quoteLine = line
      field = ''
      i++
      continue
    }
    if (c === delimiter) {
      endField()
      i++
      continue
    }
    if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRecord()
      i++
      line++
      recordLine = line
      continue
    }
    field += c
    i++
  }
  if (inQuotes) return { unclosedAt: quoteLine }
  if (field !== '' || fields.length > 0) endRecord()
  return { records }
}

const isBlank = (r: Record_) => r.fields.every((f) => f.trim() === '')

/** Reads a stock count as written: a whole number 0..STOCK_MAX, or why it is not one. */
export function parseStockValue(raw: string): number | 'stock-invalid' | 'stock-negative' | 'stock-too-big' {
  const s = raw.trim()
  if (/^-\s*\d+(\.0*)?$/.test(s) && Number(s.replace(/\s/g, '')) !== 0) return 'stock-negative'
  if (!/^[+]?\d+$/.test(s)) return 'stock-invalid'
  const n = Number(s)
  if (!Number.isSafeInteger(n) || n > STOCK_MAX) return 'stock-too-big'
  return n
}

/**
 * Parses a stock file. A refusal (`ok: false`) concerns the whole file: empty, too large, too many rows, no `sku`
 * or `stock` column, or an unclosed quote. Otherwise every data row is either a good row or a bad one with its
 * line; a SKU named twice is bad from its second line on. Blank lines are skipped.
 */
export function parseStockCsv(input: string): StockCsvParse {
  if (new TextEncoder().encode(input).length > STOCK_CSV_MAX_BYTES) {
    return { ok: false, code: 'too-large', maxBytes: STOCK_CSV_MAX_BYTES }
  }
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const split = splitRecords(text)
  if ('unclosedAt' in split) return { ok: false, code: 'malformed', line: split.unclosedAt }
  const records = split.records.filter((r) => !isBlank(r))
  const header = records.shift()
  if (!header) return { ok: false, code: 'empty' }
  const names = header.fields.map((f) => f.trim().toLowerCase())
  const missing = STOCK_CSV_COLUMNS.filter((c) => !names.includes(c))
  if (missing.length > 0) return { ok: false, code: 'wrong-columns', missing }
  if (records.length > STOCK_CSV_MAX_ROWS) return { ok: false, code: 'too-many-rows', maxRows: STOCK_CSV_MAX_ROWS }

  const skuAt = names.indexOf('sku')
  const stockAt = names.indexOf('stock')
  const rows: StockCsvRow[] = []
  const errors: StockCsvRowError[] = []
  const firstLineOf = new Map<string, number>()
  for (const r of records) {
    const sku = (r.fields[skuAt] ?? '').trim()
    if (!sku) {
      errors.push({ line: r.line, sku, code: 'sku-missing' })
      continue
    }
    const first = firstLineOf.get(sku)
    if (first !== undefined) {
      errors.push({ line: r.line, sku, code: 'duplicate', firstLine: first })
      continue
    }
    firstLineOf.set(sku, r.line)
    const stock = parseStockValue(r.fields[stockAt] ?? '')
    if (typeof stock !== 'number') {
      errors.push({ line: r.line, sku, code: stock })
      continue
    }
    rows.push({ line: r.line, sku, stock })
  }
  return { ok: true, rows, errors }
}

/** One CSV field as written out: quoted when it holds a comma, quote or line break. A leading = + - @ is defused. */
export function csvField(value: string | number | null): string {
  let s = value === null ? '' : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** Rows as CSV text (CRLF line ends, as spreadsheets write them). */
export function toCsv(rows: (string | number | null)[][]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`
}
