import { data, redirect } from 'react-router'
import { getServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import type { Actor } from '#app/modules/accounts/accounts.server.ts'
import {
  emptyVariant,
  idOf,
  PhotoAltSchema,
  type ProductErrors,
  type ProductFormValues,
  parseProductForm,
  readProductForm,
} from '#app/modules/catalog/product-editor.schemas.ts'
import {
  addProductPhotos,
  changeProductPhoto,
  checkVariantRemovable,
  createOwnProduct,
  getOwnProduct,
  type PhotoChange,
  updateOwnProduct,
} from '#app/modules/catalog/vendor-products.server.ts'
import { uploadMaxBytes } from '#app/modules/images/uploads.server.ts'

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

export function notFound(): never {
  throw data(null, { status: 404 })
}

function back(to: string, title: string, kind: 'success' | 'error' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': flashCookie({ kind, title }) } })
}

/** Room for the form's text fields besides the files. */
const FORM_SLACK_BYTES = 256 * 1024

export async function productEditorAction(request: Request, actor: Actor, productParam: string | undefined) {
  const productId = productParam === undefined ? null : idOf(productParam)
  if (productParam !== undefined && productId === null) notFound()
  const env = getEnv()
  // Refuse an oversized body before reading it: the photos would be refused anyway.
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > uploadMaxBytes() * env.UPLOAD_MAX_PHOTOS + FORM_SLACK_BYTES) {
    return data<EditorActionData>({ photoErrors: { photos: 'upload.error.too_large' } }, { status: 413 })
  }
  const ctx = getServiceContext()
  const owner = { ownerUserId: actor.userId }
  // Another store's product id in the URL is not found, whatever the intent (even one that writes nothing).
  if (productId !== null && !(await getOwnProduct(ctx, { ...owner, productId }))) notFound()
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save')
  const here = productId ? `/vendor-dashboard/products/${productId}` : '/vendor-dashboard/products/new'

  if (intent === 'addVariant' || intent.startsWith('removeVariant:')) {
    const values = readProductForm(form)
    if (intent === 'addVariant') {
      values.variants.push(emptyVariant())
      return data<EditorActionData>({ values, focus: `variants.${values.variants.length - 1}.size` })
    }
    const index = Number(intent.slice('removeVariant:'.length))
    const row = values.variants[index]
    const variantId = idOf(row?.id)
    if (row && variantId !== null) {
      if (productId === null) notFound()
      const check = await checkVariantRemovable(ctx, { ...owner, productId, variantId })
      if (!check.ok && check.code === 'not-found') notFound()
      if (!check.ok) {
        const errors = { [`variants.${index}.sku`]: 'productEditor.error.variantOrdered' }
        return data<EditorActionData>({ values, errors }, { status: 400 })
      }
    }
    values.variants.splice(index, 1)
    return data<EditorActionData>({ values, notice: 'productEditor.variants.removed' })
  }

  if (intent === 'save') {
    const values = readProductForm(form)
    const parsed = parseProductForm(values)
    if (!parsed.ok) return data<EditorActionData>({ values, errors: parsed.errors }, { status: 400 })
    const result = productId
      ? await updateOwnProduct(ctx, { ...owner, productId, product: parsed.input })
      : await createOwnProduct(ctx, { ...owner, product: parsed.input })
    if (!result.ok && result.code === 'not-found') notFound()
    if (!result.ok) return data<EditorActionData>({ values, errors: result.errors }, { status: 400 })
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
    if (!result.ok && result.code === 'not-found') notFound()
    if (!result.ok) {
      return data<EditorActionData>(
        { values, photoErrors: { photos: `upload.error.${result.code}` } },
        {
          status: 400,
        },
      )
    }
    return data<EditorActionData>({ values, notice: 'productEditor.photos.added' })
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
  } else return data<EditorActionData>({ notice: undefined }, { status: 400 })
  const result = await changeProductPhoto(ctx, { ...owner, productId, photoId, change })
  if (!result.ok && result.code === 'not-found') notFound()
  if (!result.ok) return back(`${here}#photos`, 'productEditor.error.lastPhotoActive', 'error')
  return back(`${here}#photos`, `productEditor.toast.${intent}`)
}
