import { useEffect, useRef, useState } from 'react'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { useT } from '#app/lib/use-t.ts'
import { cn } from '#app/lib/utils.ts'
import type { ImageData } from '#app/modules/catalog/types.ts'

/**
 * The product's pictures: a strip that snaps one picture at a time (swipe on phones), and thumbnails that
 * are plain links to each picture, so the gallery works without JavaScript. The first picture is the page's
 * largest paint and is never lazy.
 */
export function ProductGallery({
  images,
  title,
  activeIndex = 0,
}: {
  images: ImageData[]
  title: string
  /** The picture to show (e.g. of the chosen colour); the strip scrolls to it when it changes. */
  activeIndex?: number
}) {
  const t = useT()
  const id = 'picture'
  const strip = useRef<HTMLDivElement>(null)
  const [current, setCurrent] = useState(0)
  const sizes = '(min-width: 1024px) 600px, (min-width: 640px) 80vw, 100vw'

  useEffect(() => {
    const el = strip.current
    if (!el || activeIndex < 0 || activeIndex >= images.length) return
    el.scrollTo({ left: el.clientWidth * activeIndex, behavior: 'smooth' })
    setCurrent(activeIndex)
  }, [activeIndex, images.length])

  if (images.length === 0) {
    return (
      <div className="grid aspect-[4/5] place-items-center rounded-lg bg-muted text-sm text-muted-foreground">
        {t('products.noImage')}
      </div>
    )
  }

  return (
    // min-w-0: in a grid or flex row the gallery is as wide as its place; the strip and the thumbnails scroll inside.
    <div className="min-w-0">
      <div
        ref={strip}
        className="flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-muted [scrollbar-width:none]"
        onScroll={(e) => {
          const el = e.currentTarget
          setCurrent(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)))
        }}
      >
        {images.map((img, i) => (
          <div key={img.imageKey} id={`${id}-${i}`} className="w-full shrink-0 snap-center">
            <ResponsiveImage
              imageKey={img.imageKey}
              alt={img.alt || title}
              width={img.width}
              height={img.height}
              placeholder={img.placeholder}
              sizes={sizes}
              priority={i === 0}
              className="aspect-[4/5] h-auto w-full object-cover"
            />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={t('products.gallery.thumbnails')}>
          {images.map((img, i) => (
            <li key={img.imageKey} className="shrink-0">
              <a
                href={`#${id}-${i}`}
                aria-label={t('products.gallery.show', { n: i + 1, count: images.length })}
                aria-current={i === current ? 'true' : undefined}
                onClick={(e) => {
                  const el = strip.current
                  if (!el) return
                  e.preventDefault()
                  el.scrollTo({ left: el.clientWidth * i, behavior: 'smooth' })
                  setCurrent(i)
                }}
                className={cn(
                  'block w-16 overflow-hidden rounded-md border-2 sm:w-20',
                  i === current ? 'border-primary' : 'border-transparent hover:border-border',
                )}
              >
                <ResponsiveImage
                  imageKey={img.imageKey}
                  alt=""
                  width={img.width}
                  height={img.height}
                  placeholder={img.placeholder}
                  sizes="80px"
                  className="aspect-[4/5] h-auto w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
