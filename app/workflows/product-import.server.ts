import type { ServiceContext } from '#app/lib/context.server.ts'
import { type ProductCsvRefusal, parseProductCsv } from '#app/modules/catalog/product-csv.ts'
import {
  applyProductImport,
  exportProductCsv,
  type ImportCounts,
  type ImportPreview,
  keysToStore,
  type PhotoFileCheck,
  previewProductImport,
  productTemplateCsv,
  type StoredPhoto,
  siteOrigins,
} from '#app/modules/catalog/product-import.server.ts'
import {
  claimProductImport,
  finishProductImport,
  keepProductImport,
  releaseProductImport,
  renewProductImportClaim,
} from '#app/modules/catalog/product-import-batches.server.ts'
import { openPhotoZip, type PhotoZip, type PhotoZipRefusal } from '#app/modules/images/photo-zip.server.ts'
import {
  checkUploadedImage,
  type StoreUploadOptions,
  storeUploadedImage,
  uploadedImageKey,
  uploadMaxBytes,
} from '#app/modules/images/uploads.server.ts'
import { findVendorByOwner } from '#app/modules/vendors/vendors-admin.server.ts'
import { deleteUnusedImages } from './images.server.ts'

// Importing a product file (and a zip of its photos) into the signed-in vendor's store, in two steps: the preview
// checks everything (photos by their headers only: quick) and keeps the two files in the database under a random
// token, so that Apply may reach any server; Apply stores the new pictures (the slow part), then writes every row in
// one transaction. The token is claimed in one UPDATE, so a second Apply of the same preview (a double click, a
// reload, on this server or another) finds it taken and answers with the first one's result instead of importing
// again. The store is always the account's own.

export type ImportRefusal = ProductCsvRefusal | { ok: false; code: `zip-${PhotoZipRefusal}` }

/** While its photos are stored, an Apply renews its claim this often (well within the claim's 10-minute timeout). */
const CLAIM_RENEW_MS = 60 * 1000

export type PreviewImportResult = { ok: true; preview: ImportPreview; token: string | null } | ImportRefusal

async function storeOf(ctx: ServiceContext, ownerUserId: string): Promise<number | null> {
  return (await findVendorByOwner(ctx, ownerUserId))?.id ?? null
}

/** Each photo file the products name, looked up in the zip and checked by its header (nothing is encoded). */
async function checkFiles(names: Set<string>, zip: PhotoZip | null): Promise<Map<string, PhotoFileCheck>> {
  const checks = new Map<string, PhotoFileCheck>()
  const entryOf = new Map<string, string>()
  for (const name of names) {
    const entry = zip?.find(name)
    if (!entry) checks.set(name, { ok: false, code: 'photo-not-in-zip' })
    else if (entry.size > uploadMaxBytes()) checks.set(name, { ok: false, code: 'photo-too-large' })
    else entryOf.set(name, entry.name)
  }
  if (!zip || entryOf.size === 0) return checks
  const contents = zip.read(entryOf.values())
  for (const [name, entry] of entryOf) {
    const bytes = contents.get(entry)
    if (!bytes) {
      checks.set(name, { ok: false, code: 'photo-not-image' })
      continue
    }
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const checked = await checkUploadedImage(buffer)
    if (!checked.ok) {
      checks.set(name, { ok: false, code: checked.code === 'too_small' ? 'photo-too-small' : 'photo-not-image' })
    } else checks.set(name, { ok: true, key: uploadedImageKey(buffer, 'product') })
  }
  return checks
}

type Prepared = { ok: true; input: Parameters<typeof previewProductImport>[1]; zip: PhotoZip | null } | ImportRefusal

async function prepare(vendorId: number, csv: string, zipBytes: Uint8Array | null): Promise<Prepared> {
  const parsed = parseProductCsv(csv, { origins: siteOrigins() })
  if (!parsed.ok) return parsed
  let zip: PhotoZip | null = null
  if (zipBytes && zipBytes.length > 0) {
    const opened = openPhotoZip(zipBytes)
    if (!opened.ok) return { ok: false, code: `zip-${opened.code}` }
    zip = opened.zip
  }
  const names = new Set(
    parsed.products.flatMap((p) =>
      [...p.photos, ...p.variants.flatMap((v) => v.colourPhotos)].flatMap((r) => (r.kind === 'file' ? [r.name] : [])),
    ),
  )
  const files = await checkFiles(names, zip)
  const input = {
    vendorId,
    products: parsed.products,
    errors: parsed.errors,
    files,
    otherCategories: parsed.otherCategories,
  }
  return { ok: true, input, zip }
}

/**
 * Reads a product file (and an optional zip of photos) and says what importing it into the account's store would
 * do. Without errors (and with something to do), the files are kept under the token Apply names. Null: no store.
 */
export async function previewStoreImport(
  ctx: ServiceContext,
  input: { ownerUserId: string; csv: string; zip: Uint8Array | null },
): Promise<PreviewImportResult | null> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  const prepared = await prepare(vendorId, input.csv, input.zip)
  if (!prepared.ok) return prepared
  const preview = await previewProductImport(ctx, prepared.input)
  const c = preview.counts
  const work = c.productsCreated + c.productsUpdated
  if (preview.errors.length > 0 || work === 0) return { ok: true, preview, token: null }
  const token = await keepProductImport(ctx, { vendorId, csv: input.csv, zip: input.zip })
  return { ok: true, preview, token }
}

export type ApplyImportOutcome =
  | { ok: true; counts: ImportCounts; repeated: boolean }
  /** The token is unknown, expired, or being applied by another request right now. */
  | { ok: false; code: 'expired' }
  /** A photo of the zip could not be stored (its pixels were unreadable). */
  | { ok: false; code: 'photo-failed'; file: string }
  /** The catalogue changed since the preview and some rows are now bad: nothing applied. */
  | { ok: false; code: 'invalid'; preview: ImportPreview }
  | ImportRefusal

/**
 * Applies a previewed import of the account's store, all or nothing. A second Apply of the same token answers with
 * the first's counts (`repeated`) and changes nothing. Null: no store.
 */
export async function applyStoreImport(
  ctx: ServiceContext,
  input: { ownerUserId: string; token: string; imageOptions?: StoreUploadOptions },
): Promise<ApplyImportOutcome | null> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  const batch = { vendorId, token: input.token }
  const claimed = await claimProductImport(ctx, batch)
  if (claimed.state === 'done') return { ok: true, counts: claimed.counts, repeated: true }
  if (claimed.state === 'unavailable') return { ok: false, code: 'expired' }
  const written: string[] = []
  let finished = false
  try {
    const prepared = await prepare(vendorId, claimed.csv, claimed.zip)
    if (!prepared.ok) return prepared
    // The new pictures first (outside the transaction: encoding is slow); their files go again if the import fails.
    const toStore = await keysToStore(ctx, prepared.input)
    const stored = new Map<string, StoredPhoto>()
    if (toStore.size > 0 && prepared.zip) {
      const zip = prepared.zip
      const entries = new Map([...toStore.values()].map((name) => [name, zip.find(name)?.name ?? name]))
      const contents = zip.read(entries.values())
      let renewedAt = Date.now()
      for (const [key, name] of toStore) {
        if (Date.now() - renewedAt > CLAIM_RENEW_MS) {
          await renewProductImportClaim(ctx, batch)
          renewedAt = Date.now()
        }
        const bytes = contents.get(entries.get(name) as string)
        const result = bytes
          ? await storeUploadedImage(new Blob([new Uint8Array(bytes)]), 'product', input.imageOptions)
          : ({ ok: false } as const)
        if (!result.ok) {
          if ('partialKey' in result && result.partialKey) written.push(result.partialKey)
          return { ok: false, code: 'photo-failed', file: name }
        }
        written.push(result.image.key)
        stored.set(key, {
          key: result.image.key,
          width: result.image.width,
          height: result.image.height,
          placeholder: result.image.placeholder,
        })
      }
    }
    // The rows and the import's 'done' mark commit together: a server stopping in between leaves neither.
    const result = await ctx.db.transaction(async (db) => {
      const applied = await applyProductImport({ ...ctx, db }, { ...prepared.input, stored })
      if (applied.ok) await finishProductImport({ ...ctx, db }, { ...batch, counts: applied.counts })
      return applied
    })
    if (!result.ok) return { ok: false, code: 'invalid', preview: result.preview }
    finished = true
    return { ok: true, counts: result.counts, repeated: false }
  } finally {
    if (!finished) {
      // Nothing was applied: the pictures stored for it go (unless shown elsewhere), the preview may be applied again.
      await deleteUnusedImages(ctx, written, input.imageOptions)
      await releaseProductImport(ctx, batch)
    }
  }
}

/** The store's products as a CSV file; null when the account runs no store. */
export async function exportStoreProducts(ctx: ServiceContext, input: { ownerUserId: string; origin?: string }) {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  return vendorId === null ? null : exportProductCsv(ctx, { vendorId, origin: input.origin })
}

/** The template file: the columns and two sample products. */
export function productImportTemplate(ctx: ServiceContext): Promise<string> {
  return productTemplateCsv(ctx)
}
