// How stored pictures are named and sized; shared by the server and the browser (no server code here).
// Files are `<key>-<width>.avif` and `<key>-<width>.webp`, served at `/images/<file>`.

/** Widths of a product picture (aspect 4:5). */
export const IMAGE_WIDTHS = [200, 400, 800] as const
/** Widths of a store banner (aspect 3:1). Banner keys start with `banner-`. */
export const BANNER_WIDTHS = [640, 1280] as const

/** Widths of a store logo (square). Logo keys start with `logo-`. */
export const LOGO_WIDTHS = [96, 192] as const

export type ImageKind = 'product' | 'banner' | 'logo'

export const IMAGE_KINDS: Record<ImageKind, { widths: readonly number[]; aspect: number }> = {
  product: { widths: IMAGE_WIDTHS, aspect: 5 / 4 },
  banner: { widths: BANNER_WIDTHS, aspect: 1 / 3 },
  logo: { widths: LOGO_WIDTHS, aspect: 1 },
}

/** The kind of picture a key names: `banner-…`, `logo-…`, everything else is a product-style picture. */
export function imageKindOf(key: string): ImageKind {
  if (key.startsWith('banner-')) return 'banner'
  if (key.startsWith('logo-')) return 'logo'
  return 'product'
}

export function imageWidthsFor(key: string): readonly number[] {
  return IMAGE_KINDS[imageKindOf(key)].widths
}

export function imageUrl(key: string, width: number, format: 'avif' | 'webp'): string {
  return `/images/${key}-${width}.${format}`
}

/** Names the image route serves: lower-case key, a width, avif or webp. */
export const IMAGE_FILE_PATTERN = /^([a-z0-9-]+)-(\d+)\.(avif|webp)$/

export const IMAGE_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
