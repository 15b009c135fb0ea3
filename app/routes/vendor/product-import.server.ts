import { data, redirect } from 'react-router'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { flashCookie } from '#app/lib/flash.server.ts'
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MAX_ROWS } from '#app/modules/catalog/product-csv.ts'
import { productEditorLimits } from '#app/modules/catalog/product-editor.schemas.ts'
import {
  PHOTO_ZIP_MAX_BYTES,
  PHOTO_ZIP_MAX_PHOTOS,
  PHOTO_ZIP_MAX_UNZIPPED,
} from '#app/modules/images/photo-zip.server.ts'
import { applyStoreImport, previewStoreImport } from '#app/workflows/product-import.server.ts'

// The import page's two forms (preview the files, apply a preview), thin steps over the product-import workflow.
// The store is the signed-in account's own: no store id is read from the form.

/** The largest form accepted: the product file, the zip, and room for the text fields (the request guards allow it). */
export const IMPORT_FORM_MAX_BYTES = PRODUCT_CSV_MAX_BYTES + PHOTO_ZIP_MAX_BYTES + 256 * 1024

const MB = 1024 * 1024

/** The limits the page states (the same the import enforces). */
export function importLimits() {
  const env = getEnv()
  return {
    maxMb: PRODUCT_CSV_MAX_BYTES / 1_000_000,
    maxRows: PRODUCT_CSV_MAX_ROWS,
    zipMb: PHOTO_ZIP_MAX_BYTES / MB,
    unzippedMb: PHOTO_ZIP_MAX_UNZIPPED / MB,
    maxPhotos: PHOTO_ZIP_MAX_PHOTOS,
    photosPerProduct: env.UPLOAD_MAX_PHOTOS,
    variantsPerProduct: productEditorLimits.variants.max,
    uploadMb: env.UPLOAD_MAX_MB,
  }
}

export type FileRefusalCode = 'missing' | 'too-large' | 'empty' | 'too-many-rows' | 'wrong-columns' | 'malformed'
export type ZipRefusalCode = 'not-zip' | 'too-large' | 'too-many-files' | 'too-large-unzipped' | 'unsafe-name'

type FileError = { code: FileRefusalCode; missing?: string[]; line?: number }

const refused = (fileError: FileError | null, zipError: ZipRefusalCode | null) =>
  data({ intent: 'preview' as const, fileError, zipError }, { status: 400 })

export async function previewImport(ctx: ServiceContext, userId: string, form: FormData) {
  const file = form.get('file')
  const photos = form.get('photos')
  if (!(file instanceof Blob) || file.size === 0) return refused({ code: 'missing' }, null)
  if (file.size > PRODUCT_CSV_MAX_BYTES) return refused({ code: 'too-large' }, null)
  const zip = photos instanceof Blob && photos.size > 0 ? photos : null
  if (zip && zip.size > PHOTO_ZIP_MAX_BYTES) return refused(null, 'too-large')
  const result = await previewStoreImport(ctx, {
    ownerUserId: userId,
    csv: await file.text(),
    zip: zip ? new Uint8Array(await zip.arrayBuffer()) : null,
  })
  if (!result) throw redirect('/vendor-dashboard')
  if (!result.ok) {
    if (result.code.startsWith('zip-')) return refused(null, result.code.slice(4) as ZipRefusalCode)
    const r = result as { code: FileRefusalCode; missing?: string[]; line?: number }
    return refused({ code: r.code, missing: r.missing, line: r.line }, null)
  }
  return data({ intent: 'preview' as const, preview: result.preview, token: result.token, stale: false })
}

export async function applyImport(ctx: ServiceContext, userId: string, form: FormData) {
  const token = String(form.get('token') ?? '').slice(0, 64)
  const outcome = await applyStoreImport(ctx, { ownerUserId: userId, token })
  if (!outcome) throw redirect('/vendor-dashboard')
  if (outcome.ok) {
    const { productsCreated, productsUpdated } = outcome.counts
    const flash = await flashCookie({
      kind: 'success',
      title: 'productImport.done',
      values: { created: String(productsCreated), updated: String(productsUpdated) },
    })
    return redirect('/vendor-dashboard/products', { headers: { 'Set-Cookie': flash } })
  }
  if (outcome.code === 'expired') return data({ intent: 'apply' as const, error: 'expired' as const }, { status: 409 })
  if (outcome.code === 'photo-failed') {
    return data({ intent: 'apply' as const, error: 'photo-failed' as const, file: outcome.file }, { status: 400 })
  }
  if (outcome.code === 'invalid') {
    return data({ intent: 'preview' as const, preview: outcome.preview, token: null, stale: true }, { status: 409 })
  }
  return data({ intent: 'apply' as const, error: 'expired' as const }, { status: 409 })
}
