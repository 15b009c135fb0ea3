import { describe, expect, test } from 'vitest'
import {
  detectDelimiter,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_ROWS,
  parseProductCsv,
  productCsvTemplate,
  readPhotoRef,
} from './product-csv.ts'

const HEADER = PRODUCT_CSV_COLUMNS.join(',')
const desc = 'A fine dress made in Kigali.'

describe('parseProductCsv', () => {
  test('reads every column; product columns from the first row; later rows may repeat them', () => {
    const parsed = parseProductCsv(
      [
        HEADER,
        `Dress-1,Wrap dress,${desc},Women > Dresses,25.000,"30,000",Active,Bestseller,S,Blue,ab-1,3,,a.jpg|b.jpg,c.jpg`,
        `dress-1,Wrap dress,,,25000,,,,M,Blue,AB-2,0,27 000,,`,
      ].join('\n'),
    )
    expect(parsed.ok && parsed.errors).toEqual([])
    if (!parsed.ok) return
    expect(parsed.products).toEqual([
      {
        handle: 'dress-1',
        line: 2,
        title: 'Wrap dress',
        description: desc,
        category: 'Women > Dresses',
        price: 25000,
        compareAtPrice: 30000,
        status: 'active',
        badge: 'bestseller',
        photos: [
          { kind: 'file', name: 'a.jpg' },
          { kind: 'file', name: 'b.jpg' },
        ],
        variants: [
          {
            line: 2,
            size: 'S',
            colour: 'Blue',
            sku: 'AB-1',
            stock: 3,
            price: null,
            colourPhotos: [{ kind: 'file', name: 'c.jpg' }],
          },
          { line: 3, size: 'M', colour: 'Blue', sku: 'AB-2', stock: 0, price: 27000, colourPhotos: [] },
        ],
      },
    ])
  })

  test('whole-file refusals: empty, missing columns, too many rows, an unclosed quote', () => {
    expect(parseProductCsv('')).toEqual({ ok: false, code: 'empty' })
    expect(parseProductCsv('handle,title\n')).toMatchObject({ ok: false, code: 'wrong-columns' })
    const many = [HEADER, ...Array.from({ length: PRODUCT_CSV_MAX_ROWS + 1 }, (_, i) => `h${i},x,,,,,,,,,S${i},1`)]
    expect(parseProductCsv(many.join('\n'))).toMatchObject({ ok: false, code: 'too-many-rows' })
    expect(parseProductCsv(`${HEADER}\na,"oops`)).toEqual({ ok: false, code: 'malformed', line: 2 })
  })

  test('row errors by line; a repeated size and colour, a colour photo without a colour, a bad stock', () => {
    const parsed = parseProductCsv(
      [
        HEADER,
        `d,Dress,${desc},Dresses,1000,500,draft,,S,Red,D-1,1,,,`,
        `e,Dress,${desc},Dresses,1000,,draft,,S,Red,E-1,1,,,`,
        'e,,,,,,,,s,red,E-2,1,,,',
        `f,Dress,${desc},Dresses,1000,,draft,,S,,F-1,-1,,,x.jpg`,
        `g,Dress,${desc},Dresses,1000,,draft,,,,G-1,x,,,`,
        `h,Dress,${desc},Dresses,1000,,draft,shiny,,,H-1,1,,,`,
        `bad handle,Dress,${desc},Dresses,1000,,draft,,,,I-1,1,,,`,
        `j,Dress,${desc},Dresses,"1,000",,draft,,S,,J-1,1,1200,,`,
        'j,,,,,,,,XL,,J-2,1,900,,',
      ].join('\n'),
    )
    if (!parsed.ok) throw new Error('refused')
    expect(parsed.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'compare-at-low'],
      [4, 'option-repeated'],
      [5, 'stock-invalid'],
      [5, 'colour-photos-no-colour'],
      [6, 'stock-invalid'],
      [7, 'badge-invalid'],
      [8, 'handle-invalid'],
      // A variant may cost more than its product (an XL), never less: the product's price is its lowest.
      [10, 'variant-price-low'],
    ])
    expect(parsed.products).toEqual([])
  })

  test('separators: semicolons detected from the header, commas otherwise', () => {
    expect(detectDelimiter('handle;title;"a,b"\nx,y')).toBe(';')
    expect(detectDelimiter('handle,title\nx;y;z')).toBe(',')
  })

  test("photo references: zip files, this site's image addresses; other addresses and climbing paths refused", () => {
    const origins = ['https://isoko.rw']
    expect(readPhotoRef('photos\\front.JPG', origins)).toEqual({ kind: 'file', name: 'photos/front.JPG' })
    expect(readPhotoRef('https://isoko.rw/images/up-abc123-800.webp', origins)).toEqual({
      kind: 'stored',
      key: 'up-abc123',
    })
    expect(readPhotoRef('/images/up-abc123-400.avif', origins)).toEqual({ kind: 'stored', key: 'up-abc123' })
    expect(readPhotoRef('https://evil.example/images/up-abc123-800.webp', origins)).toBe('photo-not-ours')
    expect(readPhotoRef('http://169.254.169.254/latest/meta-data', origins)).toBe('photo-not-ours')
    expect(readPhotoRef('../etc/passwd.jpg', origins)).toBe('photo-invalid')
    expect(readPhotoRef('notes.txt', origins)).toBe('photo-invalid')
  })

  test('the template reads back without errors', () => {
    const parsed = parseProductCsv(productCsvTemplate({ dress: 'Women > Dresses', bag: 'Women > Bags' }))
    expect(parsed.ok && parsed.errors).toEqual([])
    expect(parsed.ok && parsed.products.map((p) => [p.handle, p.variants.length])).toEqual([
      ['kitenge-wrap-dress', 2],
      ['agaseke-basket-bag', 1],
    ])
  })
})
