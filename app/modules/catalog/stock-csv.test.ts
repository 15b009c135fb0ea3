import { describe, expect, test } from 'vitest'
import { csvField, parseStockCsv, STOCK_CSV_MAX_BYTES, STOCK_CSV_MAX_ROWS, toCsv } from './stock-csv.ts'

describe('parseStockCsv', () => {
  test('a good file: sku and stock read, other columns ignored, in any order', () => {
    const parsed = parseStockCsv('product,stock,sku,size\nDress,4,IS-1-M,M\nShirt,0,IS-2-L,L\n')
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, sku: 'IS-1-M', stock: 4 },
        { line: 3, sku: 'IS-2-L', stock: 0 },
      ],
      errors: [],
    })
  })

  test('BOM, CRLF, quoted fields with commas, quotes and line breaks, blank lines, headers in capitals', () => {
    const text =
      '\uFEFF"SKU", Stock ,product\r\n"IS-1-M",12,"Dress, long"\r\n\r\nIS-2-L," 7 ","A ""nice"" shirt\r\nwith two lines"\r\nIS-3-S,3,x'
    const parsed = parseStockCsv(text)
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, sku: 'IS-1-M', stock: 12 },
        { line: 4, sku: 'IS-2-L', stock: 7 },
        { line: 6, sku: 'IS-3-S', stock: 3 },
      ],
      errors: [],
    })
  })

  test('bad rows come back with their line numbers, the good ones still read', () => {
    const parsed = parseStockCsv(
      ['sku,stock', 'A,5', 'B,-2', 'C,2.5', 'D,abc', 'E,100001', ',4', 'F,', 'G,100000'].join('\n'),
    )
    if (!parsed.ok) throw new Error('refused')
    expect(parsed.rows).toEqual([
      { line: 2, sku: 'A', stock: 5 },
      { line: 9, sku: 'G', stock: 100_000 },
    ])
    expect(parsed.errors).toEqual([
      { line: 3, sku: 'B', code: 'stock-negative' },
      { line: 4, sku: 'C', code: 'stock-invalid' },
      { line: 5, sku: 'D', code: 'stock-invalid' },
      { line: 6, sku: 'E', code: 'stock-too-big' },
      { line: 7, sku: '', code: 'sku-missing' },
      { line: 8, sku: 'F', code: 'stock-invalid' },
    ])
  })

  test('the same SKU twice: the second line is bad and names the first', () => {
    const parsed = parseStockCsv('sku,stock\nA,1\nB,2\n\nA,3\n')
    if (!parsed.ok) throw new Error('refused')
    expect(parsed.rows.map((r) => r.sku)).toEqual(['A', 'B'])
    expect(parsed.errors).toEqual([{ line: 5, sku: 'A', code: 'duplicate', firstLine: 2 }])
  })

  test('a file without sku or stock columns is refused, naming what is missing', () => {
    expect(parseStockCsv('code,quantity\nA,1\n')).toEqual({
      ok: false,
      code: 'wrong-columns',
      missing: ['sku', 'stock'],
    })
    expect(parseStockCsv('sku,qty\nA,1\n')).toEqual({ ok: false, code: 'wrong-columns', missing: ['stock'] })
    // A file without a header row: its first row is taken as the header, and names neither column.
    expect(parseStockCsv('A,1\nB,2\n')).toEqual({ ok: false, code: 'wrong-columns', missing: ['sku', 'stock'] })
  })

  test('an empty file, or one of blank lines, is refused as empty; a header alone has no rows', () => {
    expect(parseStockCsv('')).toEqual({ ok: false, code: 'empty' })
    expect(parseStockCsv('\uFEFF\r\n\r\n')).toEqual({ ok: false, code: 'empty' })
    expect(parseStockCsv('sku,stock\r\n')).toEqual({ ok: true, rows: [], errors: [] })
  })

  test('an unclosed quote is refused with its line; too big or too long a file is refused', () => {
    expect(parseStockCsv('sku,stock\nA,1\n"B,2\nC,3\n')).toEqual({ ok: false, code: 'malformed', line: 3 })
    const many = `sku,stock\n${Array.from({ length: STOCK_CSV_MAX_ROWS + 1 }, (_, i) => `S${i},1`).join('\n')}`
    expect(parseStockCsv(many)).toEqual({ ok: false, code: 'too-many-rows', maxRows: STOCK_CSV_MAX_ROWS })
    expect(parseStockCsv(`sku,stock\n${'x'.repeat(STOCK_CSV_MAX_BYTES)}`)).toMatchObject({ code: 'too-large' })
  })
})

describe('toCsv', () => {
  test('quotes what needs it, defuses formulas, and reads back', () => {
    expect(csvField('Dress, "long"')).toBe('"Dress, ""long"""')
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvField(null)).toBe('')
    const text = toCsv([
      ['sku', 'stock', 'product'],
      ['A-1', 4, 'Dress, long\nnew'],
    ])
    expect(parseStockCsv(text)).toEqual({ ok: true, rows: [{ line: 2, sku: 'A-1', stock: 4 }], errors: [] })
  })
})
