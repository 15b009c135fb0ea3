import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { getEnv } from '#app/lib/env.server.ts'
import { IMAGE_KEY_PATTERN, IMAGE_KINDS, type ImageKind, imageWidthsFor } from './image-keys.ts'
import { getImageStorage, type ImageStorage, LocalStorage } from './storage.server.ts'

// Pictures are stored as AVIF and WebP at a few widths: `<key>-<width>.<avif|webp>` in the image storage
// (`<DATA_DIR>/images`, or the S3 bucket STORAGE_URL names: storage.server.ts).
// Encoding is the slow part, so finished files are also kept in a cache keyed by the content's hash, and storing
// the same picture again (a second seed, the same upload twice) only copies them.

/** Largest file allowed per width, in bytes (DESIGN.md section 4: largest image ≤ 40 KB, thumbnails ≤ 12 KB). */
const BUDGETS: Record<number, number> = { 200: 12_000, 400: 22_000, 640: 32_000, 800: 40_000, 1280: 60_000 }
/** Quality steps tried in turn until a file fits its budget. */
const AVIF_QUALITIES = [52, 44, 36, 28]
const WEBP_QUALITIES = [78, 68, 58, 46, 36]
/** AVIF effort 0-9: 0 encodes several times faster than the default and loses little at these sizes. */
const AVIF_EFFORT = 0
/** Bump when the encoding changes, so cached files are made again. */
const ENCODER_VERSION = 'v2'

export type StoredFile = { name: string; width: number; format: 'avif' | 'webp'; bytes: number }
export type StoredImage = { key: string; kind: ImageKind; width: number; height: number; files: StoredFile[] }

export type StoreImageOptions = {
  /** Local storage in this folder (tests, the seed); without it and `storage`, the configured storage. */
  dir?: string
  /** Where the files go; defaults to the configured storage (`getImageStorage()`). */
  storage?: ImageStorage
  /** The encode cache; defaults to `defaultImageCacheDir()`. `false` turns it off. */
  cacheDir?: string | false
}

export function defaultImagesDir(): string {
  return path.resolve(getEnv().DATA_DIR, 'images')
}

/**
 * The encode cache: `<DATA_DIR>/cache/images`, or this user's folder in the system's temporary directory when
 * DATA_DIR cannot be written (a read-only image with STORAGE_URL); false when neither can be used. Never under
 * node_modules, which a production install may not let us write and `npm ci` empties.
 */
export async function defaultImageCacheDir(dataDir: string = getEnv().DATA_DIR): Promise<string | false> {
  const inData = path.resolve(dataDir, 'cache', 'images')
  if (await writableDir(inData)) return inData
  const inTemp = path.join(tmpdir(), `isoko-image-cache-${process.getuid?.() ?? 'user'}`)
  if (await writableDir(inTemp, true)) return inTemp
  return false
}

/**
 * Creates the folder (this user only) and says whether it can be written. `ownOnly`: in a directory that other
 * users share, the folder must be ours and closed to others, or someone could plant pictures in the cache.
 */
async function writableDir(dir: string, ownOnly = false): Promise<boolean> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await access(dir, constants.W_OK)
    if (ownOnly && process.getuid) {
      const info = await stat(dir)
      if (info.uid !== process.getuid() || (info.mode & 0o077) !== 0) return false
    }
    return true
  } catch {
    return false
  }
}

/**
 * Stores a picture (an encoded image, or SVG text) under `key` as AVIF and WebP at the widths of its kind,
 * cropped to the kind's aspect ratio, each file within its size budget.
 */
export async function storeImage(
  input: Buffer | string,
  key: string,
  kind: ImageKind,
  options: StoreImageOptions = {},
): Promise<StoredImage> {
  if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Bad image key: ${key}`)
  const { widths, aspect } = IMAGE_KINDS[kind]
  const storage = options.storage ?? (options.dir ? new LocalStorage(options.dir) : getImageStorage())
  const cacheRoot = options.cacheDir === undefined ? await defaultImageCacheDir() : options.cacheDir
  const source = typeof input === 'string' ? Buffer.from(input) : input
  const hash = createHash('sha256').update(`${ENCODER_VERSION}:${kind}:`).update(source).digest('hex').slice(0, 32)
  const names = widths.flatMap((w) => (['avif', 'webp'] as const).map((format) => ({ w, format })))
  const maxWidth = Math.max(...widths)

  let encoded: Map<string, Buffer> | undefined
  const cached = cacheRoot ? path.join(cacheRoot, hash) : undefined
  if (
    !cached ||
    !(await hasAll(
      cached,
      names.map((n) => `${n.w}.${n.format}`),
    ))
  ) {
    encoded = await encode(source, widths, aspect)
    if (cached) await saveToCache(cached, encoded)
  }

  const files: StoredFile[] = []
  for (const { w, format } of names) {
    const name = `${key}-${w}.${format}`
    const type = `image/${format}`
    const data = encoded?.get(`${w}.${format}`)
    if (data) {
      await storage.put(name, data, type)
      files.push({ name, width: w, format, bytes: data.length })
    } else {
      const from = path.join(cached as string, `${w}.${format}`)
      // On the local disk the cached file is hard-linked into place (no copy); elsewhere it is uploaded.
      if (storage instanceof LocalStorage) await storage.putFile(name, from)
      else await storage.put(name, await readFile(from), type)
      files.push({ name, width: w, format, bytes: (await stat(from)).size })
    }
  }
  return { key, kind, width: maxWidth, height: Math.round(maxWidth * aspect), files }
}

/** The files a stored picture has: `<key>-<width>.<avif|webp>` at the widths of its kind (named by its key). */
export function imageFileNames(key: string): string[] {
  return imageWidthsFor(key).flatMap((w) => [`${key}-${w}.avif`, `${key}-${w}.webp`])
}

/**
 * Removes every file of a stored picture; files already gone are fine. Pictures are named by content, so the same
 * key may serve several rows: only call this once no row names the key (`deleteImagesNotInUse`).
 */
export async function deleteImage(key: string, options: Pick<StoreImageOptions, 'dir' | 'storage'> = {}) {
  if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Bad image key: ${key}`)
  const storage = options.storage ?? (options.dir ? new LocalStorage(options.dir) : getImageStorage())
  await Promise.all(imageFileNames(key).map((name) => storage.delete(name)))
}

/**
 * Deletes the files of each key that `isInUse` says no row names any more, and returns the keys deleted. Run it
 * after the transaction that let go of the keys has committed, never inside it: a rollback would bring the rows
 * back without their files. A storage failure is logged and skipped: the change it follows has already been made.
 */
export async function deleteImagesNotInUse(
  keys: Iterable<string>,
  isInUse: (key: string) => Promise<boolean>,
  options: Pick<StoreImageOptions, 'dir' | 'storage'> = {},
): Promise<string[]> {
  const deleted: string[] = []
  for (const key of new Set(keys)) {
    try {
      if (await isInUse(key)) continue
      await deleteImage(key, options)
      deleted.push(key)
    } catch (error) {
      console.warn(`Could not delete the files of image ${key}:`, error instanceof Error ? error.message : error)
    }
  }
  return deleted
}

async function encode(source: Buffer, widths: readonly number[], aspect: number): Promise<Map<string, Buffer>> {
  const maxWidth = Math.max(...widths)
  const maxHeight = Math.round(maxWidth * aspect)
  const isSvg = source.subarray(0, 512).toString('utf8').includes('<svg')
  let density: number | undefined
  if (isSvg) {
    const meta = await sharp(source).metadata()
    // Rasterise the drawing directly at the largest size, so edges stay sharp.
    density = Math.min(2400, (72 * maxWidth) / Math.max(1, meta.width ?? maxWidth))
  }
  const base = await sharp(source, density ? { density } : {})
    .rotate()
    .resize(maxWidth, maxHeight, { fit: 'cover', position: 'attention' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  // Only the geometry of the pixels is passed on: the output info of a resize says `premultiplied: true` when the
  // source had an alpha channel, and reading these (already straight, alpha-free) pixels as premultiplied
  // would change their colours at every smaller width.
  const channels = base.info.channels
  const geometry = { width: base.info.width, height: base.info.height, channels }
  const out = new Map<string, Buffer>()
  for (const w of widths) {
    const h = Math.round(w * aspect)
    const pixels =
      w === maxWidth
        ? base.data
        : await sharp(base.data, { raw: geometry }).resize(w, h, { kernel: 'lanczos3' }).raw().toBuffer()
    const raw = { width: w, height: h, channels }
    const budget = BUDGETS[w] ?? Math.round((40_000 * w) / 800)
    out.set(
      `${w}.avif`,
      await withinBudget(AVIF_QUALITIES, budget, (quality) =>
        sharp(pixels, { raw }).avif({ quality, effort: AVIF_EFFORT }).toBuffer(),
      ),
    )
    out.set(
      `${w}.webp`,
      await withinBudget(WEBP_QUALITIES, budget, (quality) =>
        sharp(pixels, { raw }).webp({ quality, effort: 4 }).toBuffer(),
      ),
    )
  }
  return out
}

/** Encodes at each quality in turn until the file fits the budget (the last try is kept either way). */
async function withinBudget(
  qualities: number[],
  budget: number,
  run: (quality: number) => Promise<Buffer>,
): Promise<Buffer> {
  let last: Buffer | undefined
  for (const q of qualities) {
    last = await run(q)
    if (last.length <= budget) return last
  }
  return last as Buffer
}

async function hasAll(dir: string, names: string[]): Promise<boolean> {
  try {
    const present = new Set(await readdir(dir))
    return names.every((n) => present.has(n))
  } catch {
    return false
  }
}

async function saveToCache(dir: string, encoded: Map<string, Buffer>): Promise<void> {
  try {
    await mkdir(dir, { recursive: true })
    for (const [name, data] of encoded) await writeAtomically(path.join(dir, name), data)
  } catch {
    // The cache is only a speed-up: a full or read-only disk must not stop the picture from being stored.
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(tmp, data)
  await rename(tmp, file)
}
