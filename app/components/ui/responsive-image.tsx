import type * as React from 'react'
import { IMAGE_WIDTHS, imageUrl, imageWidthsFor } from '#app/modules/images/image-keys.ts'

export { IMAGE_WIDTHS }

export type ResponsiveImageProps = {
  /** The stored picture's key: files are `/images/<key>-<width>.<avif|webp>`. */
  imageKey: string
  alt: string
  /** Intrinsic size (any scale of the real aspect ratio): reserves the space, so nothing shifts when it loads. */
  width: number
  height: number
  /** CSS colour shown until the picture arrives. */
  placeholder: string
  /** How wide the picture is drawn, for the browser's choice of file, e.g. '(min-width: 1024px) 25vw, 50vw'. */
  sizes: string
  /** The page's largest picture: loaded at once and early, never lazily. */
  priority?: boolean
  className?: string
  /** Widths the files exist in; by default those of the key's kind (product pictures 200/400/800). */
  widths?: readonly number[]
}

/**
 * A stored picture as `<picture>`: AVIF, then WebP, each at every stored width, so the browser fetches the
 * smallest file that is sharp enough. The WebP set is the `<img>`'s own `srcSet` (no second `<source>` saying the
 * same: on a page of 24 cards that was 8 KB of HTML). Lazy unless `priority`.
 */
export function ResponsiveImage({
  imageKey,
  alt,
  width,
  height,
  placeholder,
  sizes,
  priority = false,
  className,
  widths,
}: ResponsiveImageProps) {
  const ws = widths ?? imageWidthsFor(imageKey)
  const srcSet = (format: 'avif' | 'webp') => ws.map((w) => `${imageUrl(imageKey, w, format)} ${w}w`).join(', ')
  const fallback = ws.find((w) => w >= 400) ?? ws[ws.length - 1]
  const style: React.CSSProperties = { backgroundColor: placeholder }
  return (
    <picture data-slot="responsive-image">
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <img
        src={imageUrl(imageKey, fallback, 'webp')}
        alt={alt}
        width={width}
        height={height}
        sizes={sizes}
        srcSet={srcSet('webp')}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        style={style}
        className={className}
      />
    </picture>
  )
}
