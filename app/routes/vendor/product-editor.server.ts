import { data, redirect } from 'react-router'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { readBoundedForm } from '#app/lib/form-data.server.ts'
import { notFound } from '#app/lib/http.server.ts'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import {
  idOf,
  PhotoAltSchema,
  type ProductErrors,
  type ProductFormValues,
  productEditorLimits,
  readProductForm,
} from '#app/modules/catalog/product-editor.schemas.ts'
import {
  buildVariantGrid,
  gridSize,
  optionsOf,
  sizePresets,
  skuBaseOf,
  splitOptions,
} from '#app/modules/catalog/variant-grid.ts'
import {
  addProductPhotos,
  changeProductPhoto,
  createOwnProduct,
  findOwnProduct,
  type PhotoChange,
  parseProductForm,
} from '#app/modules/catalog/vendor-products.server.ts'
import { uploadMaxBytes } from '#app/modules/images/uploads.server.ts'
import { checkVariantRemovable, updateOwnProduct } from '#app/workflows/vendor-products.server.ts'

// The product editor's actions (/vendor-dashboard/products/new and /:productId), one per `intent`. The store is
// always the signed-in vendor's; a product, variant or photo id of another store is a 404 and changes nothing.

export type EditorActionData = {
  values?: ProductFormValues
  errors?: ProductErrors
  /** A message about the photos section (an upload refused, an alt text refused), by field. */
  photoErrors?: Record<string, string>
  notice?: string
  /** The field to focus after the page comes back (a new variant row). */
  focus?: string
}

/** The one not-found answer (app/lib/http.server.ts), here for the pages beside this file. */
export { notFound }

async function back(to: string, title: string, kind: 'success' | 'error' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': await flashCookie({ kind, title }) } })
}

const L = productEditorLimits
const cut = (value: string, max: number) => value.slice(0, max)

/** The values a page gets back: only the form's known fields (readProductForm), each cut to its length. */
function echo(values: ProductFormValues): ProductFormValues {
  return {
    title: cut(values.title, L.title.max),
    description: cut(values.description, L.description.max),
    translations: {
      rw: {
        title: cut(values.translations.rw.title, L.title.max),
        description: cut(values.translations.rw.description, L.description.max),
      },
      fr: {
        title: cut(values.translations.fr.title, L.title.max),
        description: cut(values.translations.fr.description, L.description.max),
      },
    },
    categoryId: cut(values.categoryId, 12),
    price: cut(values.price, 20),
    compareAtPrice: cut(values.compareAtPrice, 20),
    badge: cut(values.badge, 40),
    status: cut(values.status, 20),
    sizes: cut(values.sizes ?? '', 2000),
    colours: cut(values.colours ?? '', 2000),
    variants: values.variants.map((v) => ({
      id: cut(v.id, 12),
      size: cut(v.size, L.size.max),
      colour: cut(v.colour, L.colour.max),
      sku: cut(v.sku, L.sku.max),
      stock: cut(v.stock, 20),
      price: cut(v.price ?? '', 20),
    })),
  }
}

/** The grid the typed sizes and colours make, keeping the rows typed; refused with a message over the limit. */
function gridFor(
  values: ProductFormValues,
): { ok: true; rows: ProductFormValues['variants'] } | { ok: false; errors: ProductErrors } {
  const sizes = splitOptions(values.sizes ?? '', L.size.max)
  const colours = splitOptions(values.colours ?? '', L.colour.max)
  if (gridSize(sizes, colours) > L.variants.max)
    return { ok: false, errors: { variants: 'productEditor.error.gridTooBig' } }
  return {
    ok: true,
    rows: buildVariantGrid({
      sizes,
      colours,
      rows: values.variants.map((v) => ({ ...v, price: v.price ?? '' })),
      skuBase: skuBaseOf(values.title),
    }),
  }
}

/** Whether the sizes and colours typed are those the rows have (ignoring case, order and spacing). */
function sameOptions(values: ProductFormValues): boolean {
  const set = (list: string[]) =>
    [...new Set(list.map((v) => v.trim().toLowerCase()).filter(Boolean))].sort().join('\u0000')
  const rows = values.variants
  return (
    set(splitOptions(values.sizes ?? '', L.size.max)) === set(rows.map((r) => r.size)) &&
    set(splitOptions(values.colours ?? '', L.colour.max)) === set(rows.map((r) => r.colour))
  )
}

/** Room for the form's text fields besides the files (every variant row travels with the photos). */
const FORM_SLACK_BYTES = 256 * 1024

/** What a refused body reads as, next to the photos field. */
const FORM_REFUSAL = { too_large: 'too_large', too_many_files: 'too_many', malformed: 'missing' } as const

export async function productEditorAction(
  ctx: ServiceContext,
  request: Request,
  actor: Actor,
  productParam: string | undefined,
) {
  const productId = productParam === undefined ? null : idOf(productParam)
  if (productParam !== undefined && productId === null) notFound()
  const env = getEnv()
  const owner = { ownerUserId: actor.userId }
  // Another store's product id in the URL is not found, whatever the intent (even one that writes nothing).
  if (productId !== null && !(await findOwnProduct(ctx, { ...owner, productId }))) notFound()
  // Streamed within bounds: a photo over UPLOAD_MAX_MB, or more photos than allowed, stops the reading there.
  const read = await readBoundedForm(request, {
    maxFileBytes: uploadMaxBytes(),
    maxFiles: env.UPLOAD_MAX_PHOTOS,
    maxTotalBytes: uploadMaxBytes() * env.UPLOAD_MAX_PHOTOS + FORM_SLACK_BYTES,
  })
  if (!read.ok) {
    const photoErrors = { photos: `upload.error.${FORM_REFUSAL[read.code]}` }
    return data<EditorActionData>({ photoErrors }, { status: read.code === 'too_large' ? 413 : 400 })
  }
  const form = read.form
  const intent = String(form.get('intent') ?? 'save')
  const here = productId ? `/vendor-dashboard/products/${productId}` : '/vendor-dashboard/products/new'

  if (intent === 'buildGrid' || intent.startsWith('sizePreset:')) {
    // Without JavaScript: the grid for the sizes and colours typed (the page's script builds it as they are typed).
    const values = readProductForm(form)
    const preset = intent.slice('sizePreset:'.length)
    if (preset in sizePresets) values.sizes = sizePresets[preset as keyof typeof sizePresets].join(', ')
    const grid = gridFor(values)
    if (!grid.ok) return data<EditorActionData>({ values: echo(values), errors: grid.errors }, { status: 400 })
    values.variants = grid.rows
    return data<EditorActionData>({ values: echo(values), notice: 'productEditor.grid.built' })
  }

  if (intent.startsWith('removeVariant:')) {
    const values = readProductForm(form)
    const index = Number(intent.slice('removeVariant:'.length))
    const row = values.variants[index]
    const variantId = idOf(row?.id)
    if (row && variantId !== null) {
      if (productId === null) notFound()
      const check = await checkVariantRemovable(ctx, { ...owner, productId, variantId })
      if (!check.ok && check.code === 'not_found') notFound()
      if (!check.ok) {
        const errors = { [`variants[${index}].sku`]: 'productEditor.error.variantOrdered' }
        return data<EditorActionData>({ values: echo(values), errors }, { status: 400 })
      }
    }
    values.variants.splice(index, 1)
    Object.assign(values, optionsOf(values.variants))
    return data<EditorActionData>({ values: echo(values), notice: 'productEditor.variants.removed' })
  }

  if (intent === 'save') {
    const values = readProductForm(form)
    // Sizes or colours changed without the grid following (a post without JavaScript that skipped "Build the
    // grid"): nothing is saved; the grid comes back built, to be checked and saved.
    if (!sameOptions(values)) {
      const grid = gridFor(values)
      if (!grid.ok) return data<EditorActionData>({ values: echo(values), errors: grid.errors }, { status: 400 })
      values.variants = grid.rows
      return data<EditorActionData>({ values: echo(values), notice: 'productEditor.grid.rebuilt' }, { status: 400 })
    }
    const parsed = parseProductForm(values)
    if (!parsed.ok) return data<EditorActionData>({ values: echo(values), errors: parsed.errors }, { status: 400 })
    const result = productId
      ? await updateOwnProduct(ctx, { ...owner, productId, product: parsed.input })
      : await createOwnProduct(ctx, { ...owner, product: parsed.input })
    if (!result.ok && result.code === 'not_found') notFound()
    if (!result.ok) return data<EditorActionData>({ values: echo(values), errors: result.errors }, { status: 400 })
    return back(
      `/vendor-dashboard/products/${result.id}${productId ? '' : '#photos'}`,
      productId ? 'productEditor.toast.saved' : 'productEditor.toast.created',
    )
  }

  if (productId === null) notFound()

  if (intent === 'uploadPhotos') {
    const values = readProductForm(form)
    const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string')
    const result = await addProductPhotos(ctx, { ...owner, productId, files })
    if (!result.ok && result.code === 'not_found') notFound()
    if (!result.ok) {
      return data<EditorActionData>(
        { values: echo(values), photoErrors: { photos: `upload.error.${result.code}` } },
        {
          status: 400,
        },
      )
    }
    return data<EditorActionData>({ values: echo(values), notice: 'productEditor.photos.added' })
  }

  const photoId = idOf(form.get('photoId'))
  if (photoId === null) notFound()
  let change: PhotoChange
  if (intent === 'movePhoto') change = { kind: 'move', direction: form.get('direction') === 'up' ? 'up' : 'down' }
  else if (intent === 'mainPhoto') change = { kind: 'main' }
  else if (intent === 'deletePhoto') change = { kind: 'delete' }
  else if (intent === 'photoAlt') {
    const parsed = PhotoAltSchema.safeParse({ alt: form.get('alt') ?? '' })
    if (!parsed.success) {
      const photoErrors = { [`alt.${photoId}`]: parsed.error.issues[0]?.message ?? 'productEditor.error.required' }
      return data<EditorActionData>({ photoErrors }, { status: 400 })
    }
    change = { kind: 'alt', alt: parsed.data.alt }
  } else if (intent === 'photoColour') {
    const colour = String(form.get('colour') ?? '').slice(0, L.colour.max)
    change = { kind: 'colour', colour: colour === '' ? null : colour }
  } else return data<EditorActionData>({ notice: undefined }, { status: 400 })
  const result = await changeProductPhoto(ctx, { ...owner, productId, photoId, change })
  if (!result.ok && result.code === 'not_found') notFound()
  if (!result.ok && result.code === 'no-such-colour')
    return back(`${here}#photos`, 'productEditor.error.photoColour', 'error')
  if (!result.ok) return back(`${here}#photos`, 'productEditor.error.lastPhotoActive', 'error')
  return back(`${here}#photos`, `productEditor.toast.${intent}`)
}
