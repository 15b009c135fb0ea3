import { readFrancs } from '#app/lib/read-francs.ts'
import { IMAGE_KEY_PATTERN } from '#app/modules/images/image-keys.ts'
import { productBadges, productEditorLimits, productStatuses } from './product-editor.schemas.ts'
import { csvField, splitRecords } from './stock-csv.ts'

// The product file a vendor imports and exports (issue 17): one row per variant, rows sharing a `handle` are one
// product. Pure (no database): reads the file into products with their variants and photo references, and reports
// every bad row by its line (the header is line 1; a quoted field spanning lines counts them). What the rows mean
// against the catalogue (categories, SKUs and handles already taken, photos) is checked by product-import.server.ts.
//
// The format, as the import page explains it:
// - Comma- or semicolon-separated (detected from the header line), UTF-8 with or without a byte order mark.
// - Product columns (handle, title, description, category, price, compare at price, status, badge, photos) are read
//   from the first row of a handle; later rows may leave them empty or repeat them, a different value is an error.
// - `category` is a path of names, "Women > Clothing > Dresses" or shorter ("Women > Dresses", "Dresses") when that
//   names one category; names in English, Kinyarwanda or French, in any case.
// - `photos`: the product's photos for every colour; `colour photos`: photos of this row's colour. Several are
//   separated by `|`. Each is a file name in the zip of photos, or the address of a photo already on Isoko (as the
//   export writes them). Addresses elsewhere are refused: the server never fetches a photo from the internet.
// - Import creates and updates; it never deletes a product, a variant or a photo.

/** Limits of one import, stated on the import page. */
export const PRODUCT_CSV_MAX_BYTES = 5_000_000
export const PRODUCT_CSV_MAX_ROWS = 5000
/** The separator between several photos in one cell. */
export const PHOTO_SEPARATOR = '|'

/** The columns, in the order the export and the template write them. */
export const PRODUCT_CSV_COLUMNS = [
  'handle',
  'title',
  'description',
  'category',
  'price',
  'compare at price',
  'status',
  'badge',
  'size',
  'colour',
  'sku',
  'stock',
  'variant price',
  'photos',
  'colour photos',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]
/** Columns a file must have; the others may be left out (read as empty). */
export const REQUIRED_COLUMNS: readonly ProductCsvColumn[] = [
  'handle',
  'title',
  'description',
  'category',
  'price',
  'sku',
  'stock',
]
/** Product columns: taken from a handle's first row. */
const PRODUCT_COLUMNS = [
  'title',
  'description',
  'category',
  'price',
  'compare at price',
  'status',
  'badge',
  'photos',
] as const satisfies readonly ProductCsvColumn[]

/** Spellings a header may use for a column (after lower-casing and turning `_`/`-` into spaces). */
const ALIASES: Record<string, ProductCsvColumn> = {
  color: 'colour',
  'color photos': 'colour photos',
  'compare at': 'compare at price',
  'category path': 'category',
  'photo urls': 'photos',
  images: 'photos',
}

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const HANDLE_MAX = 80
const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/
/** Picture files the zip may hold (checked again by their first bytes). */
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const

export type ProductStatusValue = (typeof productStatuses)[number]
export type BadgeValue = (typeof productBadges)[number]

/** A photo as a cell names it: a file in the zip, or a picture already stored on Isoko (by its key). */
export type PhotoRef = { kind: 'file'; name: string } | { kind: 'stored'; key: string }

export type CsvVariant = {
  line: number
  size: string | null
  colour: string | null
  /** Upper-cased, as SKUs are kept: matched case-insensitively. */
  sku: string
  stock: number
  price: number | null
  colourPhotos: PhotoRef[]
}

export type CsvProduct = {
  handle: string
  /** The line of the handle's first row. */
  line: number
  title: string
  description: string
  category: string
  price: number
  compareAtPrice: number | null
  status: ProductStatusValue
  badge: BadgeValue | null
  photos: PhotoRef[]
  variants: CsvVariant[]
}

export type ProductCsvErrorCode =
  | 'handle-missing'
  | 'handle-invalid'
  | 'title-missing'
  | 'title-short'
  | 'title-long'
  | 'description-missing'
  | 'description-short'
  | 'description-long'
  | 'category-missing'
  | 'price-missing'
  | 'price-invalid'
  | 'compare-at-invalid'
  | 'compare-at-low'
  | 'status-invalid'
  | 'badge-invalid'
  | 'size-long'
  | 'colour-long'
  | 'sku-missing'
  | 'sku-invalid'
  | 'sku-duplicate'
  | 'stock-invalid'
  | 'variant-price-invalid'
  | 'variant-price-low'
  | 'option-repeated'
  | 'too-many-variants'
  | 'conflict'
  | 'photo-invalid'
  | 'colour-photos-no-colour'
  // Checked against the catalogue and the zip (product-import.server.ts):
  | 'category-unknown'
  | 'category-ambiguous'
  | 'handle-taken'
  | 'sku-other-store'
  | 'sku-other-product'
  | 'option-exists'
  | 'photo-not-in-zip'
  | 'photo-not-image'
  | 'photo-too-large'
  | 'photo-too-small'
  | 'photo-not-ours'
  | 'too-many-photos'
  | 'active-needs-photo'

/** A bad row: its line, the column and the value at fault where there is one, and the line it clashes with. */
export type ProductCsvError = {
  line: number
  code: ProductCsvErrorCode
  column?: ProductCsvColumn
  value?: string
  firstLine?: number
  /** A number the message names (a limit). */
  max?: number
  /** The handle a SKU already belongs to. */
  handle?: string
}

export type ProductCsvRefusal =
  | { ok: false; code: 'empty' }
  | { ok: false; code: 'too-large'; maxBytes: number }
  | { ok: false; code: 'too-many-rows'; maxRows: number }
  | { ok: false; code: 'wrong-columns'; missing: ProductCsvColumn[] }
  | { ok: false; code: 'malformed'; line: number }

export type ProductCsvParse =
  | {
      ok: true
      products: CsvProduct[]
      errors: ProductCsvError[]
      rows: number
      /** Categories of products left out for other errors: checked against the catalogue all the same. */
      otherCategories?: { line: number; category: string }[]
    }
  | ProductCsvRefusal

/** The column a header cell names, or null for a column we do not read. */
function columnOf(header: string): ProductCsvColumn | null {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
  if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) return name as ProductCsvColumn
  return ALIASES[name] ?? null
}

/** The separator of a file: whichever of `;` and `,` the header line has more of (outside quotes). */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0
  let semicolons = 0
  let quoted = false
  for (const c of text) {
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && c === ',') commas++
    else if (!quoted && c === ';') semicolons++
  }
  return semicolons > commas ? ';' : ','
}

/** A cell as the vendor meant it: trimmed, and without the apostrophe the export puts before a leading = + - @. */
function cell(raw: string | undefined): string {
  const s = (raw ?? '').trim()
  return /^'[=+\-@]/.test(s) ? s.slice(1) : s
}

/** Whole francs as a person types them (25000, 25,000, 25.000, 25 000); '' when empty, null when not a price. */
function francs(raw: string): number | '' | null {
  const digits = readFrancs(raw)
  if (digits === '' || digits === null) return digits
  const n = Number(digits)
  return n > 0 && n <= productEditorLimits.price.max ? n : null
}

/** An image address on this site: `/images/<key>-<width>.<avif|webp>`, with or without the site's origin. */
const STORED_PHOTO = /^(?:(https?:\/\/[^/?#]+))?\/images\/([a-z0-9]+(?:-[a-z0-9]+)*)-\d+\.(?:avif|webp)$/

/**
 * Reads one photo reference. `origins` are the site's own (`https://isoko.rw`); an address elsewhere is refused
 * (the server never fetches one). A file name is kept as written but for `\` turned into `/`; `..` is refused.
 */
export function readPhotoRef(raw: string, origins: readonly string[]): PhotoRef | 'photo-invalid' | 'photo-not-ours' {
  const s = raw.trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('//') || s.startsWith('/')) {
    const m = STORED_PHOTO.exec(s)
    if (!m) return 'photo-not-ours'
    const origin = m[1]?.toLowerCase()
    if (origin && !origins.some((o) => o.toLowerCase() === origin)) return 'photo-not-ours'
    const key = m[2] as string
    return IMAGE_KEY_PATTERN.test(key) ? { kind: 'stored', key } : 'photo-not-ours'
  }
  const name = s.replaceAll('\\', '/').replace(/^\.\//, '')
  const ext = name.split('.').pop()?.toLowerCase() ?? ''
  if (
    name.length > 255 ||
    name.split('/').some((part) => part === '..' || part === '') ||
    !(PHOTO_EXTENSIONS as readonly string[]).includes(ext)
  ) {
    return 'photo-invalid'
  }
  return { kind: 'file', name }
}

function readPhotoList(
  raw: string,
  origins: readonly string[],
): { refs: PhotoRef[]; bad?: { code: 'photo-invalid' | 'photo-not-ours'; value: string } } {
  const refs: PhotoRef[] = []
  for (const part of raw.split(PHOTO_SEPARATOR)) {
    if (!part.trim()) continue
    const ref = readPhotoRef(part, origins)
    if (typeof ref === 'string') return { refs, bad: { code: ref, value: part.trim().slice(0, 120) } }
    refs.push(ref)
  }
  return { refs }
}

const sameRef = (a: PhotoRef, b: PhotoRef) =>
  a.kind === b.kind && (a.kind === 'file' ? a.name === (b as typeof a).name : a.key === (b as typeof a).key)

/** Pushes refs not yet in the list (a photo named twice is one photo). */
export function addRefs(into: PhotoRef[], refs: PhotoRef[]): void {
  for (const r of refs) if (!into.some((x) => sameRef(x, r))) into.push(r)
}

type Row = { line: number; get: (c: ProductCsvColumn) => string }

/**
 * Parses a product file. A refusal (`ok: false`) concerns the whole file: empty, too large, too many rows, a
 * required column missing, an unclosed quote. Otherwise every row belongs to a product or is reported by line; a
 * product with any bad row is left out of `products` (the import applies nothing while there are errors anyway).
 */
export function parseProductCsv(input: string, options: { origins?: readonly string[] } = {}): ProductCsvParse {
  if (new TextEncoder().encode(input).length > PRODUCT_CSV_MAX_BYTES) {
    return { ok: false, code: 'too-large', maxBytes: PRODUCT_CSV_MAX_BYTES }
  }
  const origins = options.origins ?? []
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const split = splitRecords(text, detectDelimiter(text))
  if ('unclosedAt' in split) return { ok: false, code: 'malformed', line: split.unclosedAt }
  const records = split.records.filter((r) => r.fields.some((f) => f.trim() !== ''))
  const header = records.shift()
  if (!header) return { ok: false, code: 'empty' }
  const at = new Map<ProductCsvColumn, number>()
  header.fields.forEach((f, i) => {
    const c = columnOf(f)
    if (c && !at.has(c)) at.set(c, i)
  })
  const missing = REQUIRED_COLUMNS.filter((c) => !at.has(c))
  if (missing.length > 0) return { ok: false, code: 'wrong-columns', missing }
  if (records.length > PRODUCT_CSV_MAX_ROWS) {
    return { ok: false, code: 'too-many-rows', maxRows: PRODUCT_CSV_MAX_ROWS }
  }

  const errors: ProductCsvError[] = []
  const products = new Map<string, CsvProduct>()
  /** The raw product cells of each handle's first row, to compare later rows with, and that row's line. */
  const firstCells = new Map<string, Map<ProductCsvColumn, string>>()
  const firstLines = new Map<string, number>()
  const badHandles = new Set<string>()
  const skuLine = new Map<string, number>()
  const otherCategories: { line: number; category: string }[] = []

  for (const record of records) {
    const row: Row = {
      line: record.line,
      get: (c) => {
        const i = at.get(c)
        return i === undefined ? '' : cell(record.fields[i])
      },
    }
    const line = row.line
    const fail = (e: Omit<ProductCsvError, 'line'>) => errors.push({ line, ...e })
    const handle = row.get('handle').toLowerCase()
    if (!handle) {
      fail({ code: 'handle-missing', column: 'handle' })
      continue
    }
    if (!HANDLE_PATTERN.test(handle) || handle.length > HANDLE_MAX) {
      fail({ code: 'handle-invalid', column: 'handle', value: handle.slice(0, 120), max: HANDLE_MAX })
      continue
    }
    const before = errors.length

    let product = products.get(handle)
    if (!product && !badHandles.has(handle) && !firstCells.has(handle)) {
      // The handle's first row: its product columns.
      firstCells.set(handle, new Map(PRODUCT_COLUMNS.map((c) => [c, row.get(c)])))
      firstLines.set(handle, line)
      const read = readProductCells(row, origins)
      for (const e of read.errors) fail(e)
      if (read.product) {
        product = { handle, line, ...read.product, variants: [] }
        products.set(handle, product)
      } else {
        badHandles.add(handle)
        if (row.get('category')) otherCategories.push({ line, category: row.get('category') })
      }
    } else {
      const first = firstCells.get(handle) as Map<ProductCsvColumn, string>
      for (const c of PRODUCT_COLUMNS) {
        const value = row.get(c)
        if (value !== '' && !sameCell(c, value, first.get(c) ?? '')) {
          fail({ code: 'conflict', column: c, value: value.slice(0, 120), firstLine: firstLines.get(handle) })
        }
      }
    }

    const variant = readVariantCells(row, origins)
    for (const e of variant.errors) fail(e)
    if (variant.value) {
      const key = variant.value.sku
      const seen = skuLine.get(key)
      if (seen !== undefined) fail({ code: 'sku-duplicate', column: 'sku', value: key, firstLine: seen })
      else skuLine.set(key, line)
    }
    if (product && variant.value) {
      const v = variant.value
      const twin = product.variants.find(
        (o) => (o.size ?? '').toLowerCase() === (v.size ?? '').toLowerCase() && sameColour(o.colour, v.colour),
      )
      if (twin) fail({ code: 'option-repeated', column: 'size', firstLine: twin.line })
      // As in the editor (ADR 0012): the product's price is its lowest, so listings sort and filter it rightly.
      if (v.price !== null && v.price < product.price) fail({ code: 'variant-price-low', column: 'variant price' })
      if (product.variants.length >= productEditorLimits.variants.max) {
        fail({ code: 'too-many-variants', max: productEditorLimits.variants.max })
      }
    }
    if (errors.length > before || !product || !variant.value) {
      if (product) {
        products.delete(handle)
        badHandles.add(handle)
      }
      continue
    }
    product.variants.push(variant.value)
  }
  errors.sort((a, b) => a.line - b.line)
  return { ok: true, products: [...products.values()], errors, rows: records.length, otherCategories }
}

export const sameColour = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()

/** Whether a later row's product cell says the same as the first row's (prices and words as read, not as typed). */
function sameCell(column: ProductCsvColumn, a: string, b: string): boolean {
  if (column === 'price' || column === 'compare at price') return readFrancs(a) === readFrancs(b)
  if (column === 'status' || column === 'badge' || column === 'category') {
    return a.toLowerCase().replace(/\s+/g, ' ') === b.toLowerCase().replace(/\s+/g, ' ')
  }
  return a === b
}

type ProductCells = Omit<CsvProduct, 'handle' | 'line' | 'variants'>

function readProductCells(
  row: Row,
  origins: readonly string[],
): { product?: ProductCells; errors: Omit<ProductCsvError, 'line'>[] } {
  const errors: Omit<ProductCsvError, 'line'>[] = []
  const limits = productEditorLimits
  const title = row.get('title').replace(/\s+/g, ' ')
  if (!title) errors.push({ code: 'title-missing', column: 'title' })
  else if (title.length < limits.title.min) errors.push({ code: 'title-short', column: 'title', max: limits.title.min })
  else if (title.length > limits.title.max) errors.push({ code: 'title-long', column: 'title', max: limits.title.max })
  const description = row.get('description')
  if (!description) errors.push({ code: 'description-missing', column: 'description' })
  else if (description.length < limits.description.min) {
    errors.push({ code: 'description-short', column: 'description', max: limits.description.min })
  } else if (description.length > limits.description.max) {
    errors.push({ code: 'description-long', column: 'description', max: limits.description.max })
  }
  const category = row.get('category')
  if (!category) errors.push({ code: 'category-missing', column: 'category' })
  const price = francs(row.get('price'))
  if (price === '') errors.push({ code: 'price-missing', column: 'price' })
  else if (price === null) errors.push({ code: 'price-invalid', column: 'price', value: row.get('price').slice(0, 40) })
  const compareRaw = row.get('compare at price')
  const compareAt = francs(compareRaw)
  if (compareAt === null) {
    errors.push({ code: 'compare-at-invalid', column: 'compare at price', value: compareRaw.slice(0, 40) })
  } else if (typeof compareAt === 'number' && typeof price === 'number' && compareAt <= price) {
    errors.push({ code: 'compare-at-low', column: 'compare at price', value: compareRaw.slice(0, 40) })
  }
  const statusRaw = row.get('status').toLowerCase()
  const status = statusRaw === '' ? 'draft' : statusRaw
  if (!(productStatuses as readonly string[]).includes(status)) {
    errors.push({ code: 'status-invalid', column: 'status', value: statusRaw.slice(0, 40) })
  }
  const badgeRaw = row.get('badge').toLowerCase()
  if (badgeRaw && !(productBadges as readonly string[]).includes(badgeRaw)) {
    errors.push({ code: 'badge-invalid', column: 'badge', value: badgeRaw.slice(0, 40) })
  }
  const photos = readPhotoList(row.get('photos'), origins)
  if (photos.bad) errors.push({ ...photos.bad, column: 'photos' })
  if (errors.length > 0 || typeof price !== 'number') return { errors }
  return {
    errors,
    product: {
      title,
      description,
      category,
      price,
      compareAtPrice: typeof compareAt === 'number' ? compareAt : null,
      status: status as ProductStatusValue,
      badge: badgeRaw ? (badgeRaw as BadgeValue) : null,
      photos: photos.refs,
    },
  }
}

function readVariantCells(
  row: Row,
  origins: readonly string[],
): { value?: CsvVariant; errors: Omit<ProductCsvError, 'line'>[] } {
  const errors: Omit<ProductCsvError, 'line'>[] = []
  const limits = productEditorLimits
  const size = row.get('size') || null
  if (size && size.length > limits.size.max) errors.push({ code: 'size-long', column: 'size', max: limits.size.max })
  const colour = row.get('colour') || null
  if (colour && colour.length > limits.colour.max) {
    errors.push({ code: 'colour-long', column: 'colour', max: limits.colour.max })
  }
  const sku = row.get('sku').toUpperCase()
  if (!sku) errors.push({ code: 'sku-missing', column: 'sku' })
  else if (sku.length < limits.sku.min || sku.length > limits.sku.max || !SKU_PATTERN.test(sku)) {
    errors.push({ code: 'sku-invalid', column: 'sku', value: sku.slice(0, 60) })
  }
  const stockRaw = row.get('stock').replace(/[\s\u00a0\u202f]/g, '')
  const stock = stockRaw === '' ? 0 : /^\d+$/.test(stockRaw) ? Number(stockRaw) : Number.NaN
  if (!Number.isSafeInteger(stock) || stock > limits.stock.max) {
    errors.push({ code: 'stock-invalid', column: 'stock', value: stockRaw.slice(0, 40), max: limits.stock.max })
  }
  const priceRaw = row.get('variant price')
  const price = francs(priceRaw)
  if (price === null)
    errors.push({ code: 'variant-price-invalid', column: 'variant price', value: priceRaw.slice(0, 40) })
  const photos = readPhotoList(row.get('colour photos'), origins)
  if (photos.bad) errors.push({ ...photos.bad, column: 'colour photos' })
  else if (photos.refs.length > 0 && !colour) errors.push({ code: 'colour-photos-no-colour', column: 'colour photos' })
  if (errors.length > 0) return { errors }
  return {
    errors,
    value: {
      line: row.line,
      size,
      colour,
      sku,
      stock,
      price: typeof price === 'number' ? price : null,
      colourPhotos: photos.refs,
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** One product as the export writes it (the same shape the import reads). */
export type ProductCsvOut = {
  handle: string
  title: string
  description: string
  category: string
  price: number
  compareAtPrice: number | null
  status: string
  badge: string | null
  /** Photo addresses for every colour. */
  photos: string[]
  variants: {
    size: string | null
    colour: string | null
    sku: string
    stock: number
    price: number | null
    /** Photo addresses of this variant's colour (written on the colour's first row). */
    colourPhotos: string[]
  }[]
}

/** The header line and one line per variant; product columns on each product's first row only. */
export function productCsvLines(products: Iterable<ProductCsvOut>): string[] {
  const lines = [PRODUCT_CSV_COLUMNS.map(csvField).join(',')]
  for (const p of products) {
    const variants = p.variants.length > 0 ? p.variants : [null]
    variants.forEach((v, i) => {
      const first = i === 0
      const cells: (string | number | null)[] = [
        p.handle,
        first ? p.title : '',
        first ? p.description : '',
        first ? p.category : '',
        first ? p.price : '',
        first ? p.compareAtPrice : '',
        first ? p.status : '',
        first ? p.badge : '',
        v?.size ?? '',
        v?.colour ?? '',
        v?.sku ?? '',
        v?.stock ?? '',
        v?.price ?? '',
        first ? p.photos.join(PHOTO_SEPARATOR) : '',
        v?.colourPhotos.join(PHOTO_SEPARATOR) ?? '',
      ]
      lines.push(cells.map(csvField).join(','))
    })
  }
  return lines
}

/** Lines as a file: CRLF line ends, as spreadsheets write them. */
export const linesToCsv = (lines: string[]) => `${lines.join('\r\n')}\r\n`

/** The template: the header and a two-size dress with its photos in the zip, and a one-variant bag in draft. */
export function productCsvTemplate(categoryPaths: { dress: string; bag: string }): string {
  return linesToCsv(
    productCsvLines([
      {
        handle: 'kitenge-wrap-dress',
        title: 'Kitenge wrap dress',
        description: 'A wrap dress in bright kitenge cotton, tailored in Kigali.',
        category: categoryPaths.dress,
        price: 25000,
        compareAtPrice: 30000,
        status: 'active',
        badge: 'new',
        photos: ['dress-front.jpg', 'dress-back.jpg'],
        variants: [
          { size: 'S', colour: 'Blue', sku: 'KWD-S-BLUE', stock: 10, price: null, colourPhotos: ['dress-blue.jpg'] },
          { size: 'XL', colour: 'Blue', sku: 'KWD-XL-BLUE', stock: 4, price: 28000, colourPhotos: [] },
        ],
      },
      {
        handle: 'agaseke-basket-bag',
        title: 'Agaseke basket bag',
        description: 'A handwoven sisal bag with a leather strap.',
        category: categoryPaths.bag,
        price: 18000,
        compareAtPrice: null,
        status: 'draft',
        badge: null,
        photos: [],
        variants: [{ size: null, colour: null, sku: 'AGB-1', stock: 6, price: null, colourPhotos: [] }],
      },
    ]),
  )
}
