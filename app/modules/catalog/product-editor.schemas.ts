import { z } from 'zod'
import { readFrancs } from '#app/lib/read-francs.ts'
import { STOCK_MAX } from './stock-levels.ts'
import type { GridRow } from './variant-grid.ts'

// The vendor's product editor (/vendor-dashboard/products/...), shared by the form and its action. Messages are
// catalogue ids (app/locales/en/product-editor.po); an error's key is the field's name in Conform's naming, e.g. `variants[2].sku`.

export const productStatuses = ['draft', 'active', 'archived'] as const
export type ProductStatus = (typeof productStatuses)[number]
export const productBadges = ['new', 'bestseller', 'limited'] as const
export type ProductBadge = (typeof productBadges)[number]
export const productListTabs = ['all', ...productStatuses] as const
export type ProductListTab = (typeof productListTabs)[number]

export const productEditorLimits = {
  title: { min: 3, max: 120 },
  description: { min: 10, max: 4000 },
  size: { max: 20 },
  colour: { max: 30 },
  sku: { min: 2, max: 40 },
  /** Most variant rows one product has: shown in the editor and refused with a message on save, never cut silently. */
  variants: { max: 100 },
  /** Highest price (RWF) and stock (units, the one limit of every stock tool) accepted. */
  price: { max: 100_000_000 },
  stock: { max: STOCK_MAX },
  alt: { max: 200 },
} as const

/**
 * What the form sends and shows back when it refuses: every field as typed (`price` blank or absent: the product's
 * price; optional so that callers written before variant prices still build a form).
 */
export type VariantFormValues = Omit<GridRow, 'price'> & { price?: string }
/** A product's words in another language, as typed (both may be left empty: the vendor's own words show). */
export type TranslationFormValues = { title: string; description: string }
/** The languages a vendor may add a translation in (their own words stay in `title` and `description`). */
export const translationLocales = ['rw', 'fr'] as const
export type TranslationLocale = (typeof translationLocales)[number]

export type ProductFormValues = {
  title: string
  description: string
  translations: Record<TranslationLocale, TranslationFormValues>
  categoryId: string
  price: string
  compareAtPrice: string
  badge: string
  status: string
  /** The grid's sizes and colours as typed, comma-separated (variant-grid.ts makes the rows from them); the form
   * always sends them, a caller that builds the values itself may leave them out. */
  sizes?: string
  colours?: string
  variants: VariantFormValues[]
}

export const emptyVariant = (): VariantFormValues => ({
  id: '',
  size: '',
  colour: '',
  sku: '',
  stock: '0',
  price: '',
})

/** Rows a post may carry (`variants[0]` to `variants[999]`): more than the limit, so that a grid too big is refused
 * with a message (the schema's `variants.max`) rather than cut. */
const POSTED_ROWS_READ = 1000

const str = (v: FormDataEntryValue | null | undefined) => (typeof v === 'string' ? v : '')

/** Reads the editor's fields (variant rows as `variants[<i>].<field>`) from a posted form, keeping them as typed. */
export function readProductForm(form: FormData): ProductFormValues {
  const rows = new Map<number, VariantFormValues>()
  for (const [name, value] of form.entries()) {
    const m = /^variants\[(\d{1,3})\]\.(id|size|colour|sku|stock|price)$/.exec(name)
    if (!m || Number(m[1]) >= POSTED_ROWS_READ) continue
    const i = Number(m[1])
    const row = rows.get(i) ?? { id: '', size: '', colour: '', sku: '', stock: '', price: '' }
    row[m[2] as keyof VariantFormValues] = str(value)
    rows.set(i, row)
  }
  const variants = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row)
  return {
    title: str(form.get('title')),
    description: str(form.get('description')),
    translations: {
      rw: { title: str(form.get('translations.rw.title')), description: str(form.get('translations.rw.description')) },
      fr: { title: str(form.get('translations.fr.title')), description: str(form.get('translations.fr.description')) },
    },
    categoryId: str(form.get('categoryId')),
    price: str(form.get('price')),
    compareAtPrice: str(form.get('compareAtPrice')),
    badge: str(form.get('badge')),
    status: str(form.get('status')) || 'draft',
    sizes: str(form.get('sizes')).slice(0, 2000),
    colours: str(form.get('colours')).slice(0, 2000),
    variants,
  }
}

/** Whole francs as typed ('12 500', '12,500', '12.500' or '12500'); an optional one may be left blank (null). */
function francs(required: boolean) {
  return z.string().transform((raw, ctx): number | null => {
    const s = readFrancs(raw)
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    if (s === '') return required ? fail('productEditor.error.required') : null
    if (s === null || !/^\d{1,12}$/.test(s)) return fail('productEditor.error.wholeFrancs')
    const n = Number(s)
    if (n < 1) return fail('productEditor.error.pricePositive')
    if (n > productEditorLimits.price.max) return fail('productEditor.error.priceHigh')
    return n
  })
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'productEditor.error.long')
    .transform((s) => (s === '' ? null : s))

/** A translation's title or description: optional, but within the same lengths as the vendor's own. */
const translated = (limits: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || s.length >= limits.min, 'productEditor.error.short')
    .refine((s) => s.length <= limits.max, 'productEditor.error.long')
    .transform((s) => (s === '' ? null : s))

const TranslationSchema = z.object({
  title: translated(productEditorLimits.title),
  description: translated(productEditorLimits.description),
})

const VariantSchema = z.object({
  id: z
    .string()
    .regex(/^(\d{1,9})?$/, 'productEditor.error.variantUnknown')
    .transform((s) => (s ? Number(s) : null)),
  size: optionalText(productEditorLimits.size.max),
  colour: optionalText(productEditorLimits.colour.max),
  sku: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'productEditor.error.required')
    .min(productEditorLimits.sku.min, 'productEditor.error.short')
    .max(productEditorLimits.sku.max, 'productEditor.error.long')
    .regex(/^[A-Z0-9][A-Z0-9._-]*$/, 'productEditor.error.skuChars'),
  stock: z
    .string()
    .trim()
    .min(1, 'productEditor.error.required')
    .regex(/^\d+$/, 'productEditor.error.stockWhole')
    .transform(Number)
    .pipe(z.number().int().max(productEditorLimits.stock.max, 'productEditor.error.stockHigh')),
  /** The variant's own price; blank or absent (null) means the product's price. */
  price: z
    .string()
    .optional()
    .transform((s) => s ?? '')
    .pipe(francs(false)),
})

export const ProductFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'productEditor.error.required')
      .min(productEditorLimits.title.min, 'productEditor.error.short')
      .max(productEditorLimits.title.max, 'productEditor.error.long'),
    description: z
      .string()
      .trim()
      .min(1, 'productEditor.error.required')
      .min(productEditorLimits.description.min, 'productEditor.error.short')
      .max(productEditorLimits.description.max, 'productEditor.error.long'),
    categoryId: z
      .string()
      .min(1, 'productEditor.error.category')
      .regex(/^\d{1,9}$/, 'productEditor.error.category')
      .transform(Number),
    price: francs(true),
    compareAtPrice: francs(false),
    badge: z
      .string()
      .refine((b) => b === '' || (productBadges as readonly string[]).includes(b), 'productEditor.error.badge')
      .transform((b) => (b === '' ? null : (b as ProductBadge))),
    status: z.enum(productStatuses, { error: 'productEditor.error.status' }),
    variants: z
      .array(VariantSchema)
      .min(1, 'productEditor.error.variantsNone')
      .max(productEditorLimits.variants.max, 'productEditor.error.variantsMany'),
    translations: z.object({ rw: TranslationSchema, fr: TranslationSchema }),
  })
  .superRefine((p, ctx) => {
    if (p.compareAtPrice != null && p.price != null && p.compareAtPrice <= p.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: 'productEditor.error.compareAt' })
    }
    // The product's price is the lowest a shopper can pay: a variant may cost more (an XL dearer than an S), never
    // less. So the listings' price sorting and filtering, which read the product's price, stay true ("from").
    p.variants.forEach((v, i) => {
      if (v.price != null && p.price != null && v.price < p.price) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'price'], message: 'productEditor.error.variantPriceLow' })
      }
    })
    const skus = new Map<string, number>()
    const options = new Map<string, number>()
    p.variants.forEach((v, i) => {
      if (skus.has(v.sku)) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'productEditor.error.skuRepeated' })
      } else skus.set(v.sku, i)
      const option = `${(v.size ?? '').toLowerCase()}\u0000${(v.colour ?? '').toLowerCase()}`
      if (options.has(option)) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'size'], message: 'productEditor.error.optionRepeated' })
      } else options.set(option, i)
    })
  })

export type ProductInput = z.output<typeof ProductFormSchema>
/** The first message of each field, keyed by its Conform name (`variants[1].sku`), as the form shows them. */
export type ProductErrors = Record<string, string>

export const PhotoAltSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(1, 'productEditor.error.required')
    .max(productEditorLimits.alt.max, 'productEditor.error.long'),
})

export const ProductListQuerySchema = z.object({
  status: z.enum(productListTabs).catch('all'),
  q: z.string().trim().max(100).catch('').default(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
})

/** A positive id from a path or a form field; null when it is not a plain number. */
export function idOf(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null
}
