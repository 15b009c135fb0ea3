import { type UnzipFileInfo, unzipSync } from 'fflate'

// A zip of photos that a vendor uploads with a product file (issue 17). Read in memory within limits: the zip's
// own size, how many entries it lists, and how large they say they are unzipped (an entry is never inflated past
// the size its header declares, so a zip bomb cannot grow beyond these limits). Names are only looked up, never
// used as paths on disk; a name that climbs out of the zip (`..`, an absolute path) refuses the whole zip.

export const PHOTO_ZIP_MAX_BYTES = 50 * 1024 * 1024
/** Entries of any kind (folders and system files included). */
export const PHOTO_ZIP_MAX_ENTRIES = 2000
/** Photos (entries that are not folders or system files). */
export const PHOTO_ZIP_MAX_PHOTOS = 1000
/** All entries together, unzipped. */
export const PHOTO_ZIP_MAX_UNZIPPED = 200 * 1024 * 1024

export type PhotoZipRefusal = 'not-zip' | 'too-large' | 'too-many-files' | 'too-large-unzipped' | 'unsafe-name'

export type PhotoZipEntry = { name: string; size: number }

export type PhotoZip = {
  entries: PhotoZipEntry[]
  /** The entry a name in the product file means: the same path, else the only entry of that file name (any case). */
  find(name: string): PhotoZipEntry | undefined
  /** The contents of these entries (by entry name). */
  read(names: Iterable<string>): Map<string, Uint8Array>
}

/** Folders and the files that archivers and file browsers add on their own. */
function isClutter(name: string): boolean {
  const base = name.split('/').pop() ?? ''
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store'
}

function isUnsafe(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[a-z]:/i.test(name) ||
    name.split('/').some((part) => part === '..') ||
    name.includes('\0')
  )
}

/** Opens a zip of photos: lists its entries (nothing is unzipped yet), or says why it is refused. */
export function openPhotoZip(
  bytes: Uint8Array,
  limits = {
    maxBytes: PHOTO_ZIP_MAX_BYTES,
    maxEntries: PHOTO_ZIP_MAX_ENTRIES,
    maxPhotos: PHOTO_ZIP_MAX_PHOTOS,
    maxUnzipped: PHOTO_ZIP_MAX_UNZIPPED,
  },
): { ok: true; zip: PhotoZip } | { ok: false; code: PhotoZipRefusal } {
  if (bytes.length > limits.maxBytes) return { ok: false, code: 'too-large' }
  const infos: UnzipFileInfo[] = []
  let refusal: PhotoZipRefusal | null = null
  let total = 0
  try {
    unzipSync(bytes, {
      filter: (info) => {
        if (refusal) return false
        infos.push(info)
        total += info.originalSize
        if (infos.length > limits.maxEntries) refusal = 'too-many-files'
        else if (total > limits.maxUnzipped) refusal = 'too-large-unzipped'
        else if (isUnsafe(info.name)) refusal = 'unsafe-name'
        return false
      },
    })
  } catch {
    return { ok: false, code: 'not-zip' }
  }
  if (refusal) return { ok: false, code: refusal }
  const entries = infos
    .filter((i) => !isClutter(i.name) && (i.compression === 0 || i.compression === 8))
    .map((i) => ({ name: i.name, size: i.originalSize }))
  if (entries.length > limits.maxPhotos) return { ok: false, code: 'too-many-files' }
  const byPath = new Map(entries.map((e) => [e.name.toLowerCase(), e]))
  const byBase = new Map<string, PhotoZipEntry | null>()
  for (const e of entries) {
    const base = (e.name.split('/').pop() ?? '').toLowerCase()
    byBase.set(base, byBase.has(base) ? null : e)
  }
  return {
    ok: true,
    zip: {
      entries,
      find(name) {
        const key = name.toLowerCase()
        return byPath.get(key) ?? byBase.get(key.split('/').pop() ?? '') ?? undefined
      },
      read(names) {
        const wanted = new Set(names)
        if (wanted.size === 0) return new Map()
        const files = unzipSync(bytes, {
          filter: (info) => wanted.has(info.name) && (info.compression === 0 || info.compression === 8),
        })
        return new Map(Object.entries(files))
      },
    },
  }
}
