import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { getEnv } from '#app/lib/env.server.ts'
import type { ImageKind } from './image-keys.ts'
import { type StoredImage, type StoreImageOptions, storeImage } from './images.server.ts'

// Photos that vendors upload (products, store logo and banner): checked, then stored once by content (the same
// file uploaded twice gets the same key) as AVIF and WebP at the storefront's widths of its kind.

/** Formats a phone or computer sends that sharp decodes; HEIC only where this build of libvips reads it. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])
/** Smallest side we accept: below this a picture looks blurred at the storefront's smallest width. */
export const MIN_UPLOAD_SIDE = 200

export type UploadRefusal = 'missing' | 'too_large' | 'not_image' | 'unsupported' | 'too_small'
export type UploadedImage = StoredImage & { placeholder: string }
export type StoreUploadResult =
  | { ok: true; image: UploadedImage }
  /** `partialKey`: storing failed part-way, and some files of this key may have been written. */
  | { ok: false; code: UploadRefusal; partialKey?: string }
export type StoreUploadOptions = StoreImageOptions & { maxBytes?: number }

/** The upload limit in bytes (UPLOAD_MAX_MB). */
export function uploadMaxBytes(): number {
  return Math.round(getEnv().UPLOAD_MAX_MB * 1024 * 1024)
}

const KEY_PREFIX: Record<ImageKind, string> = { product: 'up', banner: 'banner-up', logo: 'logo-up' }

/**
 * Checks an uploaded file (present, within the size limit, an image sharp reads in an accepted format, large
 * enough) and stores it. Expected refusals come back as a code for the form to show next to its field.
 */
export async function storeUploadedImage(
  file: Blob | null | undefined,
  kind: ImageKind,
  options: StoreUploadOptions = {},
): Promise<StoreUploadResult> {
  if (!file || file.size === 0) return { ok: false, code: 'missing' }
  if (file.size > (options.maxBytes ?? uploadMaxBytes())) return { ok: false, code: 'too_large' }
  const source = Buffer.from(await file.arrayBuffer())
  const checked = await checkUploadedImage(source)
  if (!checked.ok) return checked
  const format = checked.format
  const key = uploadedImageKey(source, kind)
  try {
    const placeholder = await averageColour(source)
    const stored = await storeImage(source, key, kind, options)
    return { ok: true, image: { ...stored, placeholder } }
  } catch {
    // The header was readable but the pixels were not (a HEIC whose codec this build lacks, a broken file), or the
    // storage failed part-way: the caller deletes what was written once it knows no row shows the same picture.
    return { ok: false, code: format === 'heif' ? 'unsupported' : 'not_image', partialKey: key }
  }
}

/**
 * Whether a file is a picture we accept (an accepted format, large enough), from its header only: quick, nothing is
 * decoded or stored. storeUploadedImage checks it again.
 */
export async function checkUploadedImage(
  source: Buffer,
): Promise<{ ok: true; format: string } | { ok: false; code: 'not_image' | 'unsupported' | 'too_small' }> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    meta = await sharp(source).metadata()
  } catch {
    return { ok: false, code: 'not_image' }
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) {
    return { ok: false, code: meta.format === 'svg' || !meta.format ? 'not_image' : 'unsupported' }
  }
  // EXIF orientation 5-8 swaps the sides once the picture is turned upright.
  const turned = (meta.orientation ?? 1) >= 5
  const width = (turned ? meta.height : meta.width) ?? 0
  const height = (turned ? meta.width : meta.height) ?? 0
  if (Math.min(width, height) < MIN_UPLOAD_SIDE) return { ok: false, code: 'too_small' }
  return { ok: true, format: meta.format }
}

/** The key an uploaded file is stored under: named by its content, so the same file gets the same key. */
export function uploadedImageKey(source: Uint8Array, kind: ImageKind): string {
  return `${KEY_PREFIX[kind]}-${createHash('sha256').update(source).digest('hex').slice(0, 24)}`
}

/** The picture's average colour as #rrggbb, shown while the picture loads. */
async function averageColour(source: Buffer): Promise<string> {
  const { data } = await sharp(source).rotate().resize(1, 1, { fit: 'fill' }).removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  })
  return `#${[data[0], data[1], data[2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`
}
