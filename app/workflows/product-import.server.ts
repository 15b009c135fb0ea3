import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ServiceContext } from '#app/lib/context.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
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
// checks everything (photos by their headers only: quick) and keeps the two files on the server under a random
// token; Apply stores the new pictures (the slow part), then writes every row in one transaction. The token is
// claimed by renaming its folder, so a second Apply of the same preview (a double click, a reload) finds it
// taken and answers with the first one's result instead of importing again. The store is always the account's own.
//
// Known limit: the files wait on this server's disk (DATA_DIR/imports): behind several servers, Apply must reach
// the server that previewed (sticky sessions), or it asks for the files again.

export type ImportRefusal = ProductCsvRefusal | { ok: false; code: `zip-${PhotoZipRefusal}` }

export type PreviewImportResult = { ok: true; preview: ImportPreview; token: string | null } | ImportRefusal

/** How long a previewed import may wait for Apply. */
const TOKEN_TTL_MS = 24 * 60 * 60 * 1000
const TOKEN_PATTERN = /^[a-f0-9]{32}$/

/** Where a store's previewed files wait: `<DATA_DIR>/imports/<store id>` (`root` instead of DATA_DIR in tests). */
function importsDir(vendorId: number, root?: string): string {
  return path.resolve(root ?? path.join(getEnv().DATA_DIR, 'imports'), String(vendorId))
}

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

/** Old previews nobody applied: their files go after a day. */
async function sweep(dir: string): Promise<void> {
  try {
    for (const name of await readdir(dir)) {
      const at = path.join(dir, name)
      if (Date.now() - (await stat(at)).mtimeMs > TOKEN_TTL_MS) await rm(at, { recursive: true, force: true })
    }
  } catch {
    // Nothing to sweep yet.
  }
}

/**
 * Reads a product file (and an optional zip of photos) and says what importing it into the account's store would
 * do. Without errors (and with something to do), the files are kept under the token Apply names. Null: no store.
 */
export async function previewStoreImport(
  ctx: ServiceContext,
  input: { ownerUserId: string; csv: string; zip: Uint8Array | null; importsRoot?: string },
): Promise<PreviewImportResult | null> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  const prepared = await prepare(vendorId, input.csv, input.zip)
  if (!prepared.ok) return prepared
  const preview = await previewProductImport(ctx, prepared.input)
  const c = preview.counts
  const work = c.productsCreated + c.productsUpdated
  if (preview.errors.length > 0 || work === 0) return { ok: true, preview, token: null }
  const dir = importsDir(vendorId, input.importsRoot)
  await sweep(dir)
  const token = randomBytes(16).toString('hex')
  await mkdir(path.join(dir, token), { recursive: true, mode: 0o700 })
  await writeFile(path.join(dir, token, 'products.csv'), input.csv)
  if (input.zip && input.zip.length > 0) await writeFile(path.join(dir, token, 'photos.zip'), input.zip)
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
  input: { ownerUserId: string; token: string; imageOptions?: StoreUploadOptions; importsRoot?: string },
): Promise<ApplyImportOutcome | null> {
  const vendorId = await storeOf(ctx, input.ownerUserId)
  if (vendorId === null) return null
  if (!TOKEN_PATTERN.test(input.token)) return { ok: false, code: 'expired' }
  const dir = importsDir(vendorId, input.importsRoot)
  const waiting = path.join(dir, input.token)
  const claimed = path.join(dir, `${input.token}.applying`)
  const done = path.join(dir, `${input.token}.done`)
  try {
    await rename(waiting, claimed)
  } catch {
    try {
      const counts = JSON.parse(await readFile(path.join(done, 'result.json'), 'utf8')) as ImportCounts
      return { ok: true, counts, repeated: true }
    } catch {
      return { ok: false, code: 'expired' }
    }
  }
  const written: string[] = []
  let finished = false
  try {
    const csv = await readFile(path.join(claimed, 'products.csv'), 'utf8')
    const zipBytes = await readFile(path.join(claimed, 'photos.zip')).catch(() => null)
    const prepared = await prepare(vendorId, csv, zipBytes ? new Uint8Array(zipBytes) : null)
    if (!prepared.ok) return prepared
    // The new pictures first (outside the transaction: encoding is slow); their files go again if the import fails.
    const toStore = await keysToStore(ctx, prepared.input)
    const stored = new Map<string, StoredPhoto>()
    if (toStore.size > 0 && prepared.zip) {
      const zip = prepared.zip
      const entries = new Map([...toStore.values()].map((name) => [name, zip.find(name)?.name ?? name]))
      const contents = zip.read(entries.values())
      for (const [key, name] of toStore) {
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
    const result = await applyProductImport(ctx, { ...prepared.input, stored })
    if (!result.ok) return { ok: false, code: 'invalid', preview: result.preview }
    await mkdir(done, { recursive: true })
    await writeFile(path.join(done, 'result.json'), JSON.stringify(result.counts))
    await rm(claimed, { recursive: true, force: true })
    finished = true
    return { ok: true, counts: result.counts, repeated: false }
  } finally {
    if (!finished) {
      // Nothing was applied: the pictures stored for it go (unless shown elsewhere), the preview may be applied again.
      await deleteUnusedImages(ctx, written, input.imageOptions)
      await rename(claimed, waiting).catch(() => undefined)
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
